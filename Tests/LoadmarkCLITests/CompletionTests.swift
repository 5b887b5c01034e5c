import Foundation
import LoadmarkCore
import LoadmarkTestSupport
import Testing

@testable import loadmark

/// The completion scripts work in their shells: each is loaded into a real
/// bash, zsh or fish, asked to complete a line, and must offer what the
/// command definitions say.
struct CompletionTests {
  /// A line to complete, and words the completions must include and leave out.
  struct Case: CustomTestStringConvertible, Sendable {
    var line: String
    var offers: [String]
    var omits: [String] = []
    var testDescription: String { "\"\(line)\"" }
  }

  static let cases: [Case] = [
    Case(line: "loadmark exp", offers: ["export"], omits: ["list"]),
    Case(line: "loadmark ", offers: Loadmark.commandNames),
    Case(line: "loadmark export --for", offers: ["--format"]),
    Case(line: "loadmark export --format ", offers: ["json", "svg", "png", "sprite", "gif", "webp", "lottie"]),
    Case(line: "loadmark export su", offers: ["success"], omits: ["error"]),
    Case(line: "loadmark export scene", offers: ["scene.json"]),
    Case(line: "loadmark export --color rebecca", offers: ["rebeccapurple"]),
    Case(line: "loadmark html --prec", offers: ["--precision"]),
    Case(line: "loadmark diff --tol", offers: ["--tolerance"]),
    Case(line: "loadmark validate --", offers: ["--json", "--quiet"], omits: ["--fps"]),
    Case(line: "loadmark gallery --", offers: ["--fps", "--color", "--wasm"], omits: ["--scale"]),
    Case(line: "loadmark help co", offers: ["compile", "completion"], omits: ["export"]),
    Case(line: "loadmark completion ", offers: ["bash", "zsh", "fish"]),
  ]

  /// A sandbox with a scene file and a folder to complete.
  func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.write("{}", to: "scene.json")
    try FileManager.default.createDirectory(atPath: sandbox.path("folder"), withIntermediateDirectories: false)
    return sandbox
  }

  /// The kept script for `shell`.
  func script(_ file: String) -> String {
    Repository.root.appendingPathComponent("docs/completions/" + file).path
  }

  /// Checks `offered` against `test`.
  func check(_ offered: [String], _ test: Case, shell: String) {
    for word in test.offers {
      #expect(offered.contains(word), "\(shell) \(test.line): \(word) not in \(offered)")
    }
    for word in test.omits {
      #expect(!offered.contains(word), "\(shell) \(test.line): \(word) in \(offered)")
    }
  }

  @Test(arguments: cases)
  func bashCompletes(_ test: Case) throws {
    let sandbox = try sandbox()
    // The words as bash splits the line, the last one being completed.
    let program = """
      source "$1"
      read -ra COMP_WORDS <<< "$2"
      [[ "$2" == *" " ]] && COMP_WORDS+=("")
      COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
      _loadmark
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try Shell.run("/bin/bash", ["-c", program, "bash", script("loadmark.bash"), test.line], in: sandbox.url)
    #expect(result.status == 0, "\(result.error)")
    check(result.output.split(separator: "\n").map(String.init), test, shell: "bash")
  }

  @Test(arguments: cases)
  func fishCompletes(_ test: Case) throws {
    let sandbox = try sandbox()
    let result = try Shell.run(
      "/usr/bin/fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script("loadmark.fish"), test.line],
      in: sandbox.url)
    #expect(result.status == 0, "\(result.error)")
    // `word<TAB>description` per line.
    let offered = result.output.split(separator: "\n").map { String($0.split(separator: "\t", maxSplits: 1)[0]) }
    check(offered, test, shell: "fish")
  }

  @Test(arguments: cases)
  func zshCompletes(_ test: Case) throws {
    let sandbox = try sandbox()
    let functions = try Sandbox()
    try FileManager.default.copyItem(atPath: script("_loadmark"), toPath: functions.path("_loadmark"))
    let hits = sandbox.path("hits")
    // zsh completes only in its line editor: an interactive zsh in a
    // pseudo-terminal (zpty) gets the line and a Tab, with compadd wrapped
    // to record every match offered. Each wait is for a command's output
    // ($((…)) expanded), never for its echo. The line editor reads keys in
    // order: Ctrl-U (not the terminal's kill character, which stty turns
    // off) clears the completed line, and the command after it prints
    // 42DONE once completion has finished.
    let program = """
      zmodload zsh/zpty
      zpty z zsh -f -i
      zpty -w z "stty kill undef; fpath=(${(q)1} \\$fpath); autoload -Uz compinit; compinit -u -D"
      zpty -w z 'compadd() { local -a found; builtin compadd -O found "$@"; print -rl -- $found >> '${(q)2}'; builtin compadd "$@"; }'
      zpty -w z 'print -r -- $((1 + 1))READY'
      zpty -r z ignored '*2READY*'
      zpty -w -n z "$3"$'\\t'
      zpty -w -n z $'\\x15'
      zpty -w z 'print -r -- $((6 * 7))DONE'
      zpty -r z ignored '*42DONE*'
      zpty -d z
      """
    // A hung shell fails the test instead of the run.
    let result = try Shell.run(
      "/usr/bin/timeout", ["-k", "5", "120", "/usr/bin/zsh", "-f", "-c", program, "zsh", functions.url.path, hits, test.line],
      in: sandbox.url)
    #expect(result.status == 0, "\(result.error)")
    let offered = (try? String(contentsOfFile: hits, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    check(offered, test, shell: "zsh")
  }

  @Test func theScriptsParseInTheirShells() throws {
    #expect(try Shell.run("/bin/bash", ["-n", script("loadmark.bash")]).status == 0)
    #expect(try Shell.run("/usr/bin/zsh", ["-n", script("_loadmark")]).status == 0)
    #expect(try Shell.run("/usr/bin/fish", ["--no-config", "-n", script("loadmark.fish")]).status == 0)
  }

  @Test func zshFindsTheFunctionByItsCompdefLine() throws {
    let functions = try Sandbox()
    try FileManager.default.copyItem(atPath: script("_loadmark"), toPath: functions.path("_loadmark"))
    let result = try Shell.run(
      "/usr/bin/zsh", ["-f", "-c", "fpath=($1 $fpath); autoload -Uz compinit; compinit -u -D; print -r -- $_comps[loadmark]", "zsh", functions.url.path])
    #expect(result.output == "_loadmark\n")
  }
}
