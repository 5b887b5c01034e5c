import Foundation
import Testing
@testable import LoadmarkCore
import LoadmarkJSON

/// Seed 003: three dots, each pulsing 0.25 s after the previous.
struct DotsPresetTests {
  let sampled = Sampled("dots")

  @Test func layout() {
    // x_i = (W − 2·10·3 − 15·2)/2 + i·35 + 10 with W = 120, y = H/2.
    let centers = sampled.document.layers.map { layer -> Point? in
      if case .dot(let center, let radius) = layer.shape, radius == 10 { return center }
      return nil
    }
    #expect(centers == [Point(25, 20), Point(60, 20), Point(95, 20)])
    #expect(sampled.document.layers[0].style.fill == Color(red: 128, green: 128, blue: 128))
    #expect(sampled.frameCount("loop") == 45)
    #expect(sampled.document.clip("loop")!.loop)
  }

  @Test func eachDotPeaksInTheMiddleOfItsPulse() {
    // Dot i's pulse starts at clip time 0.25·i; its middle is 0.25 s later.
    #expect(sampled.value("loop", "dot0.scale", frame: 15) == 1.5)
    #expect(sampled.value("loop", "dot1.scale", frame: 30) == 1.5)
    #expect(sampled.value("loop", "dot2.scale", frame: 0) == 1.5)
  }

  @Test func pulseShape() {
    // Rising half: 1 + 0.5·easeOut(t/0.25); falling: 1.5 − 0.5·easeOut(…).
    #expect(sampled.value("loop", "dot0.scale", frame: 0) == 1)
    #expect(sampled.value("loop", "dot0.scale", frame: 6) == 1 + 0.5 * TimingFunction.easeOut(0.1 / 0.25))
    #expect(abs(sampled.value("loop", "dot0.scale", frame: 6) - (1 + 0.5 * 0.5708802388455576)) < 2e-7)
    #expect(abs(sampled.value("loop", "dot0.scale", frame: 21) - (1.5 - 0.5 * TimingFunction.easeOut(0.4))) < 1e-12)
    // Outside its pulse a dot rests at scale 1.
    #expect(sampled.value("loop", "dot0.scale", frame: 30) == 1)
    #expect(sampled.value("loop", "dot0.scale", frame: 44) == 1)
    #expect(sampled.value("loop", "dot1.scale", frame: 14) == 1)
  }

  @Test func loopIsOnePeriodOfTheSteadyState() {
    // The clip starts one period in; a further period gives the same frames.
    let scene = String(describing: Indicator.sceneText(named: "dots")!)
    let later = try! SceneReader.decode(scene.replacingOnce(#""start":0.75"#, with: #""start":1.5"#), source: "dots")
    let shifted = Sampled(later)
    for dot in 0..<3 {
      for frame in 0..<45 {
        let a = sampled.value("loop", "dot\(dot).scale", frame: frame)
        let b = shifted.value("loop", "dot\(dot).scale", frame: frame)
        #expect(abs(a - b) < 1e-12, "dot \(dot) frame \(frame)")
      }
    }
  }
}

extension String {
  /// The text with the single occurrence of `target` replaced.
  func replacingOnce(_ target: String, with replacement: String) -> String {
    let parts = components(separatedBy: target)
    precondition(parts.count == 2, "expected one \(target)")
    return parts.joined(separator: replacement)
  }
}
