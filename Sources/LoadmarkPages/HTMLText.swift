/// Escaping of text for HTML element content and quoted attribute values.
///
/// The same five characters are escaped in both contexts, so one function
/// serves both: `&` (which starts a character reference), `<` and `>` (which
/// start and end tags), and `"` and `'` (which end an attribute value in
/// either kind of quotes).
enum HTMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references.
  static func escaped(_ text: String) -> String {
    text.escaping { scalar in
      switch scalar {
      case "&": return "&amp;"
      case "<": return "&lt;"
      case ">": return "&gt;"
      case "\"": return "&quot;"
      case "'": return "&#39;"
      default: return nil
      }
    }
  }
}
