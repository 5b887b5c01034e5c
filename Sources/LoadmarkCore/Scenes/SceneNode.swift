/// A value of a scene with the path it was read from, so that every
/// complaint about it says where it is.
struct SceneNode {
  let value: JSONTree
  let path: FieldPath

  @inline(never)
  func failure(_ message: ByteText) -> SceneError {
    SceneError(path, message)
  }

  /// `expected <what>, got <value>`.
  @inline(never)
  func expected(_ what: ByteText) -> SceneError {
    failure("expected " + what + ", got " + value.gotDescription)
  }

  var isNull: Bool {
    if case .null = value { return true }
    return false
  }

  /// The members of an object.
  @inline(never)
  func members() throws(SceneError) -> [JSONTree.Member] {
    guard case .object(let members) = value else { throw expected("an object") }
    return members
  }

  /// The member `key`, if present (`null` included).
  @inline(never)
  func optional(_ key: StaticString) -> SceneNode? {
    value.member(key).map { SceneNode(value: $0, path: path.field(key)) }
  }

  /// The member `key`, which must be present.
  @inline(never)
  func required(_ key: StaticString) throws(SceneError) -> SceneNode {
    guard let member = optional(key) else {
      throw failure("missing field " + ByteText.quoted(ByteText.bytes(of: key)))
    }
    return member
  }

  /// Checks that every member is one of `allowed` or `comment` (a note for
  /// readers: a string or an array of strings). A misspelt optional field
  /// would otherwise be ignored and its default used without a word.
  @inline(never)
  func rejectUnknownFields(_ allowed: [StaticString]) throws(SceneError) {
    for member in try members() {
      if ByteText.equal(member.key, "comment") {
        try SceneNode(value: member.value, path: path.field(member.key)).checkComment()
        continue
      }
      guard allowed.contains(where: { ByteText.equal(member.key, $0) }) else {
        throw failure("unknown field " + ByteText.quoted(member.key))
      }
    }
  }

  @inline(never)
  func checkComment() throws(SceneError) {
    switch value {
    case .string: return
    case .array(let lines):
      for (i, line) in lines.enumerated() {
        guard case .string = line else { throw SceneNode(value: line, path: path.index(i)).expected("a string") }
      }
    default:
      throw expected("a string or an array of strings")
    }
  }

  /// The elements of an array.
  @inline(never)
  func array() throws(SceneError) -> [SceneNode] {
    guard case .array(let elements) = value else { throw expected("an array") }
    var nodes: [SceneNode] = []
    for (i, element) in elements.enumerated() { nodes.append(SceneNode(value: element, path: path.index(i))) }
    return nodes
  }

  /// The members of an object as nodes, for objects whose keys are names.
  @inline(never)
  func namedMembers() throws(SceneError) -> [(name: [UInt8], node: SceneNode)] {
    var result: [(name: [UInt8], node: SceneNode)] = []
    for member in try members() where !ByteText.equal(member.key, "comment") {
      result.append((member.key, SceneNode(value: member.value, path: path.key(member.key))))
    }
    return result
  }

  @inline(never)
  func string() throws(SceneError) -> [UInt8] {
    guard case .string(let bytes) = value else { throw expected("a string") }
    return bytes
  }

  @inline(never)
  func nonEmptyString() throws(SceneError) -> [UInt8] {
    guard case .string(let bytes) = value, !bytes.isEmpty else { throw expected("a non-empty string") }
    return bytes
  }

  /// A name that output files are named after (``FileStem``): the scene's
  /// and its clips'. Refused here, as the scene is read, so that `validate`
  /// refuses what `export` and `compile` could not write.
  @inline(never)
  func fileStem() throws(SceneError) -> [UInt8] {
    let bytes = try nonEmptyString()
    guard FileStem.allows(bytes) else { throw expected(ByteText(ByteText.bytes(of: FileStem.rule))) }
    return bytes
  }

  @inline(never)
  func boolean() throws(SceneError) -> Bool {
    guard case .boolean(let flag) = value else { throw expected("true or false") }
    return flag
  }

  /// An expression: a JSON number or boolean, or a string of arithmetic
  /// over `names` (see ``Expression/parse(_:names:)``).
  @inline(never)
  func expression(_ names: [Expression.Name] = []) throws(SceneError) -> Expression {
    switch value {
    case .number(let number):
      return .constant(number)
    case .boolean(let flag):
      return .constant(flag ? 1 : 0)
    case .string(let text):
      do {
        return try Expression.parse(text, names: names)
      } catch {
        var message: ByteText = "expression "
        message.append(quoted: text)
        message.append(" does not parse: ")
        message.append(error.message)
        message.append(" (character ")
        message.append(error.column)
        message.append(")")
        throw failure(message)
      }
    default:
      throw expected("a number or an expression")
    }
  }

