import Foundation
import Testing

@testable import LoadmarkPages

/// The types that make text safe for each place in a page.
struct EscapingTests {
  @Test func htmlTextEscapesTheFiveSpecialCharacters() {
    #expect(HTMLText.escaped("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&#39;f")
    #expect(HTMLText.escaped("café ✓") == "café ✓")
  }

  @Test func interpolatedStringsAreEscapedAndLiteralsAreNot() {
    let title = "</title><script>alert(1)</script>"
    let attribute = "\" onload=\"alert(1)"
    let html: HTML = "<h1 title=\"\(attribute)\">\(title)</h1>"
    #expect(html.markup == "<h1 title=\"&quot; onload=&quot;alert(1)\">&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>")
  }

  @Test func inlineJSONHasNoAngleBracketsAndParsesToTheSameValue() throws {
    let json = #"{"name":"</script><!--<script>","and":"a&b","separators":"\#u{2028}\#u{2029}","n":[1,2.5]}"#
    let inline = InlineJSON(json).text
    for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
      #expect(!inline.contains(forbidden), "\(forbidden)")
    }
    let original = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary
    let escaped = try JSONSerialization.jsonObject(with: Data(inline.utf8)) as? NSDictionary
    #expect(original != nil && original == escaped)
  }

  @Test func inlineScriptCannotEndItsElementEarly() {
    let source = "const a = '</script>', b = \"</SCRIPT \", c = `<!-- x`, d = /<\\/script>/\nif (a < b) {}\n"
    let text = InlineScript(source).text
    #expect(!text.lowercased().contains("</script"))
    #expect(!text.contains("<!--"))
    #expect(text == "const a = '\\x3C/script>', b = \"\\x3C/SCRIPT \", c = `\\x3C!-- x`, d = /<\\/script>/\nif (a < b) {}\n")
  }

  @Test func inlineScriptNormalisesLineEndsAsTheHTMLParserDoes() {
    #expect(InlineScript("a\r\nb\rc\nd").text == "a\nb\nc\nd")
    #expect(InlineScript("plain text").text == "plain text")
  }

  @Test func inlineStyleCannotEndItsElementEarly() {
    #expect(InlineStyle("a::after { content: \"</style>\" }").text == "a::after { content: \"\\3c /style>\" }")
  }

  @Test func insertedStylesAreFoundWhenTheirSourceIsTheirValue() {
    let script = """
      root.innerHTML = '<style>:host{display:block}</style><canvas style="width:100%"></canvas>'
      other.innerHTML = `<style>${dynamic}</style><p style='a:b\\'c'>`
      """
    let inserted = InsertedStyles(scanning: [script])
    #expect(inserted.sheets == [":host{display:block}"])
    #expect(inserted.attributes == ["width:100%"])
  }

  @Test func styleAttributesAreAllowedOnlyByHash() {
    let inserted = InsertedStyles(scanning: ["x.innerHTML = '<b style=\"color:red\"></b>'"])
    let policy = ContentSecurityPolicy(inlineScripts: [], styles: [InlineStyle("p{}")], inserted: inserted)
    #expect(policy.styleSources == [
      ContentSecurityPolicy.hashSource(of: "p{}"), "'unsafe-hashes'", ContentSecurityPolicy.hashSource(of: "color:red"),
    ])
    #expect(!policy.text.contains("unsafe-inline") && !policy.text.contains("unsafe-eval"))
  }

  @Test func workersAreAllowedFromBlobURLsOnlyWhenAsked() {
    let none = InsertedStyles(scanning: [])
    let plain = ContentSecurityPolicy(inlineScripts: [], styles: [], inserted: none, compilesWebAssembly: true)
    #expect(!plain.text.contains("worker-src"))
    let workers = ContentSecurityPolicy(
      inlineScripts: [], styles: [], inserted: none, compilesWebAssembly: true, startsWorkers: true)
    #expect(workers.text == plain.text.replacingOccurrences(of: "; base-uri", with: "; worker-src blob:; base-uri"))
  }

  @Test func theBuiltPlayersShadowStyleIsFoundForThePolicy() throws {
    // The built player keeps its shadow tree's style sheet as one literal, which the page's policy hashes.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let player = try String(contentsOf: root.appendingPathComponent("web/dist/loadmark-player.js"), encoding: .utf8)
    let inserted = InsertedStyles(scanning: [player])
    #expect(inserted.sheets.count == 1)
    #expect(inserted.sheets.first?.hasPrefix(":host{display:inline-block;") == true)
    #expect(inserted.attributes.isEmpty)
  }
}
