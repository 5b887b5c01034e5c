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
  static func bytes(of text: StaticString) -> [UInt8] {
    Array(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Whether the bytes are exactly those of `text`.
  public func equals(_ text: StaticString) -> Bool {
    ByteText.equal(bytes, text)
  }

  /// Whether `bytes` spell `text`, compared byte for byte.
  @inline(never)
  static func equal(_ bytes: [UInt8], _ text: StaticString) -> Bool {
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
    var magnitude = value.magnitude
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
    let digits = Int(scaled.magnitude)
    append(digits / Int(scale))
    if places > 0 {
      bytes.append(UInt8(ascii: "."))
      var fraction = ByteText()
      fraction.append(digits % Int(scale))
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
    let hex = ByteText.bytes(of: "0123456789abcdef")
    for byte in text {
      switch byte {
      case UInt8(ascii: "\""): append("\\\"")
      case UInt8(ascii: "\\"): append("\\\\")
      case 0x0A: append("\\n")
      case 0x0D: append("\\r")
      case 0x09: append("\\t")
      case 0x08: append("\\b")
      case 0x0C: append("\\f")
      case 0x00..<0x20:
        // Other control characters have no short escape in JSON.
        append("\\u00")
        bytes.append(hex[Int(byte >> 4)])
        bytes.append(hex[Int(byte & 15)])
      default:
        bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
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
