import Foundation
import LoadmarkCore
import LoadmarkJSON
import Testing

@testable import loadmark

/// Every text file the tool writes, and every document it prints, ends with
/// exactly one newline; the document before it is the writer's text, which
/// every reader still accepts.
struct TextFileTests {
  /// Whether `data` ends with one newline and no more.
  static func endsWithOneNewline(_ data: Data) -> Bool {
    data.last == UInt8(ascii: "\n") && data.dropLast().last != UInt8(ascii: "\n")
  }

  @Test func terminatedAddsOrTrimsToOneNewline() {
    #expect(TextFile.terminated("{}") == "{}\n")
    #expect(TextFile.terminated("{}\n") == "{}\n")
    #expect(TextFile.terminated("{}\n\n\n") == "{}\n")
    #expect(TextFile.terminated("a\nb") == "a\nb\n")
    #expect(TextFile.terminated("") == "\n")
  }

  @Test func anExportedDocumentIsTheWritersTextAndANewline() throws {
    let sandbox = try Sandbox()
    let printed = try sandbox.run("export", "dots")
    #expect(printed.status == 0)
    #expect(printed.output == DocumentWriter.encode(Indicator.named("dots")!.frames()) + "\n")
    #expect(try sandbox.run("export", "dots", "-o", "dots.json", "-q").status == 0)
    #expect(try sandbox.data("dots.json") == printed.standardOutput)

    // The strict reader, and every command that reads a document, take it.
    #expect(try DocumentReader.decode(printed.output, source: "dots.json").preset == "dots")
    #expect(try sandbox.run(["validate", "-"], input: printed.standardOutput).output == "<stdin>: ok (preset dots, 1 clip, 45 frames)\n")
    #expect(try sandbox.run("diff", "dots.json", "dots.json").status == 0)
    #expect(try sandbox.run("info", "dots.json").status == 0)
    // Written again, it is the same file.
    let again = try sandbox.run("export", "dots.json")
    #expect(again.status == 0 && again.standardOutput == printed.standardOutput)
  }

  @Test(arguments: [
    ["export", "success", "--format", "svg"],
    ["export", "success", "--format", "svg", "--frame", "0"],
    ["export", "success", "--format", "lottie"],
    ["html", "success", "-o", "-"],
  ])
  func everyDocumentPrintedEndsWithOneNewline(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(arguments)
    #expect(result.status == 0)
    #expect(TextFileTests.endsWithOneNewline(result.standardOutput))
  }

  @Test func everyTextFileWrittenEndsWithOneNewline() throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path("page"), withIntermediateDirectories: false)
    for arguments in [
      ["export", "--all", "-o", "json/"],
      ["export", "--all", "--format", "lottie", "-o", "lottie/"],
      ["export", "refresh", "--format", "svg", "-o", "svg/"],
      ["export", "success", "--format", "sprite", "-o", "sprite/"],
      ["html", "success", "dots", "--external", "-o", "page/index.html"],
      ["gallery", "-o", "gallery"],
    ] {
      #expect(try sandbox.run(arguments + ["-q"]).status == 0, "\(arguments)")
    }
    var checked: [String] = []
    for directory in ["json", "lottie", "svg", "sprite", "page", "gallery"] {
      for name in try sandbox.listing(directory) where !name.hasSuffix(".png") && !name.hasSuffix(".gif") && !name.hasSuffix(".webp") {
        #expect(TextFileTests.endsWithOneNewline(try sandbox.data(directory + "/" + name)), "\(directory)/\(name)")
        checked.append(name)
      }
    }
    // JSON documents, Lottie, SVG, sprite sidecars, pages and scripts: a
    // Lottie file per indicator twice (--all and the gallery), the gallery's
    // SVG and sprite sheet of every clip, refresh's two SVGs, success's sheet.
    let clips = Indicator.builtInNames.reduce(0) { $0 + Indicator.named($1)!.clips.count }
    #expect(checked.filter { $0.hasSuffix(".lottie.json") }.count == 2 * Indicator.builtInNames.count)
    #expect(checked.filter { $0.hasSuffix(".sprite.json") }.count == 1 + clips)
    #expect(checked.filter { $0.hasSuffix(".svg") }.count == 2 + clips)
    #expect(checked.filter { $0.hasSuffix(".html") }.count == 2)
    // The page's player and gallery script; the gallery's player, its reader
    // of format version 3 (the catalogue's moving layers), helpers (module
    // and classic) and gallery script.
    #expect(checked.filter { $0.hasSuffix(".js") }.count == 7)
  }
}
