import Foundation
import LoadmarkCore
import LoadmarkJSON
import Testing

/// The shared corpus of invalid documents, Tests/Fixtures/invalid: each file
/// is Tests/Fixtures/valid/base.json (version 2), base-v1.json or base-v3.json
/// with one thing broken, and
/// `cases.json` gives the path and message the reader reports for it. The
/// web player's decoder reads the same files against the same paths
/// (web/test/corpus.test.mjs), so both sides reject every one alike.
@Suite("Invalid corpus")
struct InvalidCorpusTests {
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
  static let corpus = fixtures.appendingPathComponent("invalid")

  /// One case of the corpus.
  struct Case: Sendable, CustomTestStringConvertible {
    var file: String
    /// The path of the value at fault; empty for the root object.
    var path: String
    var message: String
    var testDescription: String { file }
  }

  static let cases: [Case] = {
    guard let data = FileManager.default.contents(atPath: corpus.appendingPathComponent("cases.json").path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: String]]
    else { return [] }
    return object.keys.sorted().map { file in
      Case(file: file, path: object[file]?["path"] ?? "", message: object[file]?["message"] ?? "")
    }
  }()

  @Test("the manifest lists every file of the corpus, and the corpus is not empty")
  func manifestIsComplete() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
      .filter { $0.hasSuffix(".json") && $0 != "cases.json" }
    #expect(files.sorted() == Self.cases.map(\.file))
    #expect(Self.cases.count >= 80)
  }

  @Test("the documents the cases break are valid, and mean the same but for version 2's additions")
  func baseIsValid() throws {
    let base = try DocumentReader.read(path: Self.fixtures.appendingPathComponent("valid/base.json").path)
    let version1 = try DocumentReader.read(path: Self.fixtures.appendingPathComponent("valid/base-v1.json").path)
    #expect(base.layers.map { $0.role } == [.accent, nil, nil, .surface])
    #expect(version1.layers.map { $0.role } == [.accent, nil, nil, nil])
    #expect(base.clips[1].domain == ProgressDomain(lower: 0, upper: 2, repeatFrom: 1))
    #expect(base.clips[1].finish == "success")
    #expect(base.clips.map(\.tracks) == version1.clips.map(\.tracks))
  }

  @Test("each invalid document is refused at its path with its message", arguments: cases)
  func refused(_ entry: Case) throws {
    let path = Self.corpus.appendingPathComponent(entry.file).path
    let error = try #require(throws: DocumentError.self) { try DocumentReader.read(path: path) }
    #expect(error.location == (entry.path.isEmpty ? .file : .field(entry.path)))
    #expect(error.message == entry.message)
  }
}
