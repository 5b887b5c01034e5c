/// Why a subcommand stopped: the message for stderr and the exit code.
///
/// The message leaves out the `loadmark <subcommand>: ` prefix, which the
/// dispatcher adds so that every error names the subcommand the same way.
struct CommandError: Error, Equatable {
  var exitCode: ExitCode
  var message: String

  /// A wrong command line (exit 64).
  static func usage(_ message: String) -> CommandError {
    CommandError(exitCode: .usage, message: message)
  }

  /// Invalid data (exit 65).
  static func data(_ message: String) -> CommandError {
    CommandError(exitCode: .dataError, message: message)
  }

  /// A failed read or write (exit 74).
  static func io(_ message: String) -> CommandError {
    CommandError(exitCode: .ioError, message: message)
  }
}
