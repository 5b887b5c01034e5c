import Foundation
import LoadmarkCore
import LoadmarkExport
import LoadmarkJSON
import Testing

/// The posters `loadmark html` and `loadmark gallery` put in their players:
/// SVGWriter's stills of the frame each player shows first, and a one-shot's
/// last frame for reduced motion.
struct PosterTests {
  /// A `<loadmark-player>` or `<loadmark-status>` of a page: its attributes
  /// and what it holds.
  struct Player {
    var tag: String
    var attributes: [String: String]
    var content: String
  }

  /// Every player of `markup`, in order.
  static func players(_ markup: String) -> [Player] {
    var found: [Player] = []
    var rest = markup[...]
    while let open = rest.range(of: #"<loadmark-(player|status) "#, options: .regularExpression) {
      let tag = String(rest[rest.index(open.lowerBound, offsetBy: 1)..<rest.index(before: open.upperBound)])
      guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
        let close = rest[tagEnd...].range(of: "</\(tag)>")
      else { break }
      var attributes: [String: String] = [:]
      let text = String(rest[open.upperBound..<tagEnd])
      let pattern = try! NSRegularExpression(pattern: #"([a-z-]+)(?:="([^"]*)")?"#)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        let name = String(text[Range(match.range(at: 1), in: text)!])
        attributes[name] = Range(match.range(at: 2), in: text).map { String(text[$0]) } ?? ""
      }
      found.append(Player(tag: tag, attributes: attributes, content: String(rest[rest.index(after: tagEnd)..<close.lowerBound])))
      rest = rest[close.upperBound...]
    }
    return found
  }

  /// The poster a player of `clip` must hold: the stills of `frames`, with
  /// the classes and ids the page gives them (one still: `lm-poster`; two:
  /// first and last).
  static func expected(_ document: FrameDocument, _ clip: FrameDocument.Clip, frames: [Int], idPrefix: String) -> String {
    frames.enumerated().map { number, frame in
      let classes = frames.count == 1 ? "lm-poster" : number == 0 ? "lm-poster lm-poster-first" : "lm-poster lm-poster-last"
      return SVGWriter.still(
        document, clip: clip, frame: frame, idPrefix: idPrefix + (number == 0 ? "" : "e"),
        rootAttributes: [("class", classes), ("aria-hidden", "true")])
    }.joined()
  }

  /// The frames each clip's player shows first, by hand: a time clip's
  /// first, and a one-shot's last; a progress clip's at progress 0.5 of
  /// [0, 1] sampled at 101 frames (frame 50), or of the pull's [0, 2] at 201
  /// (0.5 is a quarter of the way: frame 50).
  static let cardFrames: [String: [Int]] = [
    "success/main": [0, 90], "error/main": [0, 90], "dots/loop": [0], "progress/demo": [0, 126],
    "progress/progress": [50], "progress/done": [0, 60], "refresh/pull": [50], "refresh/spin": [0],
  ]

  /// Checks every card's player of `page` against ``cardFrames``; with the
  /// catalogue, its loops too, which show their first frame.
  static func checkCards(_ page: PageText, clips: Int, catalogue: Bool = false) throws {
    let cards = players(page.markup).filter { $0.attributes["src"].map { $0.hasPrefix("#lm-") } == true && $0.attributes["label"] != "Upload" }
    #expect(cards.count == clips)
    var numbers: [String: Int] = [:]
    for player in cards {
      let name = String(try #require(player.attributes["src"]).dropFirst(4))
      let clipName = try #require(player.attributes["clip"])
      let document = try DocumentReader.decode(try #require(page.dataBlock("lm-" + name)), source: name)
      let clip = try #require(document.clip(clipName))
      let number = document.clips.firstIndex(of: clip)!
      let catalogueFrames = catalogue && Indicator.catalogueNames.contains(name) ? [0] : nil
      let frames = try #require(cardFrames["\(name)/\(clipName)"] ?? catalogueFrames, "\(name) \(clipName)")
      #expect(frames.last! < clip.frameCount && (frames.count == 1 || frames.last == clip.frameCount - 1))
      #expect(player.content == expected(document, clip, frames: frames, idPrefix: "lmp-\(name)-\(number)-"), "\(name) \(clipName)")
      numbers[name, default: 0] += 1
    }
    var expected = ["success": 1, "error": 1, "dots": 1, "progress": 3, "refresh": 2]
    if catalogue {
      for name in Indicator.catalogueNames { expected[name] = Indicator.named(name)!.clips.count }
    }
    #expect(numbers == expected)
  }

  /// What every page's posters share: unique ids, no style (nothing for the
  /// policy to allow), hidden from assistive technology, and the sheet's rules.
  static func checkShared(_ page: PageText) throws {
    let posters = page.markup.components(separatedBy: "<svg ").dropFirst()
    #expect(!posters.isEmpty)
    for svg in posters {
      #expect(svg.contains(" aria-hidden=\"true\">"))
      #expect(!svg.contains("style"))
    }
    let ids = page.markup.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(Set(ids).count == ids.count)
    let sheet = try #require(page.styles.first)
    #expect(sheet.contains(".lm-poster { display: block; width: 100%; height: 100%; }"))
    #expect(sheet.contains(".lm-poster-last { display: none; }"))
    #expect(sheet.contains(
      "@media (prefers-reduced-motion: reduce) { .lm-poster-first { display: none; } .lm-poster-last { display: block; } }"))
    #expect(sheet.contains("loadmark-player:not(:defined):not([hidden]), loadmark-status:not(:defined):not([hidden]) { display: inline-block; }"))
  }

