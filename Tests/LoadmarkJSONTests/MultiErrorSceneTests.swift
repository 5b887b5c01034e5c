import Foundation
import LoadmarkCore
@testable import LoadmarkJSON
import LoadmarkTestSupport
import Testing

/// Scenes with several errors (Tests/Fixtures/multi-error-scenes): the
/// reader asked for every error lists them all, in the order it meets
/// them, the first being the one every other reader stops at.
struct MultiErrorSceneTests {
  static let corpus = Repository.root.appendingPathComponent("Tests/Fixtures/multi-error-scenes")

  static let expected: (errors: [String: [String]], unlisted: [String: Int]) = {
    let data = try! Data(contentsOf: corpus.appendingPathComponent("messages.json"))
    let object = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
    return (object["errors"] as! [String: [String]], object["unlisted"] as! [String: Int])
  }()

  static var scenes: [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: corpus.path))?.filter { $0.hasSuffix(".scene.json") }.sorted() ?? []
  }

  /// `path: message` (or the message alone) of an error, as the corpus writes it.
  static func text(_ error: DocumentError) -> String {
    if case .field(let path) = error.location { return "\(path): \(error.message)" }
    return error.message
  }

  /// Every error the listing reader gives for `name`, and how many it did not list.
  func listed(_ name: String) throws -> (errors: [String], unlisted: Int) {
    let path = Self.corpus.appendingPathComponent(name).path
    let error = try #require(throws: DocumentError.self) { try LoadmarkFile.read(path: path, listingEveryError: true) }
    return (([error] + error.followingErrors).map(Self.text), error.unlistedErrorCount)
  }

  @Test func everySceneHasItsExpectedList() {
    #expect(Self.scenes.count == 5)
    #expect(Set(Self.scenes) == Set(Self.expected.errors.keys))
  }

  @Test(arguments: scenes)
  func validateListsEveryError(_ name: String) throws {
    let (errors, unlisted) = try listed(name)
    #expect(errors == Self.expected.errors[name])
    #expect(unlisted == Self.expected.unlisted[name] ?? 0)
    #expect(errors.count <= SceneDiagnosis.maximumListed)
  }

  @Test(arguments: scenes)
  func theFirstIsWhatEveryOtherReaderReports(_ name: String) throws {
    let path = Self.corpus.appendingPathComponent(name).path
    let first = try #require(Self.expected.errors[name]?.first)
    // Jansson and the compiler stopping at the first error.
    let native = try #require(throws: DocumentError.self) { try SceneReader.read(path: path) }
    #expect(Self.text(native) == first)
    #expect(native.followingErrors.isEmpty && native.unlistedErrorCount == 0)
    // LoadmarkCore's own parser, as the WebAssembly scene compiler reads it.
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let core = try #require(throws: SceneError.self) { try bytes.withUnsafeBytes { try SceneText.compile($0) } }
    #expect(core.text.string == first)
  }

  @Test func theTwentyFirstErrorOnIsCountedNotListed() throws {
    let (errors, unlisted) = try listed("more-than-twenty.scene.json")
    #expect(errors.count == 20)
    #expect(errors.last == #"clips[0].script[19].layer: unknown layer "ring19""#)
    #expect(unlisted == 5)
  }

  /// The listing is the scene's: an error mended drops out of it, and
  /// only that one (a perturbation of the comparison above).
  @Test func anErrorMendedLeavesTheList() throws {
    let path = Self.corpus.appendingPathComponent("several-fields.scene.json").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(#""lineWidth": -4"#))
    let error = try #require(throws: DocumentError.self) {
      try SceneReader.decodeListing(text.replacingOccurrences(of: #""lineWidth": -4"#, with: #""lineWidth": 4"#))
    }
    let expected = try #require(Self.expected.errors["several-fields.scene.json"])
    #expect(([error] + error.followingErrors).map(Self.text) == expected.filter { !$0.hasPrefix("layers[0].lineWidth") })
    #expect(expected.count == 4)
  }

  /// A background turned by its superlayer's rotation, and a border by its
  /// own: each refused at the rotation, the message naming the layer.
  @Test("a turned background or border is drawn upright in its layer, through a constant transform")
  func aTurnedRectangleIsDrawnThroughATransform() throws {
    let preset = try SceneReader.decode(#"""
      {"format": "loadmark-scene", "version": 1, "name": "turned", "size": [40, 40],
       "layers": [
         {"id": "holder", "frame": [0, 0, 40, 40], "transform": {"rotation": "90deg"}},
         {"id": "box", "superlayer": "holder", "frame": [10, 10, 20, 10], "backgroundColor": "red"}],
       "clips": [{"name": "still", "duration": 0, "script": []}]}
      """#, source: "turned.scene.json")
    let document = preset.frames()
    // The box keeps its own rectangle, 20 × 10 at its bounds' origin.
    #expect(document.layers[0].shape == .roundedRect(Rect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 0))
    // box: p ↦ q = (20, 15) + (p − (10, 5)) = p + (10, 10); holder turns it by
    // π/2 about (20, 20): q ↦ (20, 20) + R(q − (20, 20)), R(x, y) = (−y, x).
    // So p ↦ (20 − (p.y − 10), 20 + (p.x − 10)) = (30 − p.y, 10 + p.x):
    // a = 0, b = 1, c = −1, d = 0, tx = 30, ty = 10.
    let m = document.clips[0].transform(of: "box", atFrame: 0)
    for (value, expected) in [(m.a, 0.0), (m.b, 1), (m.c, -1), (m.d, 0), (m.tx, 30), (m.ty, 10)] {
      #expect(abs(value - expected) < 1e-12, "\(m)")
    }
  }

  /// The named animation `grow`, used by two items, fails once.
  @Test func aNamedAnimationUsedTwiceFailsOnce() throws {
    let path = Self.corpus.appendingPathComponent("several-fields.scene.json").path
    let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
      of: #"{"at": 0, "layer": "rings", "add": "turn", "key": "turn"}"#,
      with: #"{"at": 0, "layer": "ring", "add": "grow", "key": "again"}"#)
    let error = try #require(throws: DocumentError.self) { try SceneReader.decodeListing(text) }
    #expect(([error] + error.followingErrors).map(Self.text) == [
      #"animations["grow"].duration: expected a number ≥ 0, got -1"#,
      #"clips[1].script[0].set["strokeEnd"]: expression "0.05 + * p" does not parse: expected a number, a name or "(" (character 8)"#,
      #"layers[0].lineWidth: expected a number ≥ 0, got -4"#,
    ])
  }

  static var singleErrorScenes: [String] {
    let folder = Repository.root.appendingPathComponent("Tests/Fixtures/invalid-scenes").path
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      $0.hasPrefix("meaning-") || $0.hasPrefix("cost-")
    }.sorted()
  }

  /// The shared invalid corpus, read with every error listed: its one
  /// error first, as the stopping reader gives it.
  @Test(arguments: singleErrorScenes)
  func theSharedCorpusListsItsErrorFirst(_ name: String) throws {
    let path = Repository.root.appendingPathComponent("Tests/Fixtures/invalid-scenes/\(name)").path
    let stopping = try #require(throws: DocumentError.self) { try LoadmarkFile.read(path: path) }
    let listing = try #require(throws: DocumentError.self) { try LoadmarkFile.read(path: path, listingEveryError: true) }
    #expect(Self.text(listing) == Self.text(stopping))
  }

  @Test(arguments: Indicator.presetNames)
  func aValidSceneHasNoErrorAndCompilesAlike(_ name: String) throws {
    let path = Repository.root.appendingPathComponent("presets/\(name).scene.json").path
    guard case .scene(let listed) = try LoadmarkFile.read(path: path, listingEveryError: true) else {
      Issue.record("not a scene")
      return
    }
    #expect(SceneImage.encode(listed) == SceneImage.encode(try SceneReader.read(path: path)))
  }
}

extension SceneReader {
  /// `text` read as `validate` reads a scene, every error listed.
  static func decodeListing(_ text: String) throws(DocumentError) -> LoadmarkFile {
    let bytes = Array(text.utf8)
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(DocumentError) in try LoadmarkFile.decode(raw, source: "text", listingEveryError: true) }
    }
    return try result.get()
  }
}
