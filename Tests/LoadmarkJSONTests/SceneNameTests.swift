import Foundation
import LoadmarkCore
import LoadmarkJSON
import Testing

/// A scene's `name` and its clips' names become the stems of output file
/// names, so the scene reader takes only names that can be one
/// (``FileStem``): a name that could lead a write out of its directory is
/// refused as the scene is read, by `validate` as by `export`.
@Suite("Scene names")
struct SceneNameTests {
  static let text = #"""
    {
      "format": "loadmark-scene", "version": 1, "name": "ring", "size": [40, 40],
      "layers": [
        {"id": "ring", "class": "CAShapeLayer", "strokeColor": "red", "fillColor": null,
         "path": [{"arc": {"center": [20, 20], "radius": 10, "startAngle": 0, "endAngle": "2*pi", "clockwise": true}}]}
      ],
      "clips": [
        {"name": "spin", "duration": 1, "script": []},
        {"name": "turn", "duration": 1, "script": []}
      ]
    }
    """#

  /// What every refusal says the name should be.
  static let rule =
    #"expected a name for output files: at most 100 ASCII letters, digits, "_", "-" and ".", the first a letter, digit or "_""#

  /// The scene with the scene's name (`"ring"`) or a clip's replaced by the JSON text `name`.
  func scene(_ old: String, _ name: String) throws -> String {
    try Self.text.replacingOnce(#""name": "\#(old)""#, with: #""name": \#(name)"#)
  }

  /// The message reading `text` gives, or nil when it reads.
  func message(_ text: String) -> String? {
    do {
      _ = try SceneReader.decode(text, source: "s.scene.json")
      return nil
    } catch {
      return error.description
    }
  }

  @Test(arguments: [
    "ring", "a", "Z", "0", "_", "ring2", "ring.v2", "my_ring-2", "_hidden-not", "a..b", "a.",
    String(repeating: "n", count: 100),
  ])
  func portableNamesAreTaken(_ name: String) throws {
    #expect(FileStem.allows(name))
    #expect(message(try scene("ring", "\"\(name)\"")) == nil)
    #expect(message(try scene("spin", "\"\(name)\"")) == nil)
  }

  @Test(arguments: [
    (#""../package""#, #""../package""#),
    (#""..""#, #""..""#),
    (#"".""#, #"".""#),
    (#"".hidden""#, #"".hidden""#),
    (#""-rf""#, #""-rf""#),
    (#""a/b""#, #""a/b""#),
    (#""/abs/x""#, #""/abs/x""#),
    (#""a\\b""#, #""a\\b""#),
    (#""my ring""#, #""my ring""#),
    (#""ring:1""#, #""ring:1""#),
    (#""café""#, #""café""#),
    (#""a\nb""#, #""a\nb""#),
  ])
  func namesThatCannotBeFileNamesAreRefused(_ json: String, _ shown: String) throws {
    #expect(message(try scene("ring", json)) == "s.scene.json: name: \(Self.rule), got \(shown)")
    #expect(message(try scene("turn", json)) == "s.scene.json: clips[1].name: \(Self.rule), got \(shown)")
  }

  @Test func aNameOfMoreThan100BytesIsRefused() throws {
    let long = String(repeating: "n", count: 101)
    #expect(!FileStem.allows(long))
    // Strings of more than 64 bytes are not repeated in messages.
    #expect(message(try scene("ring", "\"\(long)\"")) == "s.scene.json: name: \(Self.rule), got a long string")
  }

  @Test func anEmptyNameIsStillRefusedAsEmpty() throws {
    #expect(!FileStem.allows(""))
    #expect(message(try scene("ring", #""""#)) == #"s.scene.json: name: expected a non-empty string, got """#)
  }

  @Test func everyPresetsNamesAreFileNames() {
    for name in Indicator.presetNames {
      let preset = Indicator.named(name)!
      #expect(FileStem.allows(preset.name))
      for clip in preset.clips { #expect(FileStem.allows(clip.name), "\(name) \(clip.name)") }
    }
  }
}
