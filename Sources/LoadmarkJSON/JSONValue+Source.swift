extension JSONValue {
  /// Parses `bytes` (``parse(_:)-(UnsafeRawBufferPointer)``) as the file
  /// `source`: Jansson's syntax error becomes the reader's error at its line
  /// and column.
  static func parse(_ bytes: UnsafeRawBufferPointer, source: String) throws(DocumentError) -> JSONValue {
    do {
      return try parse(bytes)
    } catch {
      switch error {
      case .parse(let line, let column, let text):
        throw DocumentError(source: source, location: .position(line: line, column: column), message: text)
      case .failed(let function):
        throw DocumentError(source: source, location: .file, message: "\(function) failed")
      }
    }
  }
}
