import LoadmarkSystem

/// How far a long batch has got, on one line of a terminal: `building 3 of
/// 40: success-main.gif`, rewritten in place as each item starts and erased
/// when the batch is done.
///
/// It is written to standard error only when standard error is a terminal
/// and the command is not `--quiet`: a log, a pipe or CI gets nothing, so
/// their output is the same as before.
final class ProgressLine {
  /// The items in the batch.
  private let total: Int
  /// The items started so far.
  private var started = 0
  /// Where the line goes; nil when it is not shown.
  private let terminal: FileDescriptor?
  /// The widest line the terminal shows without wrapping.
  private let width: Int

  /// A progress line over `total` items, shown when the command `wants` it
  /// (it is not `--quiet`, and the batch is one that takes long), standard
  /// error is a terminal and there is more than one item.
  init(total: Int, wanted: Bool) {
    self.total = total
    let standardError = FileDescriptor.standardError
    terminal = wanted && total > 1 && standardError.isTerminal ? standardError : nil
    width = max(20, (standardError.terminalColumns ?? 80) - 1)
  }

  /// Shows that `item` is being built.
  func start(_ item: String) {
    started += 1
    var line = TerminalText.escaped("building \(started) of \(total): \(item)")
    if line.count > width { line = String(line.prefix(width - 1)) + "…" }
    show(line)
  }

  /// Erases the line, so that what is written next starts on a clean line.
  func finish() {
    show("")
  }

  /// Returns to the line's start, writes `line` and erases the rest
  /// (`ESC [ K`). A terminal that cannot be written to loses nothing that
  /// matters, so a failure is not reported.
  private func show(_ line: String) {
    try? terminal?.write("\r" + line + "\u{1b}[K")
  }
}
