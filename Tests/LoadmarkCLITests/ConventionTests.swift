import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

@testable import loadmark

/// The conventions of the command-line tools people know, as issue 11 found
/// them missing: a version, "did you mean", help that lists each command's
/// own exit codes, `--quiet`, a progress line on terminals only, and `-` for
/// every input and output.
struct ConventionTests {
  @Test(arguments: [["--version"]])
  func theVersionIsPrinted(_ arguments: [String]) throws {
    let result = try Sandbox().run(arguments)
    #expect(result.status == 0)
    #expect(result.output == "loadmark \(LoadmarkVersion.text)\n")
    #expect(result.standardError == "")
    // The version is MAJOR.MINOR.PATCH, the one the docs give.
    let parts = LoadmarkVersion.text.split(separator: ".")
    #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
    #expect(LoadmarkVersion.text == "0.2.0")
  }

  @Test func helpNamesASubcommandAndTheOverviewShowsTheVersionOption() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("help", "diff").output == (try sandbox.run("diff", "--help")).output)
    #expect(try sandbox.run("help").output.contains("  --version   show the version\n"))
  }

  /// A mistyped name and the message that suggests the right one.
  @Test(arguments: [
    (["export", "success", "--fsp", "30"],
     "loadmark export: unknown option --fsp; did you mean --fps? (see loadmark export --help)"),
    (["export", "success", "--colour", "red"],
     "loadmark export: unknown option --colour; did you mean --color? (see loadmark export --help)"),
    (["diff", "a", "b", "--tolerence", "1"],
     "loadmark diff: unknown option --tolerence; did you mean --tolerance? (see loadmark diff --help)"),
    (["html", "success", "--ouput", "x.html"],
     "loadmark html: unknown option --ouput; did you mean --output? (see loadmark html --help)"),
    (["validate", "--jsno", "x.json"],
     "loadmark validate: unknown option --jsno; did you mean --json? (see loadmark validate --help)"),
    (["exprot", "success"], "loadmark: unknown subcommand \"exprot\"; did you mean export? (see loadmark --help)"),
    (["lsit"], "loadmark: unknown subcommand \"lsit\"; did you mean list? (see loadmark --help)"),
    (["--verison"], "loadmark: unknown option --verison; did you mean --version? (see loadmark --help)"),
    (["help", "valdate"], "loadmark help: unknown subcommand \"valdate\"; did you mean validate? (see loadmark --help)"),
    (["completion", "bsh"], "loadmark completion: unknown shell \"bsh\"; expects bash, zsh, fish; did you mean bash or zsh?"),
    // Values from a known list: presets, clips, and the options' fixed words.
    (["export", "sucess"],
     "loadmark export: unknown indicator \"sucess\"; known presets: success, error, progress, dots, refresh; the catalogue's \(Indicator.catalogueNames.count) indicators: loadmark list; or give the path of a scene file; did you mean success?"),
    (["html", "refrsh", "-o", "page.html"],
     "loadmark html: unknown indicator \"refrsh\"; known presets: success, error, progress, dots, refresh; the catalogue's \(Indicator.catalogueNames.count) indicators: loadmark list; or give the path of a JSON document or scene; did you mean refresh?"),
    (["compile", "Dots", "-o", "out/"],
     "loadmark compile: unknown indicator \"Dots\"; known presets: success, error, progress, dots, refresh; the catalogue's \(Indicator.catalogueNames.count) indicators: loadmark list; or give the path of a scene file; did you mean dots?"),
    (["export", "refresh", "--format", "svg", "--clip", "spn", "-o", "out/"],
     "loadmark export: refresh has no clip \"spn\"; its clips: pull, spin; did you mean spin?"),
    (["export", "success", "--format", "gfi"],
     "loadmark export: --format expects one of json, svg, png, sprite, gif, webp, lottie, got \"gfi\"; did you mean gif?"),
    (["export", "success", "--format", "SVG"],
     "loadmark export: --format expects one of json, svg, png, sprite, gif, webp, lottie, got \"SVG\"; did you mean svg?"),
    (["export", "success", "--precision", "ful"], "loadmark export: --precision expects compact or full, got \"ful\"; did you mean full?"),
    (["export", "success", "--tracks", "delta"], "loadmark export: --tracks expects deltas or plain, got \"delta\"; did you mean deltas?"),
    (["export", "success", "--color", "reed"],
     "loadmark export: --color expects a color #rgb, #rrggbb, #rrggbbaa or a CSS color name such as teal, got \"reed\"; did you mean red?"),
    (["gallery", "-o", "out", "--color", "gren"],
     "loadmark gallery: --color expects a color #rgb, #rrggbb, #rrggbbaa or a CSS color name such as teal, got \"gren\"; did you mean green or grey?"),
    (["export", "success", "--format", "svg", "--background", "nnoe"],
     "loadmark export: --background expects a color #rgb, #rrggbb, #rrggbbaa or a CSS color name, or none, got \"nnoe\"; did you mean none?"),
    // Nothing near, or several unknown names (one list of guesses would
    // not say which is for which): no guess.
    (["export", "sucess", "eror", "-o", "out/"],
     "loadmark export: unknown indicators \"sucess\", \"eror\"; known presets: success, error, progress, dots, refresh; the catalogue's \(Indicator.catalogueNames.count) indicators: loadmark list; or give the path of a scene file"),
    (["export", "success", "--precision", "high"], "loadmark export: --precision expects compact or full, got \"high\""),
    (["export", "success", "--xyz"], "loadmark export: unknown option --xyz (see loadmark export --help)"),
    (["render"], "loadmark: unknown subcommand \"render\" (see loadmark --help)"),
  ])
  func aNearMissGetsASuggestion(_ arguments: [String], _ message: String) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(arguments)
    #expect(result.status == 64)
    #expect(result.standardError == message + "\n")
    #expect(try sandbox.listing() == [])
  }

  @Test func suggestionsAreByEditDistance() {
    #expect(Suggestion.distance(Array("fsp"), Array("fps")) == 1)
    #expect(Suggestion.distance(Array("kitten"), Array("sitting")) == 3)
    #expect(Suggestion.distance(Array(""), Array("abc")) == 3)
    #expect(Suggestion.nearest(to: "--fsp", among: ["--fps", "--speed", "--size"]) == ["--fps"])
    #expect(Suggestion.nearest(to: "--sped", among: ["--fps", "--speed", "--size"]) == ["--speed"])
    #expect(Suggestion.nearest(to: "--out", among: ["--output", "--all"]) == ["--output"])
    #expect(Suggestion.nearest(to: "--pro", among: ["--progress", "--progress-samples"]) == [])
    #expect(Suggestion.nearest(to: "--x", among: ["--fps"]) == [])
    #expect(Suggestion.sentence(for: "fram", among: ["frame", "from"]) == "; did you mean frame or from?")
    // Case is not counted: a word in capitals is nearest its own spelling.
    #expect(Suggestion.nearest(to: "GIF", among: ["gif", "svg"]) == ["gif"])
    #expect(Suggestion.nearest(to: "--FPS", among: ["--fps", "--size"]) == ["--fps"])
    // One edit too many is no guess, even with nothing nearer.
    #expect(Suggestion.nearest(to: "spin", among: ["main"]) == [])
    #expect(Suggestion.nearest(to: "spn", among: ["pull", "spin"]) == ["spin"])
  }

  /// Each command's help lists the exit codes it can return and no other:
  /// before, every one listed diff's "differ" code and meaning.
  @Test(arguments: Loadmark.commandNames)
  func helpListsOnlyTheCommandsOwnExitCodes(_ command: String) throws {
    let help = try Sandbox().run(command, "--help").output
    let section = try #require(help.components(separatedBy: "Exit codes:\n").last)
    let listed = section.split(separator: "\n").compactMap { Int32($0.split(separator: " ").first ?? "") }
    let declared = try #require(Loadmark.configuration.subcommand(named: command)).configuration.exitCodes.map(\.code.rawValue)
    #expect(listed == declared)
    if command != "diff" {
      #expect(!listed.contains(1))
      #expect(!section.contains("diff"))
    }
  }

  /// Runs that end in each code a command can return.
  static let observedCodes: [(arguments: [String], status: Int32)] = [
    (["list", "folder"], Int32(65)),
    (["export", "broken.json"], 65),
    (["export", "missing.json"], 74),
    (["html", "broken.json", "-o", "page.html"], 65),
    (["gallery", "-o", "out", "--wasm", "broken.json"], 65),
    (["gallery", "-o", "out", "--wasm", "missing.wasm"], 74),
    (["validate", "broken.json"], 65),
    (["validate", "missing.json"], 74),
    (["info", "broken.json"], 65),
    (["diff", "dots.json", "broken.json"], 65),
    (["diff", "dots.json", "success.json"], 1),
    (["new", "deep/missing/ring.scene.json"], 74),
    (["compile", "broken.json", "-o", "out/"], 65),
    (["compile", "missing.json", "-o", "out/"], 74),
    ]

  /// Every code a command is seen to return is one its help lists.
  @Test(arguments: observedCodes)
  func everyCodeACommandReturnsIsInItsHelp(_ arguments: [String], _ status: Int32) throws {
    let sandbox = try Sandbox()
    try sandbox.write("{\"format\":", to: "broken.json")
    try FileManager.default.createDirectory(atPath: sandbox.path("folder"), withIntermediateDirectories: false)
    try sandbox.write("{\"format\":", to: "folder/bad.scene.json")
    #expect(try sandbox.run("export", "dots", "success", "-o", "./", "--quiet").status == 0)
    let result = try sandbox.run(arguments)
    #expect(result.status == status, "\(result.standardError)")
    let declared = try #require(Loadmark.configuration.subcommand(named: arguments[0])).configuration.exitCodes
    #expect(declared.contains { $0.code.rawValue == status })
  }

  @Test func quietWritesTheFilesAndSaysNothing() throws {
    let sandbox = try Sandbox()
    for arguments in [
      ["export", "--all", "-o", "json/", "--quiet"], ["export", "dots", "--format", "gif", "-o", "gif/", "-q"],
      ["html", "dots", "-o", "page.html", "-q"], ["new", "ring.scene.json", "-q"],
      ["compile", "ring.scene.json", "-o", "ring.lmscene", "--quiet"], ["gallery", "-o", "gallery", "--quiet"],
    ] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 0, "\(arguments)")
      #expect(result.standardError == "", "\(arguments)")
      #expect(result.standardOutput.isEmpty, "\(arguments)")
    }
    #expect(try sandbox.listing() == ["gallery", "gif", "json", "page.html", "ring.lmscene", "ring.scene.json"])
    #expect(try sandbox.listing("json").count == Indicator.builtInNames.count)
  }

  @Test func quietValidateAndDiffSayOnlyWhatIsWrong() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "dots", "success", "-o", "./", "-q").status == 0)
    try sandbox.write("{", to: "broken.json")
    let valid = try sandbox.run("validate", "--quiet", "dots.json", "success.json")
    #expect(valid.status == 0 && valid.output == "" && valid.standardError == "")
    let invalid = try sandbox.run("validate", "-q", "dots.json", "broken.json")
    #expect(invalid.status == 65 && invalid.output == "")
    #expect(invalid.standardError == "loadmark validate: broken.json:1:1: string or '}' expected near end of file\n")
    let same = try sandbox.run("diff", "-q", "dots.json", "dots.json")
    #expect(same.status == 0 && same.output == "" && same.standardError == "")
    let different = try sandbox.run("diff", "--quiet", "dots.json", "success.json")
    #expect(different.status == 1 && different.output == "" && different.standardError == "")
    let both = try sandbox.run("diff", "--quiet", "--json", "dots.json", "success.json")
    #expect(both.status == 64)
    #expect(both.standardError == "loadmark diff: --json and --quiet cannot be used together: one asks for a report, the other for none\n")
  }

  @Test func aLongBatchShowsProgressOnATerminal() throws {
    let sandbox = try Sandbox()
    let result = try PseudoTerminal.run(
      ["export", "--all", "--format", "png", "--frame", "0", "-o", "out/"], in: sandbox.url, terminal: .standardError)
    #expect(result.status == 0)
    // The presets' clips, then the catalogue's.
    let names = Indicator.builtInNames.flatMap { name in Indicator.named(name)!.clips.map { "\(name)-\($0.name)" } }
    #expect(names.prefix(8) == ["success-main", "error-main", "progress-demo", "progress-progress", "progress-done", "dots-loop", "refresh-pull", "refresh-spin"])
    let progress = names.enumerated().map { "\r" + "building \($0.offset + 1) of \(names.count): \($0.element).png\u{1b}[K" }.joined()
    // The line is rewritten in place, erased, then the files are reported.
    #expect(result.terminal.hasPrefix(progress + "\r\u{1b}[K" + "wrote out/success-main.png ("))
    #expect(result.terminal.components(separatedBy: "wrote ").count - 1 == names.count)
  }

  @Test func theGalleryShowsProgressOnATerminal() throws {
    let sandbox = try Sandbox()
    let result = try PseudoTerminal.run(["gallery", "-o", "out"], in: sandbox.url, terminal: .standardError)
    #expect(result.status == 0)
    // Every clip in SVG, GIF, WebP and a sprite sheet, and a Lottie file per
    // indicator (8 clips and 5 files for the presets alone).
    let clips = Indicator.builtInNames.flatMap { name in Indicator.named(name)!.clips.map { "\(name)-\($0.name)" } }
    let downloads = clips.count * 4 + Indicator.builtInNames.count
    #expect(result.terminal.hasPrefix("\rbuilding 1 of \(downloads): success-main.svg\u{1b}[K\rbuilding 2 of \(downloads): success-main.gif"))
    #expect(result.terminal.contains(
      "\rbuilding \(downloads) of \(downloads): \(clips.last!).sprite.png\u{1b}[K\r\u{1b}[Kwrote out/index.html ("))
  }

  @Test func noProgressWhenQuietOrNotATerminal() throws {
    let sandbox = try Sandbox()
    let quiet = try PseudoTerminal.run(
      ["export", "--all", "--format", "png", "--frame", "0", "-o", "out/", "--quiet"], in: sandbox.url, terminal: .standardError)
    #expect(quiet.status == 0 && quiet.terminal == "")
    let logged = try sandbox.run("export", "--all", "--format", "png", "--frame", "0", "-o", "out/")
    #expect(logged.status == 0)
    #expect(!logged.standardError.contains("building") && !logged.standardError.contains("\u{1b}"))
    #expect(logged.standardError.hasPrefix("wrote out/success-main.png ("))
    // JSON documents are quick: no progress even on a terminal.
    let json = try PseudoTerminal.run(["export", "--all", "-o", "json/"], in: sandbox.url, terminal: .standardError)
    #expect(json.status == 0 && !json.terminal.contains("building"))
  }

  @Test func exportAndCompileReadStandardInput() throws {
    let sandbox = try Sandbox()
    let dots = try sandbox.run("export", "dots").standardOutput
    let svg = try sandbox.run(["export", "-", "--format", "svg", "-o", "-"], input: dots)
    #expect(svg.status == 0)
    #expect(svg.standardOutput == (try sandbox.run("export", "dots", "--format", "svg")).standardOutput)
    // A document from standard input is named stdin in a directory.
    #expect(try sandbox.run(["export", "-", "-o", "out/"], input: dots).standardError == "wrote out/stdin.json (1119 bytes)\n")

    let starter = Data(NewCommand.starter.utf8)
    let scene = try sandbox.run(["export", "--scene", "-"], input: starter)
    #expect(scene.status == 0)
    #expect(try DocumentReader.decode(scene.output, source: "ring").preset == "ring")
    let compiled = try sandbox.run(["compile", "-", "-o", "-"], input: starter)
    #expect(compiled.status == 0)
    #expect(compiled.standardOutput == (try Repository.data("Tests/Fixtures/ring.lmscene")))
    #expect(try sandbox.listing() == ["out"])
  }

  @Test func newWritesStandardOutputForADash() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("new", "-")
    #expect(result.status == 0 && result.output == NewCommand.starter)
    #expect(try sandbox.listing() == [])
  }

  @Test func bytesAreNotWrittenToATerminal() throws {
    let sandbox = try Sandbox()
    let result = try PseudoTerminal.run(["compile", "success", "-o", "-"], in: sandbox.url, terminal: .standardOutput)
    #expect(result.status == 64)
    #expect(result.terminal == "")
    #expect(result.other == "loadmark compile: -o - writes bytes, not text, and standard output is a terminal; redirect it, or give -o FILE\n")
  }

  /// Export's images are refused by the same check, with or without `-o -`,
  /// before anything is read or drawn; text formats still reach a terminal.
  @Test func exportWritesNoImageToATerminal() throws {
    let sandbox = try Sandbox()
    for (arguments, format) in [
      (["export", "success", "--format", "gif"], "gif"),
      (["export", "success", "--format", "png", "--frame", "0", "-o", "-"], "png"),
      (["export", "dots", "--format", "webp", "-o", "-"], "webp"),
    ] {
      let result = try PseudoTerminal.run(arguments, in: sandbox.url, terminal: .standardOutput)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.terminal == "", "\(arguments)")
      #expect(
        result.other
          == "loadmark export: --format \(format) writes bytes, not text, and standard output is a terminal; redirect it, or give -o FILE\n")
    }
    // A sprite sheet is two files, never standard output, terminal or not.
    let sprite = try PseudoTerminal.run(["export", "success", "--format", "sprite"], in: sandbox.url, terminal: .standardOutput)
    #expect(sprite.status == 64 && sprite.terminal == "")
    #expect(sprite.other == "loadmark export: --format sprite writes a PNG and its JSON sidecar; give -o FILE.png or -o DIR\n")
    let svg = try PseudoTerminal.run(["export", "success", "--format", "svg"], in: sandbox.url, terminal: .standardOutput)
    #expect(svg.status == 0 && svg.other == "")
    #expect(svg.terminal == (try sandbox.run("export", "success", "--format", "svg")).output)
    #expect(try sandbox.listing() == [])
  }

  @Test func standardInputIsReadOnceEverywhere() throws {
    let sandbox = try Sandbox()
    for arguments in [["export", "-", "-", "-o", "out/"], ["export", "-", "--scene", "-"], ["compile", "-", "-", "-o", "out/"]] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.standardError.hasSuffix("- (standard input) is given more than once; it can be read only once\n"))
    }
  }

  @Test func anOutputThatIsAnInputIsRefusedByExportAndCompile() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "dots", "-o", "dots.json", "-q").status == 0)
    #expect(try sandbox.run("new", "ring.json", "-q").status == 0)
    let before = try sandbox.data("dots.json")
    for (arguments, message) in [
      (["export", "dots.json", "-o", "dots.json"], "output dots.json is the input dots.json"),
      (["export", "dots.json", "-o", "./"], "output ./dots.json is the input dots.json"),
      (["export", "dots.json", "--format", "lottie", "-o", "./dots.json"], "output ./dots.json is the input dots.json"),
    ] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.standardError == "loadmark export: \(message); write to another file\n")
    }
    let compile = try sandbox.run("compile", "ring.json", "-o", "ring.json")
    #expect(compile.status == 0)
    #expect(try sandbox.listing() == ["dots.json", "ring.json", "ring.lmscene"])
    #expect(try sandbox.data("dots.json") == before)
  }
}
