extension String {
  /// The string as a JSON string literal, quotes included, so that messages
  /// show exactly what the document holds: `"x"`, `"a\"b"`, `"tab\t"`.
  var jsonQuoted: String {
    var result = "\""
    for scalar in unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case "\u{00}"..."\u{1F}":
        // Other control characters have no short escape in JSON.
        let digits = Array("0123456789abcdef")
        let value = Int(scalar.value)
        result += "\\u00" + String(digits[value >> 4]) + String(digits[value & 15])
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
