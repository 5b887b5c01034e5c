import LoadmarkText

extension Expression {
  /// Why an expression did not parse: what, and the character (1-based)
  /// where the reader stopped.
  public struct ParseError: Error, Equatable, Sendable {
    public var message: ByteText
    public var column: Int
  }

  /// The longest expression read, in bytes, and the deepest nesting (of
  /// parentheses, unary operators, `? :` and calls, which the parser reads
  /// by recursion).
  public static let maximumLength = 1000
  static let maximumDepth = 32
  /// The tallest tree the parser builds, leaves included. A chain such as
  /// `p + 0 + 0 …` nests no parentheses but makes a tree one level taller
  /// per operator, which compiled images and the evaluator walk by
  /// recursion; the image reader accepts what this allows
  /// (`ImageReader.maximumExpressionHeight`), so what compiles, loads.
  public static let maximumHeight = 64

  /// A name an expression may use, and the variable slot it reads.
  public struct Name: Sendable {
    public var name: [UInt8]
    public var slot: Int

    public init(_ name: [UInt8], _ slot: Int) {
      self.name = name
      self.slot = slot
    }
  }

  /// Parses `text`. Names are looked up in `names`, the last of a name
  /// winning (inner scopes come last); the names of ``constants`` are
  /// constants everywhere.
  ///
  /// Grammar, loosest first: `c ? a : b`, `||`, `&&`, comparisons
  /// (`< <= > >= == !=`, not chained), `+ -`, `* / %`, unary `- + !`, then
  /// numbers (with an optional unit `deg`, `rad` or `turn`), names,
  /// `name(arguments)` and parentheses.
  public static func parse(
    _ text: [UInt8], names: [Name]
  ) throws(ParseError) -> Expression {
    guard text.count <= maximumLength else {
      throw ParseError(message: "longer than 1000 characters", column: 1)
    }
    var parser = ExpressionParser(text: text, names: names)
    let expression = try parser.ternary(depth: 0)
    parser.skipSpaces()
    guard parser.offset == text.count else { throw parser.failure("unexpected text after the expression") }
    return expression
  }

  /// The names every expression knows, as Core Animation code spells them:
  /// `pi`, `true`, `false`, and the values that code writes for "repeat
  /// forever" (`repeatCount = HUGE` in NVActivityIndicatorView,
  /// `MAXFLOAT` in seed 004). C's `HUGE`, `HUGE_VAL` and `HUGE_VALF` and
  /// Swift's `.infinity` are infinity; `MAXFLOAT`, `FLT_MAX` and
  /// `Float.greatestFiniteMagnitude` float's largest value; `DBL_MAX`,
  /// `CGFLOAT_MAX` and the `Double`/`CGFloat` `greatestFiniteMagnitude`
  /// double's (CGFloat is a Double on every 64-bit Apple platform). The
  /// table docs/SCENE.md lists is checked against this one.
  public static let constants: [(name: StaticString, value: Double)] = [
    ("pi", Double.pi), ("true", 1), ("false", 0),
    ("infinity", .infinity), ("HUGE", .infinity), ("HUGE_VAL", .infinity), ("HUGE_VALF", .infinity),
    (".infinity", .infinity), ("Float.infinity", .infinity), ("Double.infinity", .infinity),
    ("CGFloat.infinity", .infinity),
    ("MAXFLOAT", Double(Float.greatestFiniteMagnitude)), ("FLT_MAX", Double(Float.greatestFiniteMagnitude)),
    ("Float.greatestFiniteMagnitude", Double(Float.greatestFiniteMagnitude)),
    ("DBL_MAX", Double.greatestFiniteMagnitude), ("CGFLOAT_MAX", Double.greatestFiniteMagnitude),
    ("Double.greatestFiniteMagnitude", Double.greatestFiniteMagnitude),
    ("CGFloat.greatestFiniteMagnitude", Double.greatestFiniteMagnitude),
  ]

  /// `value` in radians: `deg` is (value / 180)·π, so 90, 180 and 360 degrees
  /// are π/2, π and 2π exactly; `turn` is value·2π.
  static func applying(unit: ByteText, to value: Double) -> Double? {
    if unit.equals("deg") { return value / 180 * Double.pi }
    if unit.equals("rad") { return value }
    if unit.equals("turn") { return value * (2 * Double.pi) }
    return nil
  }
}

