import Foundation
import Testing

@testable import loadmark

/// The examples each command declares, which its help shows and the manual
/// gathers: every one runs as shown.
struct ExampleTests {
  /// Every example, in the manual's order.
  static let examples = Loadmark.configuration.subcommands.flatMap { $0.configuration.examples }

  @Test func everyExampleRunsAsShown() throws {
    let sandbox = try Sandbox()
    // What the examples read and the tool does not make: a folder of scenes.
    try FileManager.default.createDirectory(atPath: sandbox.path("scenes"), withIntermediateDirectories: false)
    try sandbox.write(NewCommand.starter, to: "scenes/ring.json")
    // new's example makes the scene the others export and compile, so it
    // runs first; the rest run in order, reading what earlier ones wrote.
    let ordered = ExampleTests.examples.filter { $0.arguments.hasPrefix("new ") }
      + ExampleTests.examples.filter { !$0.arguments.hasPrefix("new ") }
    for example in ordered {
      // Plain words: no quoting, pipes or redirections to interpret.
      #expect(!example.arguments.contains { "\"'|<>$;&\\".contains($0) }, "\(example.commandLine)")
      let result = try sandbox.run(example.arguments.split(separator: " ").map(String.init))
      #expect(result.status == 0, "\(example.commandLine): \(result.standardError)")
    }
    #expect(try sandbox.listing() == [
      "dots.gif", "full", "gallery", "page.html", "refresh.lottie.json", "ring.json", "ring.lmscene", "ring.webp",
      "scenes", "success.json", "success.png", "svg",
    ])
  }

  @Test func helpShowsACommandsExamplesAndTheManualGathersThemAll() throws {
    let compile = HelpText.command(CompileCommand.configuration)
    #expect(compile.contains("""

      Examples:
        Compile a scene for the WebAssembly engine:
          loadmark compile ring.json -o ring.lmscene

      Exit codes:
      """))
    // A command without examples has no section.
    #expect(!HelpText.command(ManualCommand.configuration).contains("Examples:"))

    let page = ManualPage.text(Loadmark.configuration)
    let section = try #require(page.range(of: ".SH EXAMPLES\n")).upperBound
    let end = try #require(page.range(of: ".SH SEE ALSO\n")).lowerBound
    #expect(page[section..<end].components(separatedBy: ".PP\n").count - 1 == ExampleTests.examples.count)
    #expect(page[section..<end].hasPrefix(".PP\nList the presets and their clips:\n.RS 4\n.nf\n\\fBloadmark list\\fR\n.fi\n.RE\n"))
    #expect(page.contains(".PP\nCompile a scene for the WebAssembly engine:\n.RS 4\n.nf\n\\fBloadmark compile ring.json \\-o ring.lmscene\\fR\n.fi\n.RE\n"))
  }
}
