/// Splits one subcommand's arguments into options and operands, checking
/// them against the options the subcommand declares.
///
/// Accepted spellings: `--name value`, `--name=value`, `-x value` for an
/// option with a short name, flags without a value, and `--` to end the
/// options. `--help` and `-h` are always known. The value of an option is the
/// next argument even when it starts with `-`, so `--tolerance -1` reaches the
/// range check and gets its message rather than "unknown option -1".
struct ArgumentParser {
  /// One option a subcommand accepts.
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

    /// An option that takes a value.
    init(_ name: String, short shortName: String? = nil, value valueName: String, expects expectation: String, summary: String) {
      self.name = name
      self.shortName = shortName
      self.valueName = valueName
      self.expectation = expectation
      self.summary = summary
    }

    /// A flag: present or absent, no value.
    init(flag name: String, summary: String) {
      self.name = name
      self.shortName = nil
      self.valueName = nil
      self.expectation = "no value"
      self.summary = summary
    }

    /// How help shows the option: `-o, --output FILE`.
    var synopsis: String {
      let names = (shortName.map { $0 + ", " } ?? "") + name
      return valueName.map { names + " " + $0 } ?? names
    }
  }

  /// A parsed command line: option values by long name, flags, and operands.
  struct Arguments: Sendable {
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
  }

  /// The subcommand, for messages such as "see loadmark export --help".
  var command: String
  var options: [Option]

  /// Sorts `arguments` into an ``Arguments``, or reports the first unknown
  /// option, missing value, value given to a flag or repeated option.
  func parse(_ arguments: [String]) throws(CommandError) -> Arguments {
    var result = Arguments()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--" {
        result.operands += remaining
        break
      }
      if argument == "--help" || argument == "-h" {
        result.helpRequested = true
        return result
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        result.operands.append(argument)
        continue
      }
      let (spelling, attachedValue) = split(argument)
      guard let option = option(spelled: spelling) else {
        throw .usage("unknown option \(spelling) (see loadmark \(command) --help)")
      }
      guard result.spellings[option.name] == nil else {
        throw .usage("\(spelling) is given more than once")
      }
      result.spellings[option.name] = spelling
      if option.valueName == nil {
        guard attachedValue == nil else { throw .usage("\(spelling) takes no value") }
        result.flags.insert(option.name)
      } else if let value = attachedValue ?? remaining.popFirst() {
        result.values[option.name] = value
      } else {
        throw .usage("\(spelling) expects \(option.expectation)")
      }
    }
    return result
  }

  /// The "Options:" help section: each option's synopsis and summary.
  var optionsHelp: String {
    var rows = options.map { ["  " + $0.synopsis, $0.summary] }
    rows.append(["  -h, --help", "show this help"])
    return "Options:\n" + TextTable(rows: rows).text
  }

  /// `--name=value` as (`--name`, `value`); anything else as itself with no value.
  private func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }

  /// The option spelled `spelling`, by long or short name.
  private func option(spelled spelling: String) -> Option? {
    options.first { $0.name == spelling || $0.shortName == spelling }
  }
}
