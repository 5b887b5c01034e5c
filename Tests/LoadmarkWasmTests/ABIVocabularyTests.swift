import Foundation
import LoadmarkCore
import LoadmarkTestSupport
import LoadmarkWasmSupport
import Testing

// FormatVocabulary's marked-block check and update, for the ABI's blocks.
@testable import LoadmarkJSON
@testable import LoadmarkSceneWasm
@testable import LoadmarkWasm

/// The ABI's blocks (ABIVocabulary) are what Swift renders from the
/// constants the modules check against: the messages the modules compile,
/// the versions, statuses and ranges of the web package, and the tables of
/// docs/WASM.md. `LOADMARK_WRITE_VOCABULARY=1` rewrites them, which is what
/// tools/update-vocabulary does.
// Serialized: in write mode, two blocks of docs/WASM.md are rewritten one after the other.
@Suite("ABI vocabulary", .serialized)
struct ABIVocabularyTests {
  /// `block` rendered for `limits`, with FormatVocabulary's check.
  static func vocabulary(_ block: ABIVocabulary.Block, _ limits: ABIVocabulary.Limits = .init()) -> FormatVocabulary {
    FormatVocabulary(
      file: block.file, beginMarker: block.beginMarker, endMarker: block.endMarker, render: { block.render(limits) })
  }

  static func committed(_ file: String) throws -> String {
    try String(contentsOf: Repository.root.appendingPathComponent(file), encoding: .utf8)
  }

  @Test(arguments: ABIVocabulary.blocks.map(\.beginMarker))
  func theCommittedBlockIsWhatSwiftRenders(marker: String) throws {
    let block = try #require(ABIVocabulary.blocks.first { $0.beginMarker == marker })
    let vocabulary = Self.vocabulary(block)
    let url = Repository.root.appendingPathComponent(block.file)
    var source = try String(contentsOf: url, encoding: .utf8)
    if ProcessInfo.processInfo.environment["LOADMARK_WRITE_VOCABULARY"] == "1" {
      let updated = try #require(vocabulary.updating(source), "\(block.file) has no block \(marker)")
      if updated != source { try updated.write(to: url, atomically: true, encoding: .utf8) }
      source = updated
    }
    let staleness = vocabulary.staleness(of: source)
    #expect(staleness == nil, "\(staleness ?? "")")
  }

  /// Each limit changed in Swift leaves a committed block stale, at the line
  /// that states it: the blocks are made of the constants, not copied.
  @Test(arguments: [
    ("speeds", "web/src/wasm-abi.js", "export const SPEEDS = [0.01, 200]"),
    ("speeds", "Sources/LoadmarkWasm/WasmEngine.swift", "\"speed: expected a number from 0.01 to 200\""),
    ("speeds", "docs/WASM.md", "| `speed` | 0.01 to 200 (`IndicatorOptions.speeds`, the CLI's `--speed`) |"),
    ("maximumFPS", "web/src/wasm-abi.js", "export const MAX_FPS = 240"),
    ("maximumFPS", "Sources/LoadmarkWasm/WasmEngine.swift", "\"fps: expected a number above 0 and at most 240\""),
    ("maximumFPS", "docs/WASM.md", "| 6 | `fps` is not above 0 and at most 240 |"),
    ("maximumFrames", "docs/WASM.md", "| 8 | the clip would have more than 50,000 frames at that rate |"),
    ("maximumSide", "web/src/wasm-abi.js", "export const MAX_SIDE = 4096"),
    ("presetCount", "Sources/LoadmarkWasm/WasmEngine.swift", "\"preset: expected an index from 0 to 5\""),
    ("engineVersion", "web/loadmark-wasm.d.ts", "export const ABI_VERSION: 6"),
  ])
  func aChangedLimitLeavesTheBlockStale(limit: String, file: String, line: String) throws {
    var limits = ABIVocabulary.Limits()
    switch limit {
    case "speeds": limits.speeds = 0.01...200
    case "maximumFPS": limits.maximumFPS = 240
    case "maximumFrames": limits.maximumFrames = 50_000
    case "maximumSide": limits.maximumSide = 4096
    case "presetCount": limits.presetCount = 6
    default: limits.engineVersion = 6
    }
    let source = try Self.committed(file)
    let stale = ABIVocabulary.blocks.filter { $0.file == file }.compactMap {
      Self.vocabulary($0, limits).staleness(of: source)
    }
    let staleness = try #require(stale.first { $0.contains(line) }, "a block of \(file) states \(line): \(stale)")
    #expect(staleness.contains("of the vocabulary block is stale"), "\(staleness)")
    #expect(staleness.contains(line.trimmingCharacters(in: .whitespaces)), "\(staleness)")
    #expect(staleness.contains("Run tools/update-vocabulary."))
  }

