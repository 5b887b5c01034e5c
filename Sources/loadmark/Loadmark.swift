#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `loadmark` command: picks the subcommand, runs it, reports its error
/// on stderr as `loadmark <subcommand>: <message>`, and exits with its code.
@main
enum Loadmark {
  /// What the tool is, its version and its subcommands: with each
  /// subcommand's own configuration, everything help, the manual page and
  /// the completions say.
  static let configuration = ToolConfiguration(
    name: "loadmark",
    abstract: "Core Animation indicators as precomputed frames",
    discussion: """
      Reproduces iOS Core Animation loading, success and error indicators, and
      indicators of your own written as scenes, and exports their precomputed
      frames as JSON documents, SVG, PNG, sprite sheets, GIF, WebP and Lottie,
      and as HTML pages and a gallery that play them in a browser.
      """,
    version: LoadmarkVersion.text,
    subcommands: [
      ListCommand.self, ExportCommand.self, HTMLCommand.self, GalleryCommand.self, ValidateCommand.self,
      InfoCommand.self, DiffCommand.self, NewCommand.self, CompileCommand.self, HelpCommand.self,
      CompletionCommand.self, ManualCommand.self,
    ])

  /// `--version`: print the version.
  static let version = Option(flag: "--version", summary: "show the version")

  static func main() {
    exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
  }

  /// Runs the command line `arguments` (without the program name) and
  /// returns the exit code.
  static func run(_ arguments: [String]) -> ExitCode {
    guard let first = arguments.first else {
      Console.error(HelpText.overview(configuration))
      return .usage
    }
    let name: String
    let result: Result<ExitCode, CommandError>
    switch first {
    case Option.help.name, Option.help.shortName:
      name = "loadmark"
      result = Result { () throws(CommandError) in try HelpCommand.main([]) }
    case version.name:
      name = "loadmark"
      result = Result { () throws(CommandError) in
        try Console.output("loadmark \(LoadmarkVersion.text)\n")
        return .success
      }
    default:
      guard let command = configuration.subcommand(named: first) else {
        let isOption = first.hasPrefix("-")
        let named = isOption ? "option \(first)" : "subcommand \"\(first)\""
        let known = isOption ? [Option.help.name, version.name] : configuration.subcommands.map { $0.configuration.name }
        Console.message("loadmark: unknown \(named)\(Suggestion.sentence(for: first, among: known)) (see loadmark --help)")
        return .usage
      }
      name = "loadmark " + command.configuration.name
      result = Result { () throws(CommandError) in try command.main(Array(arguments.dropFirst())) }
    }
    switch result {
    case .success(let code):
      return code
    case .failure(let error):
      Console.message("\(name): \(error.message)")
      return error.exitCode
    }
  }
}

/// The whole tool: the configuration of `loadmark` itself.
struct ToolConfiguration: Sendable {
  /// The program's name.
  var name: String
  /// One line: what it is, for the manual's NAME.
  var abstract: String
  /// What it does, for the overview and the manual's DESCRIPTION.
  var discussion: String
  /// `MAJOR.MINOR.PATCH`.
  var version: String
  /// Every subcommand, in the order help lists them.
  var subcommands: [any Command.Type]

  /// The subcommand called `name`, if any.
  func subcommand(named name: String) -> (any Command.Type)? {
    subcommands.first { $0.configuration.name == name }
  }
}
