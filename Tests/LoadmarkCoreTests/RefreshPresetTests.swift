import Testing
@testable import LoadmarkCore
import LoadmarkJSON

/// Seed 004: two arcs driven by startPross (s) and endPross (e).
struct RefreshPresetTests {
  let pi = Double.pi
  let sampled = Sampled("refresh")

  @Test func layout() {
    #expect(sampled.document.layers.map(\.id) == ["background", "arc1", "arc2"])
    // radius = 35/2 − 1 − 6 = 10.5, centred in the view (8 pt shadow margin).
    #expect(sampled.document.layer("arc1")!.shape == .arc(center: Point(25.5, 25.5), radius: 10.5))
    #expect(sampled.document.layer("arc1")!.style.lineCap == .round)
    #expect(sampled.document.layer("background")!.style.shadow == Shadow(color: .black, opacity: 0.1, offset: Point(3, 3), radius: 5))
    // Pulls from 0 to 2 at steps of 0.01: seed 004 past its threshold too.
    #expect(sampled.frameCount("pull") == 201)
    #expect(sampled.document.clip("pull")!.domain == ProgressDomain(lower: 0, upper: 2, repeatFrom: 1))
    #expect(sampled.frameCount("spin") == 48)
  }

  @Test func pastTheThresholdTheArcsAreOpaqueAndFollowTheFraction() {
    // P = 1.25: opacity P, clamped to 1 by Core Animation; q = P − trunc(P) = 0.25, so s = 0.0375, e = 0.2125.
    // L1 from −π/2 + 0.05π − 0.075π = −0.525π (1.475π) to −π/2 − 0.05π − 0.425π = −0.975π anticlockwise: −0.45π.
    // L2 from −π/2 − 0.25π − 0.425π = −1.175π (0.825π) to −π/2 + 0.25π − 0.075π = −0.325π anticlockwise:
    // the end lies behind the start, so the sweep is −(2π − 0.85π) = −1.15π.
    #expect(sampled.value("pull", "arc1.opacity", frame: 125) == 1)
    #expect(sampled.value("pull", "arc2.opacity", frame: 125) == 1)
    #expect(abs(sampled.value("pull", "arc1.start", frame: 125) - 1.475 * pi) < 1e-14)
    #expect(abs(sampled.value("pull", "arc1.sweep", frame: 125) - -0.45 * pi) < 1e-14)
    #expect(abs(sampled.value("pull", "arc2.start", frame: 125) - 0.825 * pi) < 1e-14)
    #expect(abs(sampled.value("pull", "arc2.sweep", frame: 125) - -1.15 * pi) < 1e-14)
    // The same arcs as at P = 0.25, bit for bit, where the opacity is 0.25.
    for key in ["arc1.start", "arc1.sweep", "arc2.start", "arc2.sweep"] {
      #expect(sampled.value("pull", key, frame: 125) == sampled.value("pull", key, frame: 25))
    }
    #expect(sampled.value("pull", "arc1.opacity", frame: 25) == 0.25)
    // P = 1 and P = 2: q = 0, the arcs at rest and opaque, as at P = 0 (where they are transparent).
    for frame in [100, 200] {
      #expect(sampled.value("pull", "arc1.opacity", frame: frame) == 1)
      #expect(sampled.value("pull", "arc2.sweep", frame: frame) == sampled.value("pull", "arc2.sweep", frame: 0))
    }
    #expect(sampled.value("pull", "arc1.opacity", frame: 0) == 0)
    // The disc is not faded: its opacity is 1 at every pull.
    #expect(sampled.document.clip("pull")!.track("background.opacity")!.values == .constant(1))
  }

  @Test func restingArcs() {
    // s = e = 0: L1 is an 18° arc at the top, L2 a 270° arc.
    #expect(abs(sampled.value("pull", "arc1.start", frame: 0) - 1.55 * pi) < 1e-14)
    #expect(abs(sampled.value("pull", "arc1.sweep", frame: 0) - -0.1 * pi) < 1e-14)
    #expect(abs(sampled.value("pull", "arc2.start", frame: 0) - 1.25 * pi) < 1e-14)
    #expect(abs(sampled.value("pull", "arc2.sweep", frame: 0) - -1.5 * pi) < 1e-14)
  }

