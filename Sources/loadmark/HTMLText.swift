/// Escaping of text for HTML element content and quoted attribute values.
///
/// The same five characters are escaped in both contexts, so one function
/// serves both: `&` (which starts a character reference), `<` and `>` (which
/// start and end tags), and `"` and `'` (which end an attribute value in
/// either kind of quotes).
enum HTMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
