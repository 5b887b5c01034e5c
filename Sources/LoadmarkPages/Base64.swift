import Foundation

/// Standard Base64 (RFC 4648, with `+`, `/` and `=` padding), the spelling
/// CSP hash sources use and the live engine's data block holds: Foundation's.
enum Base64 {
  /// `bytes` in Base64, padded to a multiple of four characters.
  static func encode(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString()
  }
}
