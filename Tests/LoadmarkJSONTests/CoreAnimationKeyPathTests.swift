import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

/// Core Animation's own key paths that Loadmark does not animate yet: refused
/// by name, never shadowed by a custom property, and every rewrite a refusal
/// gives followed here to a scene that validates and does what it says.
@Suite("Core Animation key paths")
struct CoreAnimationKeyPathTests {
  /// A turning arc layer ("ring") and a filled circle ("dot"), with `extra`
  /// added to the dot's fields and `script` as the clip's script.
  static func scene(dot extra: String = "", script: String) -> String {
    #"""
    {
      "format": "loadmark-scene", "version": 2, "name": "keys", "summary": "@", "size": [40, 40],
      "layers": [
        {"id": "ring", "class": "CAShapeLayer", "frame": [0, 0, 40, 40], "strokeColor": "red", "fillColor": null,
         "path": [{"arc": {"center": [20, 20], "radius": 10, "startAngle": 0, "endAngle": "90deg", "clockwise": true}}]},
        {"id": "dot", "class": "CAShapeLayer", "frame": [10, 10, 20, 20], "fillColor": "white", "strokeColor": null\#(extra),
         "path": [{"oval": [5, 5, 10, 10]}]}
      ],
      "clips": [{"name": "main", "duration": 1, "script": [\#(script)]}]
    }
    """#
  }

  static func animate(_ layer: String, _ keyPath: String, from: String = "0", to: String = "1") -> String {
    #"{"layer": "\#(layer)", "add": {"type": "basic", "keyPath": "\#(keyPath)", "from": \#(from), "to": \#(to), "duration": 1}}"#
  }

  func compile(_ text: String) throws(DocumentError) -> Indicator {
    try SceneReader.decode(text, source: "keys.scene.json")
  }

  func failure(_ text: String) throws -> String {
    try #require(throws: DocumentError.self) { try compile(text) }.description
  }

  @Test("animating position moves the dot through its transform (format version 3)")
  func animatingPositionMovesTheDot() throws {
    let document = try compile(Self.scene(script: Self.animate("dot", "position", from: "[20, 20]", to: "[30, 20]")))
      .frames(fps: 4)
    // The dot's layer is 20 × 20 at (10, 10): its anchor (10, 10) sits at
    // its position, (20, 20) → (30, 20) linearly over 1 s, 22.5 at 0.25 s;
    // its circle stays in its own coordinates, centre (10, 10).
    #expect(document.layers[1].shape == .dot(center: Point(10, 10), radius: 5))
    let clip = document.clips[0]
    #expect(clip.transform(of: "dot", atFrame: 1) == FrameDocument.LayerTransform(a: 1, b: 0, c: 0, d: 1, tx: 12.5, ty: 10))
    #expect(clip.transform(of: "dot", atFrame: 2) == FrameDocument.LayerTransform(a: 1, b: 0, c: 0, d: 1, tx: 15, ty: 10))
    #expect(clip.track("dot.scale")?.value(at: 1) == 1)
    #expect(document.writtenVersion == 3)
  }

  @Test func aPointKeyPathIsNotAScalar() throws {
    let message = try failure(Self.scene(script: #"{"layer": "dot", "set": {"position": 1}}"#))
    #expect(message.hasSuffix(#""position" is a point: animate it with values [x, y], or set its ".x" and ".y" one by one"#), "\(message)")
  }

  @Test func settingFillColorIsRefusedAsACoreAnimationProperty() throws {
    let message = try failure(Self.scene(script: #"{"layer": "dot", "set": {"fillColor": 1}}"#))
    #expect(message.hasSuffix(#": "fillColor" is a Core Animation property Loadmark does not animate yet"#), "\(message)")
  }

  @Test func aCustomPropertyCannotShadowPosition() throws {
    let message = try failure(Self.scene(dot: #", "properties": {"position": 0}"#, script: ""))
    #expect(message == #"keys.scene.json: layers[1].properties["position"]: a custom property cannot take a Core Animation key path's name; "position" is the layer's own, which scripts animate"#)
  }

  /// Every entry of the table, as an animation's key path and as a custom
  /// property's name: refused both ways, with the table's own words.
  @Test func everyKeyPathOfTheTableIsRefusedBothWays() throws {
    for entry in LayerProperty.notAnimatedYet {
      let keyPath = "\(entry.keyPath)"
      let animated = try failure(Self.scene(script: Self.animate("dot", keyPath)))
      #expect(animated.contains(#""\#(keyPath)" is a Core Animation property Loadmark does not animate yet"#), "\(animated)")
      if entry.rewrite.utf8CodeUnitCount > 0 { #expect(animated.hasSuffix("; \(entry.rewrite)"), "\(animated)") }
      let declared = try failure(Self.scene(dot: #", "properties": {"\#(keyPath)": 0}"#, script: ""))
      #expect(declared.contains("a custom property cannot take a Core Animation key path's name"), "\(declared)")
    }
  }

  // Following the advice the refusals give.

  @Test func transformFollowedAsTransformRotationZTurnsTheArc() throws {
    let refused = try failure(
      Self.scene(script: Self.animate("ring", "transform", from: "[]", to: #"{"rotate": ["1turn", 0, 0, 1]}"#)))
    #expect(refused.hasSuffix(
      #"write a turn as "transform.rotation.z" and a scale as "transform.scale", "transform.scale.x" or "transform.scale.y""#),
      "\(refused)")
    let document = try compile(Self.scene(script: Self.animate("ring", "transform.rotation.z", to: #""1turn""#))).frames(fps: 4)
    // Linear 0 → 2π in 1 s: at frame 1 (0.25 s) the arc from 0 has turned by π/2.
    let start = try #require(document.clips[0].track("ring.start"))
    #expect(start.value(at: 0) == 0)
    #expect(start.value(at: 1) == Double.pi / 2)
  }

  @Test("transform.scale.y scales the dot along y about its anchor, through its transform")
  func scaleYScalesTheDotAlongY() throws {
    let document = try compile(Self.scene(script: Self.animate("dot", "transform.scale.y", to: "2"))).frames(fps: 4)
    // Linear 0 → 2 in 1 s: 0.5 at 0.25 s, about the anchor (10, 10) placed
    // at (20, 20): y ↦ 20 + 0.5·(y − 10), so d = 0.5 and ty = 15.
    let clip = document.clips[0]
    #expect(clip.transform(of: "dot", atFrame: 1) == FrameDocument.LayerTransform(a: 1, b: 0, c: 0, d: 0.5, tx: 10, ty: 15))
    // Translations in a "transform" animation move it as transform.translation does.
    let moved = try compile(
      Self.scene(
        script: Self.animate("dot", "transform", from: #"{"translate": [0, 0, 0]}"#, to: #"[{"translate": [4, 0, 0]}, {"translate": [0, -8, 0]}]"#)))
      .frames(fps: 4)
    #expect(moved.clips[0].transform(of: "dot", atFrame: 2) == FrameDocument.LayerTransform(a: 1, b: 0, c: 0, d: 1, tx: 12, ty: 6))
  }

  @Test func scaleZFollowedByLeavingItOutValidates() throws {
    let refused = try failure(Self.scene(script: Self.animate("dot", "transform.scale.z", to: "2")))
    #expect(refused.hasSuffix("without perspective it changes nothing drawn in 2D; leave it out"))
    _ = try compile(Self.scene(script: ""))
  }

  @Test func hiddenFollowedAsASetHidesTheLayer() throws {
    let refused = try failure(Self.scene(script: Self.animate("dot", "hidden")))
    #expect(refused.hasSuffix(#"it changes at once: set it in a script, {"layer": …, "set": {"hidden": true}}"#))
    let document = try compile(Self.scene(script: #"{"at": 0.5, "layer": "dot", "set": {"hidden": true}}"#)).frames(fps: 4)
    // Shown until 0.5 s (frame 2), hidden from then on (opacity 0).
    let opacity = try #require(document.clips[0].track("dot.opacity"))
    #expect(opacity.value(at: 1) == 1)
    #expect(opacity.value(at: 2) == 0)
  }

  @Test func anUnknownNameFollowedByDeclaringItDrivesTheArc() throws {
    let refused = try failure(Self.scene(script: Self.animate("ring", "sweep")))
    #expect(refused.hasSuffix(#"layer "ring" has no property "sweep"; declare it in the layer's "properties""#))
    // Declared on a CALayer whose drawing's arc reads it (as seed 004's
    // startPross), it validates, and the arc follows it.
    let ring = #"""
      {"id": "ring", "frame": [0, 0, 40, 40], "properties": {"sweep": 0}, "draw": [{"id": "arc", "path": [
        {"arc": {"center": [20, 20], "radius": 10, "startAngle": 0, "endAngle": "sweep", "clockwise": true}}],
        "strokeColor": "red", "lineWidth": 2}]},
      """#
    var text = Self.scene(script: Self.animate("ring", "sweep", to: #""pi""#))
    let shapeRing = try #require(text.range(of: #"{"id": "ring""#)).lowerBound
    let dot = try #require(text.range(of: #"{"id": "dot""#)).lowerBound
    text.replaceSubrange(shapeRing..<dot, with: ring)
    let document = try compile(text).frames(fps: 4)
    // Linear 0 → π in 1 s: the arc's sweep is π/4 at 0.25 s.
    #expect(document.clips[0].track("arc.sweep")?.value(at: 1) == Double.pi / 4)
  }

  /// The names docs/SCENE.md's paragraph quotes, after its opening words up
  /// to its full stop, less the fields it names on the way.
  static func documentedKeyPaths(in text: String) -> [String] {
    guard let paragraph = text.components(separatedBy: "Core Animation key paths Loadmark does not animate yet")
      .dropFirst().first?.components(separatedBy: "\n\n").first
    else { return [] }
    let list = paragraph.components(separatedBy: "do nothing:").last ?? ""
    return list.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
  }

  @Test func sceneMDListsTheTable() throws {
    let text = try String(contentsOf: Repository.root.appendingPathComponent("docs/SCENE.md"), encoding: .utf8)
    let table = LayerProperty.notAnimatedYet.map { "\($0.keyPath)" }
    #expect(Self.documentedKeyPaths(in: text) == table)
    // Perturbed: a key path dropped from the docs is caught.
    #expect(Self.documentedKeyPaths(in: text.replacingOccurrences(of: "`zPosition`, ", with: "")) != table)
  }
}
