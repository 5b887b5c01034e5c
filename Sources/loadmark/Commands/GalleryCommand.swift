import LoadmarkCore
import LoadmarkJSON
import LoadmarkPages

/// `loadmark gallery`: every preset and clip on one page, with controls,
/// plus the files a web page needs to play them.
struct GalleryCommand: Command {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "gallery",
      abstract: "Write a gallery page of every preset and clip, with the JSON and scripts",
      usage: ["-o DIR [options] [SCENE...]"],
      discussion: """
        Exports every preset (\(Indicator.presetNames.joined(separator: ", "))), the
        catalogue's \(Indicator.catalogueNames.count) indicators after NVActivityIndicatorView, and each
        SCENE file given (docs/SCENE.md), after them, and writes:

          DIR/index.html           every clip of every preset, grouped by preset: a
                                   card per clip with its player, play/pause, a
                                   frame scrubber and a speed menu (a progress
                                   slider for progress clips) and its JSON; one
                                   theme colour for every player
          DIR/<preset>.json        each preset's document, as export writes it
          DIR/<preset>-<clip>.svg, .gif, .webp, .sprite.png, .sprite.json,
          DIR/<preset>.lottie.json each clip's downloads, as export --format
                                   writes them (GIF at most 50 fps, WebP 90),
                                   linked from its card
          DIR/loadmark-player.js   the web player and the scripts it comes with,
          DIR/loadmark-helpers.js  to copy into a site
          DIR/loadmark-gallery.js
          DIR/loadmark.wasm,       with --wasm: the engine and its module, and a
          DIR/loadmark-wasm.js     live section whose players compute their
                                   frames in the page
          DIR/loadmark-scene.wasm  with --scene-compiler as well: the scene
                                   compiler, and a playground that plays a
                                   scene as it is edited (the first SCENE
                                   given, else the starter of loadmark new)

        Every player holds a poster, as html's do. index.html holds its
        documents and scripts inline and works when opened from a file, with no
        network; its Content-Security-Policy allows only
        those scripts and its style sheet, by their SHA-256. --color sets every
        preset's accent colour. Everything is built before any file is written,
        and each file is written atomically; on a terminal, a progress line
        follows the building of the downloads.
        """,
      options: [title, wasm, sceneCompiler, output, ReportOptions.quiet],
      // The gallery shows the presets at their seeds' size on equal tiles:
      // only the rate and the colour are the viewer's to choose.
      groups: [DocumentOptions.group.only([DocumentOptions.fps, DocumentOptions.color])],
      exitCodes: [
        .success("the gallery was written"), .usage,
        .dataError("a SCENE is not a valid scene, or a --wasm or --scene-compiler file is not a WebAssembly module"),
        .ioError("a file could not be read or written, or an encoder failed"),
      ],
      examples: [
        Example("Write the gallery of every preset and clip into gallery/", "gallery -o gallery/"),
      ])
  }

  static let title = Option(
    "--title", value: "T", expects: "a title that is not empty",
    summary: "the page's title and heading (default: Loadmark gallery)")
  static let output = Option(
    "--output", short: "-o", value: "DIR", expects: "a directory to write the gallery to",
    summary: "the directory to write to; created with its parents if missing", completion: .directories)
  static let wasm = Option(
    "--wasm", value: "FILE", expects: "the path of loadmark.wasm",
    summary: "add a live section computed in the page by this WebAssembly engine (tools/wasm/build)",
    completion: .files)
  static let sceneCompiler = Option(
    "--scene-compiler", value: "FILE", expects: "the path of loadmark-scene.wasm",
    summary: "with --wasm, add a playground whose scenes this WebAssembly scene compiler compiles (tools/wasm/build)",
    completion: .files)

  /// The one line under the gallery's heading.
  static let introduction = """
    Loadmark reproduces iOS Core Animation loading, success and error indicators \
    frame by frame as JSON, and this page replays them on a canvas.
    """

  var options: DocumentOptions
  var pageTitle: String?
  var directory: String
  /// `--wasm FILE`, or `-` for standard input.
  var module: String?
  /// `--scene-compiler FILE`, or `-` for standard input.
  var compilerModule: String?
  /// The scene files shown after the presets.
  var scenes: [Source]
  var quiet: Bool

  init(_ arguments: ParsedArguments) throws(CommandError) {
    if let preset = arguments.operands.first(where: { Indicator.builtInNames.contains($0) }) {
      throw .usage("unexpected indicator \"\(preset)\": gallery shows every preset and catalogue indicator; give scene files (write ./\(preset) for a file)")
    }
    try DocumentInput.requireStandardInputOnce(arguments.operands + [arguments.text(Self.wasm), arguments.text(Self.sceneCompiler)].compactMap { $0 })
    var seen: Set<String> = []
    scenes = arguments.operands.filter { seen.insert($0).inserted }.map { Source.scene($0) }
    options = try DocumentOptions(arguments)
    pageTitle = try arguments.value(Self.title) { $0.isEmpty ? nil : $0 }
    guard let directory = try arguments.value(Self.output, { $0.isEmpty ? nil : $0 }) else {
      throw .usage("expects -o DIR, the directory to write the gallery to")
    }
    guard directory != DocumentInput.standardInputOperand else {
      throw .usage("-o - cannot hold a gallery, which is a directory of files; name a directory")
    }
    self.directory = directory
    module = arguments.text(Self.wasm)
    compilerModule = arguments.text(Self.sceneCompiler)
    if compilerModule != nil && module == nil {
      throw .usage("--scene-compiler needs --wasm: the playground plays scenes with the engine")
    }
    quiet = arguments.isSet(ReportOptions.quiet)
  }

  func run() throws(CommandError) -> ExitCode {
    var loaded: [LoadedSource] = []
    for name in Indicator.builtInNames { loaded.append(try Source.builtIn(name).load(options)) }
    for scene in scenes { loaded.append(try scene.load(options)) }
    var live = try module.map { path throws(CommandError) in try LiveEngine.read(path) }
    if let compilerModule {
      live?.sceneCompiler = try LiveEngine.read(compilerModule).module
      live?.playgroundScene = try playgroundScene()
    }
    let documents = PageDocument.uniquelyNamed(loaded.map(\.page))
    let scripts = WebScripts.embedded.galleryFiles(live: live != nil)
    let modules = (live.map { [(file: "loadmark.wasm", bytes: $0.module)] } ?? [])
      + (live?.sceneCompiler.map { [(file: "loadmark-scene.wasm", bytes: $0)] } ?? [])
    let companions = documents.map { (file: $0.fileName, text: $0.json) } + scripts
    let downloads = try GalleryCommand.downloads(loaded, options: options, quiet: quiet)
    let page = PlayerPage(
      kind: .gallery,
      title: pageTitle ?? "Loadmark gallery",
      introduction: GalleryCommand.introduction,
      documents: documents,
      accent: options.presetOptions.color,
      delivery: .inline,
      scripts: .embedded,
      companionFiles: companions.map(\.file) + modules.map(\.file),
      live: live,
      downloads: downloads.links)

    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    let texts = [(prefix + "index.html", page.html)] + companions.map { (prefix + $0.file, $0.text) }
    let engine = modules.map { (prefix + $0.file, $0.bytes) }
    let offered = downloads.files.map { (prefix + $0.path, $0.bytes) }
    let inputs = ([module, compilerModule].compactMap { $0 } + scenes.compactMap(\.path))
      .filter { $0 != DocumentInput.standardInputOperand }
    try InputOutputOverlap.check(
      outputs: texts.map(\.0) + offered.map(\.0) + engine.map(\.0), inputs: inputs,
      standardInput: scenes.contains(where: \.isStandardInput))
    try OutputFiles.makeDirectory(directory)
    try OutputFiles.write(texts.map { ($0.0, OutputFiles.bytes(ofText: $0.1)) } + offered + engine, quiet: quiet)
    return .success
  }

  /// The playground's first scene: the first SCENE file's text (standard
  /// input is read once, so not from there), else the starter.
  func playgroundScene() throws(CommandError) -> String {
    guard let path = scenes.compactMap(\.path).first else { return NewCommand.starter }
    let bytes = try DocumentInput.bytes(path, limit: SceneReader.maximumFileSize)
    return String(decoding: bytes, as: UTF8.self)
  }
}
