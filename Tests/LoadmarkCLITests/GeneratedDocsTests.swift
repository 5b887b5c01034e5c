import Foundation
import LoadmarkTestSupport
import Testing

@testable import loadmark

/// The help of every command, the manual page and the completion scripts
/// are generated from one set of command definitions, and the repository
/// keeps them: each is regenerated here and compared byte for byte with
/// the kept copy (tools/update-cli-docs rewrites them all).
struct GeneratedDocsTests {
  static let snapshots = "Tests/LoadmarkCLITests/Snapshots/help/"
  static let commands = Loadmark.commandNames

  /// `loadmark arguments`' standard output, which must succeed quietly.
  func output(_ arguments: [String]) throws -> String {
    let sandbox = try Sandbox()
    let result = try sandbox.run(arguments)
    #expect(result.status == 0, "\(arguments)")
    #expect(result.standardError == "", "\(arguments)")
    return result.output
  }

  /// The kept file at `path`, relative to the repository.
  func kept(_ path: String) throws -> String {
    String(decoding: try Repository.data(path), as: UTF8.self)
  }

  @Test(arguments: commands)
  func everyCommandsHelpIsItsSnapshot(_ command: String) throws {
    #expect(try output([command, "--help"]) == (try kept(Self.snapshots + command + ".txt")), "run tools/update-cli-docs")
  }

  @Test func theOverviewIsItsSnapshot() throws {
    #expect(try output(["--help"]) == (try kept(Self.snapshots + "loadmark.txt")), "run tools/update-cli-docs")
  }

  @Test func everySnapshotIsOfACommand() throws {
    let files = try FileManager.default.contentsOfDirectory(
      atPath: Repository.root.appendingPathComponent(Self.snapshots).path)
    #expect(files.sorted() == (Self.commands + ["loadmark"]).map { $0 + ".txt" }.sorted())
  }

  @Test(arguments: [
    (["manual"], "docs/loadmark.1"),
    (["completion", "bash"], "docs/completions/loadmark.bash"),
    (["completion", "zsh"], "docs/completions/_loadmark"),
    (["completion", "fish"], "docs/completions/loadmark.fish"),
  ])
  func theManualAndCompletionsAreTheKeptFiles(_ arguments: [String], _ path: String) throws {
    #expect(try output(arguments) == (try kept(path)), "run tools/update-cli-docs")
  }

  @Test func theManualHasEveryCommandOptionAndExitCode() throws {
    let page = try output(["manual"])
    for command in Loadmark.configuration.subcommands {
      let configuration = command.configuration
      #expect(page.contains(".SS \"loadmark \(configuration.name)\"\n"), "\(configuration.name)")
      for option in configuration.allOptions {
        #expect(page.contains("\\fB\(ManualPage.escaped(option.name))\\fR"), "\(configuration.name) \(option.name)")
      }
    }
    #expect(page.contains(".TH LOADMARK 1 \"\" \"loadmark \(LoadmarkVersion.text)\""))
  }

  @Test func theManualIsCleanRoff() throws {
    // groff with every warning on, as man would format it.
    let sandbox = try Sandbox()
    try sandbox.write(try output(["manual"]), to: "loadmark.1")
    let groff = try Shell.run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z", sandbox.path("loadmark.1")])
    #expect(groff.status == 0)
    #expect(groff.error == "")
    let text = try Shell.run("/usr/bin/groff", ["-man", "-Tutf8", "-P", "-cbu", sandbox.path("loadmark.1")]).output
    for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS", "FILES", "EXAMPLES", "SEE ALSO"] {
      #expect(text.contains("\n\(heading)\n"), "\(heading)")
    }
    // Minus signs are escaped, so options read as typed; non-ASCII as escapes.
    #expect(text.contains("--progress-samples N"))
    // Justified lines may widen a space, so compare with runs of spaces as one.
    let flat = text.replacingOccurrences(of: " +", with: " ", options: .regularExpression)
    #expect(flat.contains("\"FILE: ok (…)\""))
  }
}

/// A program other than loadmark, run to check what loadmark wrote.
enum Shell {
  struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  /// Runs `executable arguments` in `directory` (the temporary directory by
  /// default) with `environment` added, and waits for it.
  static func run(
    _ executable: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> Result {
    let run = try Subprocess.run(
      URL(fileURLWithPath: executable), arguments, in: directory ?? FileManager.default.temporaryDirectory,
      environment: environment)
    return Result(
      status: run.status, output: String(decoding: run.output, as: UTF8.self),
      error: String(decoding: run.error, as: UTF8.self))
  }
}
