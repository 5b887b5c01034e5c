import LoadmarkCore

extension JSONStructure {
  /// Checks `text` against `limits` as ``check(_:limits:)`` does, a
  /// violation becoming the reader's error for `source` at its line and column.
  static func check(_ text: UnsafeRawBufferPointer, limits: JSONLimits, source: String) throws(DocumentError) {
    do {
      try check(text, limits: limits)
    } catch {
      throw DocumentError(source: source, location: .position(line: error.line, column: error.column), message: error.message.string)
    }
  }
}
