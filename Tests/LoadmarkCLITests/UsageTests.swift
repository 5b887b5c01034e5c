import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

@testable import loadmark

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
    Refusal(arguments: ["export", "success", "--color", "34c759"],
            message: "loadmark export: --color expects a color #rgb, #rrggbb, #rrggbbaa or a CSS color name such as teal, got \"34c759\""),
    // Decimal numbers only, spelled as JSON spells them.
    Refusal(arguments: ["export", "success", "--fps", "0x10"],
            message: "loadmark export: --fps expects a number from 1 to 1000, got \"0x10\""),
    Refusal(arguments: ["export", "success", "--fps", "0x1p3"],
            message: "loadmark export: --fps expects a number from 1 to 1000, got \"0x1p3\""),
    Refusal(arguments: ["export", "success", "--fps", "+60"],
            message: "loadmark export: --fps expects a number from 1 to 1000, got \"+60\""),
    Refusal(arguments: ["export", "success", "--fps", "060"],
            message: "loadmark export: --fps expects a number from 1 to 1000, got \"060\""),
    Refusal(arguments: ["export", "success", "--fps", ".5e2"],
            message: "loadmark export: --fps expects a number from 1 to 1000, got \".5e2\""),
    Refusal(arguments: ["export", "success", "--fps", "60."],
            message: "loadmark export: --fps expects a number from 1 to 1000, got \"60.\""),
    Refusal(arguments: ["export", "success", "--fps", " 60"],
            message: "loadmark export: --fps expects a number from 1 to 1000, got \" 60\""),
    Refusal(arguments: ["export", "success", "--scale", "nan"],
            message: "loadmark export: --scale expects a number above 0, got \"nan\""),
    Refusal(arguments: ["export", "success", "--progress-samples", "010"],
            message: "loadmark export: --progress-samples expects a whole number from 2 to 100000, got \"010\""),
    Refusal(arguments: ["export", "success", "--progress-samples", "+50"],
            message: "loadmark export: --progress-samples expects a whole number from 2 to 100000, got \"+50\""),
    Refusal(arguments: ["export", "success", "--progress-samples", "1e2"],
            message: "loadmark export: --progress-samples expects a whole number from 2 to 100000, got \"1e2\""),
    Refusal(arguments: ["export", "success", "--size", "0x10x10"],
            message: "loadmark export: --size expects a size WxH with sides above 0 and at most 10000, such as 100x100, got \"0x10x10\""),
    Refusal(arguments: ["diff", "a.json", "b.json", "--tolerance", "0x1p-4"],
            message: "loadmark diff: --tolerance expects a number 0 or above, got \"0x1p-4\""),
    // Colours: with #, or a CSS name.
    Refusal(arguments: ["export", "success", "--color", "#ggg"],
            message: "loadmark export: --color expects a color #rgb, #rrggbb, #rrggbbaa or a CSS color name such as teal, got \"#ggg\""),
    Refusal(arguments: ["export", "success", "--color", "transparent"],
            message: "loadmark export: --color expects a color #rgb, #rrggbb, #rrggbbaa or a CSS color name such as teal, got \"transparent\""),
    // Values that would round to nothing.
    Refusal(arguments: ["export", "success", "--line-width", "0.004"],
            message: "loadmark export: --line-width 0.004 rounds to 0 in a compact document, which keeps lengths to 0.01; give at least 0.005, or --precision full"),
    Refusal(arguments: ["export", "success", "--size", "0.004x10"],
            message: "loadmark export: these options give a success document that readers refuse: width: expected a number > 0 and ≤ 10000, got 0"),
    Refusal(arguments: ["export", "success", "--size", "10x10", "--scale", "2"],
            message: "loadmark export: --size and --scale cannot be used together: --size sets the scale that fits the canvas"),
    Refusal(arguments: ["export", "success", "--frames", "3"],
            // A near miss gets the option meant (issue 11's "did you mean").
            message: "loadmark export: unknown option --frames; did you mean --frame? (see loadmark export --help)"),
    Refusal(arguments: ["export", "success", "--bogus"],
            message: "loadmark export: unknown option --bogus (see loadmark export --help)"),
    Refusal(arguments: ["export", "success", "--fps", "30", "--fps=60"],
            message: "loadmark export: --fps is given more than once"),
    Refusal(arguments: ["export", "success", "-o"],
            message: "loadmark export: -o expects a file, a directory or - for standard output"),
    Refusal(arguments: ["export", "success", "-o", "a.json", "--output", "b.json"],
            message: "loadmark export: --output is given more than once"),
    Refusal(arguments: ["export", "--all=yes"],
            message: "loadmark export: --all takes no value"),
    Refusal(arguments: ["export"],
            message: "loadmark export: expects preset names, scene files or --all (presets: success, error, progress, dots, refresh)"),
    Refusal(arguments: ["export", "--all", "dots", "-o", "out/"],
            message: "loadmark export: --all cannot be combined with preset names"),
    Refusal(arguments: ["export", "success", "error"],
            message: "loadmark export: exporting 2 presets needs -o DIR, a directory to write them to"),
    Refusal(arguments: ["export", "--all", "-o", "-"],
            message: "loadmark export: -o - writes one indicator to standard output; for \(Indicator.builtInNames.count) indicators give -o DIR"),
    Refusal(arguments: ["export", "success", "dots", "-o", "both.json"],
            message: "loadmark export: -o both.json is not a directory; for 2 presets name an existing directory, or end the path with / to create it (-o both.json/)"),
    Refusal(arguments: ["export", "success", "--scale", "1000"],
            message: "loadmark export: these options give a success document that readers refuse: width: expected a number > 0 and ≤ 10000, got 50000"),
    Refusal(arguments: ["export", "progress", "--fps", "1000", "--speed", "0.01"],
            message: "loadmark export: with --fps and --speed, progress clips[0]: clip demo would have 210001 frames, more than the 100000 a document may hold; lower --fps or --progress-samples, or raise --speed"),
    Refusal(arguments: ["validate"], message: "loadmark validate: expects at least one FILE"),
    Refusal(arguments: ["info", "a.json", "b.json"], message: "loadmark info: expects one FILE, got 2"),
    Refusal(arguments: ["diff", "a.json"], message: "loadmark diff: expects two files A and B, got 1"),
    Refusal(arguments: ["diff", "a.json", "b.json", "--tolerance", "-0.5"],
            message: "loadmark diff: --tolerance expects a number 0 or above, got \"-0.5\""),
    Refusal(arguments: ["list", "a", "b"], message: "loadmark list: unexpected argument \"b\" (list takes at most one folder)"),
    Refusal(arguments: ["new", "a", "b"], message: "loadmark new: unexpected argument \"b\" (new takes at most one FILE)"),
    Refusal(arguments: ["compile", "success"],
            message: "loadmark compile: expects -o FILE or -o DIR: a compiled scene is bytes, not text for a terminal"),
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
    #expect(result.standardError == "loadmark export: unknown indicator \"spinner\"; known presets: success, error, progress, dots, refresh; the catalogue's \(Indicator.catalogueNames.count) indicators: loadmark list; or give the path of a scene file\n")
    for name in Indicator.presetNames {
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
      "--all", "--format F", "--fps N", "--size WxH", "--scale K", "--color COLOR", "--line-width W", "--speed S",
      "--progress-samples N", "--precision P", "--clip NAME", "--frame N", "--time S", "--progress P",
      "--background COLOR", "-o, --output PATH",
    ] {
      #expect(result.output.contains("  \(option) "), "\(option)")
    }
  }

  @Test func htmlHelpListsEveryOption() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["html", "--help"])
    for option in [
      "--fps N", "--size WxH", "--scale K", "--color COLOR", "--line-width W", "--speed S", "--progress-samples N",
      "--precision P", "--title T", "--label L", "--external", "-o, --output FILE",
    ] {
      #expect(result.output.contains("  \(option) "), "\(option)")
    }
  }

  @Test func galleryHelpListsEveryOption() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["gallery", "--help"])
    for option in ["--fps N", "--color COLOR", "--title T", "-o, --output DIR"] {
      #expect(result.output.contains("  \(option) "), "\(option)")
    }
  }
}

