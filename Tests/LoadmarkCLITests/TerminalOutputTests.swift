import Foundation
import Testing

@testable import loadmark

/// Names from documents and command lines reach the terminal escaped: no
/// payload can retitle, clear or recolour it, or reorder what it shows.
struct TerminalOutputTests {
  /// Escape sequences a hostile document might carry, as JSON escapes in
  /// its text and as the tool must show them.
  static let payloads: [(json: String, shown: String)] = [
    (#"\u001b]0;pwned\u0007"#, #"\u001b]0;pwned\u0007"#),  // retitle the terminal (OSC 0)
    (#"\u001b[2J\u001b[H"#, #"\u001b[2J\u001b[H"#),  // clear the screen, cursor home
    (#"\u001b[31mred"#, #"\u001b[31mred"#),  // colours
    (#"\u009b31m"#, #"\u009b31m"#),  // CSI as one C1 character
    (#"abc\u202edcba"#, #"abc\u202edcba"#),  // right-to-left override
    (#"\u2066iso\u2069"#, #"\u2066iso\u2069"#),  // isolates
    (#"del\u007f"#, #"del\u007f"#),
    (#"line\nfake: ok"#, #"line\nfake: ok"#),  // a line of its own
  ]

  /// Every payload in one name.
  static var hostileName: (json: String, shown: String) {
    (payloads.map(\.json).joined(separator: "|"), payloads.map(\.shown).joined(separator: "|"))
  }

  /// Whether `text` holds anything a terminal would act on: a control
  /// other than the newlines ending lines, DEL, C1, a bidirectional
  /// formatting character or a line or paragraph separator.
  static func isInert(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in scalar == "\n" || !TerminalText.needsEscape(scalar) }
  }

  @Test func escapesEveryKindOfControlAndKeepsOtherText() {
    #expect(TerminalText.escaped("\u{1b}]0;t\u{7}") == #"\u001b]0;t\u0007"#)
    #expect(TerminalText.escaped("a\u{7f}b\u{80}c\u{9b}d\u{9f}") == #"a\u007fb\u0080c\u009bd\u009f"#)
    #expect(TerminalText.escaped("\u{202a}\u{202b}\u{202c}\u{202d}\u{202e}") == #"\u202a\u202b\u202c\u202d\u202e"#)
    #expect(TerminalText.escaped("\u{2066}\u{2067}\u{2068}\u{2069}\u{200e}\u{200f}\u{61c}") == #"\u2066\u2067\u2068\u2069\u200e\u200f\u061c"#)
    #expect(TerminalText.escaped("tab\tline\ncr\r\u{2028}\u{2029}") == #"tab\tline\ncr\r\u2028\u2029"#)
    #expect(TerminalText.escaped("café ✓ שלום 日本 🙂 \\ \"") == "café ✓ שלום 日本 🙂 \\ \"")
    #expect(TerminalText.escaped("\u{0}") == #"\u0000"#)
  }

  /// Jansson escapes C0 controls but writes DEL, C1, the bidirectional
  /// controls and the separators raw; a `--json` report escapes them too,
  /// in keys and values, in Jansson's upper-case hexadecimal, and leaves
  /// other text as it is.
  @Test func jsonReportsEscapeEveryControlJanssonWritesRaw() throws {
    let text = "a\u{7f}b\u{80}\u{9b}c\u{9f}\u{61c}\u{200e}\u{200f}\u{202a}\u{202e}\u{2066}\u{2069}\u{2028}\u{2029}\u{1b}\n café ✓ שלום 🙂"
    let report: JSONReport = .object([("k\u{9b}\u{202e}", .string(text)), ("n", .number(1))])
    let expected =
      #"{"k\u009B\u202E":"a\u007Fb\u0080\u009Bc\u009F\u061C\u200E\u200F\u202A\u202E\u2066\u2069\u2028\u2029\u001B\n café ✓ שלום 🙂","n":1}"#
    let written = try report.text()
    #expect(Array(written.utf8) == Array((expected + "\n").utf8), "\(written)")
    // What a parser reads is what the report holds.
    let parsed = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any]
    #expect(parsed?["k\u{9b}\u{202e}"] as? String == text)
  }

  /// A dots document whose preset and clip are named `name` (JSON text).
  func hostileDocument(_ sandbox: Sandbox, named name: String, file: String) throws {
    #expect(try sandbox.run("export", "dots", "-o", "dots.json").status == 0)
    let text = try sandbox.text("dots.json")
      .replacingOccurrences(of: #""preset":"dots""#, with: #""preset":""# + name + #"""#)
      .replacingOccurrences(of: #""name":"loop""#, with: #""name":""# + name + #"""#)
    try sandbox.write(text, to: file)
  }

  /// The probe's preset name: `validate --json` wrote 4 of its controls raw.
  @Test func validateJSONWritesAHostileNameEscaped() throws {
    let sandbox = try Sandbox()
    try hostileDocument(sandbox, named: #"\u001b]0;PWNED\u0007\u001b[2J\u009b31m\u202eRTL\u2028LS\u007f"#, file: "evil.json")
    let result = try sandbox.run("validate", "evil.json", "--json")
    #expect(result.status == 0)
    #expect(
      Array(result.standardOutput)
        == Array(
          (#"{"command":"validate","exitCode":0,"files":[{"file":"evil.json","valid":true,"kind":"document","#
            + #""preset":"\u001B]0;PWNED\u0007\u001B[2J\u009B31m\u202ERTL\u2028LS\u007F","clips":1,"frames":45}]}"#
            + "\n").utf8))
  }

  @Test func validateInfoAndDiffShowHostileNamesEscaped() throws {
    let sandbox = try Sandbox()
    let name = TerminalOutputTests.hostileName
    try hostileDocument(sandbox, named: name.json, file: "evil.json")

    let validate = try sandbox.run("validate", "evil.json")
    #expect(validate.status == 0)
    #expect(validate.output == "evil.json: ok (preset \(name.shown), 1 clip, 45 frames)\n")

    let info = try sandbox.run("info", "evil.json")
    #expect(info.status == 0)
    #expect(TerminalOutputTests.isInert(info.output))
    #expect(info.output.contains("preset  \(name.shown)\n"))
    #expect(info.output.contains("\nclip 0: \(name.shown) (time, 45 frames, 0.75 s, loop)\n"))

    let diff = try sandbox.run("diff", "evil.json", "dots.json")
    #expect(diff.status == 1)
    #expect(TerminalOutputTests.isInert(diff.output))
    #expect(diff.output.contains("\n  preset: \(name.shown) vs dots\n"))
    #expect(diff.output.contains("\n  clip \(name.shown): only in A\n"))
  }

  @Test func errorsShowHostileNamesEscaped() throws {
    let sandbox = try Sandbox()
    let name = TerminalOutputTests.hostileName
    #expect(try sandbox.run("export", "dots", "-o", "dots.json").status == 0)
    // A field whose name is the payload: the reader quotes it.
    let unknown = try sandbox.text("dots.json").replacingOccurrences(of: #""fps":60"#, with: #""fps":60,""# + name.json + #"":1"#)
    try sandbox.write(unknown, to: "unknown.json")
    let result = try sandbox.run("validate", "unknown.json")
    #expect(result.status == 65)
    #expect(result.standardError == "loadmark validate: unknown.json: unknown field \"\(name.shown)\"\n")

    // The same in html and info, through the shared error path.
    let html = try sandbox.run("html", "unknown.json", "-o", "page.html")
    #expect(html.status == 65)
    #expect(html.standardError == "loadmark html: unknown.json: unknown field \"\(name.shown)\"\n")
  }

  @Test func fileNamesAndArgumentsAreEscapedToo() throws {
    let sandbox = try Sandbox()
    let file = "\u{1b}[2Jgone\u{9b}1m.json"
    let missing = try sandbox.run("validate", file)
    #expect(missing.status == 74)
    #expect(
      missing.standardError
        == #"loadmark validate: \u001b[2Jgone\u009b1m.json: cannot read "\u001b[2Jgone\u009b1m.json": No such file or directory"# + "\n")

    let preset = try sandbox.run("export", "\u{202e}sseccus")
    #expect(preset.status == 64)
    #expect(TerminalOutputTests.isInert(preset.standardError))
    #expect(preset.standardError.contains(#"unknown indicator "\u202esseccus""#))

    let subcommand = try sandbox.run("\u{1b}]0;x\u{7}")
    #expect(subcommand.standardError == #"loadmark: unknown subcommand "\u001b]0;x\u0007" (see loadmark --help)"# + "\n")

    #expect(try sandbox.run("export", "dots", "-o", "\u{1b}[31mred.json").standardError == #"wrote \u001b[31mred.json (1119 bytes)"# + "\n")
  }

  @Test func listShowsHostileSceneNamesEscaped() throws {
    let sandbox = try Sandbox()
    let name = TerminalOutputTests.hostileName
    try FileManager.default.createDirectory(atPath: sandbox.path("scenes"), withIntermediateDirectories: false)
    // A scene's name must be a file name stem, so only its summary can
    // carry the payloads to a listing; a name carrying them is refused.
    let starter = NewCommand.starter
      .replacingOccurrences(of: #""summary": "A ring that grows and shrinks while it turns.""#, with: #""summary": ""# + name.json + #"""#)
    try sandbox.write(starter, to: "scenes/evil.scene.json")
    let list = try sandbox.run("list", "scenes")
    #expect(list.status == 0)
    #expect(TerminalOutputTests.isInert(list.output))
    #expect(list.output.hasPrefix("ring: \(name.shown)\n"))

    try sandbox.write(starter.replacingOccurrences(of: #""name": "ring""#, with: #""name": ""# + name.json + #"""#), to: "named.scene.json")
    let validate = try sandbox.run("validate", "named.scene.json")
    #expect(validate.status == 65)
    #expect(TerminalOutputTests.isInert(validate.standardError))
    #expect(validate.standardError.hasPrefix("loadmark validate: named.scene.json: name: expected a name for output files: "))
  }
}
