import Foundation

/// The process's standard output and standard error.
///
/// Both are written unbuffered, whole text at a time, so that they interleave
/// in the order the tool writes them.
enum Console {
  /// Writes `text` to standard output. A failure (a full disk behind a
  /// redirection, a closed descriptor) is an I/O error: the output is lost.
  static func output(_ text: String) throws(CommandError) {
    do {
      try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
    } catch {
      throw .io("cannot write to standard output: \(error.localizedDescription)")
    }
  }

  /// Writes `bytes` to standard output, as ``output(_:)`` writes text.
  static func output(bytes: [UInt8]) throws(CommandError) {
    do {
      try FileHandle.standardOutput.write(contentsOf: Data(bytes))
    } catch {
      throw .io("cannot write to standard output: \(error.localizedDescription)")
    }
  }

  /// Writes `text` to standard error. There is nowhere left to report a
  /// failure, so none is.
  static func error(_ text: String) {
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }

  /// Writes `line` to standard error as one line, every character a
  /// terminal could act on escaped (``TerminalText``): for messages, which
  /// quote names and values from documents and command lines.
  static func message(_ line: String) {
    error(TerminalText.escaped(line) + "\n")
  }
}
