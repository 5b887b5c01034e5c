extension JSONTree {
  /// Parses one complete JSON text exactly as the native reader does
  /// (Jansson 2.14's `json_loadb` with `JSON_REJECT_DUPLICATES` and
  /// `JSON_DECODE_INT_AS_REAL`): the same texts accepted, the same trees,
  /// and for a text refused, the same message at the same line and column,
  /// so that a scene's errors read alike in the WebAssembly playground and
  /// in `loadmark validate`.
  ///
  /// That is: an object or an array at the top level, RFC 8259 syntax only
  /// (no comments, trailing commas, single quotes, leading zeros, `NaN` or
  /// `Infinity`), valid UTF-8, no duplicate keys, no `\u0000`, numbers that
  /// fit a Double. Messages are Jansson's (`string or '}' expected near
  /// ','`): what was expected, then the token read, or `near end of file`;
  /// the line and column are where the reader stood, columns counted in
  /// characters. LoadmarkJSONTests compares the two on every kind of error
  /// and on thousands of mutated scenes; the scene fuzz target keeps
  /// comparing them.
  ///
  /// Nesting deeper than ``maximumDepth`` is refused with the pre-scan's
  /// message (every reader pre-scans first, so Jansson never sees it).
  public static func parse(_ text: UnsafeRawBufferPointer) throws(SceneError) -> JSONTree {
    var parser = JSONParser(text: text)
    if let tree = parser.document() { return tree }
    throw SceneError(location: .position(line: parser.failureLine, column: parser.failureColumn), message: parser.failure)
  }

  /// Parses `bytes`; see ``parse(_:)-(UnsafeRawBufferPointer)``.
  public static func parse(_ bytes: [UInt8]) throws(SceneError) -> JSONTree {
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(SceneError) in try parse(raw) }
    }
    return try result.get()
  }
}

/// The reader behind ``JSONTree/parse(_:)-(UnsafeRawBufferPointer)``: a
/// lexer that keeps the text of the token it is reading (for messages) and
/// a recursive-descent parser over its tokens, each step where Jansson takes
/// it, so that the first error met is the one Jansson reports.
struct JSONParser {
  let text: UnsafeRawBufferPointer
  /// The next byte to read.
  var offset = 0
  /// Where the reader stands: the line, and the characters read on it.
  var line = 1
  var column = 0
  /// The column before the last newline read, to step back over it.
  var previousColumn = 0
  /// Whether invalid UTF-8 has been met: nothing more is read.
  var undecodable = false
  /// Continuation bytes still to come of the character whose lead byte was
  /// read last (checked with it).
  var pending = 0
  /// The bytes of the token being read, as messages quote them.
  var saved: [UInt8] = []
  var token = Token.invalid
  /// A string token's value, a number token's.
  var string: [UInt8] = []
  var number = 0.0
  var depth = 0

  /// The first error met (later ones are not reported), and where.
  var failure = ByteText()
  var failureLine = 0
  var failureColumn = 0
  var failed = false

  enum Token: Equatable {
    case invalid, end, string, number, `true`, `false`, null
    /// `{ } [ ] : ,`
    case punctuation(UInt8)
  }

  /// What the reader gets for a byte: the byte, or the end, or an error.
  static let endOfText = -1
  static let decodingError = -2

  init(text: UnsafeRawBufferPointer) {
    self.text = text
  }

  // MARK: Errors

  /// Notes `message` as the error, unless one was noted before: with the
  /// token's text (`near '...'`, when it is at most 20 bytes), or `near end
  /// of file` when no token was begun, or alone after invalid UTF-8.
  @inline(never)
  mutating func fail(_ message: ByteText) {
    guard !failed else { return }
    failed = true
    var text = message
    if !saved.isEmpty {
      if saved.count <= 20 {
        text.append(" near '")
        text.bytes += saved
        text.append("'")
      }
    } else if !undecodable {
      text.append(" near end of file")
    }
    // Jansson keeps 159 bytes of a message.
    if text.bytes.count > 159 { text.bytes.removeLast(text.bytes.count - 159) }
    failure = text
    failureLine = line
    failureColumn = column
  }

  /// `message` and a byte in lowercase hexadecimal: `control character 0x9`.
  @inline(never)
  mutating func fail(_ message: StaticString, hex value: Int) {
    var text = ByteText(stringLiteral: message)
    JSONParser.appendHex(value, digits: 1, uppercase: false, to: &text)
    fail(text)
  }

