import LoadmarkJSON
import LoadmarkSystem

extension DocumentError {
  /// The error as a command reports it: the reader's message whole, with
  /// exit 74 when the file could not be read at all (the reader says which
  /// system call failed) and 65 when it was read and is invalid, or too large.
  var commandError: CommandError {
    readFailure != nil ? .io(description) : .data(description)
  }
}

extension SystemCallError {
  /// The error as a command reports it: `<path>: <call>: <reason>`, exit 74.
  var commandError: CommandError {
    .io(description)
  }
}
