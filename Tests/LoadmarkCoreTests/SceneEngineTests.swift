import Foundation
import Testing
@testable import LoadmarkCore

/// What scenes added to the engine, with values derived by hand: keyframes,
/// springs, additive and cumulative animations, expressions, the layer tree.
struct SceneEngineTests {
  func value(_ animation: Animation, at t: Double, model: Double = 0) -> Double {
    var values = PropertyValues()
    values[.opacity] = model
    let base = values
    animation.apply(atTime: t, to: &values, model: base)
    return values[.opacity]
  }

  func keyframes(
    _ values: [Double], keyTimes: [Double]? = nil, mode: KeyframeAnimation.CalculationMode = .linear
  ) -> Animation {
    .keyframe(KeyframeAnimation(.opacity, values: values, keyTimes: keyTimes, calculationMode: mode, timing: MediaTiming(duration: 1)))
  }

  @Test func linearKeyframesInterpolateBetweenKeyTimes() {
    // 0 → 10 over [0, 0.25], 10 → 20 over [0.25, 1].
    let animation = keyframes([0, 10, 20], keyTimes: [0, 0.25, 1])
    #expect(value(animation, at: 0.125) == 5)
    #expect(value(animation, at: 0.625) == 15)
    // Evenly spaced without key times: 0, 0.5, 1.
    #expect(value(keyframes([0, 10, 20]), at: 0.75) == 15)
  }

  @Test func discreteKeyframesHoldEachValue() {
    // Three values, each a third of the time.
    #expect(value(keyframes([1, 2, 3], mode: .discrete), at: 0.5) == 2)
    #expect(value(keyframes([1, 2, 3], mode: .discrete), at: 0.9) == 3)
    // One more key time than values, as Apple documents: 3 from 0.9 on.
    #expect(value(keyframes([1, 2, 3], keyTimes: [0, 0.5, 0.9, 1], mode: .discrete), at: 0.85) == 2)
    #expect(value(keyframes([1, 2, 3], keyTimes: [0, 0.5, 0.9, 1], mode: .discrete), at: 0.95) == 3)
  }

  @Test func pacedKeyframesSpaceByDistance() {
    // Distances 10 and 30: key times 0, 0.25, 1; at 0.5, a third of the way from 10 to 40.
    #expect(value(keyframes([0, 10, 40], mode: .paced), at: 0.5) == 20)
  }

  @Test func cubicKeyframesFollowACatmullRomSpline() {
    // 0, 1, 0 evenly: at the middle of the first segment the outgoing
    // tangent at 0 is (1 − 0)/2 = 0.5 (the end repeats), the incoming at 1 is
    // (0 − 0)/2 = 0; Hermite at 1/2: 0.125·0.5 + 0.5·1 = 0.5625.
    #expect(value(keyframes([0, 1, 0], mode: .cubic), at: 0.25) == 0.5625)
  }

  @Test func springsFollowTheDampedOscillator() {
    // Critically damped: k = 100, c = 20, m = 1, so ζ = 1, ω0 = 10 and
    // x(t) = (1 + 10t)·e^(−10t); at 0.1 s, 1 − 2/e.
    let critical = Spring(mass: 1, stiffness: 100, damping: 20)
    #expect(abs(critical.progress(atTime: 0.1) - (1 - 2 / M_E)) < 1e-15)
    // Apple's defaults (k = 100, c = 10): ζ = 0.5, ωd = 10·√0.75, B = 5/ωd.
    let wd = 10 * 0.75.squareRoot()
    let x = exp(-0.5) * (cos(wd * 0.1) + 5 / wd * sin(wd * 0.1))
    #expect(abs(Spring().progress(atTime: 0.1) - (1 - x)) < 1e-15)
    // Over-damped: k = 1, c = 2.5, so roots −0.5 and −2; x = (4e^(−t/2) − e^(−2t))/3.
    let over = Spring(mass: 1, stiffness: 1, damping: 2.5)
    #expect(abs(over.progress(atTime: 1) - (1 - (4 * exp(-0.5) - exp(-2)) / 3)) < 1e-15)
  }

