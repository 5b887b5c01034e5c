/// `loadmark help`: the overview, or one subcommand's help.
struct HelpCommand: Command {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "help",
      abstract: "Show the overview, or a subcommand's help",
      usage: ["[SUBCOMMAND]"],
      discussion: """
        Prints the overview of every subcommand, or the help of SUBCOMMAND, which
        is what "loadmark SUBCOMMAND --help" prints.
        """,
      operands: [
        Operand("SUBCOMMAND", summary: "the subcommand to explain", completion: .subcommands)
      ],
      exitCodes: [.success("the help was printed"), .usage, .ioError("standard output could not be written")],
      examples: [
        Example("Show export's help, as loadmark export --help does", "help export"),
      ])
  }

  /// The subcommand asked about; nil for the overview.
  var topic: (any Command.Type)?

  init(_ arguments: ParsedArguments) throws(CommandError) {
    guard arguments.operands.count <= 1 else {
      throw .usage("unexpected argument \"\(arguments.operands[1])\" (help takes at most one SUBCOMMAND)")
    }
    guard let name = arguments.operands.first else { return }
    guard let command = Loadmark.configuration.subcommand(named: name) else {
      throw .usage(
        "unknown subcommand \"\(name)\"\(Suggestion.sentence(for: name, among: Loadmark.commandNames)) (see loadmark --help)")
    }
    topic = command
  }

  func run() throws(CommandError) -> ExitCode {
    try Console.output(topic.map { HelpText.command($0.configuration) } ?? HelpText.overview(Loadmark.configuration))
    return .success
  }
}

extension Loadmark {
  /// The subcommands' names, in help's order.
  static var commandNames: [String] {
    configuration.subcommands.map { $0.configuration.name }
  }
}
