import LoadmarkCore

/// A page of `<loadmark-player>` elements, one section per document and one
/// card per clip, rendered as a complete HTML document with its
/// Content-Security-Policy.
public struct PlayerPage {
  /// What the page is for.
  public enum Kind: Sendable {
    /// `loadmark html`: players at their documents' size, a progress slider
    /// for each progress clip, nothing else.
    case page
    /// `loadmark gallery`: players fitted to equal tiles; every card has
    /// play/pause, a frame scrubber and a speed menu (a progress slider for
    /// progress clips) and its document's JSON; one theme colour recolours
    /// every player.
    case gallery
  }

  /// Where the page finds its documents and scripts.
  public enum Delivery: Sendable {
    /// Everything inside the page: documents as JSON data blocks, scripts as
    /// inline modules. Works when opened from `file://`.
    case inline
    /// Documents and scripts in files beside the page, loaded by URL. Needs
    /// an HTTP server: browsers refuse module scripts and `fetch` from
    /// `file://`.
    case files
  }

  public var kind: Kind
  /// The `<title>` and the heading.
  public var title: String
  /// A paragraph under the heading, if any.
  public var introduction: String?
  public var documents: [PageDocument]
  /// The accessible label of every player; by default `<name> <clip>`.
  public var label: String?
  /// The colour of the page's controls; the documents keep their own.
  public var accent: Color?
  public var delivery: Delivery
  /// The web scripts the page runs and offers.
  public var scripts: WebScripts
  /// Files written beside the page, linked from its footer so that people
  /// can find and copy them.
  public var companionFiles: [String]
  /// The WebAssembly engine and its live section, on a gallery built with
  /// `--wasm`.
  public var live: LiveEngine?
  /// On a gallery, each clip's files in other formats, keyed
  /// `"<name>/<clip>"`, linked from its card.
  public var downloads: [String: [PageDownload]]

  /// A page of `documents`.
  /// - Parameters:
  ///   - kind: a plain page or a gallery.
  ///   - title: the `<title>` and the heading.
  ///   - introduction: a paragraph under the heading, if any.
  ///   - documents: a section each, a card per clip.
  ///   - label: the accessible label of every player; nil for `<name> <clip>`.
  ///   - accent: the colour of the page's controls; nil for the default.
  ///   - delivery: inline, or files beside the page.
  ///   - scripts: the web player and the page scripts.
  ///   - companionFiles: files beside the page, linked from its footer.
  ///   - live: the live section's engine, on a gallery.
  ///   - downloads: each clip's download links, keyed `"<name>/<clip>"`.
  public init(
    kind: Kind, title: String, introduction: String? = nil, documents: [PageDocument], label: String? = nil,
    accent: Color?, delivery: Delivery, scripts: WebScripts, companionFiles: [String] = [], live: LiveEngine? = nil,
    downloads: [String: [PageDownload]] = [:]
  ) {
    self.kind = kind
    self.title = title
    self.introduction = introduction
    self.documents = documents
    self.label = label
    self.accent = accent
    self.delivery = delivery
    self.scripts = scripts
    self.companionFiles = companionFiles
    self.live = live
    self.downloads = downloads
  }