  @Test func pullDrivesArcsAndOpacity() {
    // P = 0.5: s = 0.075, e = 0.425.
    #expect(abs(sampled.value("pull", "arc1.start", frame: 50) - 1.4 * pi) < 1e-14)
    #expect(abs(sampled.value("pull", "arc1.sweep", frame: 50) - -0.8 * pi) < 1e-14)
    #expect(abs(sampled.value("pull", "arc2.sweep", frame: 50) - -(1.5 * pi - 2 * pi * 0.35)) < 1e-14)
    #expect(sampled.value("pull", "arc1.opacity", frame: 50) == 0.5)
    #expect(sampled.value("pull", "arc2.opacity", frame: 0) == 0)
    // P = 1: q = 1 − (int)1 = 0, so the arcs are back at rest, fully opaque.
    #expect(sampled.value("pull", "arc1.opacity", frame: 100) == 1)
    #expect(sampled.value("pull", "arc1.start", frame: 100) == sampled.value("pull", "arc1.start", frame: 0))
  }

  @Test func spinStartsWherePullEnds() {
    for key in ["arc1.start", "arc1.sweep", "arc2.start", "arc2.sweep", "arc1.opacity", "background.opacity"] {
      #expect(sampled.value("spin", key, frame: 0) == sampled.value("pull", key, frame: 100), "\(key)")
    }
    for key in ["arc1.start", "arc1.sweep", "arc2.start", "arc2.sweep"] {
      #expect(sampled.value("spin", key, frame: 0) == sampled.value("pull", key, frame: 0), "\(key)")
    }
  }

  @Test func spinFollowsEaseOutToFloat32Targets() {
    // t = 0.4: p = 0.5, s = 0.15f·easeOut(0.5).
    let s = Double(Float(0.15)) * TimingFunction.easeOut(0.5)
    let start = -pi / 2 + pi * 0.05 - 2 * pi * s
    #expect(abs(sampled.value("spin", "arc1.start", frame: 24) - Angle.wrapped(start)) < 1e-15)
  }

  @Test func spinLoopIsSeamless() {
    // At the end of a cycle (s, e) = (0.15f, 0.85f): the arcs have swapped
    // places, so the next cycle's first frame looks the same.
    let preset = Indicator.named("refresh")!
    var end = PropertyValues()
    end[LayerProperty.custom(0)] = Double(Float(0.15))
    end[LayerProperty.custom(1)] = Double(Float(0.85))
    let arc1AtEnd = preset.figures[1].trackValues(end, hidden: false)
    let arc2AtStart = preset.figures[2].trackValues(PropertyValues(), hidden: false)
    #expect(abs(arc1AtEnd[0] - arc2AtStart[0]) < 1e-6)
    #expect(abs(arc1AtEnd[1] - arc2AtStart[1]) < 1e-6)
    let arc2AtEnd = preset.figures[2].trackValues(end, hidden: false)
    let arc1AtStart = preset.figures[1].trackValues(PropertyValues(), hidden: false)
    #expect(abs(arc2AtEnd[0] - arc1AtStart[0]) < 1e-6)
    #expect(abs(arc2AtEnd[1] - arc1AtStart[1]) < 1e-6)
    // And the repeat itself restarts exactly: t = 0.8 equals t = 0.
    var long = preset
    guard case .time(_, _, _, let script) = preset.clips[1].kind else { return }
    long.clips[1].kind = .time(duration: 1.6, loop: true, startTime: 0, script: script)
    let twoCycles = Sampled(long)
    for key in ["arc1.start", "arc1.sweep", "arc2.start", "arc2.sweep"] {
      #expect(abs(twoCycles.value("spin", key, frame: 48) - sampled.value("spin", key, frame: 0)) < 1e-12)
    }
  }
}
