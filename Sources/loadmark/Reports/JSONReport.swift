import LoadmarkCore
import LoadmarkJSON

/// A value of a `--json` report: built in Swift, written through Jansson
/// (LoadmarkJSON's `JSONValue`) as one line of compact JSON.
///
/// Objects keep the order their members are written in, so a report reads
/// the same on every run. Numbers are written as integers when they are
/// whole (below 2^53), else as reals with 15 significant digits, which spell
/// every value a compact document holds exactly (`3.9364`, not
/// `3.9363999999999999`).
indirect enum JSONReport: ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByStringLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral
{
  case object([(key: String, value: JSONReport)])
  case array([JSONReport])
  case string(String)
  case number(Double)
  case boolean(Bool)
  case null

  init(dictionaryLiteral elements: (String, JSONReport)...) {
    self = .object(elements.map { (key: $0.0, value: $0.1) })
  }

  init(arrayLiteral elements: JSONReport...) {
    self = .array(elements)
  }

  init(stringLiteral value: String) {
    self = .string(value)
  }

  init(integerLiteral value: Int) {
    self = .number(Double(value))
  }

  init(booleanLiteral value: Bool) {
    self = .boolean(value)
  }

  /// A number, or null for none.
  static func numberOrNull(_ value: Double?) -> JSONReport {
    value.map { .number($0) } ?? .null
  }

  /// A count.
  static func count(_ value: Int) -> JSONReport {
    .number(Double(value))
  }

  /// The object with `members` after its own.
  func merging(_ members: [(key: String, value: JSONReport)]) -> JSONReport {
    guard case .object(let own) = self else { return self }
    return .object(own + members)
  }

  /// The object with `key` set to `value` after its other members.
  func adding(_ key: String, _ value: JSONReport) -> JSONReport {
    guard case .object(let members) = self else { return self }
    return .object(members + [(key, value)])
  }

  /// The report as one line of JSON and a newline, for standard output,
  /// with every character a terminal could act on escaped
  /// (``escapingTerminalControls(_:)``).
  func text() throws(CommandError) -> String {
    do {
      return JSONReport.escapingTerminalControls(try value().compactText(realDigits: 15)) + "\n"
    } catch {
      throw .io("cannot write the JSON report: \(error)")
    }
  }

  /// `json` with each character ``TerminalText/needsEscape(_:)`` names written
  /// as a `\u` escape: Jansson escapes C0 controls itself, but writes DEL,
  /// C1 (U+0080–U+009F), the bidirectional controls and the line and
  /// paragraph separators raw, which a report printed on a terminal would
  /// pass to it. Compact JSON is ASCII outside its strings, so each such
  /// character is inside a string, where the escape means the same
  /// character: a parser reads the same report.
  static func escapingTerminalControls(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: TerminalText.needsEscape) else { return json }
    var result = ""
    result.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
    for scalar in json.unicodeScalars {
      if TerminalText.needsEscape(scalar) {
        // Upper-case hexadecimal, as Jansson spells the C0 escapes it writes.
        result += "\\u" + TerminalText.hexDigits(scalar.value).uppercased()
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The Jansson value.
  private func value() throws(JanssonError) -> JSONValue {
    switch self {
    case .object(let members):
      let object = try JSONValue.object()
      for (key, value) in members { try object.set(key, value.value()) }
      return object
    case .array(let elements):
      let array = try JSONValue.array()
      for element in elements { try array.append(element.value()) }
      return array
    case .string(let text):
      return try .string(text)
    case .number(let number):
      guard number.isFinite else { return try .null() }
      if number == number.rounded(), number.magnitude < 9_007_199_254_740_992 {
        return try .integer(Int64(number))
      }
      return try .real(number)
    case .boolean(let flag):
      return try .boolean(flag)
    case .null:
      return try .null()
    }
  }
}

extension JSONReport {
  /// An error of a file that could not be read (`"kind": "read"`) or is not
  /// valid (`"data"`), with its message and where in the file it is: a
  /// `line` and `column`, or the `field` at fault.
  static func error(_ error: DocumentError) -> JSONReport {
    var members: [(key: String, value: JSONReport)] = [
      ("kind", .string(error.readFailure == nil ? "data" : "read")), ("message", .string(error.message)),
    ]
    switch error.location {
    case .file: break
    case .position(let line, let column): members += [("line", .count(line)), ("column", .count(column))]
    case .field(let path): members.append(("field", .string(path)))
    }
    return .object(members)
  }

  /// The envelope every report starts with: which command, and the exit code
  /// the run ends with.
  static func envelope(_ command: String, _ code: ExitCode) -> JSONReport {
    ["command": .string(command), "exitCode": .count(Int(code.rawValue))]
  }
}
