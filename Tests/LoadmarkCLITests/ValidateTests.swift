import Foundation
import LoadmarkJSON
import Testing

/// `loadmark validate`: the reader's verdict, its messages and exit codes.
struct ValidateTests {
  /// A way to break a valid success document.
  struct Corruption: CustomTestStringConvertible, Sendable {
    var name: String
    var apply: @Sendable (String) -> String?
    var testDescription: String { name }
  }

  static let corruptions: [Corruption] = [
    Corruption(name: "truncated JSON") { String($0.prefix($0.count / 2)) },
    Corruption(name: "a track value replaced by \"x\"") {
      DocumentText.replacingFrame(13, ofTrack: "ring.sweep", in: $0, with: "\"x\"")
    },
    Corruption(name: "a track one value short") { DocumentText.droppingFrame(90, ofTrack: "check.opacity", in: $0) },
    Corruption(name: "an unknown version") { $0.replacingOccurrences(of: "\"version\":2", with: "\"version\":4") },
    Corruption(name: "not JSON at all") { _ in "loadmark" },
  ]

  @Test(arguments: corruptions)
  func aCorruptedFileIsBadDataWithTheReadersMessage(_ corruption: Corruption) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "success", "--tracks", "plain", "-o", "success.json").status == 0)
    let broken = try #require(corruption.apply(try sandbox.text("success.json")))
    try sandbox.write(broken, to: "broken.json")

    // Absolute paths, so that the reader here names the file as the tool does.
    let path = sandbox.path("broken.json")
    let expected = try #require(readerError(path))
    let result = try sandbox.run("validate", path)
    #expect(result.status == 65)
    #expect(result.standardError == "loadmark validate: \(expected.description)\n")
    #expect(result.standardOutput.isEmpty)
  }

  @Test func aTrackValueReplacedByTextIsReportedAtItsPath() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "success", "--tracks", "plain", "-o", "success.json").status == 0)
    let text = try sandbox.text("success.json")
    try sandbox.write(try #require(DocumentText.replacingFrame(13, ofTrack: "ring.sweep", in: text, with: "\"x\"")), to: "x.json")
    let result = try sandbox.run("validate", "x.json")
    #expect(result.status == 65)
    #expect(result.standardError == "loadmark validate: x.json: clips[0].tracks[\"ring.sweep\"][13]: expected a finite number, got \"x\"\n")
  }

  @Test func aMissingFileIsAnIOError() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("validate", "missing.json")
    #expect(result.status == 74)
    #expect(result.standardError == "loadmark validate: missing.json: cannot read \"missing.json\": No such file or directory\n")
  }

  @Test func validFilesAreReportedEvenWhenOthersFail() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "dots", "-o", "dots.json").status == 0)
    try sandbox.write("{", to: "broken.json")

    let mixed = try sandbox.run("validate", "dots.json", "missing.json", "broken.json")
    #expect(mixed.status == 65)
    #expect(mixed.output == "dots.json: ok (preset dots, 1 clip, 45 frames)\n")
    let errors = mixed.standardError.split(separator: "\n")
    #expect(errors.count == 2)
    #expect(errors.allSatisfy { $0.hasPrefix("loadmark validate: ") })

    let unreadableOnly = try sandbox.run("validate", "dots.json", "missing.json")
    #expect(unreadableOnly.status == 74)
  }

  @Test func aDirectoryCannotBeRead() throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path("folder"), withIntermediateDirectories: false)
    let result = try sandbox.run("validate", "folder")
    #expect(result.status == 74)
    #expect(result.standardError.hasPrefix("loadmark validate: folder: cannot read \"folder\": "))
  }

  /// The error the reader gives for the file at `path`, if any.
  private func readerError(_ path: String) -> DocumentError? {
    do {
      _ = try DocumentReader.read(path: path)
      return nil
    } catch {
      return error
    }
  }
}
