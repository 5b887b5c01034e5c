extension JSONTree {
  /// Parses one complete JSON text as strictly as the native reader
  /// (Jansson with `JSON_REJECT_DUPLICATES`): an object or an array at the
  /// top level, RFC 8259 syntax only (no comments, trailing commas, single
  /// quotes, leading zeros, `NaN` or `Infinity`), valid UTF-8, no duplicate
  /// keys, no `\u0000`, numbers that fit a Double, at most
  /// ``maximumDepth`` levels.
  ///
  /// Errors are located by line and column (characters), like Jansson's.
  public static func parse(_ text: UnsafeRawBufferPointer) throws(SceneError) -> JSONTree {
    var parser = JSONParser(text: text)
    parser.skipWhitespace()
    guard let first = parser.peek, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
      throw parser.failure("expected '{' or '[' at the top level", at: parser.offset)
    }
    let tree = try parser.value(depth: 0)
    parser.skipWhitespace()
    guard parser.offset == text.count else { throw parser.failure("end of input expected", at: parser.offset) }
    return tree
  }

  /// Parses `bytes`; see ``parse(_:)-(UnsafeRawBufferPointer)``.
  public static func parse(_ bytes: [UInt8]) throws(SceneError) -> JSONTree {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(SceneError) in try parse(raw) }
    }
    return try result.get()
  }
}

/// The strict recursive-descent reader behind ``JSONTree/parse(_:)-(UnsafeRawBufferPointer)``.
struct JSONParser {
  let text: UnsafeRawBufferPointer
  var offset = 0

  init(text: UnsafeRawBufferPointer) {
    self.text = text
  }

  var peek: UInt8? { offset < text.count ? text[offset] : nil }

  mutating func skipWhitespace() {
    while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
  }

  /// An error at byte `at`, located by line and column (characters, counted
  /// as UTF-8 lead bytes).
  func failure(_ message: ByteText, at position: Int) -> SceneError {
    var line = 1
    var column = 1
    var i = 0
    while i < position && i < text.count {
      let byte = text[i]
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      i += 1
    }
    return SceneError(location: .position(line: line, column: column), message: message)
  }

  mutating func value(depth: Int) throws(SceneError) -> JSONTree {
    skipWhitespace()
    guard let byte = peek else { throw failure("unexpected end of input, expected a value", at: offset) }
    switch byte {
    case UInt8(ascii: "{"):
      return try object(depth: depth + 1)
    case UInt8(ascii: "["):
      return try array(depth: depth + 1)
    case UInt8(ascii: "\""):
      return .string(try string())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try number())
    case UInt8(ascii: "t"):
      try literal("true")
      return .boolean(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .boolean(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    default:
      throw failure("invalid token, expected a value", at: offset)
    }
  }

  mutating func literal(_ word: StaticString) throws(SceneError) {
    let start = offset
    let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    for expected in bytes {
      guard peek == expected else { throw failure("invalid token, expected a value", at: start) }
      offset += 1
    }
    if let next = peek, JSONParser.isWordByte(next) { throw failure("invalid token, expected a value", at: start) }
  }

  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  mutating func object(depth: Int) throws(SceneError) -> JSONTree {
    guard depth <= JSONTree.maximumDepth else { throw failure(JSONTree.depthMessage, at: offset) }
    offset += 1
    var members: [JSONTree.Member] = []
    skipWhitespace()
    if peek == UInt8(ascii: "}") {
      offset += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek == UInt8(ascii: "\"") else { throw failure("string or '}' expected", at: offset) }
      let keyStart = offset
      let key = try string()
      for member in members where member.key == key {
        throw failure("duplicate object key " + ByteText.quoted(key), at: keyStart)
      }
      skipWhitespace()
      guard peek == UInt8(ascii: ":") else { throw failure("':' expected", at: offset) }
      offset += 1
      members.append(JSONTree.Member(key: key, value: try value(depth: depth)))
      skipWhitespace()
      switch peek {
      case UInt8(ascii: ","):
        offset += 1
      case UInt8(ascii: "}"):
        offset += 1
        return .object(members)
      default:
        throw failure("',' or '}' expected", at: offset)
      }
    }
  }

  mutating func array(depth: Int) throws(SceneError) -> JSONTree {
    guard depth <= JSONTree.maximumDepth else { throw failure(JSONTree.depthMessage, at: offset) }
    offset += 1
    var elements: [JSONTree] = []
    skipWhitespace()
    if peek == UInt8(ascii: "]") {
      offset += 1
      return .array(elements)
    }
    while true {
      elements.append(try value(depth: depth))
      skipWhitespace()
      switch peek {
      case UInt8(ascii: ","):
        offset += 1
      case UInt8(ascii: "]"):
        offset += 1
        return .array(elements)
      default:
        throw failure("',' or ']' expected", at: offset)
      }
    }
  }

  /// A string's bytes, escapes decoded, UTF-8 checked.
  mutating func string() throws(SceneError) -> [UInt8] {
    offset += 1
    var bytes: [UInt8] = []
    while true {
      guard let byte = peek else { throw failure("premature end of input in a string", at: offset) }
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        return bytes
      case UInt8(ascii: "\\"):
        try escape(into: &bytes)
      case 0x00..<0x20:
        throw failure("control character in a string", at: offset)
      case 0x80...:
        try multibyte(into: &bytes)
      default:
        bytes.append(byte)
        offset += 1
      }
    }
  }

