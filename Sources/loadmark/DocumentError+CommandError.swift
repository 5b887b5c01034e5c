import LoadmarkJSON

extension DocumentError {
  /// Whether the file could not be read at all, as opposed to read and found
  /// invalid: the difference between exit 74 and exit 65.
  ///
  /// The reader reports both at `.file`, with the read failure's message
  /// starting "cannot read" (DocumentReader+File.swift); a file over the size
  /// limit was readable, so it counts as bad data.
  var isReadFailure: Bool {
    location == .file && message.hasPrefix("cannot read ")
  }

  /// The error as a subcommand reports it: the reader's message whole, with
  /// exit 74 for an unreadable file and 65 for an invalid one.
  var commandError: CommandError {
    isReadFailure ? .io(description) : .data(description)
  }
}
