/// The text of `--help`, generated from the configurations: usage lines, a
/// description, each option section and the exit codes.
enum HelpText {
  /// The help of one command: `loadmark <name> --help`.
  static func command(_ configuration: CommandConfiguration) -> String {
    let usage = configuration.usage.enumerated().map { index, line in
      (index == 0 ? "Usage: " : "       ") + "loadmark \(configuration.name)" + (line.isEmpty ? "" : " " + line) + "\n"
    }
    var sections = [("Options", configuration.options + [Option.help])]
    sections += configuration.groups.map { ($0.title, $0.options) }
    return usage.joined() + "\n" + configuration.discussion + "\n\n" + optionSections(sections)
      + examples(configuration.examples) + exitCodes(configuration.exitCodes.map { ($0.code, $0.meaning) })
  }

  /// The "Examples" section: each summary, then its command line indented
  /// beneath it; nothing when there are none.
  private static func examples(_ examples: [Example]) -> String {
    guard !examples.isEmpty else { return "" }
    return "Examples:\n" + examples.map { "  \($0.summary):\n    \($0.commandLine)\n" }.joined() + "\n"
  }

  /// The overview: `loadmark --help`.
  static func overview(_ tool: ToolConfiguration) -> String {
    let rows = tool.subcommands.map { ["  " + $0.configuration.name, $0.configuration.abstract] }
    return """
      Usage: \(tool.name) SUBCOMMAND [ARGUMENTS]
             \(tool.name) help [SUBCOMMAND]
             \(tool.name) --version

      \(tool.discussion)

      Subcommands:

      """ + TextTable(rows: rows).text
      + "\nRun \"\(tool.name) SUBCOMMAND --help\" for a subcommand's options.\n\n"
      + optionSections([("Options", [Option.help, Loadmark.version])])
      + exitCodes(ExitCode.allCases.map { ($0, $0.meaning) })
  }

  /// Each section's heading and its options, one per line, the summaries of
  /// every section in one column.
  private static func optionSections(_ sections: [(title: String, options: [Option])]) -> String {
    let width = sections.flatMap(\.options).map(\.synopsis.count).max() ?? 0
    return sections.map { section in
      section.title + ":\n" + section.options.map { option in
        "  " + option.synopsis + String(repeating: " ", count: width - option.synopsis.count + 2) + option.summary + "\n"
      }.joined() + "\n"
    }.joined()
  }

  /// The "Exit codes" section.
  private static func exitCodes(_ codes: [(code: ExitCode, meaning: String)]) -> String {
    "Exit codes:\n" + TextTable(rows: codes.map { ["  \($0.code.rawValue)", $0.meaning] }).text
  }
}