  /// One UTF-8 sequence of two to four bytes, checked as RFC 3629 has it
  /// (no overlong forms, no surrogates, nothing past U+10FFFF).
  mutating func multibyte(into bytes: inout [UInt8]) throws(SceneError) {
    let start = offset
    let lead = text[offset]
    let count: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: count = 2
    case 0xE0: count = 3; lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: count = 3
    case 0xED: count = 3; upper = 0x9F
    case 0xF0: count = 4; lower = 0x90
    case 0xF1...0xF3: count = 4
    case 0xF4: count = 4; upper = 0x8F
    default: throw failure("invalid UTF-8", at: start)
    }
    guard offset + count <= text.count else { throw failure("invalid UTF-8", at: start) }
    for i in 1..<count {
      let continuation = text[offset + i]
      let low = i == 1 ? lower : 0x80
      let high = i == 1 ? upper : 0xBF
      guard continuation >= low && continuation <= high else { throw failure("invalid UTF-8", at: start) }
    }
    for i in 0..<count { bytes.append(text[offset + i]) }
    offset += count
  }

  /// A backslash escape; `\u` escapes become UTF-8, surrogate pairs joined.
  mutating func escape(into bytes: inout [UInt8]) throws(SceneError) {
    let start = offset
    offset += 1
    guard let byte = peek else { throw failure("premature end of input in a string", at: offset) }
    offset += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
    case UInt8(ascii: "b"): bytes.append(0x08)
    case UInt8(ascii: "f"): bytes.append(0x0C)
    case UInt8(ascii: "n"): bytes.append(0x0A)
    case UInt8(ascii: "r"): bytes.append(0x0D)
    case UInt8(ascii: "t"): bytes.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try hexQuad(escapeAt: start)
      if scalar >= 0xD800 && scalar <= 0xDBFF {
        guard peek == UInt8(ascii: "\\"), offset + 1 < text.count, text[offset + 1] == UInt8(ascii: "u") else {
          throw failure("invalid Unicode escape: a lone surrogate", at: start)
        }
        let second = offset
        offset += 2
        let low = try hexQuad(escapeAt: second)
        guard low >= 0xDC00 && low <= 0xDFFF else { throw failure("invalid Unicode escape: a lone surrogate", at: start) }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
        throw failure("invalid Unicode escape: a lone surrogate", at: start)
      }
      guard scalar != 0 else { throw failure("\\u0000 is not allowed in a string", at: start) }
      JSONParser.appendUTF8(scalar, to: &bytes)
    default:
      throw failure("invalid escape", at: start)
    }
  }

  /// Four hex digits after `\u`.
  mutating func hexQuad(escapeAt start: Int) throws(SceneError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek else { throw failure("invalid Unicode escape", at: start) }
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a")) + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A")) + 10
      default: throw failure("invalid Unicode escape", at: start)
      }
      value = value << 4 | digit
      offset += 1
    }
    return value
  }

  static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
      bytes.append(UInt8(scalar))
    case 0x80..<0x800:
      bytes.append(UInt8(0xC0 | scalar >> 6))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      bytes.append(UInt8(0xE0 | scalar >> 12))
      bytes.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    default:
      bytes.append(UInt8(0xF0 | scalar >> 18))
      bytes.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
      bytes.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// A number in JSON's grammar, `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`,
  /// converted to the nearest Double.
  mutating func number() throws(SceneError) -> Double {
    let start = offset
    guard let scanned = NumberScanner.scan(text, from: offset, json: true) else {
      throw failure("invalid number", at: start)
    }
    offset = scanned.end
    if let next = peek, JSONParser.isWordByte(next) { throw failure("invalid number", at: start) }
    switch scanned.value {
    case .value(let value): return value
    case .overflow: throw failure("number overflows a Double", at: start)
    }
  }
}

