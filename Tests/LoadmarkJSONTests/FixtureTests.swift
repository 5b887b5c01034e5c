import Foundation
import LoadmarkCore
import LoadmarkJSON
import Testing

/// Tests/Fixtures holds each preset's compact document on its scene's canvas
/// (the library's default, `loadmark export --canvas scene`), which the Node
/// tests of the web player read; they must be what the exporter writes:
/// the writer's text, and the newline `loadmark export` ends a file with.
struct FixtureTests {
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  @Test(arguments: Indicator.presetNames)
  func fixtureIsTheCurrentExport(_ name: String) throws {
    let written = try String(contentsOf: Self.fixtures.appendingPathComponent("\(name).json"), encoding: .utf8)
    let expected = DocumentWriter.encode(Indicator.named(name)!.frames()) + "\n"
    #expect(written == expected, "Tests/Fixtures/\(name).json is stale: run tools/update-fixtures")
  }
}