  @Test func everyPlayerOfAnHTMLPageHoldsTheStillOfWhatItShowsFirst() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("html", "success", "dots", "progress", "refresh", "error", "-o", "page.html").status == 0)
    let page = PageText(html: try sandbox.text("page.html"))
    try PosterTests.checkCards(page, clips: 8)
    try PosterTests.checkShared(page)
    // Two stills for each one-shot (success, error, progress demo and done), one for the others.
    #expect(page.count("<svg ") == 12)
    #expect(page.count("class=\"lm-poster lm-poster-last\"") == 4)
  }

  @Test func theGallerysCardsAndHostPlayersHoldTheirPosters() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("gallery", "-o", "out").status == 0)
    let page = PageText(html: try sandbox.text("out/index.html"))
    let catalogueClips = Indicator.catalogueNames.reduce(0) { $0 + Indicator.named($1)!.clips.count }
    try PosterTests.checkCards(page, clips: 8 + catalogueClips, catalogue: true)
    try PosterTests.checkShared(page)
    let all = PosterTests.players(page.markup)
    // <loadmark-status> shows its loading document's first clip (dots' loop) first.
    let status = try #require(all.first { $0.tag == "loadmark-status" })
    let dots = try DocumentReader.decode(try #require(page.dataBlock("lm-dots")), source: "dots")
    #expect(status.content == PosterTests.expected(dots, dots.clips[0], frames: [0], idPrefix: "lmp-host-status-"))
    // The upload starts at progress 0: seed 002's blank frame.
    let upload = try #require(all.first { $0.attributes["label"] == "Upload" })
    let progress = try DocumentReader.decode(try #require(page.dataBlock("lm-progress")), source: "progress")
    #expect(upload.content == PosterTests.expected(progress, progress.clip("progress")!, frames: [0], idPrefix: "lmp-host-upload-"))
    #expect(all.allSatisfy { $0.content.hasPrefix("<svg ") })
    // The catalogue's clips are loops: one still each.
    #expect(page.count("<svg ") == 14 + catalogueClips)
  }

  @Test func theComparisonCanFail() throws {
    // A neighbouring frame, or the first in place of a one-shot's last, is other markup.
    let refresh = Indicator.named("refresh")!.frames()
    let pull = refresh.clip("pull")!
    #expect(PosterTests.expected(refresh, pull, frames: [50], idPrefix: "p") != PosterTests.expected(refresh, pull, frames: [49], idPrefix: "p"))
    let success = Indicator.named("success")!.frames()
    let main = success.clip("main")!
    #expect(PosterTests.expected(success, main, frames: [0, 90], idPrefix: "p") != PosterTests.expected(success, main, frames: [0, 0], idPrefix: "p"))
    // And the card check fails on a page whose posters are off by a class or a length.
    let sandbox = try Sandbox()
    #expect(try sandbox.run("html", "success", "dots", "progress", "refresh", "error", "-o", "page.html").status == 0)
    let html = try sandbox.text("page.html")
    for (from, to) in [("lm-poster lm-poster-first", "lm-poster lm-poster-last"), ("r=\"23.5\"", "r=\"23.4\"")] {
      #expect(html.contains(from))
      withKnownIssue("\(from) → \(to)") {
        try PosterTests.checkCards(PageText(html: html.replacingOccurrences(of: from, with: to)), clips: 8)
      }
    }
  }
}
