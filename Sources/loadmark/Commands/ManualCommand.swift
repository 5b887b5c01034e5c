/// `loadmark manual`: the manual page, in roff.
struct ManualCommand: Command {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "manual",
      abstract: "Write the manual page (roff) to standard output",
      usage: [""],
      discussion: """
        Writes loadmark(1), generated from the same definitions as --help: every
        subcommand with its usage, description, options and exit codes. Read it
        with "loadmark manual | man -l -", or install it as loadmark.1.
        """,
      exitCodes: [.success("the page was written"), .usage, .ioError("standard output could not be written")])
  }

  init(_ arguments: ParsedArguments) throws(CommandError) {
    if let operand = arguments.operands.first {
      throw .usage("unexpected argument \"\(operand)\" (manual takes none)")
    }
  }

  func run() throws(CommandError) -> ExitCode {
    try Console.output(ManualPage.text(Loadmark.configuration))
    return .success
  }
}