/// Reads a decimal number from bytes, for JSON text and for expressions.
enum NumberScanner {
  /// The number at `start`: its value and the offset after it, or nil when
  /// the bytes there are not a number. `json` asks for JSON's grammar (an
  /// optional minus, no leading zeros, digits on both sides of a point);
  /// otherwise, as in expressions, there is no sign and a leading `.5` or a
  /// trailing `5.` is accepted.
  static func scan(_ text: UnsafeRawBufferPointer, from start: Int, json: Bool) -> (value: DecimalConversion.Result, end: Int)? {
    var i = start
    func byte(_ at: Int) -> UInt8? { at < text.count ? text[at] : nil }
    func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }
    var negative = false
    if json && byte(i) == UInt8(ascii: "-") {
      negative = true
      i += 1
    }
    var digits: [UInt8] = []
    var point = 0
    var truncated = false
    var sawDigit = false
    var sawPoint = false
    var integerDigits = 0
    while let b = byte(i) {
      if b == UInt8(ascii: ".") {
        if sawPoint { break }
        if json && !sawDigit { return nil }
        sawPoint = true
        point = digits.count
        i += 1
        if json && !isDigit(byte(i)) { return nil }
        continue
      }
      guard isDigit(b) else { break }
      if json && !sawPoint && integerDigits == 1 && byte(i - 1) == UInt8(ascii: "0") { return nil }
      if !sawPoint { integerDigits += 1 }
      sawDigit = true
      let digit = b - UInt8(ascii: "0")
      i += 1
      // Leading zeros only move the point.
      if digit == 0 && digits.isEmpty {
        point -= 1
        continue
      }
      if digits.count < DecimalConversion.maximumDigits {
        digits.append(digit)
      } else if digit != 0 {
        truncated = true
      }
    }
    guard sawDigit else { return nil }
    if !sawPoint { point = digits.count }
    if let e = byte(i), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      var j = i + 1
      var exponentNegative = false
      if let sign = byte(j), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        exponentNegative = sign == UInt8(ascii: "-")
        j += 1
      }
      guard isDigit(byte(j)) else {
        if json { return nil }
        return finish(negative, digits, point, truncated, end: i)
      }
      var exponent = 0
      while isDigit(byte(j)) {
        if exponent < 100_000 { exponent = exponent * 10 + Int(text[j] - UInt8(ascii: "0")) }
        j += 1
      }
      point += exponentNegative ? -exponent : exponent
      i = j
    }
    return finish(negative, digits, point, truncated, end: i)
  }

  private static func finish(
    _ negative: Bool, _ digits: [UInt8], _ point: Int, _ truncated: Bool, end: Int
  ) -> (value: DecimalConversion.Result, end: Int) {
    (DecimalConversion.double(negative: negative, digits: digits, point: point, truncated: truncated), end)
  }
}
