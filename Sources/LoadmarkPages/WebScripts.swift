/// The web scripts a page carries, as text: what `web/` builds, given by
/// whoever embeds them (the `loadmark` command compiles them in), so that
/// pages can be generated from any copy.
public struct WebScripts: Sendable {
  /// The player, which defines `<loadmark-player>`.
  public var player: String
  /// What reads and draws format version 3 for the player, which reads
  /// versions 1 and 2 itself: a classic script that also works as a module.
  public var version3: String
  /// The host helpers (loading overlay, pull-to-refresh, resolving loader).
  public var helpers: String
  /// The host helpers as a classic script, which also works inline.
  public var helpersClassic: String
  /// The page script that wires a page's controls to its players.
  public var gallery: String
  /// The live engine's loader, for pages with a WebAssembly section.
  public var wasm: String

  /// The scripts.
  /// - Parameters:
  ///   - player: the player module.
  ///   - version3: the player's reader of format version 3.
  ///   - helpers: the helpers module.
  ///   - helpersClassic: the helpers' classic script.
  ///   - gallery: the page script.
  ///   - wasm: the live engine's loader.
  public init(player: String, version3: String, helpers: String, helpersClassic: String, gallery: String, wasm: String) {
    self.player = player
    self.version3 = version3
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
  /// and the page script when `withHelpers` (a gallery's host API sections),
  /// and the reader of format version 3 first when `version3` (a page with
  /// such documents): before the player, whose players read their documents
  /// as soon as it runs.
  public func pageScripts(withHelpers: Bool, version3: Bool = false) -> [(file: String, text: String)] {
    (version3 ? [(file: "loadmark-player-v3.js", text: self.version3)] : [])
      + [(file: "loadmark-player.js", text: player)]
      + (withHelpers ? [(file: "loadmark-helpers.iife.js", text: helpersClassic)] : [])
      + [(file: "loadmark-gallery.js", text: gallery)]
  }

  /// Every script a gallery offers beside it, with its file name; the live
  /// engine's only when the gallery has a live section.
  public func galleryFiles(live: Bool) -> [(file: String, text: String)] {
    [("loadmark-player.js", player), ("loadmark-player-v3.js", version3), ("loadmark-helpers.js", helpers), ("loadmark-helpers.iife.js", helpersClassic),
     ("loadmark-gallery.js", gallery)]
      + (live ? [("loadmark-wasm.js", wasm)] : [])
  }
}