  /// A number: a JSON number or a constant expression such as `"90deg"` or
  /// `"2 * pi"`, finite unless `allowInfinity`, and within `range`.
  @inline(never)
  func number(_ range: ValueRange = .any, allowInfinity: Bool = false) throws(SceneError) -> Double {
    let expression = try self.expression()
    let number = expression.value([])
    guard number.isFinite || (allowInfinity && number == .infinity) else {
      var message = "expected a finite number, got " + ByteText.number(number)
      // HUGE, HUGE_VALF and .infinity are infinity: say where they mean forever.
      if number.isInfinite { message.append("; infinity means \"forever\" only in repeatCount and repeatDuration") }
      throw failure(message)
    }
    guard range.contains(number) else { throw failure("expected " + range.description + ", got " + ByteText.number(number)) }
    return number
  }

  /// A whole number in `range`.
  @inline(never)
  func integer(_ range: ClosedRange<Int>) throws(SceneError) -> Int {
    let number = try self.number()
    guard number == number.rounded(.towardZero), number >= Double(range.lowerBound), number <= Double(range.upperBound)
    else {
      var what: ByteText = "a whole number from "
      what.append(range.lowerBound)
      what.append(" to ")
      what.append(range.upperBound)
      throw failure("expected " + what + ", got " + ByteText.number(number))
    }
    return Int(number)
  }

  /// `count` numbers in an array, each in `range`.
  @inline(never)
  func numbers(_ count: Int, _ range: ValueRange = .any) throws(SceneError) -> [Double] {
    let elements = try array()
    guard elements.count == count else {
      var message: ByteText = "expected "
      message.append(count)
      message.append(" numbers, got ")
      message.append(elements.count)
      throw failure(message)
    }
    var values: [Double] = []
    for element in elements { values.append(try element.number(range)) }
    return values
  }

  /// `[x, y]`.
  @inline(never)
  func point() throws(SceneError) -> Point {
    let values = try numbers(2)
    return Point(values[0], values[1])
  }

  /// `[x, y, width, height]`, the size not negative.
  @inline(never)
  func rect() throws(SceneError) -> Rect {
    let elements = try array()
    guard elements.count == 4 else { throw expected("[x, y, width, height]") }
    return Rect(
      x: try elements[0].number(), y: try elements[1].number(),
      width: try elements[2].number(.nonNegative), height: try elements[3].number(.nonNegative))
  }

  /// One of `choices` by name.
  @inline(never)
  func choice<Choice>(_ choices: [(name: StaticString, value: Choice)]) throws(SceneError) -> Choice {
    if case .string(let bytes) = value {
      for choice in choices where ByteText.equal(bytes, choice.name) { return choice.value }
    }
    var names = ByteText("one of ")
    for (i, choice) in choices.enumerated() {
      if i > 0 { names.append(i == choices.count - 1 ? " or " : ", ") }
      names.append(quoted: ByteText.bytes(of: choice.name))
    }
    throw expected(names)
  }

  /// A CSS colour, or nil for `null` (no colour).
  @inline(never)
  func color() throws(SceneError) -> Color? {
    if isNull { return nil }
    guard case .string(let text) = value, let color = Color(css: text) else {
      throw expected("a CSS colour such as \"#f98680\", \"rgb(249 134 128)\" or \"gray\", or null")
    }
    return color
  }

  /// A name that can be a document layer id: ASCII letters, digits, `_` and
  /// `-` (no dot: track keys split at the first dot).
  @inline(never)
  func identifier() throws(SceneError) -> [UInt8] {
    guard case .string(let bytes) = value, SceneNode.isIdentifier(bytes) else {
      throw expected("an id of letters, digits, \"_\" and \"-\"")
    }
    return bytes
  }

  static func isIdentifier(_ bytes: [UInt8]) -> Bool {
    !bytes.isEmpty && bytes.count <= 64
      && bytes.allSatisfy { byte in
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
      }
  }
}

/// The numbers a field accepts, and how a message names them.
struct ValueRange {
  var lower: Double
  var lowerIsOpen: Bool
  var upper: Double

  static let any = ValueRange(lower: -.infinity, lowerIsOpen: false, upper: .infinity)
  static let nonNegative = ValueRange(lower: 0, lowerIsOpen: false, upper: .infinity)
  static let positive = ValueRange(lower: 0, lowerIsOpen: true, upper: .infinity)
  static let unit = ValueRange(lower: 0, lowerIsOpen: false, upper: 1)

  static func positive(upTo limit: Double) -> ValueRange {
    ValueRange(lower: 0, lowerIsOpen: true, upper: limit)
  }

  @inline(never)
  func contains(_ value: Double) -> Bool {
    (lowerIsOpen ? value > lower : value >= lower) && value <= upper
  }

  var description: ByteText {
    var text: ByteText = "a number"
    if lower.isFinite && upper.isFinite && !lowerIsOpen {
      text.append(" from ")
      text.append(number: lower)
      text.append(" to ")
      text.append(number: upper)
      return text
    }
    if lower.isFinite {
      text.append(lowerIsOpen ? " > " : " ≥ ")
      text.append(number: lower)
    }
    if upper.isFinite {
      text.append(lower.isFinite ? " and ≤ " : " ≤ ")
      text.append(number: upper)
    }
    return text
  }
}
