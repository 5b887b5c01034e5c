import Foundation
import LoadmarkTestSupport
import Testing

/// The costly corpus (Tests/Fixtures/costly-scenes): valid scenes whose
/// sampling is over a budget. `validate` refuses each exactly as `export`
/// does, with the clip's path and exit 65, since both sample at the
/// defaults; `compile` writes the image (the engine refuses to sample it,
/// status 12: tools/wasm/scene.test.mjs).
@Suite struct CostlySceneTests {
  static let corpus = Repository.root.appendingPathComponent("Tests/Fixtures/costly-scenes")

  struct Entry: Decodable {
    var clip: Int
    var message: String
  }

  static let entries: [String: Entry] = {
    struct Manifest: Decodable { var scenes: [String: Entry] }
    let data = try! Data(contentsOf: corpus.appendingPathComponent("messages.json"))
    return try! JSONDecoder().decode(Manifest.self, from: data).scenes
  }()

  static var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { $0.hasSuffix(".scene.json") }.sorted()
  }

  @Test func theManifestListsEveryScene() {
    #expect(Self.files == Self.entries.keys.sorted())
  }

  @Test(arguments: files)
  func validateRefusesWhatExportRefuses(_ file: String) throws {
    let sandbox = try Sandbox()
    let text = try String(contentsOf: Self.corpus.appendingPathComponent(file), encoding: .utf8)
    try sandbox.write(text, to: file)
    let entry = try #require(Self.entries[file])
    for arguments in [["validate", file], ["export", file, "-o", "out.json"]] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 65, "\(arguments)")
      #expect(result.standardError == "loadmark \(arguments[0]): \(file): \(entry.message)\n")
    }
    #expect(try sandbox.listing() == [file])
    // With --json, the field and the message apart.
    let report = try sandbox.run(["validate", "--json", file])
    #expect(String(decoding: report.standardOutput, as: UTF8.self).contains(#""field":"clips[\#(entry.clip)]""#))
    #expect(try sandbox.run(["compile", file, "-o", "out.lmscene"]).status == 0)
  }
}
