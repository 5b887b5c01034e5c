import LoadmarkCore

/// The WebAssembly engine on a gallery page: its module inline as base64,
/// and a card per preset whose player computes its document in the page
/// (`engine="wasm"`), resized and rethemed there with no exporter; with the
/// scene compiler's module too, a playground where a scene's text is edited
/// and played as it changes.
public struct LiveEngine {
  /// The module's bytes (tools/wasm/build writes .build/wasm/loadmark.wasm).
  public var module: [UInt8]
  /// The scene compiler's module (.build/wasm/loadmark-scene.wasm), for the
  /// playground; nil for a page without one.
  public var sceneCompiler: [UInt8]?
  /// The scene the playground's editor starts with.
  public var playgroundScene: String

  /// The engine whose module is `module`.
  /// - Parameters:
  ///   - module: the bytes of a WebAssembly module; see ``isModule(_:)``.
  ///   - sceneCompiler: the scene compiler's module, for a playground; nil for none.
  ///   - playgroundScene: the scene text the playground starts with.
  public init(module: [UInt8], sceneCompiler: [UInt8]? = nil, playgroundScene: String = "") {
    self.module = module
    self.sceneCompiler = sceneCompiler
    self.playgroundScene = playgroundScene
  }

  /// The ids of the data blocks holding the modules, which
  /// web/loadmark-wasm.js looks for.
  static let elementID = "loadmark-wasm"
  static let compilerElementID = "loadmark-scene-wasm"
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
    let compiler: HTML = sceneCompiler.map {
      "\n<script type=\"application/octet-stream\" id=\"\(LiveEngine.compilerElementID)\">\(HTML(text: Base64.encode($0)))</script>"
    } ?? .empty
    return "<script type=\"application/octet-stream\" id=\"\(LiveEngine.elementID)\">\(HTML(text: Base64.encode(module)))</script>\(compiler)"
  }

  /// The section of live cards: a card for each of `documents` (the
  /// presets, which the engine knows by name), on its progress clip when it
  /// has one (driven by a slider), else its first clip.
  func section(_ documents: [PageDocument]) -> HTML {
    // The engine knows the built-in presets by name; a scene's card is among the exported ones.
    let cards = documents.filter { Indicator.presetNames.contains($0.name) }.compactMap { page -> HTML? in
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
    let live: HTML = """
      <section class="lm-document lm-live-engine">
      <h2>Live: the engine in WebAssembly</h2>
      <p class="lm-caption">The same Swift engine, compiled to a \(module.count)-byte WebAssembly module, samples these \
      players here in the page: move a size slider or pick a theme colour and it recomputes the frames, with no JSON file.</p>
      <div class="lm-cards">
      \(HTML(joining: cards))
      </div>
      </section>
      """
    return sceneCompiler == nil ? live : HTML(joining: [live, playground])
  }

  /// The id of the playground's message region, which its editor refers to.
  static let playgroundErrorID = "lm-scene-error"

  /// The playground: the scene's text in a labelled editor, the player that
  /// plays it, and a live region for the compiler's message. Its script is
  /// web/loadmark-wasm.js's `playground`, which finds it by `data-lm-playground`.
  var playground: HTML {
    let compilerSize = sceneCompiler?.count ?? 0
    // The parser drops one newline right after <textarea>: this one, so that the text is kept whole.
    return """
      <section class="lm-document lm-playground" data-lm-playground>
      <h2>Playground: a scene, played as you type</h2>
      <p class="lm-caption">Edit the scene (its format is docs/SCENE.md in Loadmark's repository): a \(compilerSize)-byte \
      WebAssembly module compiles it in this page each time you pause, and the engine above plays it. An error shows \
      with its line and column or its field; the last scene that compiled keeps playing.</p>
      <div class="lm-playground-body">
      <label class="lm-scene-editor"><span>Scene (JSON)</span>
      <textarea data-lm-scene rows="24" wrap="off" spellcheck="false" autocomplete="off" autocapitalize="off" aria-describedby="\(LiveEngine.playgroundErrorID)">
      \(HTML(text: playgroundScene))</textarea></label>
      <div class="lm-playground-output">
      <div class="lm-tile"><loadmark-player data-lm-scene-player autoplay loop label="The edited scene, live"></loadmark-player></div>
      <p id="\(LiveEngine.playgroundErrorID)" class="lm-scene-error" data-lm-scene-error aria-live="polite"></p>
      </div>
      </div>
      </section>
      """
  }

  /// The playground's rules, added to the page's style sheet when it has one.
  var style: String {
    guard sceneCompiler != nil else { return "" }
    return """
      .lm-playground-body { display: grid; grid-template-columns: minmax(0, 1fr) 240px; gap: 16px; align-items: start; }
      .lm-scene-editor { display: grid; gap: 6px; }
      .lm-scene-editor textarea {
        width: 100%; box-sizing: border-box; padding: 8px; border: 1px solid #d2d2d7; border-radius: 10px;
        font: 12px/1.45 ui-monospace, Menlo, Consolas, monospace; tab-size: 2;
      }
      .lm-scene-editor textarea[aria-invalid=true] { border-color: #d70015; }
      .lm-playground-output .lm-tile loadmark-player { width: 160px; height: 160px; }
      .lm-scene-error { margin-top: 8px; color: #d70015; font: 13px/1.4 ui-monospace, Menlo, Consolas, monospace; white-space: pre-wrap; }
      @media (max-width: 720px) { .lm-playground-body { grid-template-columns: 1fr; } }

      """
  }
}
