import LoadmarkCore

extension String {
  /// The string as a JSON string literal, quotes included, so that messages
  /// show exactly what the document holds: `"x"`, `"a\"b"`, `"tab\t"`
  /// (``ByteText/append(quoted:)`` spells it, for scenes too, and escapes
  /// what a terminal would act on as well).
  var jsonQuoted: String {
    ByteText.quoted(Array(utf8)).string
  }
}
