/// One subcommand of `loadmark`: its name, its help and what it does.
protocol Subcommand {
  /// The word that selects it: `export`.
  static var name: String { get }
  /// One line for `loadmark --help`.
  static var summary: String { get }
  /// The full text of `loadmark <name> --help`.
  static var help: String { get }

  /// Runs with the arguments after the subcommand's name and returns the
  /// exit code; a thrown error carries its own.
  static func run(_ arguments: [String]) throws(CommandError) -> ExitCode
}

extension Subcommand {
  /// The arguments parsed by `parser`, or nil once the help has been printed
  /// because `--help` was given.
  static func parse(_ arguments: [String], with parser: ArgumentParser) throws(CommandError) -> ArgumentParser.Arguments? {
    let parsed = try parser.parse(arguments)
    guard !parsed.helpRequested else {
      try Console.output(help)
      return nil
    }
    return parsed
  }

  /// A help text: usage lines, a description, the options and exit codes.
  static func helpText(usage: [String], about: String, parser: ArgumentParser, exitCodes: [ExitCode]) -> String {
    let usageLines = usage.enumerated().map { index, line in
      (index == 0 ? "Usage: " : "       ") + "loadmark \(name)" + (line.isEmpty ? "" : " " + line) + "\n"
    }
    return usageLines.joined() + "\n" + about + "\n\n" + parser.optionsHelp + "\n" + ExitCode.helpSection(exitCodes)
  }
}
