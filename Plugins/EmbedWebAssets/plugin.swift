import Foundation
import PackagePlugin

/// Compiles the web player and the page scripts in `web/` into the target as
/// string constants (`enum WebAssets`), so that `loadmark html` and
/// `loadmark gallery` can inline and copy them from a single binary.
///
/// SwiftPM resources must live inside the target's directory, and a symbolic
/// link to `web/` does not survive the resource copy, hence a generated
/// source file. The files are the command's declared inputs, so editing one
/// rebuilds the target.
@main
struct EmbedWebAssets: BuildToolPlugin {
  /// Each constant of `WebAssets` and the file in `web/` it holds.
  static let assets = [
    (constant: "player", file: "loadmark-player.js"),
    (constant: "helpers", file: "loadmark-helpers.js"),
    (constant: "gallery", file: "loadmark-gallery.js"),
    (constant: "wasm", file: "loadmark-wasm.js"),
  ]

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let web = context.package.directoryURL.appendingPathComponent("web")
    let inputs = Self.assets.map { web.appendingPathComponent($0.file) }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("WebAssets.swift")
    let pairs = zip(Self.assets, inputs).map { asset, input in "\(asset.constant)=\(input.path)" }
    return [
      .buildCommand(
        displayName: "Embedding the web player and page scripts into \(target.name)",
        executable: try context.tool(named: "embed-web-assets").url,
        arguments: [output.path] + pairs,
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
