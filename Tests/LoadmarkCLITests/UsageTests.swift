import Foundation
import LoadmarkCore
import Testing

/// Help, and the exit code and exact message of every kind of usage error.
struct UsageTests {
  /// A command line the tool refuses, and its exact message on stderr.
  struct Refusal: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let refusals: [Refusal] = [
    Refusal(arguments: ["export", "success", "--fps", "abc"],
            message: "loadmark export: --fps expects a number from 1 to 1000, got \"abc\""),
    Refusal(arguments: ["export", "success", "--fps", "1001"],
            message: "loadmark export: --fps expects a number from 1 to 1000, got \"1001\""),
    Refusal(arguments: ["export", "success", "--fps"],
            message: "loadmark export: --fps expects a number from 1 to 1000"),
    Refusal(arguments: ["export", "success", "--size", "100"],
            message: "loadmark export: --size expects a size WxH with sides above 0 and at most 10000, such as 100x100, got \"100\""),
    Refusal(arguments: ["export", "success", "--size", "20000x10"],
            message: "loadmark export: --size expects a size WxH with sides above 0 and at most 10000, such as 100x100, got \"20000x10\""),
    Refusal(arguments: ["export", "success", "--scale", "-1"],
            message: "loadmark export: --scale expects a number above 0, got \"-1\""),
    Refusal(arguments: ["export", "success", "--line-width", "inf"],
            message: "loadmark export: --line-width expects a number above 0, got \"inf\""),
    Refusal(arguments: ["export", "success", "--speed", "0"],
            message: "loadmark export: --speed expects a number from 0.01 to 100, got \"0\""),
    Refusal(arguments: ["export", "success", "--progress-samples", "1"],
            message: "loadmark export: --progress-samples expects a whole number from 2 to 100000, got \"1\""),
    Refusal(arguments: ["export", "success", "--precision", "high"],
            message: "loadmark export: --precision expects compact or full, got \"high\""),
    Refusal(arguments: ["export", "success", "--color", "green"],
            message: "loadmark export: --color expects a color #rgb, #rrggbb or #rrggbbaa, got \"green\""),
    Refusal(arguments: ["export", "success", "--size", "10x10", "--scale", "2"],
            message: "loadmark export: --size and --scale cannot be used together: --size sets the scale that fits the canvas"),
    Refusal(arguments: ["export", "success", "--frames", "3"],
            message: "loadmark export: unknown option --frames (see loadmark export --help)"),
    Refusal(arguments: ["export", "success", "--fps", "30", "--fps=60"],
            message: "loadmark export: --fps is given more than once"),
    Refusal(arguments: ["export", "success", "-o"],
            message: "loadmark export: -o expects a file, a directory or - for standard output"),
    Refusal(arguments: ["export", "success", "-o", "a.json", "--output", "b.json"],
            message: "loadmark export: --output is given more than once"),
    Refusal(arguments: ["export", "--all=yes"],
            message: "loadmark export: --all takes no value"),
    Refusal(arguments: ["export"],
            message: "loadmark export: expects preset names or --all (presets: success, error, progress, dots, refresh)"),
    Refusal(arguments: ["export", "--all", "dots", "-o", "out/"],
            message: "loadmark export: --all cannot be combined with preset names"),
    Refusal(arguments: ["export", "success", "error"],
            message: "loadmark export: exporting 2 presets needs -o DIR, a directory to write them to"),
    Refusal(arguments: ["export", "--all", "-o", "-"],
            message: "loadmark export: -o - writes one preset to standard output; for 5 presets give -o DIR"),
    Refusal(arguments: ["export", "success", "dots", "-o", "both.json"],
            message: "loadmark export: -o both.json is not a directory; for 2 presets name an existing directory, or end the path with / to create it (-o both.json/)"),
    Refusal(arguments: ["export", "success", "--scale", "1000"],
            message: "loadmark export: these options give a success document that readers refuse: width: expected a number > 0 and ≤ 10000, got 50000"),
    Refusal(arguments: ["export", "progress", "--fps", "1000", "--speed", "0.01"],
            message: "loadmark export: progress clip demo would have 210001 frames, more than the 100000 a document may hold; lower --fps or --progress-samples, or raise --speed"),
    Refusal(arguments: ["validate"], message: "loadmark validate: expects at least one FILE"),
    Refusal(arguments: ["info", "a.json", "b.json"], message: "loadmark info: expects one FILE, got 2"),
    Refusal(arguments: ["diff", "a.json"], message: "loadmark diff: expects two files A and B, got 1"),
    Refusal(arguments: ["diff", "a.json", "b.json", "--tolerance", "-0.5"],
            message: "loadmark diff: --tolerance expects a number 0 or above, got \"-0.5\""),
    Refusal(arguments: ["list", "success"], message: "loadmark list: unexpected argument \"success\" (list takes no arguments)"),
    Refusal(arguments: ["render"], message: "loadmark: unknown subcommand \"render\" (see loadmark --help)"),
    Refusal(arguments: ["help", "render"], message: "loadmark help: unknown subcommand \"render\" (see loadmark --help)"),
  ]

