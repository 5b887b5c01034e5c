import Foundation
import LoadmarkCore
import LoadmarkTestSupport
@testable import LoadmarkJSON
import Testing

/// The vocabulary block of web/src/format.js is what Swift renders
/// (FormatVocabulary): one definition of the format's names and numbers for
/// both languages. `LOADMARK_WRITE_VOCABULARY=1` rewrites the block, which is
/// what tools/update-vocabulary does.
@Suite("Format vocabulary")
struct VocabularyTests {
  static let root = Repository.root

  @Test(arguments: FormatVocabulary.all.map(\.file))
  func theCommittedBlockIsWhatSwiftRenders(file: String) throws {
    let vocabulary = try #require(FormatVocabulary.all.first { $0.file == file })
    let url = Self.root.appendingPathComponent(file)
    var source = try String(contentsOf: url, encoding: .utf8)
    if ProcessInfo.processInfo.environment["LOADMARK_WRITE_VOCABULARY"] == "1" {
      let updated = try #require(vocabulary.updating(source), "\(file) has no vocabulary block")
      if updated != source { try updated.write(to: url, atomically: true, encoding: .utf8) }
      source = updated
    }
    let staleness = vocabulary.staleness(of: source)
    #expect(staleness == nil, "\(staleness ?? "")")
  }

  /// Each edit a stale block could have: the check sees it and names the line.
  @Test(arguments: [
    // A kind's tracks in another order.
    ("  path: [\"strokeStart\", \"strokeEnd\", \"opacity\"],", "  path: [\"strokeEnd\", \"strokeStart\", \"opacity\"],", 10),
    // A style default changed.
    ("miterLimit: 10 }", "miterLimit: 4 }", 49),
    // A limit changed.
    ("export const MAX_DECIMALS = 9", "export const MAX_DECIMALS = 10", 57),
    // A code's order: caps swapped.
    ("[\"butt\", \"round\", \"square\"]", "[\"round\", \"butt\", \"square\"]", 45),
  ])
  func anEditedBlockIsStale(original: String, edited: String, line: Int) throws {
    let vocabulary = FormatVocabulary.javaScript
    let source = vocabulary.render()
    #expect(source.components(separatedBy: original).count == 2, "\(original) is in the block once")
    let perturbed = source.replacingOccurrences(of: original, with: edited)
    let staleness = try #require(vocabulary.staleness(of: perturbed))
    #expect(staleness.contains("line \(line) of the vocabulary block is stale"), "\(staleness)")
    #expect(staleness.contains(edited.trimmingCharacters(in: .whitespaces)))
    // Updating puts the rendered block back and keeps what surrounds it.
    let file = "// before\n" + perturbed + "// after\n"
    #expect(vocabulary.updating(file) == "// before\n" + source + "// after\n")
  }

  /// Each code is the case's place in its declaration, so that the arrays of
  /// the block and `allCases[code]` (the compiled scene's reader) agree with
  /// the codes the WebAssembly description writes.
  @Test func codesAreTheDeclarationOrder() {
    func check<Choice: FormatCode>(_ type: Choice.Type) {
      #expect(type.allCases.map(\.code) == Array(type.allCases.indices), "\(type)")
    }
    check(FrameDocument.ShapeKind.self)
    check(FrameDocument.Role.self)
    check(FrameDocument.ClipIndex.self)
    check(LineCap.self)
    check(LineJoin.self)
    #expect(FrameDocument.Role.code(of: nil) == 0 && FrameDocument.Role.code(of: .surface) == 3)
  }

  /// The sums' limit is JavaScript's Number.MAX_SAFE_INTEGER, written as docs/FORMAT.md writes it.
  @Test func numbersAreWrittenAsJavaScriptReadsThem() {
    #expect(FormatVocabulary.number(10_000.0) == "10000")
    #expect(FormatVocabulary.number(9_007_199_254_740_991.0) == "2 ** 53 - 1")
    #expect(FormatVocabulary.number(4_294_967_295.0) == "4294967295")
    #expect(FormatVocabulary.number(0.25) == "0.25")
    #expect(FormatVocabulary.number(0.01) == "0.01")
  }

  @Test(arguments: FormatVocabulary.all.map(\.file))
  func aMissingLineOrMarkerIsStale(file: String) throws {
    let vocabulary = try #require(FormatVocabulary.all.first { $0.file == file })
    let source = vocabulary.render()
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let dropped = lines.enumerated().filter { $0.offset != 3 }.map(\.element).joined(separator: "\n")
    #expect(vocabulary.staleness(of: dropped)?.contains("line 4 of the vocabulary block is stale") == true)
    let unmarked = source.replacingOccurrences(of: vocabulary.endMarker, with: "// END")
    #expect(vocabulary.staleness(of: unmarked)?.contains("has no block") == true)
    #expect(vocabulary.updating(unmarked) == nil)
  }

  /// The block's values, read back from its text: the Swift definitions it
  /// renders, as docs/FORMAT.md states them.
  @Test func theBlocksStateTheFormat() {
    let block = FormatVocabulary.javaScript.render() + FormatVocabulary.types.render()
    for expected in [
      "export const FORMAT = \"loadmark\"",
      "export const VERSION = 3",
      "export const LOWEST_WRITTEN_VERSION = 2",
      "export const VERSIONS = [1, 2, 3]",
      "export const VERSION3_KINDS = {\n  polygon: [\"opacity\"],\n}",
      "export const TRANSFORM_TRACKS = [\"a\", \"b\", \"c\", \"d\", \"tx\", \"ty\"]",
      "export const IDENTITY = [1, 0, 0, 1, 0, 0]",
      "  polygon: [\"vertices\"],",
      "export const PERIODIC_FIELDS = [\"period\", \"values\"]",
      "export const MIN_VERTICES = 3",
      "export const MAX_VERTICES = 64",
      "  arc: [\"start\", \"sweep\", \"opacity\"],",
      "  dot: [\"scale\", \"opacity\"],",
      "  roundedRect: [\"rect\", \"cornerRadius\"],",
      "export const ROLES = [\"accent\", \"secondary\", \"surface\"]",
      "export const LINE_JOINS = [\"miter\", \"round\", \"bevel\"]",
      "export const STYLE_DEFAULTS = { lineWidth: 1, lineCap: \"butt\", lineJoin: \"miter\", miterLimit: 10 }",
      "export const MAX_FPS = 1000",
      "export const MAX_SIZE = 10000",
      "export const MAX_FRAMES = 100000",
      "export const MAX_RUNNING_SUM = 2 ** 53 - 1",
      "export const MIN_SPEED = 0.01",
      "export const MAX_SPEED = 100",
      "export type Kind = \"arc\" | \"path\" | \"dot\" | \"roundedRect\" | \"polygon\"",
      "export type LineCap = \"butt\" | \"round\" | \"square\"",
    ] {
      #expect(block.contains(expected + "\n"), "\(expected)")
    }
  }
}