/// The precedence-climbing reader behind ``Expression/parse(_:names:)``.
package struct ExpressionParser {
  let text: [UInt8]
  let names: [Expression.Name]
  var offset = 0
  /// The height of the tree the last parsing call returned.
  var height = 0

  /// An error at the current character.
  func failure(_ message: ByteText) -> Expression.ParseError {
    var column = 1
    for i in 0..<min(offset, text.count) where text[i] & 0xC0 != 0x80 { column += 1 }
    return Expression.ParseError(message: message, column: column)
  }

  mutating func skipSpaces() {
    while offset < text.count && (text[offset] == 0x20 || text[offset] == 0x09) { offset += 1 }
  }

  /// Consumes `token` (after spaces) if it is next.
  mutating func take(_ token: StaticString) -> Bool {
    skipSpaces()
    let count = token.utf8CodeUnitCount
    guard offset + count <= text.count else { return false }
    for i in 0..<count where text[offset + i] != token.utf8Start[i] { return false }
    offset += count
    return true
  }

  mutating func ternary(depth: Int) throws(Expression.ParseError) -> Expression {
    guard depth < Expression.maximumDepth else { throw failure("nested too deeply") }
    let condition = try binary(level: 0, depth: depth)
    let operatorOffset = offset
    guard take("?") else { return condition }
    var tallest = height
    let then = try ternary(depth: depth + 1)
    tallest = max(tallest, height)
    guard take(":") else { throw failure("expected \":\" of \"? :\"") }
    let otherwise = try ternary(depth: depth + 1)
    try grow(max(tallest, height), at: operatorOffset)
    return .conditional(condition, then, otherwise)
  }

  /// Notes the height of a node over children at most `children` tall, or
  /// refuses it at its operator, `at`.
  mutating func grow(_ children: Int, at operatorOffset: Int) throws(Expression.ParseError) {
    guard children < Expression.maximumHeight else {
      offset = operatorOffset
      skipSpaces()
      throw failure(tooTall)
    }
    height = children + 1
  }

  /// What ``grow(_:at:)`` says.
  var tooTall: ByteText {
    var message: ByteText = "more than "
    message.append(Expression.maximumHeight)
    message.append(" operations deep")
    return message
  }

  /// The binary operators of each precedence level, loosest first.
  static let levels: [[(token: StaticString, op: Expression.BinaryOperator)]] = [
    [("||", .or)],
    [("&&", .and)],
    [("<=", .lessOrEqual), (">=", .greaterOrEqual), ("==", .equal), ("!=", .notEqual), ("<", .less), (">", .greater)],
    [("+", .add), ("-", .subtract)],
    [("*", .multiply), ("/", .divide), ("%", .remainder)],
  ]

  mutating func binary(level: Int, depth: Int) throws(Expression.ParseError) -> Expression {
    guard level < ExpressionParser.levels.count else { return try unary(depth: depth) }
    var lhs = try binary(level: level + 1, depth: depth)
    // Comparisons do not chain: `a < b < c` is a mistake, not a value.
    let chains = level != 2
    while true {
      let operatorOffset = offset
      guard let op = nextOperator(level) else { break }
      let lhsHeight = height
      let rhs = try binary(level: level + 1, depth: depth)
      try grow(max(lhsHeight, height), at: operatorOffset)
      lhs = .binary(op, lhs, rhs)
      if !chains {
        if nextOperator(level, peekOnly: true) != nil { throw failure("comparisons cannot be chained") }
        break
      }
    }
    return lhs
  }

  mutating func nextOperator(_ level: Int, peekOnly: Bool = false) -> Expression.BinaryOperator? {
    let saved = offset
    for (token, op) in ExpressionParser.levels[level] where take(token) {
      // `&&`, `||` and the comparisons are matched whole; a lone `&`, `|`,
      // `=` or `!` is an error further on.
      if peekOnly { offset = saved }
      return op
    }
    offset = saved
    return nil
  }

  mutating func unary(depth: Int) throws(Expression.ParseError) -> Expression {
    guard depth < Expression.maximumDepth else { throw failure("nested too deeply") }
    let operatorOffset = offset
    if take("-") {
      let operand = try unary(depth: depth + 1)
      try grow(height, at: operatorOffset)
      return .unary(.negate, operand)
    }
    if take("+") { return try unary(depth: depth + 1) }
    if take("!") {
      let operand = try unary(depth: depth + 1)
      try grow(height, at: operatorOffset)
      return .unary(.not, operand)
    }
    return try primary(depth: depth)
  }

  mutating func primary(depth: Int) throws(Expression.ParseError) -> Expression {
    skipSpaces()
    guard offset < text.count else { throw failure("expected a value at the end") }
    let byte = text[offset]
    if byte == UInt8(ascii: "(") {
      offset += 1
      let inner = try ternary(depth: depth + 1)
      guard take(")") else { throw failure("expected \")\"") }
      return inner
    }
    // `.infinity`, Swift's member shorthand, is a name; `.5` a number.
    let memberShorthand = byte == UInt8(ascii: ".") && offset + 1 < text.count
      && ExpressionParser.startsName(text[offset + 1])
    if !memberShorthand && ((byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".")) {
      height = 1
      return .constant(try number())
    }
    guard memberShorthand || ExpressionParser.startsName(byte) else {
      throw failure("expected a number, a name or \"(\"")
    }
    let start = offset
    let name = self.name()
    skipSpaces()
    if offset < text.count && text[offset] == UInt8(ascii: "(") {
      offset += 1
      return try call(name, at: start, depth: depth)
    }
    height = 1
    if let constant = ExpressionParser.constant(name) { return .constant(constant) }
    guard let slot = names.last(where: { $0.name == name.bytes })?.slot else {
      offset = start
      throw failure("unknown name " + ByteText.quoted(name.bytes))
    }
    return .variable(slot)
  }

  mutating func call(_ name: ByteText, at start: Int, depth: Int) throws(Expression.ParseError) -> Expression {
    guard let entry = Expression.Function.all.first(where: { name.equals($0.name) }) else {
      offset = start
      throw failure("unknown function " + ByteText.quoted(name.bytes))
    }
    var arguments: [Expression] = []
    var tallest = 0
    if !take(")") {
      repeat {
        arguments.append(try ternary(depth: depth + 1))
        tallest = max(tallest, height)
      } while take(",")
      guard take(")") else { throw failure("expected \",\" or \")\"") }
    }
    guard entry.arguments.contains(arguments.count) else {
      offset = start
      var message = name + " takes "
      message.append(entry.arguments.lowerBound)
      if entry.arguments.upperBound != entry.arguments.lowerBound {
        message.append(" to ")
        message.append(entry.arguments.upperBound)
      }
      message.append(entry.arguments.upperBound == 1 ? " argument, got " : " arguments, got ")
      message.append(arguments.count)
      throw failure(message)
    }
    try grow(tallest, at: start)
    return .call(entry.function, arguments)
  }

  package static func startsName(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_")
  }

  /// A name: a letter or `_`, then letters, digits, `_` and `.` (key paths
  /// such as `transform.scale` are names).
  mutating func name() -> ByteText {
    let start = offset
    while offset < text.count {
      let byte = text[offset]
      guard ExpressionParser.startsName(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: ".")
      else { break }
      offset += 1
    }
    return ByteText(Array(text[start..<offset]))
  }

  static func constant(_ name: ByteText) -> Double? {
    for (spelling, value) in Expression.constants where name.equals(spelling) { return value }
    return nil
  }

  /// A number and its optional unit, written right after it.
  mutating func number() throws(Expression.ParseError) -> Double {
    let scanned = text.withUnsafeBytes { NumberScanner.scan($0, from: offset, json: false) }
    guard let scanned else { throw failure("expected a number") }
    guard case .value(let value) = scanned.value else { throw failure("number overflows a Double") }
    offset = scanned.end
    guard offset < text.count, ExpressionParser.startsName(text[offset]) else { return value }
    let unitStart = offset
    let unit = name()
    guard let converted = Expression.applying(unit: unit, to: value) else {
      offset = unitStart
      throw failure("unknown unit " + ByteText.quoted(unit.bytes) + "; units are deg, rad and turn")
    }
    return converted
  }
}
