/// Text kept as UTF-8 bytes: messages, paths and names, built without
/// `String`'s Unicode machinery (comparison, hashing and concatenation pull
/// its normalisation tables into the WebAssembly module, more than doubling
/// it). Converted to a `String` once, at the edge.
public struct ByteText: Equatable, Hashable, Sendable, ExpressibleByStringLiteral {
  public var bytes: [UInt8]

  public init(_ bytes: [UInt8] = []) {
    self.bytes = bytes
  }

  @inline(never)
  public init(stringLiteral text: StaticString) {
    self.bytes = ByteText.bytes(of: text)
  }

  /// The text as a `String` (invalid UTF-8, which no reader lets through,
  /// would become U+FFFD).
  public var string: String { String(decoding: bytes, as: UTF8.self) }

  public var isEmpty: Bool { bytes.isEmpty }

  /// The UTF-8 bytes of a literal.
  @inline(never)
  package static func bytes(of text: StaticString) -> [UInt8] {
    Array(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Whether the bytes are exactly those of `text`.
  public func equals(_ text: StaticString) -> Bool {
    ByteText.equal(bytes, text)
  }

  /// Whether `bytes` spell `text`, compared byte for byte.
  @inline(never)
  package static func equal(_ bytes: [UInt8], _ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard bytes.count == count else { return false }
    let start = text.utf8Start
    for i in 0..<count where bytes[i] != start[i] { return false }
    return true
  }

  @inline(never)
  public mutating func append(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  @_disfavoredOverload
  @inline(never)
  public mutating func append(_ text: ByteText) {
    bytes.append(contentsOf: text.bytes)
  }

  /// `value` in decimal digits.
  @inline(never)
  public mutating func append(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    append(digits: UInt64(value.magnitude))
  }

  /// `magnitude` in decimal digits.
  @inline(never)
  mutating func append(digits magnitude: UInt64) {
    var magnitude = magnitude
    var digits: [UInt8] = []
    repeat {
      digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes.append(contentsOf: digits.reversed())
  }

  /// `value` as messages show a number: exactly, when it is a whole number
  /// below 2^53 or a decimal of at most nine places (`3`, `2.5`, `0.15`);
  /// otherwise its nearest nine-place decimal after `≈`.
  @inline(never)
  public mutating func append(number value: Double) {
    guard value.isFinite else {
      append(value.isNaN ? "not a number" : (value < 0 ? "-infinity" : "infinity"))
      return
    }
    if value.magnitude >= 1e15 {
      append("a number of magnitude ≥ 1e15")
      return
    }
    var places = 0
    var scale = 1.0
    // At most nine places, and never so many that the scaled value leaves Int.
    while places < 9 && value.magnitude * scale < 1e17 && (value * scale).rounded() / scale != value {
      places += 1
      scale *= 10
    }
    let scaled = (value * scale).rounded()
    if scaled / scale != value { append("≈") }
    if scaled < 0 || (scaled == 0 && value < 0) { bytes.append(UInt8(ascii: "-")) }
    // In 64 bits: a scaled value reaches 1e17, and Int is 32 bits in WebAssembly.
    let digits = UInt64(scaled.magnitude)
    append(digits: digits / UInt64(scale))
    if places > 0 {
      bytes.append(UInt8(ascii: "."))
      var fraction = ByteText()
      fraction.append(digits: digits % UInt64(scale))
      for _ in fraction.bytes.count..<places { bytes.append(UInt8(ascii: "0")) }
      var trimmed = fraction.bytes
      while trimmed.count > 1 && trimmed.last == UInt8(ascii: "0") { trimmed.removeLast() }
      bytes.append(contentsOf: trimmed)
    }
  }

  /// `text` as a JSON string literal, quotes included, so that messages show
  /// exactly what a document holds: `"x"`, `"a\"b"`, `"tab\t"`.
  @inline(never)
  public mutating func append(quoted text: [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var index = 0
    while index < text.count {
      let byte = text[index]
      switch byte {
      case UInt8(ascii: "\""): append("\\\"")
      case UInt8(ascii: "\\"): append("\\\\")
      case 0x0A: append("\\n")
      case 0x0D: append("\\r")
      case 0x09: append("\\t")
      case 0x08: append("\\b")
      case 0x0C: append("\\f")
      case 0x00..<0x20, 0x7F:
        // Other control characters have no short escape in JSON.
        appendEscape(UInt32(byte))
      default:
        let (scalar, length) = ByteText.terminalControl(in: text, at: index)
        if scalar != 0 {
          appendEscape(scalar)
          index += length
          continue
        }
        bytes.append(byte)
      }
      index += 1
    }
    bytes.append(UInt8(ascii: "\""))
  }

  /// Appends `\u` and `scalar` as four lower-case hexadecimal digits.
  private mutating func appendEscape(_ scalar: UInt32) {
    let hex = ByteText.bytes(of: "0123456789abcdef")
    append("\\u")
    var shift: UInt32 = 16
    while shift > 0 {
      shift -= 4
      bytes.append(hex[Int((scalar >> shift) & 15)])
    }
  }

  /// The scalar, and its UTF-8 length, of a character at `index` that JSON
  /// lets through but a terminal would act on or reorder: a C1 control
  /// (U+0080–U+009F), the Arabic letter mark (U+061C), the left-to-right and
  /// right-to-left marks (U+200E, U+200F), the line and paragraph separators,
  /// embeddings and overrides (U+2028–U+202E) and the isolates
  /// (U+2066–U+2069); (0, 0) for anything else. Read from the UTF-8 bytes,
  /// so quoting needs no Unicode tables.
  private static func terminalControl(in text: [UInt8], at index: Int) -> (UInt32, Int) {
    let lead = text[index]
    let second = index + 1 < text.count ? text[index + 1] : 0
    if lead == 0xC2 && second >= 0x80 && second <= 0x9F { return (UInt32(second), 2) }
    if lead == 0xD8 && second == 0x9C { return (0x061C, 2) }
    guard lead == 0xE2, index + 2 < text.count else { return (0, 0) }
    let scalar = 0x2000 | (UInt32(second & 0x3F) << 6) | UInt32(text[index + 2] & 0x3F)
    switch scalar {
    case 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
      return second & 0xC0 == 0x80 && text[index + 2] & 0xC0 == 0x80 ? (scalar, 3) : (0, 0)
    default:
      return (0, 0)
    }
  }

  @inline(never)
  public static func + (a: ByteText, b: StaticString) -> ByteText {
    var result = a
    result.append(b)
    return result
  }

  @_disfavoredOverload
  @inline(never)
  public static func + (a: ByteText, b: ByteText) -> ByteText {
    var result = a
    result.append(b)
    return result
  }

  /// `text` JSON-quoted.
  @inline(never)
  public static func quoted(_ text: [UInt8]) -> ByteText {
    var result = ByteText()
    result.append(quoted: text)
    return result
  }

  /// `value` in decimal digits.
  @inline(never)
  public static func number(_ value: Int) -> ByteText {
    var result = ByteText()
    result.append(value)
    return result
  }

  /// `value` as ``append(number:)`` spells it.
  @inline(never)
  public static func number(_ value: Double) -> ByteText {
    var result = ByteText()
    result.append(number: value)
    return result
  }
}
