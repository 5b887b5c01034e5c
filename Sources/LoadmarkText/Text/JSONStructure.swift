/// The pre-scan: one pass over a JSON text that refuses, before a parser
/// (Jansson natively, ``JSONTree/parse(_:)-(UnsafeRawBufferPointer)`` in
/// WebAssembly) allocates anything, what no reader should build a tree for.
///
/// It refuses a NUL byte anywhere (JSON text never holds one; `\u0000` in a
/// string is an escape, not a NUL byte, and is Jansson's to judge), and
/// anything over a ``JSONLimits``: nesting depth, string length, members of
/// an object, elements of an array, and values, strings and containers in
/// all. It does not check the grammar: Jansson does, with its own messages,
/// so on text that is not JSON the counts here are only as good as the
/// tokens they see, which is enough to bound what Jansson could build before
/// it finds the error.
///
/// Violations are reported at the byte where the limit is first passed:
/// the opening bracket one level too deep, the element or key one too many,
/// the opening quote of a string too long.
public enum JSONStructure {
  /// A place where the text breaks a limit, or holds a NUL byte.
  public struct Violation: Error, Equatable, Sendable {
    /// The offending byte's offset from the start of the text.
    public var offset: Int
    /// Its 1-based line.
    public var line: Int
    /// Its 1-based column, counted in characters as Jansson counts them, so
    /// that the pre-scan's positions and Jansson's agree.
    public var column: Int
    /// What is wrong, such as `array with more than 100000 elements; the
    /// limit is 100000`.
    public var message: ByteText
  }

  /// Checks `text` against `limits`; returns when the text may be parsed.
  /// - Parameters:
  ///   - text: the UTF-8 bytes about to be parsed.
  ///   - limits: what the reader allows.
  /// - Throws: the first ``Violation``, in text order.
  public static func check(_ text: UnsafeRawBufferPointer, limits: JSONLimits) throws(Violation) {
    if text.count > limits.maximumBytes {
      throw violation(in: text, at: limits.maximumBytes, Scanner.limit("text of more than ", limits.maximumBytes, " bytes"))
    }
    var scanner = Scanner(limits: limits)
    if let (offset, message) = scanner.scan(text) {
      throw violation(in: text, at: offset, message)
    }
  }

  /// The violation at `offset`, with its line and column.
  static func violation(in text: UnsafeRawBufferPointer, at offset: Int, _ message: ByteText) -> Violation {
    let position = TextPosition(of: offset, in: text)
    return Violation(offset: offset, line: position.line, column: position.column, message: message)
  }
}
