/// `loadmark completion`: the shell completion script for bash, zsh or fish.
struct CompletionCommand: Command {
  /// The shells there is a script for.
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "completion",
      abstract: "Write the shell completion script for bash, zsh or fish",
      usage: ["bash|zsh|fish"],
      discussion: """
        Writes the script that completes loadmark's subcommands, options, their
        values (formats, precisions, colour names) and preset names in SHELL,
        generated from the same definitions as --help. Load it with:

          bash   source <(loadmark completion bash)     (in ~/.bashrc)
          zsh    loadmark completion zsh > "${fpath[1]}/_loadmark"
          fish   loadmark completion fish > ~/.config/fish/completions/loadmark.fish
        """,
      operands: [
        Operand("SHELL", summary: "bash, zsh or fish", completion: .words(Shell.allCases.map(\.rawValue)))
      ],
      exitCodes: [.success("the script was written"), .usage, .ioError("standard output could not be written")])
  }

  var shell: Shell

  init(_ arguments: ParsedArguments) throws(CommandError) {
    let names = Shell.allCases.map(\.rawValue)
    guard arguments.operands.count == 1 else {
      throw .usage("expects one SHELL: \(names.joined(separator: ", "))")
    }
    let name = arguments.operands[0]
    guard let shell = Shell(rawValue: name) else {
      // The guess ends the message, as for every other value.
      throw .usage("unknown shell \"\(name)\"; expects \(names.joined(separator: ", "))\(Suggestion.sentence(for: name, among: names))")
    }
    self.shell = shell
  }

  func run() throws(CommandError) -> ExitCode {
    let tool = Loadmark.configuration
    switch shell {
    case .bash: try Console.output(BashCompletion.script(tool))
    case .zsh: try Console.output(ZshCompletion.script(tool))
    case .fish: try Console.output(FishCompletion.script(tool))
    }
    return .success
  }
}
