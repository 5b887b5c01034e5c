import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

@testable import LoadmarkPages
@testable import loadmark

/// `loadmark html`: the page, its policy, escaping, external files, failures.
struct HTMLCommandTests {
  /// The text of web/dist/loadmark-player.js.
  func playerSource() throws -> String {
    String(decoding: try Repository.data("web/dist/loadmark-player.js"), as: UTF8.self)
  }

  @Test func anInlinePageHoldsEveryClipItsDataAndItsScripts() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("html", "success", "refresh", "-o", "page.html")
    #expect(result.status == 0)
    #expect(result.standardError == "wrote page.html (\(try sandbox.data("page.html").count) bytes)\n")
    #expect(try sandbox.listing() == ["page.html"])
    let page = PageText(html: try sandbox.text("page.html"))

    #expect(page.html.hasPrefix("<!doctype html>\n"))
    #expect(page.html.contains("<title>Loadmark: success, refresh</title>"))
    #expect(page.count("<loadmark-player ") == 3)
    #expect(page.html.contains("<loadmark-player src=\"#lm-success\" clip=\"main\" autoplay label=\"success main\">"))
    #expect(page.html.contains("<loadmark-player src=\"#lm-refresh\" clip=\"spin\" autoplay loop label=\"refresh spin\">"))
    #expect(page.html.contains("<loadmark-player src=\"#lm-refresh\" clip=\"pull\" progress=\"0.5\" label=\"refresh pull\">"))
    #expect(page.count("data-lm-progress") == 1)
    // Nothing is loaded from elsewhere: no src on a script, no stylesheet link.
    #expect(!page.html.contains("<script type=\"module\" src="))
    #expect(!page.html.contains("<link"))
    #expect(page.moduleScripts.count == 2)
    let player = try playerSource()
    #expect(page.moduleScripts[0] == InlineScript(player).text)
    // Escaping changes nothing in a player without these sequences.
    if !player.lowercased().contains("</script") && !player.contains("<!--") && !player.contains("\r") {
      #expect(page.moduleScripts[0] == player)
    }
    #expect(page.moduleScripts[1] == InlineScript(String(decoding: try Repository.data("web/loadmark-gallery.js"), as: UTF8.self)).text)

