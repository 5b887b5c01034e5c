import LoadmarkCore
import LoadmarkJSON
import Testing

/// `Rule.layerTransform`: what a script moves, turns or scales is drawn
/// through format 3's transform tracks, its geometry in its own layer's
/// coordinates, composed down the layer tree as Core Animation composes it.
/// Every expected value is worked out by hand in the comments.
@Suite("Layer transforms")
struct LayerTransformTests {
  /// A scene of `layers` and one clip of 1 s at 4 fps whose script is `script`.
  static func scene(_ layers: String, script: String) -> String {
    #"""
    {"format": "loadmark-scene", "version": 2, "name": "moves", "size": [60, 60], "layers": [\#(layers)],
     "clips": [{"name": "main", "duration": 1, "script": [\#(script)]}]}
    """#
  }

  static func frames(_ text: String) throws -> FrameDocument {
    try SceneReader.decode(text, source: "moves.scene.json").frames(fps: 4)
  }

  static func expect(
    _ m: FrameDocument.LayerTransform, _ expected: [Double], within tolerance: Double = 1e-12,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let values = [m.a, m.b, m.c, m.d, m.tx, m.ty]
    #expect(zip(values, expected).allSatisfy { abs($0 - $1) <= tolerance }, "\(values) ≠ \(expected)", sourceLocation: sourceLocation)
  }

  @Test("a container that turns and scales carries its sublayer's dot round its anchor")
  func aTurningContainerCarriesItsSublayer() throws {
    let document = try Self.frames(Self.scene(
      #"""
      {"id": "container", "frame": [0, 0, 60, 60]},
      {"id": "dot", "class": "CAShapeLayer", "superlayer": "container", "frame": [0, 24, 12, 12],
       "path": [{"oval": [0, 0, 12, 12]}], "fillColor": "white", "strokeColor": null}
      """#,
      script: #"""
      {"layer": "container", "add": {"type": "group", "duration": 1, "animations": [
        {"type": "basic", "keyPath": "transform.rotation.z", "from": 0, "to": "pi"},
        {"type": "basic", "keyPath": "transform.scale", "from": 1, "to": 0.5}]}}
      """#))
    // The dot stays a circle in its own coordinates.
    #expect(document.layers[0].shape == .dot(center: Point(6, 6), radius: 6))
    let clip = document.clips[0]
    // Frame 0: nothing turned; the dot layer's anchor (6, 6) sits at (6, 30),
    // so p ↦ p + (0, 24).
    Self.expect(clip.transform(of: "dot", atFrame: 0), [1, 0, 0, 1, 0, 24])
    // Frame 2 (0.5 s): θ = π/2, s = 0.75. q = p + (0, 24), then
    // (30, 30) + 0.75·R(q − (30, 30)) with R(x, y) = (−y, x):
    // (30 − 0.75·(p.y − 6), 30 + 0.75·(p.x − 30)) = (34.5 − 0.75·p.y, 7.5 + 0.75·p.x).
    Self.expect(clip.transform(of: "dot", atFrame: 2), [0, 0.75, -0.75, 0, 34.5, 7.5])
    // Frame 1 (0.25 s): θ = π/4, s = 0.875; a = d = 0.875·cos θ, b = −c = 0.875·sin θ,
    // t = (30, 30) + M·((0, 24) − (30, 30)) = (30 + 0.875·(−30c₀ + 6s₀), 30 + 0.875·(−30s₀ − 6c₀))
    // with c₀ = s₀ = √2/2.
    let k = 0.875 * 2.0.squareRoot() / 2
    Self.expect(clip.transform(of: "dot", atFrame: 1), [k, k, -k, k, 30 - 24 * k, 30 - 36 * k], within: 1e-9)
  }

  @Test("a stroked ring scaled by 0.5 keeps its line width in its layer's coordinates, halved on the canvas")
  func aScaledRingScalesItsStroke() throws {
    let document = try Self.frames(Self.scene(
      #"""
      {"id": "ring", "class": "CAShapeLayer", "frame": [0, 0, 60, 60], "lineWidth": 4, "strokeColor": "white",
       "fillColor": null, "path": [{"arc": {"center": [30, 30], "radius": 20, "startAngle": 0, "endAngle": "2 * pi",
       "clockwise": true}}]}
      """#,
      script: #"{"layer": "ring", "add": {"type": "basic", "keyPath": "transform.scale", "from": 1, "to": 0.5, "duration": 1, "fillMode": "forwards", "removedOnCompletion": false}}"#))
    #expect(document.layers[0].style.lineWidth == 4)
    #expect(document.layers[0].shape == .arc(center: Point(30, 30), radius: 20))
    let clip = document.clips[0]
    // s = 1 − 0.5·t about the anchor (30, 30): p ↦ (30, 30) + s·(p − (30, 30)).
    Self.expect(clip.transform(of: "ring", atFrame: 2), [0.75, 0, 0, 0.75, 7.5, 7.5])
    Self.expect(clip.transform(of: "ring", atFrame: 4), [0.5, 0, 0, 0.5, 15, 15])
    #expect(document.writtenVersion == 3)
  }

  @Test("a bar scaled along y keeps x, and a translation moves it, in that order")
  func scaleYThenTranslation() throws {
    let document = try Self.frames(Self.scene(
      #"""
      {"id": "bar", "class": "CAShapeLayer", "frame": [10, 0, 6, 60], "fillColor": "white",
       "path": [{"move": [0, 0]}, {"line": [6, 0]}, {"line": [6, 60]}, {"line": [0, 60]}]}
      """#,
      script: #"""
      {"layer": "bar", "add": {"type": "keyframe", "keyPath": "transform.scale.y", "values": [1, 0.4, 1], "duration": 1}},
      {"layer": "bar", "add": {"type": "basic", "keyPath": "transform.translation", "from": [0, 0], "to": [8, -4], "duration": 1}}
      """#))
    let clip = document.clips[0]
    // Frame 2 (0.5 s): scale.y 0.4, translation (4, −2). Anchor (3, 30) at (13, 30):
    // p ↦ (13 + 4 + (p.x − 3), 30 − 2 + 0.4·(p.y − 30)) = (p.x + 14, 0.4·p.y + 16).
    Self.expect(clip.transform(of: "bar", atFrame: 2), [1, 0, 0, 0.4, 14, 16])
    // Frame 1 (0.25 s): scale.y 0.7, translation (2, −1): (p.x + 12, 0.7·p.y + 8).
    Self.expect(clip.transform(of: "bar", atFrame: 1), [1, 0, 0, 0.7, 12, 8], within: 1e-12)
  }

  @Test("a still scene, and a dot that only scales about its centre, stay version 2's, with no transform track")
  func stillStaysVersion2() throws {
    let document = try Self.frames(Self.scene(
      #"""
      {"id": "dot", "class": "CAShapeLayer", "frame": [20, 20, 20, 20], "fillColor": "white", "strokeColor": null,
       "transform": {"rotation": "30deg", "translation": [2, 3]}, "path": [{"oval": [0, 0, 20, 20]}]}
      """#,
      script: #"{"layer": "dot", "add": {"type": "basic", "keyPath": "transform.scale", "from": -1, "to": 1, "duration": 1}}"#))
    #expect(document.writtenVersion == 2)
    #expect(document.clips[0].tracks.allSatisfy { !$0.property.isTransform })
    // Rule.mirroredDot: −1 → 1 linearly, so −0.5 at 0.25 s, drawn as 0.5.
    #expect(document.clips[0].track("dot.scale")?.value(at: 1) == 0.5)
    // The still translation moves the circle: centre (30, 30) + (2, 3).
    #expect(document.layers[0].shape == .dot(center: Point(32, 33), radius: 10))
  }

  @Test("an export's scale and crop apply after a moving layer's placement, its geometry untouched")
  func theCanvasPlacementFollowsTheLayers() throws {
    let indicator = try SceneReader.decode(Self.scene(
      #"""
      {"id": "dot", "class": "CAShapeLayer", "frame": [0, 15, 10, 10], "fillColor": "white", "lineWidth": 2,
       "strokeColor": "red", "roles": ["line"], "path": [{"oval": [0, 0, 10, 10]}]}
      """#,
      script: #"{"layer": "dot", "add": {"type": "basic", "keyPath": "transform.translation.x", "from": 0, "to": 30, "duration": 1}}"#),
      source: "moves.scene.json")
    // At scale 2 on part of the canvas from (−5, 10): p ↦ 2·(p + (tx, 15)) + (10, −20);
    // at 0.5 s tx = 15, so (2·p.x + 40, 2·p.y + 10).
    let scaled = indicator.customized(IndicatorOptions(scale: 2, lineWidth: 3), frame: Rect(x: -5, y: 10, width: 50, height: 30))
      .frames(fps: 4)
    // The circle stays in its layer's coordinates, as on the scene's canvas.
    #expect(scaled.layers[0].shape == indicator.frames(fps: 4).layers[0].shape)
    Self.expect(scaled.clips[0].transform(of: "dot", atFrame: 2), [2, 0, 0, 2, 40, 10])
    // --line-width is on the canvas: 3 there is 1.5 in the layer, which the scale doubles.
    #expect(scaled.layers[0].style.lineWidth == 1.5)
    #expect(scaled.width == 100 && scaled.height == 60)
  }

  /// A container 20 × 20 whose still sublayerTransform turns by π/2 about its
  /// anchor (10, 10), holding a bar 4 × 16 at (8, 2), as
  /// NVActivityIndicatorView's LineSpinFadeLoader turns each line.
  static let turnedBar = #"""
    {"id": "container", "frame": [0, 0, 20, 20], "sublayerTransform": {"rotation": "90deg"}},
    {"id": "bar", "class": "CAShapeLayer", "superlayer": "container", "frame": [8, 2, 4, 16], "fillColor": "white",
     "path": [{"rect": [0, 0, 4, 16]}]}
    """#

  @Test("a still sublayerTransform turns the sublayers about the container's anchor")
  func aStillSublayerTransformTurnsTheSublayers() throws {
    let document = try Self.frames(Self.scene(Self.turnedBar, script: ""))
    #expect(document.writtenVersion == 2)
    // p ↦ q = p + (8, 2), then q ↦ (10, 10) + R(q − (10, 10)) = (20 − q.y, q.x):
    // the bar's corners (0, 0), (4, 0), (4, 16), (0, 16) land at (18, 8),
    // (18, 12), (2, 12), (2, 8): a horizontal bar.
    guard case .path(let path) = document.layers[0].shape else {
      Issue.record("not a path: \(document.layers[0].shape)")
      return
    }
    var points = [path.subpaths[0].start]
    for segment in path.subpaths[0].segments {
      if case .line(let point) = segment { points.append(point) }
    }
    let expected = [Point(18, 8), Point(18, 12), Point(2, 12), Point(2, 8)]
    for (point, corner) in zip(points, expected) {
      #expect(abs(point.x - corner.x) < 1e-12 && abs(point.y - corner.y) < 1e-12, "\(points)")
    }
  }

  @Test("a moving sublayer is placed through its superlayer's sublayerTransform")
  func aMovingSublayerGoesThroughTheSublayerTransform() throws {
    let document = try Self.frames(Self.scene(
      Self.turnedBar,
      script: #"{"layer": "bar", "add": {"type": "basic", "keyPath": "transform.translation.x", "from": 0, "to": 4, "duration": 1}}"#))
    // Frame 2 (0.5 s): translation 2, so q = p + (10, 2), then (20 − q.y, q.x) = (18 − p.y, p.x + 10).
    Self.expect(document.clips[0].transform(of: "bar", atFrame: 2), [0, 1, -1, 0, 18, 10])
  }
}

/// `Rule.extraTimingFunctions`: n − 1 timing functions for n values; more are
/// checked and ignored, fewer refused.
@Suite("Timing functions per segment")
struct TimingFunctionCountTests {
  static func scene(_ functions: String) -> String {
    LayerTransformTests.scene(
      #"{"id": "dot", "class": "CAShapeLayer", "frame": [0, 0, 20, 20], "fillColor": "white", "path": [{"oval": [0, 0, 20, 20]}]}"#,
      script: #"{"layer": "dot", "add": {"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "timingFunctions": \#(functions), "duration": 1}}"#)
  }

  @Test("a timing function past the last segment is ignored")
  func anExtraTimingFunctionIsIgnored() throws {
    let two = try LayerTransformTests.frames(Self.scene(#"["linear", "linear"]"#))
    let three = try LayerTransformTests.frames(Self.scene(#"["linear", "linear", "easeIn"]"#))
    #expect(two == three)
    // Linear 0 → 1 in 0.5 s, then 1 → 0: 0.5 at 0.25 s, 0.5 at 0.75 s.
    #expect(three.clips[0].track("dot.opacity")?.value(at: 1) == 0.5)
    #expect(three.clips[0].track("dot.opacity")?.value(at: 3) == 0.5)
  }

  @Test("fewer timing functions than segments are refused, and an ignored one is still checked")
  func fewerAreRefused() throws {
    let fewer = try #require(throws: DocumentError.self) { try LayerTransformTests.frames(Self.scene(#"["linear"]"#)) }
    #expect(fewer.description.hasSuffix("timingFunctions: expected 2 timing functions, one per segment between values, got 1"), "\(fewer)")
    let malformed = try #require(throws: DocumentError.self) {
      try LayerTransformTests.frames(Self.scene(#"["linear", "linear", "sometimes"]"#))
    }
    #expect(malformed.description.contains("timingFunctions[2]"), "\(malformed)")
  }
}
