import LoadmarkCore

/// The WebAssembly engine on a gallery page: its module inline as base64,
/// and a card per preset whose player computes its document in the page
/// (`engine="wasm"`), resized and rethemed there with no exporter.
public struct LiveEngine {
  /// The module's bytes (tools/wasm/build writes .build/wasm/loadmark.wasm).
  public var module: [UInt8]

  /// The engine whose module is `module`.
  /// - Parameter module: the bytes of a WebAssembly module; see ``isModule(_:)``.
  public init(module: [UInt8]) {
    self.module = module
  }

  /// The id of the data block holding the module, which
  /// web/loadmark-wasm.js looks for.
  static let elementID = "loadmark-wasm"
  /// The initial size of a live player in CSS pixels, and its slider's range.
  static let initialSize = 96
  static let sizes = (minimum: 24, maximum: 192)

  /// Whether `bytes` start as a WebAssembly module does: `\0asm`.
  public static func isModule(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: [0x00, 0x61, 0x73, 0x6D])
  }

  /// The module as a data block: not a script type, so never executed and
  /// needing no hash in the page's policy.
  var dataElement: HTML {
    "<script type=\"application/octet-stream\" id=\"\(LiveEngine.elementID)\">\(HTML(text: Base64.encode(module)))</script>"
  }

  /// The section of live cards: a card for each of `documents` (the
  /// presets, which the engine knows by name), on its progress clip when it
  /// has one (driven by a slider), else its first clip.
  func section(_ documents: [PageDocument]) -> HTML {
    let cards = documents.compactMap { page -> HTML? in
      let name = page.name
      guard let clip = page.document.clips.first(where: { $0.index == .progress }) ?? page.document.clips.first else {
        return nil
      }
      let isProgress = clip.index == .progress
      // As on the exported cards: seed 002's white check wants its dark tile.
      let tile: HTML = page.prefersDarkTile ? "lm-tile lm-tile-dark" : "lm-tile"
      let playback: HTML = isProgress
        ? " progress=\"\(HTML(text: PlayerPage.initialProgress))\"" : (clip.loop ? " autoplay loop" : " autoplay")
      let progress: HTML = isProgress
        ? "\n<label>Progress <input type=\"range\" min=\"0\" max=\"1\" step=\"0.001\" value=\"\(HTML(text: PlayerPage.initialProgress))\" data-lm-progress></label>"
        : .empty
      return """
        <article class="lm-card lm-live">
        <div class="\(tile)"><loadmark-player preset="\(name)" engine="wasm" size="\(LiveEngine.initialSize)" clip="\(clip.name)"\(playback) label="\(name) \(clip.name), live"></loadmark-player></div>
        <div class="lm-body">
        <h3>\(name) · \(clip.name)</h3>
        <p class="lm-meta">computed in this page by the WebAssembly engine</p>
        <div class="lm-controls">
        <label>Size <input type="range" min="\(LiveEngine.sizes.minimum)" max="\(LiveEngine.sizes.maximum)" step="1" value="\(LiveEngine.initialSize)" data-lm-size></label>\(progress)
        </div>
        </div>
        </article>
        """
    }
    return """
      <section class="lm-document lm-live-engine">
      <h2>Live: the engine in WebAssembly</h2>
      <p class="lm-caption">The same Swift engine, compiled to a \(module.count)-byte WebAssembly module, samples these \
      players here in the page: move a size slider or pick a theme colour and it recomputes the frames, with no JSON file.</p>
      <div class="lm-cards">
      \(HTML(joining: cards))
      </div>
      </section>
      """
  }
}
