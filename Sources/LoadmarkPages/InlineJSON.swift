/// A JSON document made safe to place inside `<script type="application/json">`.
///
/// The HTML parser ends a script element at the first `</script`, and
/// `<!--` can hide that end tag, so the text must contain no `<`. JSON text
/// can only hold `<`, `>`, `&`, U+2028 and U+2029 inside strings, where the
/// escapes `\u003c`, `\u003e`, `\u0026`, `\u2028` and `\u2029` mean the same
/// characters: the result is still valid JSON that parses to the same value.
/// `>` and `&` are escaped too so that the text is equally safe in any other
/// HTML context; U+2028 and U+2029 because older JavaScript parsers took them
/// for line ends.
struct InlineJSON: Sendable {
  /// The escaped JSON text.
  let text: String

  /// `json`, which must be JSON text, with the characters above escaped.
  init(_ json: String) {
    text = json.escaping { scalar in
      switch scalar {
      case "<": return "\\u003c"
      case ">": return "\\u003e"
      case "&": return "\\u0026"
      case "\u{2028}": return "\\u2028"
      case "\u{2029}": return "\\u2029"
      default: return nil
      }
    }
  }
}
