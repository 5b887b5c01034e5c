import Foundation
import LoadmarkCore
import Testing

@testable import LoadmarkJSON

/// LoadmarkCore's JSON parser (the WebAssembly playground's) against Jansson
/// (the native reader's): for every text, the same tree, or the same message
/// at the same line and column. Texts are a list of one of each kind of
/// error and thousands of deterministic mutations of the presets' scenes.
struct ParserParityTests {
  /// What a parser makes of a text: a tree, or `line:column: message`.
  enum Outcome: Equatable, CustomStringConvertible {
    case tree(JSONTree)
    case error(String)

    static func == (a: Outcome, b: Outcome) -> Bool {
      switch (a, b) {
      case (.tree(let x), .tree(let y)): return x.isIdentical(to: y)
      case (.error(let x), .error(let y)): return x == y
      default: return false
      }
    }

    var description: String {
      switch self {
      case .tree: return "a tree"
      case .error(let text): return text
      }
    }
  }

  static func jansson(_ bytes: [UInt8]) -> Outcome {
    bytes.withUnsafeBytes { raw in
      do {
        return .tree(try JSONValue.parse(raw).tree(path: .root, depth: 1))
      } catch let error as JanssonError {
        guard case .parse(let line, let column, let text) = error else { return .error("\(error)") }
        return .error("\(line):\(column): \(text)")
      } catch {
        return .error("\(error)")
      }
    }
  }

  static func core(_ bytes: [UInt8]) -> Outcome {
    do {
      return .tree(try JSONTree.parse(bytes))
    } catch {
      return .error(error.text.string)
    }
  }

  /// One text for each message Jansson gives, and the places that decide a
  /// message's position and its `near` text.
  static let texts: [String] = [
    "", " ", "\n\n", "x", "1", "\"s\"", "nul", "{}x", "[] []", "{} 1", "[1] ,",
    "{\"a\" 1}", "{\"a\":1,}", "{\"a\":1 \"b\":2}", "{1:2}", "{\"a\":}", "{\"a\"", "{\"a\":1", "{", "[", "[1,", "[1,]",
    "[1 2]", "[,1]", "[tru]", "[truex]", "[true1]", "[nullx]", "[True]", "[-]", "[-a]", "[01]", "[00]", "[-01]", "[1.]",
    "[1.e5]", "[1.5e]", "[1e+]", "[1E-x]", "[.5]", "[+1]", "[1e400]", "[-1e400]", "[1e-400]", "[123456789012345678901234567890]",
    "[\"abc", "[\"abc\\", "[\"\\x\"]", "[\"\\u12\"]", "[\"\\u12g4\"]", "[\"\\uD800\"]", "[\"\\uDC00\"]",
    "[\"\\uD800\\u0041\"]", "[\"\\uD800x\"]", "[\"\\ud83d\\ude00\"]", "[\"\\u0000\"]", "{\"\\u0000\":1}", "{\"a\":1,\"a\":2}",
    "[\"tab\there\"]", "[\"new\nline\"]", "[\"a very long string before the newline\nhere\"]",
    "[\"\u{7F}\u{1F}\"]", "[\"é\"] x", "[é]", "[\"é\", ©]", "{\"é\":\n  [1,\n 2,, 3]}", "[1,\n\n  2\n  x]",
    "[\"\\uD83D\\uDE00\", 1] ]", "[[[[[[]]]]]]", "{\"a\":[{\"b\":{\"c\":[1,2,{\"d\":null}]}}]}", "\t[\r\n1\r\n]\r\n ",
    "[\"0123456789012345678\"", "[\"01234567890123456789\"", "[\"\\t0123456789\\u00e9\\n\"]",
    "[12345678901234567890123]x", "[-0, 0e0, 0.0E+00]", "[1.7976931348623157e309]",
  ]

  /// Texts that are not valid UTF-8 in different places.
  static let undecodable: [[UInt8]] = [
    [0x5B, 0x22, 0xC3, 0x22, 0x5D], [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], [0x5B, 0x22, 0xFF, 0x22, 0x5D],
    [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], [0x5B, 0x31, 0xFF, 0x5D], [0x5B, 0x80, 0x5D], [0x5B, 0x22, 0xC3, 0xA9, 0x80, 0x22, 0x5D],
    [0x5B, 0xC3, 0xA9, 0x80], [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D], [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D],
    [0x5B, 0x22, 0xE0, 0x80, 0xAF, 0x22, 0x5D], [0x7B, 0x0A, 0x20, 0x22, 0xF0, 0x9F, 0x98], [0x5B, 0x74, 0x72, 0xC3],
    [0x5B, 0x2D, 0xC3, 0xA9, 0x5D], [0x5B, 0x31, 0xE2, 0x82, 0xAC, 0x5D],
  ]

  @Test func everyKindOfErrorReadsAlike() {
    for text in Self.texts {
      let bytes = Array(text.utf8)
      #expect(Self.core(bytes) == Self.jansson(bytes), "\(text.debugDescription)")
    }
    for bytes in Self.undecodable {
      #expect(Self.core(bytes) == Self.jansson(bytes), "\(bytes)")
    }
  }

  /// The presets' scenes with one to three random edits each (a byte
  /// deleted, inserted, replaced, or the text cut short), 6,000 in all,
  /// from a fixed seed so that a failure reproduces.
  @Test func mutatedScenesReadAlike() throws {
    var generator = SplitMix64(seed: 0x5CE4E)
    let interesting = Array("{}[]:,\"\\ \n\t0123456789eE.+-tfnul/".utf8) + [0x7F, 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0xF0, 0xFF, 0x1F]
    var mismatches: [String] = []
    var errors = 0
    for name in Indicator.presetNames {
      let file = SceneReaderTests.root.appendingPathComponent("presets/\(name).scene.json")
      let original = [UInt8](try Data(contentsOf: file))
      for _ in 0..<1_200 {
        var bytes = original
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
          let at = Int.random(in: 0..<bytes.count, using: &generator)
          switch Int.random(in: 0..<4, using: &generator) {
          case 0: bytes.remove(at: at)
          case 1: bytes.insert(interesting.randomElement(using: &generator)!, at: at)
          case 2: bytes[at] = interesting.randomElement(using: &generator)!
          default: bytes.removeSubrange(at...)
          }
          if bytes.isEmpty { bytes = [0x7B] }
        }
        let native = Self.jansson(bytes)
        if case .error = native { errors += 1 }
        if Self.core(bytes) != native, mismatches.count < 5 {
          mismatches.append("\(String(decoding: bytes, as: UTF8.self).debugDescription): Jansson \(native), LoadmarkCore \(Self.core(bytes))")
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    // Most edits break the text: the comparison is mostly of messages.
    #expect(errors > 4_000)
  }
}

/// A small deterministic generator (SplitMix64), so that mutations repeat.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