/// Option values that are accepted, and what they mean.
struct OptionValueTests {
  @Test func decimalsAreJSONNumbers() {
    for (text, value) in [("60", 60.0), ("0.5", 0.5), ("1e-4", 1e-4), ("2.5E3", 2500), ("-0.25", -0.25), ("0", 0), ("1E+2", 100)] {
      #expect(OptionValue.decimal(text) == value, "\(text)")
    }
    for text in ["+60", "0x10", "0x1p3", "010", ".5", "5.", "1e", "1e+", "inf", "nan", "", "-", " 1", "1 ", "1_000", "١٢"] {
      #expect(OptionValue.decimal(text) == nil, "\(text)")
    }
    #expect(OptionValue.decimal("1e999") == nil)
  }

  @Test func wholeNumbersHaveNoSignFractionOrLeadingZero() {
    #expect(OptionValue.wholeNumber("101") == 101)
    #expect(OptionValue.wholeNumber("0") == 0)
    #expect(OptionValue.wholeNumber("-5") == -5)
    for text in ["010", "+5", "5.0", "1e2", "0x10", "", "-"] {
      #expect(OptionValue.wholeNumber(text) == nil, "\(text)")
    }
  }

  @Test func colorsAreHexWithAHashOrCSSNames() {
    #expect(OptionValue.color("#0a84ff")?.hex == "#0a84ff")
    #expect(OptionValue.color("#FFF")?.hex == "#ffffff")
    #expect(OptionValue.color("#0a84ff80")?.hex == "#0a84ff80")
    // Values checked by hand against CSS Color 4's table; the whole table
    // was checked against Chromium's canvas parsing.
    #expect(OptionValue.color("teal")?.hex == "#008080")
    #expect(OptionValue.color("RebeccaPurple")?.hex == "#663399")
    #expect(OptionValue.color("lightgoldenrodyellow")?.hex == "#fafad2")
    #expect(OptionValue.color("grey")?.hex == OptionValue.color("gray")?.hex)
    #expect(Color.cssNameList.count == 148)
    for text in ["0a84ff", "#0a84f", "#0a84ff8", "transparent", "currentcolor", "rgb(0,0,0)", "#", ""] {
      #expect(OptionValue.color(text) == nil, "\(text)")
    }
  }

  @Test func aCSSNameExportsItsColor() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("export", "dots", "--color", "Teal")
    #expect(result.status == 0)
    #expect(result.output.contains(##""fill":"#008080""##))
  }

  @Test func aLineWidthThatRoundsToSomethingIsKept() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "success", "--line-width", "0.005").output.contains(#""lineWidth":0.01"#))
    #expect(try sandbox.run("export", "success", "--line-width", "0.004", "--precision", "full").output.contains(#""lineWidth":0.0040000000000000001"#))
  }
}