  @Test(arguments: refusals)
  func refusedWithUsageError(_ refusal: Refusal) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(refusal.arguments)
    #expect(result.status == 64)
    #expect(result.standardError == refusal.message + "\n")
    #expect(result.standardOutput.isEmpty)
    #expect(try sandbox.listing() == [])
  }

  @Test func unknownPresetsAreListedWithTheKnownOnes() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("export", "success", "spinner", "-o", "out/")
    #expect(result.status == 64)
    #expect(result.standardError == "loadmark export: unknown preset \"spinner\"; known presets: success, error, progress, dots, refresh\n")
    for name in Preset.names {
      #expect(result.standardError.contains(name))
    }
    #expect(try sandbox.listing() == [])
  }

  @Test func aFailingPresetStopsTheExportBeforeAnyFileIsWritten() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("export", "success", "progress", "--fps", "1000", "--speed", "0.01", "-o", "out/")
    #expect(result.status == 64)
    #expect(try sandbox.listing() == [])
  }

  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func overviewListsEverySubcommand(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(arguments)
    #expect(result.status == 0)
    #expect(result.standardError == "")
    for subcommand in ["list", "export", "html", "gallery", "validate", "info", "diff"] {
      #expect(result.output.contains("\n  \(subcommand) "), "\(subcommand)")
    }
    for code in ["0", "1", "64", "65", "74"] {
      #expect(result.output.contains("\n  \(code) "), "exit code \(code)")
    }
  }

  @Test func versionIsThePackagesVersion() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["--version"])
    let manifest = try JSONSerialization.jsonObject(with: try Repository.data("web/package.json")) as? [String: Any]
    let version = try #require(manifest?["version"] as? String)
    #expect(version == "0.2.0")
    #expect(result.status == 0)
    #expect(result.output == "loadmark \(version)\n")
    #expect(result.standardError == "")
  }

  @Test func noArgumentsPrintsTheOverviewAsAUsageError() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run([])
    #expect(result.status == 64)
    #expect(result.standardError.hasPrefix("Usage: loadmark SUBCOMMAND"))
    #expect(result.standardOutput.isEmpty)
  }

  @Test(arguments: ["list", "export", "html", "gallery", "validate", "info", "diff"])
  func everySubcommandHasHelp(_ subcommand: String) throws {
    let sandbox = try Sandbox()
    let viaOption = try sandbox.run(subcommand, "--help")
    let viaHelp = try sandbox.run("help", subcommand)
    #expect(viaOption.status == 0)
    #expect(viaOption.output.hasPrefix("Usage: loadmark \(subcommand)"))
    #expect(viaOption.output.contains("Exit codes:\n"))
    #expect(viaOption.output.contains("-h, --help"))
    #expect(viaHelp.standardOutput == viaOption.standardOutput)
  }

  @Test func exportHelpListsEveryOption() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["export", "--help"])
    for option in [
      "--all", "--fps N", "--size WxH", "--scale K", "--color HEX", "--line-width W", "--speed S",
      "--progress-samples N", "--precision P", "-o, --output PATH",
    ] {
      #expect(result.output.contains("  \(option) "), "\(option)")
    }
  }

  @Test func htmlHelpListsEveryOption() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["html", "--help"])
    for option in [
      "--fps N", "--size WxH", "--scale K", "--color HEX", "--line-width W", "--speed S", "--progress-samples N",
      "--precision P", "--title T", "--label L", "--external", "-o, --output FILE",
    ] {
      #expect(result.output.contains("  \(option) "), "\(option)")
    }
  }

  @Test func galleryHelpListsEveryOption() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["gallery", "--help"])
    for option in ["--fps N", "--color HEX", "--title T", "-o, --output DIR"] {
      #expect(result.output.contains("  \(option) "), "\(option)")
    }
  }
}
