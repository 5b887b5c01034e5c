import LoadmarkCore
import LoadmarkJSON

/// `loadmark compile`: scenes compiled into the images the WebAssembly
/// engine loads.
enum CompileCommand: Subcommand {
  static let name = "compile"
  static let summary = "Compile scenes for the WebAssembly engine"

  static let output = ArgumentParser.Option(
    "--output", short: "-o", value: "PATH", expects: "a file or a directory",
    summary: "a file, or a directory (existing, or ending in /) for NAME.lmscene files")
  static let parser = ArgumentParser(command: name, options: [output])

  static var help: String {
    helpText(
      usage: ["(PRESET | SCENE.json)... -o FILE | -o DIR"],
      about: """
        Reads each scene (or built-in preset), checks it as export does, and writes
        it compiled: the bytes the WebAssembly engine's lm_load and loadEngine's
        load() take (docs/WASM.md), so a page can play a scene without the scene
        reader. -o FILE writes one; -o DIR writes DIR/<name>.lmscene for each.
        """,
      parser: parser, exitCodes: [.success, .usage, .dataError, .ioError])
  }

  static func run(_ arguments: [String]) throws(CommandError) -> ExitCode {
    guard let arguments = try parse(arguments, with: parser) else { return .success }
    guard !arguments.operands.isEmpty else { throw .usage("expects scene files or preset names") }
    guard let path = arguments.text(output), !path.isEmpty, path != "-" else {
      throw .usage("expects -o FILE or -o DIR: a compiled scene is bytes, not text for a terminal")
    }
    var files: [(path: String, bytes: [UInt8])] = []
    let destination = try ExportDestination(output: path, presetCount: arguments.operands.count)
    for operand in arguments.operands {
      let preset = try IndicatorSource(operand, existingFile: { OutputDirectory.exists($0) == false && !$0.isEmpty })
        .preset()
      let file = destination.path(for: preset.name).map { $0.hasSuffix(".json") ? String($0.dropLast(5)) + ".lmscene" : $0 }!
      guard !files.contains(where: { $0.path == file }) else {
        throw .usage("two scenes are called \"\(preset.name)\"; compile them to different files")
      }
      files.append((file, SceneImage.encode(preset)))
    }
    if case .directory(let directory) = destination {
      do {
        try OutputDirectory.create(directory)
      } catch {
        throw .io(error.description)
      }
    }
    try AtomicFile.writeAll(bytes: files)
    return .success
  }
}
