import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

/// examples/spinner.scene.json, a spinner written from docs/SCENE.md alone
/// (not one of the presets): it validates, exports to every format, compiles,
/// goes into a gallery, and its frames are the values derived by hand below.
struct SpinnerSceneTests {
  let pi = Double.pi
  static let file = Repository.root.appendingPathComponent("examples/spinner.scene.json").path

  /// `a` and `b` as angles, equal up to a whole turn.
  func sameAngle(_ a: Double, _ b: Double) -> Bool {
    let d = (a - b).truncatingRemainder(dividingBy: 2 * pi)
    return min(abs(d), 2 * pi - abs(d)) < 1e-12
  }

  @Test func itValidatesAndExportsToEveryFormat() throws {
    let sandbox = try Sandbox()
    let validate = try sandbox.run("validate", Self.file)
    #expect(validate.status == 0)
    #expect(validate.output == "\(Self.file): ok (scene spinner, 1 layer, 1 clip)\n")
    for format in ["json", "svg", "lottie", "gif", "webp", "sprite"] {
      let export = try sandbox.run("export", Self.file, "--format", format, "-o", "out-\(format)/")
      #expect(export.status == 0, "\(format): \(export.standardError)")
      #expect(try !sandbox.listing("out-\(format)").isEmpty, "\(format)")
    }
    #expect(try sandbox.run("compile", Self.file, "-o", "spinner.lmscene").status == 0)
  }

  /// The spinner's frames, derived by hand from the scene:
  ///
  /// - Its path is `addArc` about (24, 24), radius 18, from −90° to 270°
  ///   clockwise: a whole circle from the top, start 3π/2 (−π/2 wrapped into
  ///   [0, 2π)). The layer fills the 48 × 48 canvas, so its anchor point is
  ///   the circle's centre and turning the layer turns the arc about it; a
  ///   document draws it as an arc layer with start = 3π/2 + rotation
  ///   (strokeStart stays 0) and sweep = 2π·strokeEnd.
  /// - `turn`: transform.rotation from 0 to one turn in 1 s, no timing
  ///   function (linear), repeating: rotation = 2π·(t mod 1).
  /// - `stroke`: strokeEnd through 0.1, 0.9, 0.1 at key times 0, 0.75, 1 over
  ///   2 s, linear, repeating. With p = (t mod 2) / 2: for p ≤ 0.75,
  ///   strokeEnd = 0.1 + 0.8·p/0.75; after, 0.9 − 0.8·(p − 0.75)/0.25.
  /// - The clip loops for 2 s: round(2 · 60) = 120 frames at t = i/60.
  @Test func itSpinsAsDerivedByHand() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", Self.file, "--precision", "full", "-o", "spinner.json").status == 0)
    let document = try DocumentReader.read(path: sandbox.path("spinner.json"))
    #expect(document.width == 48 && document.height == 48)
    #expect(document.layer("ring")?.shape == .arc(center: Point(24, 24), radius: 18))
    #expect(document.layer("ring")?.style.lineWidth == 5 && document.layer("ring")?.style.lineCap == .round)
    let spin = try #require(document.clip("spin"))
    #expect(spin.frameCount == 120 && spin.loop && spin.duration == 2)
    let start = try #require(spin.track("ring.start"))
    let sweep = try #require(spin.track("ring.sweep"))
    #expect(spin.track("ring.opacity")?.values == .constant(1))

    // Frame 0, t = 0: no turn (start 3π/2, the top); strokeEnd 0.1, sweep 0.2π.
    #expect(sameAngle(start.value(at: 0), 1.5 * pi))
    #expect(abs(sweep.value(at: 0) - 0.2 * pi) < 1e-12)
    // Frame 45, t = 0.75: three quarters of a turn, 3π/2 + 3π/2 = π (the
    // left); p = 0.375, half of the first segment: strokeEnd 0.1 + 0.4 = 0.5,
    // sweep π.
    #expect(sameAngle(start.value(at: 45), pi))
    #expect(abs(sweep.value(at: 45) - pi) < 1e-12)
    // Frame 60, t = 1: the turn starts again, start 3π/2; p = 0.5, two thirds
    // of the first segment: strokeEnd 0.1 + 0.8·(2/3) = 0.6333…, sweep 1.2666…π.
    #expect(sameAngle(start.value(at: 60), 1.5 * pi))
    #expect(abs(sweep.value(at: 60) - 2 * pi * (0.1 + 0.8 * 2 / 3)) < 1e-12)
    // Frame 90, t = 1.5: half a turn, 3π/2 + π = π/2 (the bottom); p = 0.75,
    // the peak: strokeEnd 0.9, sweep 1.8π.
    #expect(sameAngle(start.value(at: 90), 0.5 * pi))
    #expect(abs(sweep.value(at: 90) - 1.8 * pi) < 1e-12)
    // Frame 105, t = 1.75: three quarters of a turn again, π; p = 0.875, half
    // of the way back: strokeEnd 0.9 − 0.4 = 0.5, sweep π.
    #expect(sameAngle(start.value(at: 105), pi))
    #expect(abs(sweep.value(at: 105) - pi) < 1e-12)
    // Frame 119, t = 119/60: 59/60 of a turn, 3π/2 + 59π/30 ≡ 1.4666…π;
    // p = 119/120, (p − 0.75)/0.25 = 29/30: strokeEnd 0.9 − 0.8·29/30 = 0.12666…
    #expect(sameAngle(start.value(at: 119), 1.5 * pi + 2 * pi * 59 / 60))
    #expect(abs(sweep.value(at: 119) - 2 * pi * (0.9 - 0.8 * 29 / 30)) < 1e-12)
    // Every frame, by the same two formulas.
    for frame in 0..<120 {
      let t = Double(frame) / 60
      let p = t / 2
      let strokeEnd = p <= 0.75 ? 0.1 + 0.8 * p / 0.75 : 0.9 - 0.8 * (p - 0.75) / 0.25
      #expect(sameAngle(start.value(at: frame), 1.5 * pi + 2 * pi * (t - t.rounded(.down))), "frame \(frame)")
      #expect(abs(sweep.value(at: frame) - 2 * pi * strokeEnd) < 1e-12, "frame \(frame)")
    }
  }
}