    let success = try #require(page.dataBlock("lm-success"))
    #expect(try DocumentReader.decode(success, source: "page") == Indicator.named("success")!.frames().rounded(to: .compact))
  }

  @Test(arguments: [
    ["html", "success", "progress", "-o", "page.html"],
    ["html", "dots", "--external", "-o", "page.html"],
    ["gallery", "-o", "."],
  ])
  func thePolicyHashesEveryInlineScriptAndStyleByteForByte(_ arguments: [String]) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(arguments).status == 0)
    let page = PageText(html: try sandbox.text(arguments.contains("gallery") ? "index.html" : "page.html"))
    let policy = try #require(page.policy)
    #expect(page.count("http-equiv=\"Content-Security-Policy\"") == 1)
    // The policy comes before anything it governs.
    let policyStart = try #require(page.html.range(of: "Content-Security-Policy")).lowerBound
    #expect(page.html[..<policyStart].range(of: "<script") == nil && page.html[..<policyStart].range(of: "<style") == nil)
    #expect(policy.hasPrefix("default-src 'none'; "))
    #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
    #expect(page.sources("img-src") == ["data:"])
    #expect(page.sources("connect-src") == ["'self'"])

    let scriptSources = page.sources("script-src")
    if arguments.contains("--external") {
      #expect(scriptSources == ["'self'"])
      #expect(page.moduleScripts.isEmpty)
    } else {
      // The player and the page script; a gallery also runs the reader of
      // format version 3 and the helpers' classic script.
      #expect(page.moduleScripts.count == (arguments[0] == "gallery" ? 4 : 2))
      #expect(scriptSources.count == page.moduleScripts.count)
      for script in page.moduleScripts {
        #expect(scriptSources.contains(ContentSecurityPolicy.hashSource(of: script)))
        #expect(scriptSources.contains(try IndependentHash.source(of: script)))
      }
    }
    let styleSources = page.sources("style-src")
    #expect(page.styles.count == 1)
    for style in page.styles {
      #expect(styleSources.contains(ContentSecurityPolicy.hashSource(of: style)))
      #expect(styleSources.contains(try IndependentHash.source(of: style)))
    }
    // Every other style source is a hash: the player's own sheets.
    #expect(styleSources.allSatisfy { $0.hasPrefix("'sha256-") || $0 == "'unsafe-hashes'" })
  }

  @Test func aMaliciousTitleAndLabelAppearOnlyEscaped() throws {
    let sandbox = try Sandbox()
    let title = "</title><script>alert(1)</script>"
    let label = "\"><img src=x onerror=alert(2)>'"
    let result = try sandbox.run("html", "success", "--title", title, "--label", label, "-o", "page.html")
    #expect(result.status == 0)
    let page = PageText(html: try sandbox.text("page.html"))
    #expect(!page.html.contains("<script>alert"))
    #expect(!page.html.contains("<img"))
    #expect(page.count("<title>") == 1)
    #expect(page.html.contains("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>"))
    #expect(page.html.contains("<h1>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
    #expect(page.html.contains("label=\"&quot;&gt;&lt;img src=x onerror=alert(2)&gt;&#39;\""))
    // Only the page's own scripts: two modules and one data block.
    #expect(page.count("<script") == 3)
  }

  @Test func aPresetNameThatClosesTheScriptStaysInsideItsDataBlock() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "success", "-o", "success.json").status == 0)
    let hostile = "</script><script>alert(1)</script><!--"
    let text = try sandbox.text("success.json")
      .replacingOccurrences(of: "\"preset\":\"success\"", with: "\"preset\":\"\(hostile)\"")
    try sandbox.write(text, to: "evil.json")
    #expect(try sandbox.run("validate", "evil.json").status == 0)

    let result = try sandbox.run("html", "evil.json", "-o", "page.html")
    #expect(result.status == 0)
    let page = PageText(html: try sandbox.text("page.html"))
    #expect(page.count("<script") == 3)
    #expect(!page.html.contains("<script>alert"))
    let block = try #require(page.dataBlock("lm-evil"))
    #expect(!block.contains("<") && !block.contains(">"))
    let document = try DocumentReader.decode(block, source: "lm-evil")
    #expect(document.preset == hostile)
    #expect(document == (try DocumentReader.read(path: sandbox.path("evil.json"))))
  }

  @Test func externalWritesTheDocumentsAndScriptsBesideThePage() throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path("site"), withIntermediateDirectories: false)
    let result = try sandbox.run("html", "success", "progress", "--external", "-o", "site/index.html")
    #expect(result.status == 0)
    #expect(try sandbox.listing("site") == [
      "index.html", "loadmark-gallery.js", "loadmark-player.js", "progress.json", "success.json",
    ])
    let page = PageText(html: try sandbox.text("site/index.html"))
    #expect(page.html.contains("<loadmark-player src=\"success.json\" clip=\"main\" autoplay"))
    #expect(page.html.contains("<loadmark-player src=\"progress.json\" clip=\"progress\" progress=\"0.5\""))
    #expect(page.html.contains("<script type=\"module\" src=\"loadmark-player.js\"></script>"))
    #expect(page.html.contains("<script type=\"module\" src=\"loadmark-gallery.js\"></script>"))
    #expect(page.dataBlocks.isEmpty)
    #expect(try sandbox.data("site/loadmark-player.js") == (try Repository.data("web/dist/loadmark-player.js")))
    #expect(try sandbox.data("site/loadmark-gallery.js") == (try Repository.data("web/loadmark-gallery.js")))

    #expect(try sandbox.run("export", "success", "progress", "-o", "exported/").status == 0)
    #expect(try sandbox.data("site/success.json") == (try sandbox.data("exported/success.json")))
    #expect(try sandbox.data("site/progress.json") == (try sandbox.data("exported/progress.json")))
  }

  @Test func exportOptionsShapeThePresetsAndSizeThePlayers() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run("html", "dots", "--fps", "30", "--scale", "2", "--color", "#34C759", "-o", "page.html")
    #expect(result.status == 0)
    let page = PageText(html: try sandbox.text("page.html"))
    let document = try DocumentReader.decode(try #require(page.dataBlock("lm-dots")), source: "page")
    let options = IndicatorOptions(scale: 2, color: Color(hex: "#34c759"))
    #expect(document == Indicator.named("dots", options: options)!.frames(fps: 30).rounded(to: .compact))
    let side = NumberText.exact(document.width)
    #expect(page.styles[0].contains(".lm-doc-1 .lm-tile loadmark-player { width: \(side)px;"))
    #expect(page.styles[0].contains("--lm-accent: #34c759;"))
  }

  @Test func externalNeverWritesOverADocumentItRead() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "dots", "--precision", "full", "-o", "dots.json").status == 0)
    let original = try sandbox.data("dots.json")
    let result = try sandbox.run("html", "./dots.json", "--external", "-o", "page.html")
    #expect(result.status == 64)
    #expect(result.standardError == "loadmark html: --external would write dots.json over ./dots.json; write the page to another directory\n")
    #expect(try sandbox.data("dots.json") == original)
    #expect(try sandbox.listing() == ["dots.json"])
  }

  /// A command line `html` refuses, the exit code, and the start of its message.
  struct Failure: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let failures: [Failure] = [
    Failure(arguments: ["html", "spinner", "-o", "page.html"], status: 64,
            message: "loadmark html: unknown indicator \"spinner\"; known presets: success, error, progress, dots, refresh; the catalogue's \(Indicator.catalogueNames.count) indicators: loadmark list; or give the path of a JSON document"),
    Failure(arguments: ["html", "success", "missing.json", "-o", "page.html"], status: 74,
            message: "loadmark html: missing.json: cannot read \"missing.json\": No such file or directory"),
    Failure(arguments: ["html", "success", "broken.json", "-o", "page.html"], status: 65, message: "loadmark html: broken.json:1:"),
    Failure(arguments: ["html", "success", "--color", "bleu", "-o", "page.html"], status: 64,
            message: "loadmark html: --color expects a color #rgb, #rrggbb, #rrggbbaa or a CSS color name such as teal, got \"bleu\"; did you mean blue?"),
    Failure(arguments: ["html", "success"], status: 64, message: "loadmark html: expects -o FILE, the page to write"),
    Failure(arguments: ["html", "-o", "page.html"], status: 64, message: "loadmark html: expects preset names or JSON files"),
    Failure(arguments: ["html", "success", "--title", "", "-o", "page.html"], status: 64,
            message: "loadmark html: --title expects a title that is not empty, got \"\""),
    Failure(arguments: ["html", "success", "-o", "out/"], status: 64, message: "loadmark html: -o out/ is a directory"),
    Failure(arguments: ["html", "success", "--external", "-o", "success.json"], status: 64,
            message: "loadmark html: -o success.json is where --external writes success.json"),
    Failure(arguments: ["html", "success", "-o", "missing/page.html"], status: 74,
            message: "loadmark html: missing/page.html: open: No such file or directory"),
  ]

  @Test(arguments: failures)
  func failuresExitWithTheirCodeAndWriteNothing(_ failure: Failure) throws {
    let sandbox = try Sandbox()
    try sandbox.write("{\"format\":\"loadmark\"", to: "broken.json")
    let result = try sandbox.run(failure.arguments)
    #expect(result.status == failure.status)
    #expect(result.standardError.hasPrefix(failure.message))
    #expect(result.standardOutput.isEmpty)
    #expect(try sandbox.listing() == ["broken.json"])
  }

  @Test func theEmbeddedScriptsAreTheBuiltWebFilesByteForByte() throws {
    #expect(Data(WebScripts.embedded.player.utf8) == (try Repository.data("web/dist/loadmark-player.js")))
    #expect(Data(WebScripts.embedded.version3.utf8) == (try Repository.data("web/dist/loadmark-player-v3.js")))
    #expect(Data(WebScripts.embedded.helpers.utf8) == (try Repository.data("web/dist/loadmark-helpers.js")))
    #expect(Data(WebScripts.embedded.gallery.utf8) == (try Repository.data("web/loadmark-gallery.js")))
    #expect(Data(WebScripts.embedded.wasm.utf8) == (try Repository.data("web/dist/loadmark-wasm.js")))
  }
}
