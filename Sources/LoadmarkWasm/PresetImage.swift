import LoadmarkCore

/// The built-in presets as compiled scene images (``SceneImage``), in
/// `Preset.names` order: what the native reader makes of presets/*.scene.json,
/// so the module carries no scene reader. Base64 in the text, decoded once
/// per selection.
enum PresetImage {
  /// How many presets there are.
  static var count: Int { PresetImages.base64.count }

  /// The preset at `index` in `Preset.names`, or nil past the end.
  static func preset(at index: Int) -> Preset? {
    guard index >= 0, index < PresetImages.base64.count else { return nil }
    let bytes = decodeBase64(PresetImages.base64[index])
    return bytes.withUnsafeBytes { SceneImage.decode($0) }
  }

  /// The bytes of standard Base64 text (no padding check: the text is ours).
  static func decodeBase64(_ text: StaticString) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer: UInt32 = 0
    var bits = 0
    for i in 0..<text.utf8CodeUnitCount {
      let c = text.utf8Start[i]
      let value: UInt32
      switch c {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(c - UInt8(ascii: "A"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(c - UInt8(ascii: "a")) + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(c - UInt8(ascii: "0")) + 52
      case UInt8(ascii: "+"): value = 62
      case UInt8(ascii: "/"): value = 63
      default: continue
      }
      buffer = buffer << 6 | value
      bits += 6
      if bits >= 8 {
        bits -= 8
        bytes.append(UInt8((buffer >> UInt32(bits)) & 0xFF))
      }
    }
    return bytes
  }
}
