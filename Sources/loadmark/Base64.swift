/// Standard Base64 (RFC 4648, with `+`, `/` and `=` padding), the spelling
/// CSP hash sources use.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// `bytes` in Base64, padded to a multiple of four characters.
  static func encode(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group = UInt32(bytes[index]) << 16
      if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
      if count > 2 { group |= UInt32(bytes[index + 2]) }
      for position in 0..<4 {
        if position <= count {
          output.append(alphabet[Int(group >> UInt32(18 - 6 * position) & 63)])
        } else {
          output.append(UInt8(ascii: "="))
        }
      }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }
}
