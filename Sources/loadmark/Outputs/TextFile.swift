/// Text as the tool writes it to a file or standard output: every line, the
/// last included, ends with a newline, so that a document printed to a
/// terminal leaves the next prompt on a line of its own, and `cat`, `wc -l`
/// and line-based tools see a whole last line.
///
/// The newline belongs to the file, not to the document: the libraries'
/// texts (``LoadmarkJSON/DocumentWriter``'s, which pages embed and whose
/// hashes the reference tests fix, and Lottie's) stay as they are, and every
/// reader skips white space after the JSON value.
enum TextFile {
  /// `text` ending with exactly one newline.
  static func terminated(_ text: String) -> String {
    var end = text.endIndex
    while end > text.startIndex, text[text.index(before: end)] == "\n" { end = text.index(before: end) }
    return text[..<end] + "\n"
  }
}