  @Test func exponentialMatchesTheCLibrary() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2000 {
      let x = Double.random(in: -700...700, using: &generator)
      let expected = exp(x)
      #expect(abs(Exponential.exp(x) - expected) <= 4 * expected.ulp, "\(x)")
    }
    #expect(Exponential.exp(0) == 1)
    #expect(Exponential.exp(-800) == 0)
  }

  @Test func additiveAndCumulativeAnimations() {
    // Additive: added to the value below it, the model 5.
    let additive = Animation.basic(BasicAnimation(.opacity, from: 0, to: 1, timing: MediaTiming(duration: 1), additive: true))
    #expect(value(additive, at: 0.5, model: 5) == 5.5)
    // Cumulative, 0 → 1 per cycle, three cycles: the third adds 2.
    let cumulative = Animation.basic(BasicAnimation(
      .opacity, from: 0, to: 1, timing: MediaTiming(duration: 1, repeatCount: 3), cumulative: true))
    #expect(value(cumulative, at: 0.5) == 0.5)
    #expect(value(cumulative, at: 2.25) == 2.25)
  }

  @Test(arguments: [
    ("1 + 2 * 3", 7.0), ("(1 + 2) * 3", 9), ("-2 * -3", 6), ("7 % 3", 1), ("2 < 3 ? 4 : 5", 4), ("!(1 == 1) || 2 >= 2", 1),
    ("90deg", Double.pi / 2), ("180deg", Double.pi), ("360deg", 2 * Double.pi), ("1turn", 2 * Double.pi), ("0.5rad", 0.5),
    ("float(0.15)", Double(Float(0.15))), ("min(3, 1, 2) + max(1, 4)", 5), ("clamp(1.5, 0, 1)", 1), ("trunc(-2.5)", -2),
    ("round(2.5)", 3), ("floor(-0.5)", -1), ("sqrt(16)", 4), ("MAXFLOAT", Double(Float.greatestFiniteMagnitude)),
    (".5 + 5.", 5.5), ("1e3", 1000),
  ])
  func expressionsEvaluateAsC(_ text: String, _ expected: Double) throws {
    let expression = try Expression.parse(Array(text.utf8), names: [])
    #expect(expression.value([]) == expected)
  }

  @Test func anExpressionFromASeedGivesItsDoubles() throws {
    // Seed 004's L1 start angle, with startPross = 0.3: the same operations
    // in the same order as its Objective-C.
    let s = 0.3
    let expression = try Expression.parse(
      Array("-pi/2 + pi*0.05 - 2*pi*startPross".utf8), names: [Expression.Name(Array("startPross".utf8), 0)])
    #expect(expression.value([s]).bitPattern == (-Double.pi / 2 + Double.pi * 0.05 - 2 * Double.pi * s).bitPattern)
  }

  @Test(arguments: [
    ("1 +", "expected a value at the end", 4), ("a < b < c", "unknown name \"a\"", 1), ("1 < 2 < 3", "comparisons cannot be chained", 6),
    ("min(1)", "min takes 2 to 8 arguments, got 1", 1), ("2 ^ 3", "unexpected text after the expression", 3),
    ("90 deg", "unexpected text after the expression", 4), ("5km", "unknown unit \"km\"; units are deg, rad and turn", 2),
    ("(1", "expected \")\"", 3),
  ])
  func expressionErrorsSayWhere(_ text: String, _ message: String, _ column: Int) {
    do {
      _ = try Expression.parse(Array(text.utf8), names: [])
      Issue.record("\(text) parsed")
    } catch {
      #expect(error.message.string == message, "\(text)")
      #expect(error.column == column, "\(text)")
    }
  }

  @Test func sublayersRunInTheirSuperlayersTime() {
    // A paused parent freezes its child: the child's animation is at 0.25
    // from host time 0.25 on.
    var parent = AnimatedLayer("parent")
    var child = AnimatedLayer("child", parent: 0)
    child.add(.basic(BasicAnimation(.opacity, from: 0, to: 1, timing: MediaTiming(duration: 1))), forKey: nil, atHostTime: 0)
    parent.timing.pause(atHostTime: 0.25)
    let state = TimelineState(Timeline(layers: [parent, child]))
    #expect(state.presentation(of: 1, atHostTime: 0.75)[.opacity] == 0.25)
  }

  @Test func opacityMultipliesAndHiddenHidesDownTheTree() {
    var parent = AnimatedLayer("parent")
    parent.model[.opacity] = 0.5
    var child = AnimatedLayer("child", parent: 0)
    child.model[.opacity] = 0.5
    let figure = Figure(id: "dot", layer: 1, shape: .dot(center: Point(0, 0), radius: 1), style: Style())
    #expect(figure.trackValues(in: TimelineState(Timeline(layers: [parent, child])), atHostTime: 0) == [1, 0.25])
    parent.isHidden = true
    #expect(figure.trackValues(in: TimelineState(Timeline(layers: [parent, child])), atHostTime: 0) == [1, 0])
  }
}
