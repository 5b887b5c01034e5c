import LoadmarkCore
import Testing

/// `loadmark list`.
struct ListTests {
  @Test func listsEveryPresetAndClipWithItsFrameCount() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["list"])
    #expect(result.status == 0)
    for name in Indicator.presetNames {
      let preset = try #require(Indicator.named(name))
      #expect(result.output.contains("\(name): \(preset.summary)\n"))
      for clip in preset.clips {
        #expect(result.output.contains(clip.summary), "\(name) \(clip.name)")
      }
    }
    let lines = result.output.split(separator: "\n").map(String.init)
    let successMain = try #require(lines.first { $0.hasPrefix("  main ") })
    #expect(successMain.split(separator: " ").prefix(6) == ["main", "time", "1.5", "s", "one-shot", "91"])
    let dotsLoop = try #require(lines.first { $0.hasPrefix("  loop ") })
    #expect(dotsLoop.contains(" loop  45 frames "))
    let progress = try #require(lines.first { $0.hasPrefix("  progress ") })
    #expect(progress.contains(" progress "))
    #expect(progress.contains(" 101 frames "))
  }

  /// A file is a wrong argument; a folder that is not there, a failed read.
  @Test func aFileIsNoFolderAndAMissingFolderIsNotFound() throws {
    let sandbox = try Sandbox()
    try sandbox.write("{}", to: "success")
    let file = try sandbox.run("list", "success")
    #expect(file.status == 64 && file.output == "")
    #expect(file.standardError == "loadmark list: \"success\" is not a folder (list takes a folder of scenes)\n")
    let missing = try sandbox.run("list", "nosuch")
    #expect(missing.status == 74 && missing.output == "")
    #expect(missing.standardError == "loadmark list: cannot list \"nosuch\": No such file or directory\n")
  }
}
