import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

/// Scenes through the CLI: `new`, `validate`, `export`, `compile`, `list`,
/// and the starter ring's frames against values derived by hand.
struct SceneTests {
  let pi = Double.pi

  /// The starter written by `loadmark new` into a fresh sandbox.
  func starter() throws -> Sandbox {
    let sandbox = try Sandbox()
    let new = try sandbox.run("new", "ring.scene.json")
    #expect(new.status == 0)
    return sandbox
  }

  /// easeInEaseOut at x, found without Loadmark's solver: bisection on the
  /// Bézier's x(u) with Core Animation's float control points (0.42, 0) and
  /// (0.58, 1), then y(u).
  func easeInEaseOut(_ x: Double) -> Double {
    let (x1, x2) = (Double(Float(0.42)), Double(Float(0.58)))
    func bezier(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
      3 * (1 - u) * (1 - u) * u * p1 + 3 * (1 - u) * u * u * p2 + u * u * u
    }
    var (low, high) = (0.0, 1.0)
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if bezier(middle, x1, x2) < x { low = middle } else { high = middle }
    }
    return bezier((low + high) / 2, 0, 1)
  }

  /// `a` and `b` as angles, equal up to a whole turn.
  func sameAngle(_ a: Double, _ b: Double) -> Bool {
    let d = (a - b).truncatingRemainder(dividingBy: 2 * pi)
    return min(abs(d), 2 * pi - abs(d)) < 1e-9
  }

  @Test func theStarterValidatesAndExports() throws {
    let sandbox = try starter()
    let validate = try sandbox.run("validate", "ring.scene.json")
    #expect(validate.status == 0)
    #expect(validate.output == "ring.scene.json: ok (scene ring, 1 layer, 2 clips)\n")
    let export = try sandbox.run("export", "ring.scene.json", "-o", "ring.json")
    #expect(export.status == 0)
    #expect(try sandbox.run("validate", "ring.json").status == 0)
    // An existing file is never replaced.
    let again = try sandbox.run("new", "ring.scene.json")
    #expect(again.status == 64)
    #expect(again.standardError == "loadmark new: ring.scene.json exists; give a new file name (new never replaces a file)\n")
  }

  /// The ring's frames, derived by hand from the scene:
  ///
  /// - Its path is `addArc` from −90° to 270° clockwise: a whole circle from
  ///   the top, start 3π/2 (−π/2 wrapped), sweep 2π, radius 16 about (20, 20),
  ///   the layer's anchor point, so the layer turns it about its centre and
  ///   a document draws it as an arc layer: start = 3π/2 + 2π·strokeStart +
  ///   rotation, sweep = 2π·(strokeEnd − strokeStart), strokeStart = 0.
  /// - `turn` runs transform.rotation from 0 to one turn in 1 s with no timing
  ///   function, repeating: rotation = 2π·(t mod 1).
  /// - `grow` runs strokeEnd through 0.05, 0.8, 0.05 at key times 0, 0.5, 1
  ///   over 1 s, repeating, each segment shaped by easeInEaseOut E: for
  ///   p = t mod 1 < 0.5, strokeEnd = 0.05 + 0.75·E(2p); after, 0.8 − 0.75·E(2p − 1).
  /// - The clip loops for 1 s: round(1 · 60) = 60 frames at t = i/60.
  @Test func theStarterSpinsAsDerivedByHand() throws {
    let sandbox = try starter()
    #expect(try sandbox.run("export", "ring.scene.json", "--precision", "full", "-o", "ring.json").status == 0)
    let document = try DocumentReader.read(path: sandbox.path("ring.json"))
    let spin = try #require(document.clip("spin"))
    #expect(spin.frameCount == 60 && spin.loop && spin.duration == 1)
    #expect(document.layer("ring")?.shape == .arc(center: Point(20, 20), radius: 16))
    #expect(document.layer("ring")?.style.lineCap == .round)
    let start = try #require(spin.track("ring.start"))
    let sweep = try #require(spin.track("ring.sweep"))
    #expect(spin.track("ring.opacity")?.values == .constant(1))
    func strokeEnd(_ t: Double) -> Double {
      let p = t - t.rounded(.down)
      return p < 0.5 ? 0.05 + 0.75 * easeInEaseOut(2 * p) : 0.8 - 0.75 * easeInEaseOut(2 * p - 1)
    }
    // Frame 0: the top, 5% of the circle.
    #expect(sameAngle(start.value(at: 0), 1.5 * pi))
    #expect(abs(sweep.value(at: 0) - 0.1 * pi) < 1e-12)
    // Frame 15, t = 0.25: a quarter turn on (the right), E(0.5) = 0.5 by
    // symmetry, strokeEnd 0.425.
    #expect(sameAngle(start.value(at: 15), 0))
    #expect(abs(sweep.value(at: 15) - 0.85 * pi) < 1e-6)
    // Frame 30, t = 0.5: half a turn on (the bottom), strokeEnd at its peak 0.8.
    #expect(sameAngle(start.value(at: 30), 0.5 * pi))
    #expect(abs(sweep.value(at: 30) - 1.6 * pi) < 1e-12)
    // Frame 45, t = 0.75: three quarters on (the left), back to 0.425.
    #expect(sameAngle(start.value(at: 45), pi))
    #expect(abs(sweep.value(at: 45) - 0.85 * pi) < 1e-6)
    // Every frame: the rotation and the eased keyframes. The engine solves
    // the timing curve to |x(u) − x| < 1e-7 (Rule.timingSolver), and E's
    // slope is below 1.8, so strokeEnd is within 0.75 · 1.8e-7 and the sweep
    // within 2π times that, under 1e-6.
    for frame in 0..<60 {
      let t = Double(frame) / 60
      #expect(sameAngle(start.value(at: frame), 1.5 * pi + 2 * pi * t), "frame \(frame)")
      #expect(abs(sweep.value(at: frame) - 2 * pi * strokeEnd(t)) < 1e-6, "frame \(frame)")
    }
    // The progress clip: strokeEnd = 0.05 + 0.75·p, not turned.
    let progress = try #require(document.clip("progress"))
    #expect(progress.frameCount == 101)
    #expect(abs(progress.track("ring.sweep")!.value(at: 0) - 0.1 * pi) < 1e-12)
    #expect(abs(progress.track("ring.sweep")!.value(at: 50) - 0.85 * pi) < 1e-12)
    #expect(abs(progress.track("ring.sweep")!.value(at: 100) - 1.6 * pi) < 1e-12)
    #expect(sameAngle(progress.track("ring.start")!.value(at: 50), 1.5 * pi))
  }

  @Test func optionsApplyToAScene() throws {
    let sandbox = try starter()
    let arguments = ["export", "ring.scene.json", "--scale", "2", "--color", "#ff2d55", "--line-width", "3", "--speed", "2", "-o", "ring.json"]
    #expect(try sandbox.run(arguments).status == 0)
    let document = try DocumentReader.read(path: sandbox.path("ring.json"))
    #expect(document.width == 80 && document.layer("ring")?.shape == .arc(center: Point(40, 40), radius: 32))
    #expect(document.layer("ring")?.style.stroke == Color(hex: "#ff2d55") && document.layer("ring")?.style.lineWidth == 3)
    #expect(document.clip("spin")?.frameCount == 30)
    // --scene names a scene whatever its file is called.
    try sandbox.write(try sandbox.text("ring.scene.json"), to: "spinner")
    #expect(try sandbox.run("export", "--scene", "spinner", "-o", "spinner.json").status == 0)
    #expect(try sandbox.data("spinner.json") == (try sandbox.run("export", "ring.scene.json").standardOutput))
  }

  @Test func aCompiledSceneIsTheSameIndicator() throws {
    let sandbox = try starter()
    #expect(try sandbox.run("compile", "ring.scene.json", "refresh", "-o", "out/").status == 0)
    #expect(try sandbox.listing("out") == ["refresh.lmscene", "ring.lmscene"])
    let image = [UInt8](try sandbox.data("out/ring.lmscene"))
    let decoded = try #require(image.withUnsafeBytes { SceneImage.decode($0) })
    let read = try SceneReader.read(path: sandbox.path("ring.scene.json"))
    #expect(decoded.frames(fps: 60) == read.frames(fps: 60))
  }

  @Test func aSceneGoesIntoAPageLikeAPreset() throws {
    let sandbox = try starter()
    let html = try sandbox.run("html", "ring.scene.json", "success", "--color", "#ff2d55", "-o", "page.html")
    #expect(html.status == 0)
    let page = try sandbox.text("page.html")
    #expect(page.contains("A ring that grows and shrinks while it turns."))
    // The page holds what export writes for the scene with the same options,
    // but for the newline that ends export's file.
    let export = try sandbox.run("export", "ring.scene.json", "--color", "#ff2d55")
    #expect(export.output.hasSuffix("}\n"))
    #expect(page.contains(String(export.output.dropLast()).replacingOccurrences(of: "</", with: "<\\/")))
  }

  /// Tests/Fixtures/ring.lmscene is the starter compiled: the Node tests of
  /// the WebAssembly engine load it. `LOADMARK_WRITE_FIXTURES=1` rewrites it.
  @Test func theCompiledStarterFixtureIsCurrent() throws {
    let sandbox = try starter()
    #expect(try sandbox.run("compile", "ring.scene.json", "-o", "ring.lmscene").status == 0)
    let compiled = try sandbox.data("ring.lmscene")
    let fixture = Repository.root.appendingPathComponent("Tests/Fixtures/ring.lmscene")
    if ProcessInfo.processInfo.environment["LOADMARK_WRITE_FIXTURES"] == "1" {
      try compiled.write(to: fixture)
    }
    #expect(try Data(contentsOf: fixture) == compiled, "Tests/Fixtures/ring.lmscene is stale: run tools/update-presets")
  }

  @Test func listShowsTheScenesInAFolder() throws {
    let sandbox = try starter()
    try sandbox.write("{\"format\": \"loadmark\"}", to: "other.json")
    let list = try sandbox.run("list", sandbox.path("."))
    #expect(list.status == 0)
    #expect(list.output.hasPrefix("ring: A ring that grows and shrinks while it turns.\n"))
    #expect(list.output.contains("  spin      time      1 s  loop  60 frames   Grows, shrinks and turns, once a second.\n"))
    try sandbox.write("{\"format\": \"loadmark-scene\", \"version\": 1}", to: "broken.scene.json")
    let broken = try sandbox.run("list", sandbox.path("."))
    #expect(broken.status == 65)
    #expect(broken.standardError.contains("broken.scene.json: missing field \"name\""))
  }

  /// The errors the issue names, each with its file and position.
  @Test(arguments: [
    (
      #""layer": "ring", "add": "grow""#, #""layer": "rings", "add": "grow""#,
      #"clips[0].script[0].layer: unknown layer "rings""#
    ),
    (
      #""timingFunctions": ["easeInEaseOut", "easeInEaseOut"]"#, #""timingFunctions": [[1.5, 0, 0.58, 1], "easeInEaseOut"]"#,
      #"animations["grow"].timingFunctions[0][0]: expected a number from 0 to 1, got 1.5"#
    ),
    (
      #""keyTimes": [0, 0.5, 1]"#, #""keyTimes": [0, 1]"#,
      #"animations["grow"].keyTimes: expected 3 key times, one per value, got 2"#
    ),
    (
      #""startAngle": "-90deg""#, #""startAngle": "-90 deg""#,
      #"layers[0].path[0].arc.startAngle: expression "-90 deg" does not parse: unexpected text after the expression (character 5)"#
    ),
    (
      #""id": "ring","#, #""id": "ring", "superlayer": "ring","#,
      #"layers[0].superlayer: the layer tree has a cycle: "ring" → "ring""#
    ),
    (
      #""strokeEnd": 0.05,"#, #""strokeEnd": 0.05,,"#,
      #"27:25: string or '}' expected near ','"#
    ),
  ])
  func badScenesAreLocated(_ original: String, _ replacement: String, _ message: String) throws {
    let sandbox = try starter()
    let text = try sandbox.text("ring.scene.json")
    #expect(text.contains(original))
    try sandbox.write(text.replacingOccurrences(of: original, with: replacement), to: "bad.scene.json")
    let validate = try sandbox.run("validate", "bad.scene.json")
    #expect(validate.status == 65)
    #expect(validate.standardError == "loadmark validate: bad.scene.json:" + (message.first!.isNumber ? "" : " ") + message + "\n")
    let export = try sandbox.run("export", "bad.scene.json", "-o", "bad.json")
    #expect(export.status == 65)
    #expect(!FileManager.default.fileExists(atPath: sandbox.path("bad.json")))
  }

  @Test("a turning path that is not one arc is drawn through its layer's transform (format version 3)")
  func aTurningPathIsDrawnThroughATransform() throws {
    let sandbox = try starter()
    // The starter's ring, a bar instead: the layer (40 × 40, anchor at its
    // centre (20, 20), position (20, 20)) turns 2π a second from 0.
    let text = try sandbox.text("ring.scene.json").replacingOccurrences(
      of: #""arc": {"center": [20, 20], "radius": 16, "startAngle": "-90deg", "endAngle": "270deg", "clockwise": true}"#,
      with: #""move": [4, 20]}, {"line": [36, 20]"#)
    try sandbox.write(text, to: "bar.scene.json")
    let export = try sandbox.run("export", "bar.scene.json", "-o", "bar.json")
    #expect(export.status == 0, "\(export.standardError)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sandbox.path("bar.json")))) as? [String: Any])
    #expect(document["version"] as? Int == 3)
    let layers = try #require(document["layers"] as? [[String: Any]])
    // The path stays in the layer's own coordinates.
    #expect(layers[0]["kind"] as? String == "path")
    let clips = try #require(document["clips"] as? [[String: Any]])
    let tracks = try #require(clips[0]["tracks"] as? [String: Any])
    let reader = try DocumentReader.read(path: sandbox.path("bar.json"))
    let clip = try #require(reader.clip("spin"))
    #expect(tracks["ring.a"] != nil && tracks["ring.tx"] != nil)
    // p ↦ (20, 20) + R(θ)·(p − (20, 20)) at θ = 2π·t: at frame 15 (t = 0.25,
    // θ = π/2) a = 0, b = 1, c = −1, d = 0, tx = 20 + 20 = 40, ty = 20 − 20 = 0;
    // at frame 30 (θ = π) a = d = −1, tx = ty = 40.
    let quarter = clip.transform(of: "ring", atFrame: 15)
    for (value, expected) in [(quarter.a, 0.0), (quarter.b, 1), (quarter.c, -1), (quarter.d, 0), (quarter.tx, 40), (quarter.ty, 0)] {
      #expect(abs(value - expected) < 1e-3, "\(quarter)")
    }
    let half = clip.transform(of: "ring", atFrame: 30)
    for (value, expected) in [(half.a, -1.0), (half.b, 0), (half.c, 0), (half.d, -1), (half.tx, 40), (half.ty, 40)] {
      #expect(abs(value - expected) < 1e-3, "\(half)")
    }
  }

}
