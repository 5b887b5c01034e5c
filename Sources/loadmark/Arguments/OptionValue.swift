import LoadmarkCore

/// How option values are spelled: strictly, so that a value means one
/// thing to every reader of the command line.
///
/// Numbers are decimal, written as JSON writes them: an optional `-`, digits
/// without leading zeros, an optional fraction and an optional exponent
/// (`60`, `0.5`, `1e-4`, `2.5E3`). Not `+60`, `0x10`, `0x1p3`, `010`, `.5`,
/// `5.`, `inf` or `nan`, which other parsers read in different ways or not
/// at all. Whole numbers are the same without fraction or exponent.
enum OptionValue {
  /// The decimal number `text` spells, or nil.
  static func decimal(_ text: String) -> Double? {
    guard isDecimal(text) else { return nil }
    return Double(text).flatMap { $0.isFinite ? $0 : nil }
  }

  /// The whole number `text` spells, or nil.
  static func wholeNumber(_ text: String) -> Int? {
    var bytes = text.utf8[...]
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    guard digits(&bytes), bytes.isEmpty else { return nil }
    return Int(text)
  }

  /// A colour: `#rgb`, `#rrggbb`, `#rrggbbaa`, or one of the 148 named
  /// colours of CSS Color 4 (``LoadmarkCore/Color/cssNamed(_:)``, the table
  /// scenes use too), in any case.
  static func color(_ text: String) -> Color? {
    if text.hasPrefix("#") {
      let count = text.utf8.count
      guard count == 4 || count == 7 || count == 9 else { return nil }
      return Color(hex: text)
    }
    return Color.cssNamed(text)
  }

  /// Whether `text` is a number in JSON's grammar.
  static func isDecimal(_ text: String) -> Bool {
    var bytes = text.utf8[...]
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    guard digits(&bytes) else { return false }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      guard run(&bytes) else { return false }
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
      guard run(&bytes) else { return false }
    }
    return bytes.isEmpty
  }

  /// Consumes an integer part: `0`, or a digit 1–9 and any digits after.
  private static func digits(_ bytes: inout Substring.UTF8View) -> Bool {
    guard let first = bytes.first, isDigit(first) else { return false }
    bytes = bytes.dropFirst()
    if first == UInt8(ascii: "0") { return bytes.first.map { !isDigit($0) } ?? true }
    _ = run(&bytes)
    return true
  }

  /// Consumes one or more digits.
  private static func run(_ bytes: inout Substring.UTF8View) -> Bool {
    let start = bytes.count
    while let byte = bytes.first, isDigit(byte) { bytes = bytes.dropFirst() }
    return bytes.count < start
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
