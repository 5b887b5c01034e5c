extension String {
  /// The string as a JSON string literal, quotes included, so that messages
  /// show exactly what the document holds: `"x"`, `"a\"b"`, `"tab\t"`.
  ///
  /// Besides what JSON requires, DEL, the C1 controls, the bidirectional
  /// formatting characters and the line and paragraph separators are
  /// written as `\u` escapes, which JSON allows for any character: a
  /// message may end up on a terminal, which would act on them.
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
      case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{061C}", "\u{200E}", "\u{200F}", "\u{2028}"..."\u{202E}",
        "\u{2066}"..."\u{2069}":
        // No short escape in JSON for these.
        let digits = Array("0123456789abcdef")
        let value = Int(scalar.value)
        result += "\\u" + (0..<4).reversed().map { String(digits[(value >> ($0 * 4)) & 15]) }.joined()
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
