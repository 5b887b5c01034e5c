import Foundation
import PackagePlugin

/// Compiles the built web player and the page scripts into the target as
/// string constants (`enum WebAssets`), so that `loadmark html` and
/// `loadmark gallery` can inline and copy them from a single binary, and the
/// package's version (`enum LoadmarkVersion`), so that the command and the
/// web package show the same one.
///
/// The player, its helpers and the live engine come from `web/dist/`, which
/// `web/build.mjs` writes and the repository keeps, so building the CLI needs
/// no JavaScript tooling. SwiftPM resources must live inside the target's
/// directory, and a symbolic link to `web/` does not survive the resource
/// copy, hence a generated source file. The files are the command's declared
/// inputs, so changing one rebuilds the target.
@main
struct EmbedWebAssets: BuildToolPlugin {
  /// Each constant of `WebAssets` and the file under `web/` it holds.
  static let assets = [
    (constant: "player", file: "dist/loadmark-player.js"),
    (constant: "version3", file: "dist/loadmark-player-v3.js"),
    (constant: "helpers", file: "dist/loadmark-helpers.js"),
    (constant: "helpersClassic", file: "dist/loadmark-helpers.iife.js"),
    (constant: "gallery", file: "loadmark-gallery.js"),
    (constant: "wasm", file: "dist/loadmark-wasm.js"),
  ]

  /// The file whose `"version"` is the version of Loadmark.
  static let manifest = "package.json"

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let web = context.package.directoryURL.appendingPathComponent("web")
    let inputs = Self.assets.map { web.appendingPathComponent($0.file) }
    let manifest = web.appendingPathComponent(Self.manifest)
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("WebAssets.swift")
    let pairs = zip(Self.assets, inputs).map { asset, input in "\(asset.constant)=\(input.path)" }
    return [
      .buildCommand(
        displayName: "Embedding the web player, the page scripts and the version into \(target.name)",
        executable: try context.tool(named: "embed-web-assets").url,
        arguments: [output.path, "--version-from", manifest.path] + pairs,
        inputFiles: inputs + [manifest],
        outputFiles: [output])
    ]
  }
}