  /// The complete page.
  public var html: String {
    // A gallery with host API sections also runs the helpers (their classic
    // script, which works inline).
    let pageScripts = scripts.pageScripts(withHelpers: kind == .gallery && !hostSections.isEmpty, version3: readsVersion3)
    let style = InlineStyle(PageStyle.css(accent: accent, playerSizes: playerSizes) + (live?.style ?? ""))
    let inserted = InsertedStyles(scanning: pageScripts.map(\.text))
    let policy: ContentSecurityPolicy
    let dataElements: HTML
    let scriptElements: HTML
    switch delivery {
    case .inline:
      // The live engine's module goes first: it answers players that ask for
      // a document, and finds those that asked before it ran.
      let sources = (live == nil ? [] : [scripts.wasm]) + pageScripts.map(\.text)
      let scripts = sources.map { InlineScript($0) }
      policy = ContentSecurityPolicy(
        inlineScripts: scripts, styles: [style], inserted: inserted, compilesWebAssembly: live != nil,
        startsWorkers: live?.sceneCompiler != nil)
      dataElements = HTML(joining: documents.map { page in
        "<script type=\"application/json\" id=\"\(page.elementID)\">\(InlineJSON(page.json))</script>"
      } + [live?.dataElement ?? .empty])
      scriptElements = HTML(joining: scripts.map { "<script type=\"module\">\($0)</script>" })
    case .files:
      policy = ContentSecurityPolicy(inlineScripts: nil, styles: [style], inserted: inserted)
      dataElements = .empty
      scriptElements = HTML(joining: pageScripts.map { "<script type=\"module\" src=\"\($0.file)\"></script>" })
    }
    let head: HTML = """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta http-equiv="Content-Security-Policy" content="\(policy)">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="generator" content="loadmark">
      <title>\(title)</title>
      <style>\(style)</style>
      </head>
      <body>
      """
    let sections = documents.enumerated().map { section($1, number: $0 + 1) } + hostSections + [live?.section(documents) ?? .empty]
    let main: HTML = "<main>\n\(HTML(joining: sections))\n</main>"
    let page = HTML(joining: [head, header, main, footer, dataElements, scriptElements, "</body>\n</html>\n"])
    return page.markup
  }

  /// Whether the page carries the reader of format version 3: a gallery
  /// always (its live section's documents are made in the page), a page
  /// when one of its documents is written in version 3.
  public var readsVersion3: Bool {
    kind == .gallery || documents.contains { $0.document.writtenVersion == 3 }
  }

  /// On a page, each document's player size in CSS pixels (one CSS pixel per
  /// point), in document order; a gallery fits players to its tiles instead.
  private var playerSizes: [(width: Double, height: Double)] {
    kind == .page ? documents.map { ($0.document.width, $0.document.height) } : []
  }

  /// The heading, the introduction and, on a gallery, the theme picker.
  private var header: HTML {
    let introduction: HTML = self.introduction.map { "\n<p class=\"lm-intro\">\($0)</p>" } ?? .empty
    let theme: HTML = kind == .gallery ? "\n\(themePicker)" : .empty
    return "<header>\n<h1>\(title)</h1>\(introduction)\(theme)\n</header>"
  }

  /// A colour input that recolours every player's accent, and a button that
  /// restores the documents' own colours.
  private var themePicker: HTML {
    // It starts at the colour the players show: --color, else the first
    // document's accent. A colour input holds an opaque #rrggbb; the alpha,
    // if any, is dropped.
    let shown = accent ?? documents.lazy.compactMap { page in
      page.document.layers.first { $0.accent }.flatMap { $0.style.stroke ?? $0.style.fill }
    }.first
    let initial = shown.map { String($0.hex.prefix(7)) } ?? PageStyle.defaultAccent
    return """
      <div class="lm-theme">
      <label>Theme colour <input type="color" value="\(initial)" data-lm-theme></label>
      <button type="button" data-lm-theme-reset>Document colours</button>
      </div>
      """
  }

  /// A document's section: its name, caption and a card per clip. `number`
  /// (from 1) names its class, which the style sheet sizes its players by.
  private func section(_ page: PageDocument, number: Int) -> HTML {
    let cards = page.document.clips.enumerated().map { card(page, $1, number: $0) }
    return """
      <section class="lm-document lm-doc-\(number)">
      <h2>\(page.name)</h2>
      <p class="lm-caption">\(page.caption)</p>
      <div class="lm-cards">
      \(HTML(joining: cards))
      </div>
      </section>
      """
  }

  /// Links to ``companionFiles``, if any.
  private var footer: HTML {
    guard !companionFiles.isEmpty else { return .empty }
    let links = companionFiles.map { file -> HTML in "<li><a href=\"\(file)\">\(file)</a></li>" }
    return "<footer>\n<p>Beside this page:</p>\n<ul class=\"lm-files\">\(HTML(joining: links, separator: .empty))</ul>\n</footer>"
  }
}
