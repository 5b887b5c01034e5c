import LoadmarkCore

/// A parsed value together with the path it was read from, so that every
/// complaint about it can say where it is.
struct JSONNode {
  /// The value.
  let value: JSONValue
  /// Where the value is in the document.
  let path: FieldPath

  /// An error about this value.
  func failure(_ message: String) -> ValidationError {
    ValidationError(path: path, message: message)
  }

  /// An error saying what this value should have been and what it is:
  /// `expected a finite number, got "x"`.
  func expected(_ what: String) -> ValidationError {
    failure("expected \(what), got \(value.gotDescription)")
  }

  /// Checks that the value is an object.
  func requireObject() throws(ValidationError) {
    guard value.kind == .object else { throw expected("an object") }
  }

  /// The member `key`, which must be present.
  func required(_ key: String) throws(ValidationError) -> JSONNode {
    guard let member = optional(key) else { throw failure("missing field \(key.jsonQuoted)") }
    return member
  }

  /// The member `key`, if present.
  func optional(_ key: String) -> JSONNode? {
    value.member(key).map { JSONNode(value: $0, path: path.field(key)) }
  }

  /// Checks that every member is one of `allowed`; the first other one, in
  /// document order, is the error. A misspelt optional field would otherwise
  /// be ignored and its default used without a word.
  func rejectUnknownFields(allowed: [String]) throws(ValidationError) {
    for (key, _) in value.members where !allowed.contains(key) {
      throw failure("unknown field \(key.jsonQuoted)")
    }
  }

  /// The elements of an array.
  func array() throws(ValidationError) -> [JSONNode] {
    guard value.kind == .array else { throw expected("an array") }
    return value.elements.enumerated().map { JSONNode(value: $1, path: path.index($0)) }
  }

  /// The elements of an array of exactly `count` numbers, still unchecked so
  /// that each can have its own range.
  func numberElements(count: Int) throws(ValidationError) -> [JSONNode] {
    guard value.kind == .array else { throw expected("an array of \(count) numbers") }
    let elements = try array()
    guard elements.count == count else { throw failure("expected \(count) values, got \(elements.count)") }
    return elements
  }

  /// A finite number.
  func number() throws(ValidationError) -> Double {
    // Jansson reports overflowing literals as parse errors, so a non-finite
    // value cannot arrive today; the check keeps that a local guarantee.
    guard let number = value.number, number.isFinite else { throw expected("a finite number") }
    return number
  }

  /// A finite number in `range`. A value of another type gets the same
  /// message as one out of range, since both need the range to be fixed.
  func number(in range: NumberRange) throws(ValidationError) -> Double {
    guard let number = value.number, number.isFinite, range.contains(number) else {
      throw expected(range.description)
    }
    return number
  }

  /// An integral number in `range`. JSON does not tell integers apart from
  /// reals, so `90.0` counts as 90.
  func integer(in range: ClosedRange<Int>) throws(ValidationError) -> Int {
    let description = "an integer from \(range.lowerBound) to \(range.upperBound)"
    guard let number = value.number, number == number.rounded(.towardZero),
      number >= Double(range.lowerBound), number <= Double(range.upperBound)
    else { throw expected(description) }
    return Int(number)
  }

  /// A point, `[x, y]`.
  func point() throws(ValidationError) -> Point {
    let elements = try numberElements(count: 2)
    return Point(try elements[0].number(), try elements[1].number())
  }

  /// A string.
  func string() throws(ValidationError) -> String {
    guard let string = value.string else { throw expected("a string") }
    return string
  }

  /// A string that is not empty.
  func nonEmptyString() throws(ValidationError) -> String {
    guard let string = value.string, !string.isEmpty else { throw expected("a non-empty string") }
    return string
  }

  /// `true` or `false`.
  func boolean() throws(ValidationError) -> Bool {
    guard let boolean = value.boolean else { throw expected("true or false") }
    return boolean
  }

  /// One of the raw values of `Choice`, such as a `kind` or `lineCap`.
  func choice<Choice: RawRepresentable & CaseIterable>(
    _: Choice.Type
  ) throws(ValidationError) -> Choice where Choice.RawValue == String {
    guard let string = value.string, let choice = Choice(rawValue: string) else {
      let names = Choice.allCases.map { $0.rawValue.jsonQuoted }.joined(separator: ", ")
      throw expected("one of \(names)")
    }
    return choice
  }

  /// A colour, `#rrggbb` or `#rrggbbaa`. ``Color/init(hex:)`` also takes
  /// `#rgb` and a missing `#`; the format is stricter so that every document
  /// spells colours one way.
  func color() throws(ValidationError) -> Color {
    guard let string = value.string, string.utf8.first == UInt8(ascii: "#"),
      string.utf8.count == 7 || string.utf8.count == 9, let color = Color(hex: string)
    else { throw expected("a colour \"#rrggbb\" or \"#rrggbbaa\"") }
    return color
  }
}
