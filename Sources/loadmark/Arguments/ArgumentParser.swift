/// Splits one command's arguments into options and operands, checking them
/// against the options the command declares.
///
/// Accepted spellings: `--name value`, `--name=value`, `-x value` for an
/// option with a short name, flags without a value, and `--` to end the
/// options. `--help` and `-h` are always known. The value of an option is the
/// next argument even when it starts with `-`, so `--tolerance -1` reaches the
/// range check and gets its message rather than "unknown option -1".
struct ArgumentParser {
  /// The command, for messages such as "see loadmark export --help".
  var command: String
  /// Every option the command takes, its groups' included.
  var options: [Option]

  /// A parser for the command `configuration` describes.
  init(_ configuration: CommandConfiguration) {
    command = configuration.name
    options = configuration.allOptions
  }

  /// Sorts `arguments` into ``ParsedArguments``, or reports the first
  /// unknown option (with the nearest known ones), missing value, value
  /// given to a flag or repeated option.
  func parse(_ arguments: [String]) throws(CommandError) -> ParsedArguments {
    var result = ParsedArguments()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--" {
        result.operands += remaining
        break
      }
      if argument == Option.help.name || argument == Option.help.shortName {
        result.helpRequested = true
        return result
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        result.operands.append(argument)
        continue
      }
      let (spelling, attachedValue) = split(argument)
      guard let option = option(spelled: spelling) else {
        let known = (options + [Option.help]).map(\.name)
        throw .usage("unknown option \(spelling)\(Suggestion.sentence(for: spelling, among: known)) (see loadmark \(command) --help)")
      }
      guard result.spellings[option.name] == nil else {
        throw .usage("\(spelling) is given more than once")
      }
      result.spellings[option.name] = spelling
      if !option.takesValue {
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
