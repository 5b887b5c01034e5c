extension Color {
  /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa` (the `#` is optional, case-insensitive).
  public init?(hex: String) {
    var digits: [UInt8] = []
    for (index, byte) in hex.utf8.enumerated() {
      if index == 0 && byte == UInt8(ascii: "#") { continue }
      guard let value = Color.hexValue(byte) else { return nil }
      digits.append(value)
    }
    switch digits.count {
    case 3:
      self.init(red: digits[0] * 17, green: digits[1] * 17, blue: digits[2] * 17)
    case 6, 8:
      let alpha = digits.count == 8 ? digits[6] << 4 | digits[7] : 255
      self.init(
        red: digits[0] << 4 | digits[1], green: digits[2] << 4 | digits[3],
        blue: digits[4] << 4 | digits[5], alpha: alpha)
    default:
      return nil
    }
  }

  /// The canonical spelling: lower-case `#rrggbb`, or `#rrggbbaa` when not opaque.
  public var hex: String {
    var bytes: [UInt8] = [UInt8(ascii: "#")]
    let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
    let digits = Array("0123456789abcdef".utf8)
    for channel in channels {
      bytes.append(digits[Int(channel >> 4)])
      bytes.append(digits[Int(channel & 15)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
