/// One option a command accepts, declared once and included by every
/// command that takes it: its spellings, its value, its help, and how a
/// shell completes it.
struct Option: Equatable, Sendable {
  /// The long spelling, such as `--fps`.
  var name: String
  /// A one-letter alias such as `-o`, if any.
  var shortName: String?
  /// How help shows the value (`N`, `WxH`); nil for a flag.
  var valueName: String?
  /// What a valid value is, completing "--fps expects …" in messages.
  var expectation: String
  /// One line for help.
  var summary: String
  /// How shells complete the value.
  var completion: Completion

  /// An option that takes a value.
  init(
    _ name: String, short shortName: String? = nil, value valueName: String, expects expectation: String,
    summary: String, completion: Completion = .none
  ) {
    self.name = name
    self.shortName = shortName
    self.valueName = valueName
    self.expectation = expectation
    self.summary = summary
    self.completion = completion
  }

  /// A flag: present or absent, no value.
  init(flag name: String, short shortName: String? = nil, summary: String) {
    self.name = name
    self.shortName = shortName
    self.valueName = nil
    self.expectation = "no value"
    self.summary = summary
    self.completion = .none
  }

  /// Whether the option takes a value.
  var takesValue: Bool { valueName != nil }

  /// How help shows the option: `-o, --output FILE`.
  var synopsis: String {
    let names = (shortName.map { $0 + ", " } ?? "") + name
    return valueName.map { names + " " + $0 } ?? names
  }

  /// `--help` and `-h`, which every command knows.
  static let help = Option(flag: "--help", short: "-h", summary: "show this help")
}

/// What a shell offers for a value or an operand.
enum Completion: Equatable, Sendable {
  /// Nothing: free text.
  case none
  /// These words.
  case words([String])
  /// Any file.
  case files
  /// These words, or any file.
  case wordsOrFiles([String])
  /// Any directory.
  case directories
  /// The tool's subcommands.
  case subcommands

  /// The words offered: the fixed list a value is one of, which a mistyped
  /// value is matched against too (``Suggestion``); none for free text.
  var words: [String] {
    switch self {
    case .words(let words), .wordsOrFiles(let words): return words
    case .none, .files, .directories, .subcommands: return []
    }
  }
}

/// An operand a command takes, for usage, the manual and completions.
struct Operand: Equatable, Sendable {
  /// How help shows it: `FILE`.
  var name: String
  /// One line for the manual.
  var summary: String
  /// Whether it may be given more than once.
  var repeats: Bool
  /// How shells complete it.
  var completion: Completion

  init(_ name: String, summary: String, repeats: Bool = false, completion: Completion) {
    self.name = name
    self.summary = summary
    self.repeats = repeats
    self.completion = completion
  }
}

/// Options declared once and included, under one heading in help, by the
/// commands that take them (as swift-argument-parser's `@OptionGroup`).
struct OptionGroup: Equatable, Sendable {
  /// The help heading: `Document options`.
  var title: String
  var options: [Option]

  /// The group with only `options` of its own, for a command that takes
  /// some of them.
  func only(_ options: [Option]) -> OptionGroup {
    OptionGroup(title: title, options: self.options.filter(options.contains))
  }
}
