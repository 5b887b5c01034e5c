import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

/// The scene reader's two parsers (Jansson natively, LoadmarkCore's own in
/// WebAssembly) agree, and the presets compiled in are the files in presets/.
struct SceneReaderTests {
  static let root = Repository.root

  /// The tree Jansson reads, or nil when it refuses the text.
  func janssonTree(_ text: [UInt8]) -> JSONTree? {
    text.withUnsafeBytes { try? SceneReader.tree($0, source: "text") }
  }

  /// The tree LoadmarkCore's parser reads, or nil when it refuses the text.
  func coreTree(_ text: [UInt8]) -> JSONTree? {
    try? JSONTree.parse(text)
  }

  static let accepted: [String] = [
    #"{}"#, #"[]"#, #" [ 1 , 2 ] "#, #"{"a":{"b":[true,false,null]}}"#,
    #"[0, -0, 0.5, -2.5e3, 1E2, 1e-7, 123456789012345678901234567890, 0.30000000000000004]"#,
    #"[1.7976931348623157e308, 5e-324, 2.2250738585072011e-308, 2.2250738585072014e-308, 4.9406564584124654e-324]"#,
    #"[1e-400, 0.000000000000000000000000000000000000001, 9007199254740993, 0.1e1, 100e-2]"#,
    #"["plain", "esc\"aped\\\/\b\f\n\r\t", "\u00e9\u4e2d\ud83d\ude00", "é中😀", ""]"#,
    #"{"format": "loadmark-scene", "list": [[[[]]]]}"#,
  ]

  static let refused: [String] = [
    #"{"a": 1,}"#, #"[1,]"#, #"{"a": 1 // no comments"#, #"/* c */ {}"#, #"{"a": 1, "a": 2}"#, #"[01]"#, #"[.5]"#,
    #"[1.]"#, #"[NaN]"#, #"[Infinity]"#, #"[-]"#, #"[1e]"#, #"["\u0000"]"#, #"["\ud800"]"#, #"["\udc00x"]"#,
    "[\"tab\there\"]", #"["\x"]"#, #"1"#, #""string""#, #"{'a': 1}"#, #"[1e400]"#, #"[true false]"#, #"{"a" 1}"#,
    #"[nul]"#, #"[truex]"#, "", " ", #"[1] [2]"#, #"{"a":1}}"#, "[" + String(repeating: "[", count: 70) + String(repeating: "]", count: 71),
  ]

  @Test(arguments: accepted)
  func bothParsersReadTheSameTree(_ text: String) throws {
    let bytes = Array(text.utf8)
    let jansson = try #require(janssonTree(bytes), "Jansson refused \(text)")
    let core = try #require(coreTree(bytes), "LoadmarkCore refused \(text)")
    #expect(core.isIdentical(to: jansson), "\(text)")
  }

  @Test(arguments: refused)
  func bothParsersRefuse(_ text: String) {
    let bytes = Array(text.utf8)
    #expect(janssonTree(bytes) == nil, "Jansson read \(text)")
    #expect(coreTree(bytes) == nil, "LoadmarkCore read \(text)")
  }

  @Test func invalidUTF8IsRefusedByBoth() {
    for bytes: [UInt8] in [[0x5B, 0x22, 0xC3, 0x22, 0x5D], [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], [0x5B, 0x22, 0xFF, 0x22, 0x5D], [0xEF, 0xBB, 0xBF, 0x7B, 0x7D]] {
      #expect(janssonTree(bytes) == nil)
      #expect(coreTree(bytes) == nil)
    }
  }

  /// Numbers: the correctly rounded conversion of LoadmarkCore's parser
  /// against strtod (Jansson's, and Swift's `Double(String)`), on 4,000
  /// random decimals of 1 to 25 digits and exponents from −330 to 310, and
  /// on random Doubles printed with 17 digits.
  @Test func numbersConvertLikeStrtod() throws {
    var generator = SystemRandomNumberGenerator()
    var texts: [String] = []
    for _ in 0..<4_000 {
      let digits = Int.random(in: 1...25, using: &generator)
      var mantissa = String(Int.random(in: 1...9, using: &generator))
      for _ in 1..<digits { mantissa += String(Int.random(in: 0...9, using: &generator)) }
      let point = Int.random(in: 0...digits, using: &generator)
      let decimal = point == digits ? mantissa : String(mantissa.prefix(point)) + "." + String(mantissa.dropFirst(point))
      let text = (decimal.hasPrefix(".") ? "0" + decimal : decimal) + "e" + String(Int.random(in: -330...310, using: &generator))
      texts.append(text)
    }
    for _ in 0..<4_000 {
      let value = Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &generator))
      texts.append(String(format: "%.17g", value).replacingOccurrences(of: "inf", with: "1"))
    }
    var mismatches: [String] = []
    for text in texts {
      guard let expected = Double(text), expected.isFinite else { continue }
      let tree = try JSONTree.parse(Array("[\(text)]".utf8))
      guard case .array(let elements) = tree, case .number(let value) = elements[0] else {
        Issue.record("\(text) did not parse")
        continue
      }
      if value.bitPattern != expected.bitPattern { mismatches.append(text) }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func syntaxErrorsAreLocatedByLineAndCharacter() {
    // The column counts characters, as Jansson's does: "é" is one.
    let text = Array("{\n  \"é\": [1,\n 2,, 3]}".utf8)
    do {
      _ = try JSONTree.parse(text)
      Issue.record("parsed")
    } catch {
      #expect(error.location == .position(line: 3, column: 4))
      #expect(error.message.string == "unexpected token near ','")
    }
    #expect(janssonTree(text) == nil)
  }

  /// The scene texts compiled into LoadmarkCore are presets/*.scene.json
  /// without their comments, and read as the same presets.
  @Test(arguments: Indicator.presetNames)
  func compiledInScenesAreTheFiles(_ name: String) throws {
    let file = try Data(contentsOf: Self.root.appendingPathComponent("presets/\(name).scene.json"))
    let fromFile = try [UInt8](file).withUnsafeBytes { try SceneReader.tree($0, source: name) }
    let text = try #require(Indicator.sceneText(named: name))
    let compiled = try JSONTree.parse(Array(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)))
    #expect(compiled.isIdentical(to: Self.withoutComments(fromFile)), "presets/\(name).scene.json changed: run tools/update-presets")
    let preset = try SceneReader.read(path: Self.root.appendingPathComponent("presets/\(name).scene.json").path)
    #expect(preset.frames() == Indicator.named(name)!.frames())
  }

  static func withoutComments(_ tree: JSONTree) -> JSONTree {
    switch tree {
    case .object(let members):
      return .object(members.filter { $0.key != Array("comment".utf8) && $0.key != Array("$schema".utf8) }.map {
        JSONTree.Member(key: $0.key, value: withoutComments($0.value))
      })
    case .array(let elements):
      return .array(elements.map(withoutComments))
    default:
      return tree
    }
  }

  @Test func aSceneTooLargeIsRefusedBeforeParsing() {
    let text = "{\"format\": \"loadmark-scene\", \"pad\": \"" + String(repeating: "x", count: SceneReader.maximumFileSize) + "\"}"
    #expect(throws: DocumentError(
      source: "big", location: .file,
      message: "file is \(text.utf8.count) bytes; the limit is 1048576 (1 MiB)")) {
      try SceneReader.decode(text, source: "big")
    }
  }
}