  /// `invalid Unicode '\uD800'`, or with a second escape `'\uD800\u0041'`.
  @inline(never)
  mutating func failUnicode(_ first: UInt32, _ second: UInt32?) {
    var text: ByteText = "invalid Unicode '\\u"
    JSONParser.appendHex(Int(first), digits: 4, uppercase: true, to: &text)
    if let second {
      text.append("\\u")
      JSONParser.appendHex(Int(second), digits: 4, uppercase: true, to: &text)
    }
    text.append("'")
    fail(text)
  }

  static func appendHex(_ value: Int, digits: Int, uppercase: Bool, to text: inout ByteText) {
    var hex: [UInt8] = []
    var rest = value
    repeat {
      let digit = UInt8(rest & 0xF)
      hex.append(digit < 10 ? UInt8(ascii: "0") + digit : (uppercase ? UInt8(ascii: "A") : UInt8(ascii: "a")) + digit - 10)
      rest >>= 4
    } while rest > 0 || hex.count < digits
    text.bytes += hex.reversed()
  }

  // MARK: Reading characters

  /// How many bytes the UTF-8 sequence led by `byte` has, or 0 when it
  /// cannot lead one.
  static func sequenceLength(_ byte: UInt8) -> Int {
    switch byte {
    case 0x00..<0x80: return 1
    case 0xC2...0xDF: return 2
    case 0xE0...0xEF: return 3
    case 0xF0...0xF4: return 4
    default: return 0
    }
  }

