/// The web scripts a page carries, as text: what `web/` builds, given by
/// whoever embeds them (the `loadmark` command compiles them in), so that
/// pages can be generated from any copy.
public struct WebScripts: Sendable {
  /// The player, which defines `<loadmark-player>`.
  public var player: String
  /// The host helpers (loading overlay, pull-to-refresh, resolving loader).
  public var helpers: String
  /// The host helpers as a classic script, which also works inline.
  public var helpersClassic: String
  /// The page script that wires a page's controls to its players.
  public var gallery: String
  /// The live engine's loader, for pages with a WebAssembly section.
  public var wasm: String

  /// The four scripts.
  /// - Parameters:
  ///   - player: the player module.
  ///   - helpers: the helpers module.
  ///   - helpersClassic: the helpers' classic script.
  ///   - gallery: the page script.
  ///   - wasm: the live engine's loader.
  public init(player: String, helpers: String, helpersClassic: String, gallery: String, wasm: String) {
    self.player = player
    self.helpers = helpers
    self.helpersClassic = helpersClassic
    self.gallery = gallery
    self.wasm = wasm
  }

  /// The scripts a page runs, in order, with the file names they have beside
  /// it: the player defines `<loadmark-player>`; the gallery script wires
  /// the controls to the players and imports nothing, so both also work as
  /// inline modules.
  public var pageScripts: [(file: String, text: String)] { pageScripts(withHelpers: false) }

  /// ``pageScripts``, with the helpers' classic script between the player
  /// and the page script when `withHelpers` (a gallery's host API sections).
  public func pageScripts(withHelpers: Bool) -> [(file: String, text: String)] {
    [(file: "loadmark-player.js", text: player)]
      + (withHelpers ? [(file: "loadmark-helpers.iife.js", text: helpersClassic)] : [])
      + [(file: "loadmark-gallery.js", text: gallery)]
  }

  /// Every script a gallery offers beside it, with its file name; the live
  /// engine's only when the gallery has a live section.
  public func galleryFiles(live: Bool) -> [(file: String, text: String)] {
    [("loadmark-player.js", player), ("loadmark-helpers.js", helpers), ("loadmark-helpers.iife.js", helpersClassic),
     ("loadmark-gallery.js", gallery)]
      + (live ? [("loadmark-wasm.js", wasm)] : [])
  }
}
