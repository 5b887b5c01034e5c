/// Text made safe to print on a terminal: the one place where document
/// names, file names and command-line values become output.
///
/// A document is data from anywhere, and a terminal acts on some characters
/// instead of showing them: ESC and the other C0 controls start escape
/// sequences that retitle the window, clear the screen or change colours;
/// DEL edits; C1 controls such as U+009B (a one-character CSI) do what ESC
/// sequences do on terminals that honour them; and the bidirectional
/// overrides, embeddings, isolates and marks, and the line and paragraph
/// separators, reorder or break the line around them so that what shows is
/// not what is there. Each becomes a visible escape, spelled as in JSON
/// (`\u001b`, `\n`), so the reader sees exactly what the document holds.
enum TerminalText {
  /// `text` with every control, bidirectional formatting character and
  /// line or paragraph separator written as an escape; everything else,
  /// other scripts and emoji included, as it is.
  static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where needsEscape(scalar): result += "\\u" + hexDigits(scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether a terminal could act on `scalar` rather than show it: C0
  /// (U+0000–U+001F), DEL (U+007F), C1 (U+0080–U+009F), the Arabic letter
  /// mark (U+061C), the left-to-right and right-to-left marks
  /// (U+200E, U+200F), the line and paragraph separators (U+2028, U+2029),
  /// the embeddings and overrides (U+202A–U+202E) and the isolates
  /// (U+2066–U+2069).
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
      return true
    default:
      return false
    }
  }

  /// `value` as four lower-case hexadecimal digits.
  static func hexDigits(_ value: UInt32) -> String {
    let digits = Array("0123456789abcdef")
    return String((0..<4).reversed().map { digits[Int(value >> (UInt32($0) * 4)) & 15] })
  }
}
