import Foundation
import Testing

/// Failed exports leave existing files untouched and no temporary files.
struct AtomicOutputTests {
  @Test func aRejectedOptionLeavesTheExistingFileAlone() throws {
    let sandbox = try Sandbox()
    try sandbox.write("previous contents\n", to: "existing.json")
    let export = try sandbox.run("export", "success", "--color", "#12345", "-o", "existing.json")
    #expect(export.status == 64)
    #expect(export.standardError == "loadmark export: --color expects a color #rgb, #rrggbb or #rrggbbaa, got \"#12345\"\n")
    #expect(try sandbox.text("existing.json") == "previous contents\n")
    #expect(try sandbox.listing() == ["existing.json"])
  }

  @Test func aSuccessfulExportReplacesTheFileAndLeavesNoTemporaryFile() throws {
    let sandbox = try Sandbox()
    try sandbox.write("previous contents\n", to: "existing.json")
    #expect(try sandbox.run("export", "success", "-o", "existing.json").status == 0)
    #expect(try sandbox.text("existing.json").hasPrefix("{\"format\":\"loadmark\""))
    #expect(try sandbox.listing() == ["existing.json"])
  }

  @Test func anUnwritableLocationIsAnIOErrorAndCreatesNothing() throws {
    let sandbox = try Sandbox()
    let export = try sandbox.run("export", "success", "-o", "/proc/loadmark.json")
    #expect(export.status == 74)
    #expect(export.standardError.hasPrefix("loadmark export: /proc/loadmark.json: open: "))
    #expect(!FileManager.default.fileExists(atPath: "/proc/loadmark.json"))
    let procEntries = try FileManager.default.contentsOfDirectory(atPath: "/proc")
    #expect(!procEntries.contains { $0.hasPrefix(".loadmark.json.tmp") })
    #expect(try sandbox.listing() == [])
  }

  @Test func aMissingParentDirectoryIsAnIOError() throws {
    let sandbox = try Sandbox()
    let export = try sandbox.run("export", "success", "-o", "missing/success.json")
    #expect(export.status == 74)
    #expect(export.standardError == "loadmark export: missing/success.json: open: No such file or directory\n")
    #expect(try sandbox.listing() == [])
  }

  @Test func aFailedRenameKeepsTheTargetAndRemovesTheTemporaryFile() throws {
    // A directory in the way of the target: staging succeeds, rename fails.
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path("out/dots.json"), withIntermediateDirectories: true)
    try sandbox.write("keep\n", to: "out/dots.json/inside")
    let export = try sandbox.run("export", "dots", "-o", "out/")
    #expect(export.status == 74)
    #expect(export.standardError.hasPrefix("loadmark export: out/dots.json: rename: "))
    #expect(try sandbox.listing("out") == ["dots.json"])
    #expect(try sandbox.text("out/dots.json/inside") == "keep\n")
  }
}
