/// One command of `loadmark`, declared as swift-argument-parser declares
/// its commands: a configuration that says what it is and takes (from which
/// help, the manual page and shell completions are all generated), an
/// initializer that checks the parsed arguments into typed values, and a
/// `run` that does the work.
protocol Command: SendableMetatype {
  /// What the command is and takes.
  static var configuration: CommandConfiguration { get }

  /// Checks `arguments` into the command's values; the first problem is a
  /// usage error (exit 64) naming what is at fault.
  init(_ arguments: ParsedArguments) throws(CommandError)

  /// Does the work and returns the exit code; a thrown error carries its own.
  func run() throws(CommandError) -> ExitCode
}

extension Command {
  /// Parses `arguments` (those after the command's name), prints the help
  /// for `--help`, else checks and runs the command.
  static func main(_ arguments: [String]) throws(CommandError) -> ExitCode {
    let parsed = try ArgumentParser(configuration).parse(arguments)
    guard !parsed.helpRequested else {
      try Console.output(HelpText.command(configuration))
      return .success
    }
    return try Self(parsed).run()
  }
}

/// What a command is and takes: the one definition that parsing, help, the
/// manual page and the shell completions all read.
struct CommandConfiguration: Sendable {
  /// The word that selects it: `export`.
  var name: String
  /// One line for the overview and the manual's list.
  var abstract: String
  /// The usage lines after `loadmark <name>`; one empty line for none.
  var usage: [String]
  /// The paragraphs of help between the usage and the options.
  var discussion: String
  /// The operands, for the manual and completions.
  var operands: [Operand] = []
  /// The command's own options.
  var options: [Option] = []
  /// Options declared elsewhere and included here, each group under its
  /// own heading.
  var groups: [OptionGroup] = []
  /// The exit codes this command can return, with what each means here.
  var exitCodes: [ExitStatus]
  /// Command lines that show what it does: in its help, and gathered into
  /// the manual's EXAMPLES.
  var examples: [Example] = []

  /// Every option the parser accepts, `--help` aside: the command's own,
  /// then each group's.
  var allOptions: [Option] {
    options + groups.flatMap(\.options)
  }
}

/// A command line that help and the manual show, with what it does.
struct Example: Equatable, Sendable {
  /// What it does, as the line before it: `Draw the dots preset as a GIF`.
  var summary: String
  /// The arguments after `loadmark`, as typed in a shell.
  var arguments: String

  init(_ summary: String, _ arguments: String) {
    self.summary = summary
    self.arguments = arguments
  }

  /// The whole command line: `loadmark export dots --format gif -o dots.gif`.
  var commandLine: String { "loadmark " + arguments }
}

/// An exit code as one command's help explains it.
struct ExitStatus: Equatable, Sendable {
  var code: ExitCode
  var meaning: String

  init(_ code: ExitCode, _ meaning: String) {
    self.code = code
    self.meaning = meaning
  }

  /// 0, with what success means for the command.
  static func success(_ meaning: String) -> ExitStatus { ExitStatus(.success, meaning) }
  /// 64, the same for every command.
  static let usage = ExitStatus(.usage, "usage error: unknown option, or a missing, malformed or out-of-range value")
  /// 65, with what is invalid for the command.
  static func dataError(_ meaning: String) -> ExitStatus { ExitStatus(.dataError, "bad data: " + meaning) }
  /// 74, with what could not be read or written for the command.
  static func ioError(_ meaning: String) -> ExitStatus { ExitStatus(.ioError, "I/O error: " + meaning) }
}
