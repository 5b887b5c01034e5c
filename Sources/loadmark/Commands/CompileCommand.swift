import LoadmarkCore
import LoadmarkJSON
import LoadmarkSystem

/// `loadmark compile`: scenes compiled into the images the WebAssembly
/// engine loads.
struct CompileCommand: Command {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "compile",
      abstract: "Compile scenes for the WebAssembly engine",
      usage: ["(PRESET | SCENE.json | -)... -o FILE | -o DIR | -o -"],
      discussion: """
        Reads each scene (or built-in preset; - reads a scene from standard
        input), checks it as export does, and writes it compiled: the bytes the
        WebAssembly engine's lm_load and loadEngine's load() take (docs/WASM.md),
        so a page can play a scene without the scene reader. -o FILE writes one;
        -o DIR writes DIR/<name>.lmscene for each; -o - writes one to standard
        output, unless it is a terminal.
        """,
      operands: [
        Operand(
          "PRESET|SCENE", summary: "a preset's or catalogue indicator's name, a scene file, or - for standard input", repeats: true,
          completion: .wordsOrFiles(Indicator.builtInNames))
      ],
      options: [output, ReportOptions.quiet],
      exitCodes: [
        .success("every scene was compiled and written"), .usage, .dataError("a scene is not valid"),
        .ioError("a file could not be read or written"),
      ],
      examples: [
        Example("Compile a scene for the WebAssembly engine", "compile ring.json -o ring.lmscene"),
      ])
  }

  static let output = Option(
    "--output", short: "-o", value: "PATH", expects: "a file, a directory or - for standard output",
    summary: "a file, a directory (existing, or ending in /) for NAME.lmscene files, or - for standard output",
    completion: .files)

  var sources: [Source]
  var destination: ExportDestination
  var quiet: Bool

  init(_ arguments: ParsedArguments) throws(CommandError) {
    guard !arguments.operands.isEmpty else { throw .usage("expects scene files or preset names") }
    guard let path = arguments.text(Self.output), !path.isEmpty else {
      throw .usage("expects -o FILE or -o DIR: a compiled scene is bytes, not text for a terminal")
    }
    // Every file is read as a scene, whatever its format says: compiling is
    // only for scenes, and a scene whose format is misspelled should hear the
    // scene reader's message, as the playground's compiler gives it.
    sources = try Source.sources(arguments.operands, files: "a scene file").map { source in
      if case .file(let path) = source { return .scene(path) }
      return source
    }
    destination = try ExportDestination(output: path, presetCount: sources.count)
    try destination.refuseTerminal(for: "-o -")
    quiet = arguments.isSet(ReportOptions.quiet)
  }

  func run() throws(CommandError) -> ExitCode {
    var files: [(path: String, bytes: [UInt8])] = []
    for source in sources {
      let preset = try source.scene()
      // No engine loads an image over its input buffer's 1 MiB, so none is
      // written; the writer stops at the limit, so refusing a scene whose
      // script repeats a large animation costs no more than that.
      guard let image = SceneImage.encode(preset, limit: SceneImage.maximumSize) else {
        throw .data("\(DocumentInput.name(source.operand)): \(SceneImage.tooLargeMessage.string)")
      }
      let name = try OutputName.file(
        [OutputName.Part(text: preset.name, field: "name")], ending: ".json", in: DocumentInput.name(source.operand))
      guard let path = destination.path(forFile: name) else {
        try Console.output(bytes: image)
        return .success
      }
      let file = path.hasSuffix(".json") ? String(path.dropLast(5)) + ".lmscene" : path
      guard !files.contains(where: { $0.path == file }) else {
        throw .usage("two scenes are called \"\(preset.name)\"; compile them to different files")
      }
      files.append((file, image))
    }
    try InputOutputOverlap.check(
      outputs: files.map(\.path), inputs: sources.compactMap(\.path), standardInput: sources.contains(where: \.isStandardInput))
    try destination.createDirectory()
    try OutputFiles.write(files, quiet: quiet)
    return .success
  }
}
