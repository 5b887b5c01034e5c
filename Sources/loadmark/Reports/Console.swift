import LoadmarkSystem

/// The process's standard output and standard error.
///
/// Both are written unbuffered, whole text at a time, so that they interleave
/// in the order the tool writes them.
enum Console {
  /// Writes `text` to standard output. A failure (a full disk behind a
  /// redirection, a closed descriptor) is an I/O error: the output is lost.
  static func output(_ text: String) throws(CommandError) {
    do {
      try FileDescriptor.standardOutput.write(text)
    } catch {
      throw .io("cannot write to standard output: \(error.reason)")
    }
  }

  /// Writes `bytes` to standard output, as ``output(_:)`` writes text.
  static func output(bytes: [UInt8]) throws(CommandError) {
    do {
      try FileDescriptor.standardOutput.write(bytes)
    } catch {
      throw .io("cannot write to standard output: \(error.reason)")
    }
  }

  /// Whether standard output is a terminal, where bytes that are not text
  /// (a compiled scene, an image) would be garbage and may be commands.
  static var outputIsTerminal: Bool {
    FileDescriptor.standardOutput.isTerminal
  }

  /// Writes `text` to standard error. There is nowhere left to report a
  /// failure, so none is.
  static func error(_ text: String) {
    try? FileDescriptor.standardError.write(text)
  }

  /// Writes `line` to standard error as one line, every character a
  /// terminal could act on escaped (``TerminalText``): for messages, which
  /// quote names and values from documents and command lines.
  static func message(_ line: String) {
    error(TerminalText.escaped(line) + "\n")
  }
}