  /// Whether the `length` bytes from `start` are one valid UTF-8 character
  /// (continuation bytes, no overlong form, no surrogate, at most U+10FFFF);
  /// bytes past the end are not.
  func isCharacter(at start: Int, length: Int) -> Bool {
    guard start + length <= text.count else { return false }
    var value = UInt32(text[start]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for i in 1..<length {
      let byte = text[start + i]
      guard byte >= 0x80 && byte <= 0xBF else { return false }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    if value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF) { return false }
    return !((length == 2 && value < 0x80) || (length == 3 && value < 0x800) || (length == 4 && value < 0x10000))
  }

  /// The next byte, the end, or a decoding error (noted, and every read
  /// after it an error too). A byte that leads a character is checked with
  /// the whole character, and counts as a column.
  @inline(never)
  mutating func get() -> Int {
    guard !undecodable else { return JSONParser.decodingError }
    guard offset < text.count else { return JSONParser.endOfText }
    let byte = text[offset]
    // A lead byte is checked with its character, once, as the reader meets
    // it; its continuation bytes then follow unchecked.
    if pending > 0 {
      pending -= 1
    } else if byte >= 0x80 {
      let length = JSONParser.sequenceLength(byte)
      if length == 0 || !isCharacter(at: offset, length: length) {
        undecodable = true
        fail("unable to decode byte 0x", hex: Int(byte))
        return JSONParser.decodingError
      }
      pending = length - 1
    }
    offset += 1
    if byte == UInt8(ascii: "\n") {
      line += 1
      previousColumn = column
      column = 0
    } else if JSONParser.sequenceLength(byte) != 0 {
      column += 1
    }
    return Int(byte)
  }

  /// Steps back over `c`, the byte just read (never a continuation byte:
  /// only a token's first byte after it is given back).
  mutating func unget(_ c: Int) {
    guard c >= 0 else { return }
    offset -= 1
    pending = 0
    if c == Int(UInt8(ascii: "\n")) {
      line -= 1
      column = previousColumn
    } else if JSONParser.sequenceLength(UInt8(c)) != 0 {
      column -= 1
    }
  }

  /// The next byte, kept in the token's text.
  mutating func getSaved() -> Int {
    let c = get()
    if c >= 0 { saved.append(UInt8(c)) }
    return c
  }

  /// Steps back over `c` and takes it out of the token's text.
  mutating func ungetSaved(_ c: Int) {
    guard c >= 0 else { return }
    unget(c)
    saved.removeLast()
  }

  static func isDigit(_ c: Int) -> Bool { c >= 0x30 && c <= 0x39 }
  /// `"`, `\\`, `/`, `b`, `f`, `n`, `r`, `t`: what may follow a backslash
  /// alone.
  static func isShortEscape(_ c: Int) -> Bool {
    switch c {
    case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: return true
    default: return false
    }
  }
  static func isLetter(_ c: Int) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) }
  static func isHexDigit(_ c: Int) -> Bool { isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66) }

  // MARK: Tokens

  /// Reads the next token.
  @inline(never)
  mutating func scan() {
    saved.removeAll(keepingCapacity: true)
    var c: Int
    repeat { c = get() } while c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
    if c == JSONParser.endOfText {
      token = .end
      return
    }
    if c == JSONParser.decodingError {
      token = .invalid
      return
    }
    saved.append(UInt8(c))
    switch UInt8(c) {
    case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: ","):
      token = .punctuation(UInt8(c))
    case UInt8(ascii: "\""):
      scanString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      scanNumber(c)
    case _ where JSONParser.isLetter(c):
      // The whole word, for a clearer message.
      repeat { c = getSaved() } while JSONParser.isLetter(c)
      ungetSaved(c)
      if ByteText.equal(saved, "true") {
        token = .true
      } else if ByteText.equal(saved, "false") {
        token = .false
      } else if ByteText.equal(saved, "null") {
        token = .null
      } else {
        token = .invalid
      }
    default:
      // The rest of the character, so that the message quotes all of it.
      while pending > 0 {
        saved.append(text[offset])
        offset += 1
        pending -= 1
      }
      token = .invalid
    }
  }

  /// A string, from after its opening quote: its escapes checked as they
  /// are read, then decoded.
  mutating func scanString() {
    token = .invalid
    var c = getSaved()
    while c != Int(UInt8(ascii: "\"")) {
      if c == JSONParser.decodingError { return }
      if c == JSONParser.endOfText { return fail("premature end of input") }
      if c >= 0 && c <= 0x1F {
        ungetSaved(c)
        if c == 0x0A { return fail("unexpected newline") }
        return fail("control character 0x", hex: c)
      }
      if c == Int(UInt8(ascii: "\\")) {
        c = getSaved()
        if c == Int(UInt8(ascii: "u")) {
          c = getSaved()
          for _ in 0..<4 {
            guard JSONParser.isHexDigit(c) else { return fail("invalid escape") }
            c = getSaved()
          }
        } else if JSONParser.isShortEscape(c) {
          c = getSaved()
        } else {
          return fail("invalid escape")
        }
      } else {
        c = getSaved()
      }
    }
    decodeString()
  }

  /// The value of the string whose text (quotes included) is `saved`.
  mutating func decodeString() {
    string.removeAll(keepingCapacity: true)
    var i = 1
    let end = saved.count - 1
    while i < end {
      let byte = saved[i]
      guard byte == UInt8(ascii: "\\") else {
        string.append(byte)
        i += 1
        continue
      }
      let kind = saved[i + 1]
      guard kind == UInt8(ascii: "u") else {
        switch kind {
        case UInt8(ascii: "b"): string.append(0x08)
        case UInt8(ascii: "f"): string.append(0x0C)
        case UInt8(ascii: "n"): string.append(0x0A)
        case UInt8(ascii: "r"): string.append(0x0D)
        case UInt8(ascii: "t"): string.append(0x09)
        default: string.append(kind)
        }
        i += 2
        continue
      }
      var scalar = hexValue(at: i + 2)
      i += 6
      if scalar >= 0xD800 && scalar <= 0xDBFF {
        guard i + 1 < end, saved[i] == UInt8(ascii: "\\"), saved[i + 1] == UInt8(ascii: "u") else {
          return failUnicode(scalar, nil)
        }
        let low = hexValue(at: i + 2)
        i += 6
        guard low >= 0xDC00 && low <= 0xDFFF else { return failUnicode(scalar, low) }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
        return failUnicode(scalar, nil)
      }
      JSONParser.appendUTF8(scalar, to: &string)
    }
    token = .string
  }

  /// The four hex digits at `index` of the token's text.
  func hexValue(at index: Int) -> UInt32 {
    var value: UInt32 = 0
    for j in index..<(index + 4) {
      let c = Int(saved[j])
      let digit = JSONParser.isDigit(c) ? c - 0x30 : (c >= 0x61 ? c - 0x61 + 10 : c - 0x41 + 10)
      value = value << 4 | UInt32(digit)
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

  /// A number, from its first byte `first` (already in the token's text),
  /// in JSON's grammar: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`;
  /// the token stays invalid where the grammar breaks.
  mutating func scanNumber(_ first: Int) {
    token = .invalid
    var c = first
    if c == Int(UInt8(ascii: "-")) { c = getSaved() }
    if c == Int(UInt8(ascii: "0")) {
      c = getSaved()
      if JSONParser.isDigit(c) { return ungetSaved(c) }
    } else if JSONParser.isDigit(c) {
      repeat { c = getSaved() } while JSONParser.isDigit(c)
    } else {
      return ungetSaved(c)
    }
    if c == Int(UInt8(ascii: ".")) {
      c = get()
      guard JSONParser.isDigit(c) else { return unget(c) }
      saved.append(UInt8(c))
      repeat { c = getSaved() } while JSONParser.isDigit(c)
    }
    if c == Int(UInt8(ascii: "e")) || c == Int(UInt8(ascii: "E")) {
      c = getSaved()
      if c == Int(UInt8(ascii: "+")) || c == Int(UInt8(ascii: "-")) { c = getSaved() }
      guard JSONParser.isDigit(c) else { return ungetSaved(c) }
      repeat { c = getSaved() } while JSONParser.isDigit(c)
    }
    ungetSaved(c)
    let scanned = saved.withUnsafeBytes { NumberScanner.scan($0, from: 0, json: true) }
    guard let scanned, case .value(let value) = scanned.value else { return fail("real number overflow") }
    number = value
    token = .number
  }

  // MARK: Values

  /// The whole text: one object or array, then nothing.
  mutating func document() -> JSONTree? {
    scan()
    guard token == .punctuation(UInt8(ascii: "[")) || token == .punctuation(UInt8(ascii: "{")) else {
      fail("'[' or '{' expected")
      return nil
    }
    guard let tree = value() else { return nil }
    scan()
    guard token == .end else {
      fail("end of file expected")
      return nil
    }
    return tree
  }

  /// The value the current token begins.
  mutating func value() -> JSONTree? {
    switch token {
    case .string:
      guard !string.contains(0) else {
        fail("\\u0000 is not allowed without JSON_ALLOW_NUL")
        return nil
      }
      return .string(string)
    case .number: return .number(number)
    case .true: return .boolean(true)
    case .false: return .boolean(false)
    case .null: return .null
    case .punctuation(UInt8(ascii: "{")), .punctuation(UInt8(ascii: "[")):
      depth += 1
      defer { depth -= 1 }
      guard depth <= JSONTree.maximumDepth else {
        fail(JSONTree.depthMessage)
        return nil
      }
      return token == .punctuation(UInt8(ascii: "{")) ? object() : array()
    case .invalid:
      fail("invalid token")
      return nil
    default:
      fail("unexpected token")
      return nil
    }
  }

  mutating func object() -> JSONTree? {
    var members: [JSONTree.Member] = []
    scan()
    if token == .punctuation(UInt8(ascii: "}")) { return .object(members) }
    while true {
      guard token == .string else {
        fail("string or '}' expected")
        return nil
      }
      let key = string
      guard !key.contains(0) else {
        fail("NUL byte in object key not supported")
        return nil
      }
      for member in members where member.key == key {
        fail("duplicate object key")
        return nil
      }
      scan()
      guard token == .punctuation(UInt8(ascii: ":")) else {
        fail("':' expected")
        return nil
      }
      scan()
      guard let element = value() else { return nil }
      members.append(JSONTree.Member(key: key, value: element))
      scan()
      guard token == .punctuation(UInt8(ascii: ",")) else { break }
      scan()
    }
    guard token == .punctuation(UInt8(ascii: "}")) else {
      fail("'}' expected")
      return nil
    }
    return .object(members)
  }

  mutating func array() -> JSONTree? {
    var elements: [JSONTree] = []
    scan()
    if token == .punctuation(UInt8(ascii: "]")) { return .array(elements) }
    while token != .end {
      guard let element = value() else { return nil }
      elements.append(element)
      scan()
      guard token == .punctuation(UInt8(ascii: ",")) else { break }
      scan()
    }
    guard token == .punctuation(UInt8(ascii: "]")) else {
      fail("']' expected")
      return nil
    }
    return .array(elements)
  }
}

/// Reads a decimal number from bytes, for JSON text and for expressions.
package enum NumberScanner {
  /// The number at `start`: its value and the offset after it, or nil when
  /// the bytes there are not a number. `json` asks for JSON's grammar (an
  /// optional minus, no leading zeros, digits on both sides of a point);
  /// otherwise, as in expressions, there is no sign and a leading `.5` or a
  /// trailing `5.` is accepted.
  package static func scan(_ text: UnsafeRawBufferPointer, from start: Int, json: Bool) -> (value: DecimalConversion.Result, end: Int)? {
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
