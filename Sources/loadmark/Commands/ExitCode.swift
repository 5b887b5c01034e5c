/// The status the tool exits with, following `sysexits.h` where one fits.
enum ExitCode: Int32, CaseIterable, Sendable {
  /// Everything worked; for `diff`, the documents match within the tolerance.
  case success = 0
  /// `diff` only: the documents differ.
  case differences = 1
  /// The command line is wrong (`EX_USAGE`).
  case usage = 64
  /// An input document is not a valid Loadmark document (`EX_DATAERR`).
  case dataError = 65
  /// A file could not be read or written (`EX_IOERR`).
  case ioError = 74

  /// One line for the overview's help, which covers every command.
  var meaning: String {
    switch self {
    case .success: return "success (diff: the documents match within the tolerance)"
    case .differences: return "diff: the documents differ"
    case .usage: return "usage error: unknown subcommand or option, missing, malformed or out-of-range value"
    case .dataError: return "bad data: a document is not valid"
    case .ioError: return "I/O error: a file could not be read or written"
    }
  }
}
