#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `loadmark` command: picks the subcommand, runs it, reports its error
/// on stderr as `loadmark <subcommand>: <message>`, and exits with its code.
@main
enum Loadmark {
  /// Every subcommand, in the order help lists them.
  static var subcommands: [any Subcommand.Type] {
    [
      ListCommand.self, ExportCommand.self, HTMLCommand.self, GalleryCommand.self, ValidateCommand.self,
      InfoCommand.self, DiffCommand.self, NewCommand.self, CompileCommand.self,
    ]
  }

  static func main() {
    exit(run(Array(CommandLine.arguments.dropFirst())).rawValue)
  }

  /// Runs the command line `arguments` (without the program name) and
  /// returns the exit code.
  static func run(_ arguments: [String]) -> ExitCode {
    guard let first = arguments.first else {
      Console.error(help)
      return .usage
    }
    switch first {
    case "--help", "-h", "help":
      return showHelp(topic: arguments.dropFirst().first)
    case "--version":
      return show("loadmark \(LoadmarkVersion.text)\n", as: "--version")
    default:
      guard let command = subcommands.first(where: { $0.name == first }) else {
        Console.message("loadmark: unknown subcommand \"\(first)\" (see loadmark --help)")
        return .usage
      }
      do {
        return try command.run(Array(arguments.dropFirst()))
      } catch {
        Console.message("loadmark \(command.name): \(error.message)")
        return error.exitCode
      }
    }
  }

  /// `loadmark help [SUBCOMMAND]`: the overview, or one subcommand's help.
  static func showHelp(topic: String?) -> ExitCode {
    let text: String
    if let topic {
      guard let command = subcommands.first(where: { $0.name == topic }) else {
        Console.message("loadmark help: unknown subcommand \"\(topic)\" (see loadmark --help)")
        return .usage
      }
      text = command.help
    } else {
      text = help
    }
    return show(text, as: "help")
  }

  /// Writes `text` to standard output for the command `name`.
  static func show(_ text: String, as name: String) -> ExitCode {
    do {
      try Console.output(text)
      return .success
    } catch {
      Console.message("loadmark help: \(error.message)")
      return error.exitCode
    }
  }

  /// The overview: usage, subcommands and exit codes.
  static var help: String {
    let rows = subcommands.map { ["  " + $0.name, $0.summary] }
    return """
      Usage: loadmark SUBCOMMAND [ARGUMENTS]
             loadmark help [SUBCOMMAND]
             loadmark --version

      Reproduces iOS Core Animation loading, success and error indicators and
      exports their precomputed frames as JSON documents, and as HTML pages
      that play them in a browser.

      Subcommands:\n
      """ + TextTable(rows: rows).text
      + "\nRun \"loadmark SUBCOMMAND --help\" for a subcommand's options.\n\n"
      + ExitCode.helpSection(ExitCode.allCases)
  }
}
