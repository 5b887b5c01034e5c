/// Numbers as short decimal text for SVG and CSS: rounded to a number of
/// decimals, trailing zeros and a lone point dropped, never `-0`.
enum DecimalText {
  /// `value` rounded to `decimals` places: `12.5`, `0.333`, `3`, `-0.01`.
  static func format(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    guard value.isFinite, (value * scale).magnitude < 9e15 else { return "0" }
    let scaled = Int64((value * scale).rounded())
    if scaled == 0 { return "0" }
    let negative = scaled < 0
    var digits = Array(String(scaled.magnitude).utf8)
    while digits.count <= decimals { digits.insert(UInt8(ascii: "0"), at: 0) }
    var whole = Array(digits[..<(digits.count - decimals)])
    var fraction = Array(digits[(digits.count - decimals)...])
    while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
    if whole.isEmpty { whole = [UInt8(ascii: "0")] }
    let text = String(decoding: whole, as: UTF8.self) + (fraction.isEmpty ? "" : "." + String(decoding: fraction, as: UTF8.self))
    return negative ? "-" + text : text
  }
}
