/// Why a subcommand stopped: the message for stderr and the exit code.
///
/// The message leaves out the `loadmark <subcommand>: ` prefix, which the
/// dispatcher adds so that every error names the subcommand the same way.
struct CommandError: Error, Equatable {
  var exitCode: ExitCode
  var message: String
  /// For invalid data at a known place: the path of the value at fault and
  /// the message without the file and path, as `--json` reports give them.
  var field: String? = nil
  var detail: String? = nil

  /// A wrong command line (exit 64).
  static func usage(_ message: String) -> CommandError {
    CommandError(exitCode: .usage, message: message)
  }

  /// Invalid data (exit 65).
  static func data(_ message: String) -> CommandError {
    CommandError(exitCode: .dataError, message: message)
  }

  /// Invalid data in `file` at `field` (exit 65): `file: field: detail`.
  static func data(_ file: String, field: String, _ detail: String) -> CommandError {
    CommandError(exitCode: .dataError, message: "\(file): \(field): \(detail)", field: field, detail: detail)
  }

  /// A failed read or write (exit 74).
  static func io(_ message: String) -> CommandError {
    CommandError(exitCode: .ioError, message: message)
  }
}
