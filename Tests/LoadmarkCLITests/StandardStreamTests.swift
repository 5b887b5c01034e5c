import Foundation
import Testing

/// `-` is standard input for every input and standard output for every
/// output that can be one file.
struct StandardStreamTests {
  /// The dots document as export writes it.
  func dots(_ sandbox: Sandbox) throws -> Data {
    #expect(try sandbox.run("export", "dots", "-o", "dots.json").status == 0)
    return try sandbox.data("dots.json")
  }

  @Test func validateAndInfoReadStandardInput() throws {
    let sandbox = try Sandbox()
    let document = try dots(sandbox)
    let validate = try sandbox.run(["validate", "-"], input: document)
    #expect(validate.status == 0)
    #expect(validate.output == "<stdin>: ok (preset dots, 1 clip, 45 frames)\n")

    let info = try sandbox.run(["info", "-"], input: document)
    #expect(info.status == 0)
    #expect(info.output.hasPrefix("file    <stdin>\nformat  loadmark version 2\npreset  dots\n"))

    let broken = try sandbox.run(["validate", "dots.json", "-"], input: Data("{\"format\": 1".utf8))
    #expect(broken.status == 65)
    #expect(broken.output == "dots.json: ok (preset dots, 1 clip, 45 frames)\n")
    #expect(broken.standardError == "loadmark validate: <stdin>:1:12: '}' expected near end of file\n")
  }

  @Test func diffReadsEitherSideFromStandardInput() throws {
    let sandbox = try Sandbox()
    let document = try dots(sandbox)
    let diff = try sandbox.run(["diff", "-", "dots.json"], input: document)
    #expect(diff.status == 0)
    #expect(diff.output.hasPrefix("A          <stdin>\nB          dots.json\n"))
    let reversed = try sandbox.run(["diff", "dots.json", "-"], input: Data())
    #expect(reversed.status == 65)
    #expect(reversed.standardError == "loadmark diff: <stdin>:1:0: '[' or '{' expected near end of file\n")
  }

  @Test func htmlReadsStandardInputAndWritesStandardOutput() throws {
    let sandbox = try Sandbox()
    let document = try dots(sandbox)
    let page = try sandbox.run(["html", "-", "-o", "-"], input: document)
    #expect(page.status == 0)
    #expect(page.standardError == "")
    #expect(page.output.hasPrefix("<!doctype html>"))
    #expect(page.output.contains(#"<script type="application/json" id="lm-stdin">"#))
    #expect(try sandbox.listing() == ["dots.json"])

    let preset = try sandbox.run(["html", "success", "-o", "-"])
    #expect(preset.status == 0)
    #expect(preset.output.contains("<loadmark-player"))
    #expect(try sandbox.listing() == ["dots.json"])
  }

  @Test func standardInputIsReadOnceAndFilesNeedFiles() throws {
    let sandbox = try Sandbox()
    let refusals: [([String], String)] = [
      (["validate", "-", "-"], "loadmark validate: - (standard input) is given more than once; it can be read only once"),
      (["diff", "-", "-"], "loadmark diff: - (standard input) is given more than once; it can be read only once"),
      (["html", "-", "-", "-o", "page.html"], "loadmark html: - (standard input) is given more than once; it can be read only once"),
      (["html", "dots", "--external", "-o", "-"], "loadmark html: --external writes files beside the page; give -o FILE rather than -o -"),
      (["gallery", "-o", "-"], "loadmark gallery: -o - cannot hold a gallery, which is a directory of files; name a directory"),
    ]
    for (arguments, message) in refusals {
      let result = try sandbox.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.standardError == message + "\n")
    }
    #expect(try sandbox.listing() == [])
  }
}
