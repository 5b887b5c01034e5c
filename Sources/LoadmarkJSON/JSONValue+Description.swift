extension JSONValue {
  /// Strings longer than this many characters are described by their length,
  /// so that a message never repeats a whole pasted document.
  static let longestQuotedString = 64

  /// The value as messages name it after "got": a string as JSON-quoted text,
  /// `null`, `true`, `false`, `an array`, `an object`, or a number as
  /// ``Swift/Double/messageText`` spells it.
  var gotDescription: String {
    switch kind {
    case .string:
      let text = string ?? ""
      let length = text.count
      return length <= JSONValue.longestQuotedString ? text.jsonQuoted : "a string of \(length) characters"
    case .number:
      return (number ?? 0).messageText
    case .boolean:
      return boolean == true ? "true" : "false"
    case .null:
      return "null"
    case .array:
      return "an array"
    case .object:
      return "an object"
    }
  }
}
