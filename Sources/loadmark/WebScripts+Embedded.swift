import LoadmarkPages

extension WebScripts {
  /// The scripts the build compiles in from web/ (`WebAssets`, written by
  /// the EmbedWebAssets plugin): the one place the command's pages take
  /// their scripts from.
  static let embedded = WebScripts(
    player: WebAssets.player, version3: WebAssets.version3, helpers: WebAssets.helpers, helpersClassic: WebAssets.helpersClassic, gallery: WebAssets.gallery, wasm: WebAssets.wasm)
}