  /// A hand edit inside a committed block is found, and updating puts the
  /// rendered block back.
  @Test(arguments: [
    ("web/src/wasm-abi.js", "export const SAMPLES = [2, 100000]", "export const SAMPLES = [2, 10000]"),
    ("web/src/wasm-abi.js", "export const BAD_OPTION = 2\n", "export const BAD_OPTION = 3\n"),
    ("docs/WASM.md", "| 12 | sampling", "| 13 | sampling"),
    ("Sources/LoadmarkWasm/WasmEngine.swift", "from 0 to 1048576", "from 0 to 1000000"),
    ("Sources/LoadmarkSceneWasm/WasmCompiler.swift", "from 0 to 1048576", "from 0 to 1000000"),
  ])
  func anEditedBlockIsStale(file: String, original: String, edited: String) throws {
    let source = try Self.committed(file)
    #expect(source.components(separatedBy: original).count == 2, "\(original) is in \(file) once")
    let perturbed = source.replacingOccurrences(of: original, with: edited)
    let blocks = ABIVocabulary.blocks.filter { $0.file == file }.map { Self.vocabulary($0) }
    #expect(blocks.compactMap { $0.staleness(of: perturbed) }.count == 1)
    var updated = perturbed
    for block in blocks { updated = try #require(block.updating(updated)) }
    #expect(updated == source)
  }

  /// Every status has a name and a meaning, and the scene compiler's
  /// statuses are the engine's of the same name, so that one table serves
  /// both modules.
  @Test func theStatusesAreOneList() {
    #expect(WasmEngine.Status.allCases.map(\.rawValue) == Array(0...12))
    #expect(Set(WasmEngine.Status.allCases.map(ABIVocabulary.name)).count == WasmEngine.Status.allCases.count)
    for (compiler, engine) in [(WasmCompiler.Status.ok, WasmEngine.Status.ok), (.badScene, .badScene), (.badLength, .badLength)] {
      #expect(compiler.rawValue == engine.rawValue)
      #expect(String(describing: compiler) == ABIVocabulary.name(of: engine))
    }
    let block = ABIVocabulary.javaScript.render(.init())
    #expect(block.contains("export const OK = 0\nexport const UNKNOWN_PRESET = 1\nexport const BAD_OPTION = 2\n"))
    #expect(block.contains("export const TOO_MANY_FRAMES = 8\n"))
    #expect(block.contains("export const UNSAMPLEABLE = 12\n"))
  }

  /// The figures docs/WASM.md's prose states about the ABI, from the same
  /// constants: its version, the input's and the output's caps.
  @Test func theDocumentStatesTheConstants() throws {
    let text = try Self.committed("docs/WASM.md")
    let limits = ABIVocabulary.Limits()
    let figures = [
      "## The engine's ABI (version \(limits.engineVersion))",
      "| `lm_abi_version() → i32` | \(limits.engineVersion) (",
      "## The scene compiler's ABI (version \(limits.compilerVersion))",
      "| `lmc_abi_version() → i32` | \(limits.compilerVersion) |",
      "reserves `length` bytes (0 to \(ABIVocabulary.prose(limits.maximumInput))) for a compiled scene",
      "holds at most \(ABIVocabulary.prose(limits.maximumValues)) Doubles",
      "(\((limits.maximumValues * 8) >> 20) MiB: a clip of",
      "The input buffer holds\nat most \(limits.maximumInput >> 20) MiB.",
      "It never holds fewer than \(OutputBuffer.minimumCount),",
    ]
    #expect(figures.filter { !text.contains($0) } == [], "docs/WASM.md states each")
  }

  /// Numbers are written as code reads them in the blocks, and with
  /// separators from 10,000 on in the docs' prose.
  @Test func numbersAreWrittenForTheirReaders() {
    #expect(ABIVocabulary.number(0.01) == "0.01")
    #expect(ABIVocabulary.number(1000.0) == "1000")
    #expect(ABIVocabulary.prose(1000.0) == "1000")
    #expect(ABIVocabulary.prose(10_000.0) == "10,000")
    #expect(ABIVocabulary.prose(4_194_304) == "4,194,304")
    #expect(ABIVocabulary.quoted("a \"b\" \\ c") == #""a \"b\" \\ c""#)
  }
}
