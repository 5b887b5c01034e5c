/// A parsed command line: option values by long name, flags, and operands,
/// read back through the options that declared them.
struct ParsedArguments: Sendable {
  /// The value of each option given, keyed by its long name.
  var values: [String: String] = [:]
  /// The long names of the flags given.
  var flags: Set<String> = []
  /// How each option given was spelled (`-o` or `--output`), keyed by its
  /// long name, so that messages name it as the user wrote it.
  var spellings: [String: String] = [:]
  /// The arguments that are not options, in order.
  var operands: [String] = []
  /// Whether `--help` or `-h` was given; parsing stops there.
  var helpRequested = false

  /// Whether the flag `option` was given.
  func isSet(_ option: Option) -> Bool {
    flags.contains(option.name)
  }

  /// The text given for `option`, if it was given.
  func text(_ option: Option) -> String? {
    values[option.name]
  }

  /// The value of `option` converted by `convert`, or nil when not given.
  /// A value `convert` refuses is a usage error naming the option and
  /// quoting the value: `--fps expects a number from 1 to 1000, got "abc"`;
  /// for an option whose values are a fixed list (its completion words),
  /// followed by the nearest ones: `…, got "gfi"; did you mean gif?`.
  func value<Value>(
    _ option: Option, _ convert: (String) -> Value?
  ) throws(CommandError) -> Value? {
    guard let text = values[option.name] else { return nil }
    guard let value = convert(text) else {
      let spelling = spellings[option.name] ?? option.name
      throw .usage(
        "\(spelling) expects \(option.expectation), got \(quoted(text))"
          + Suggestion.sentence(for: text, among: option.completion.words))
    }
    return value
  }

  /// A decimal number (``OptionValue/decimal(_:)``) in `range`, or nil
  /// when `option` is not given.
  func number(_ option: Option, in range: ClosedRange<Double>) throws(CommandError) -> Double? {
    try value(option) { text in
      OptionValue.decimal(text).flatMap { range.contains($0) ? $0 : nil }
    }
  }

  /// A decimal number above zero, or nil when `option` is not given.
  func positiveNumber(_ option: Option) throws(CommandError) -> Double? {
    try value(option) { text in
      OptionValue.decimal(text).flatMap { $0 > 0 ? $0 : nil }
    }
  }

  /// A whole number (``OptionValue/wholeNumber(_:)``) in `range`, or nil
  /// when `option` is not given.
  func integer(_ option: Option, in range: ClosedRange<Int>) throws(CommandError) -> Int? {
    try value(option) { text in
      OptionValue.wholeNumber(text).flatMap { range.contains($0) ? $0 : nil }
    }
  }

  /// `text` in double quotes, with quotes and backslashes escaped.
  private func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
      if character == "\"" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result + "\""
  }
}
