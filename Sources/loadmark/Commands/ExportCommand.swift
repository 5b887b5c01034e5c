import LoadmarkCore
import LoadmarkJSON

/// `loadmark export`: presets and scenes sampled into frames and written as
/// JSON documents, or as files other tools read.
struct ExportCommand: Command {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "export",
      abstract: "Write presets' and scenes' frames as JSON, SVG, PNG, sprite sheets, GIF, WebP or Lottie",
      usage: [
        "(PRESET | SCENE.json | DOCUMENT.json | -)... [options] [-o FILE | -o DIR | -o -]",
        "--scene FILE [options]", "--all [options] -o DIR",
      ],
      discussion: """
        Samples each preset or scene file (docs/SCENE.md) into frames and writes it
        as a JSON document, or, with --format, as files other tools read; the
        options apply to scenes as to presets. A JSON file that is not a scene is
        read as a frame document and exported as it is (the options that shape a
        preset do not apply to it; --color recolours its accent layers).

          json     DIR/<name>.json: the frame document (docs/FORMAT.md)
          svg      DIR/<name>-<clip>.svg: animated with CSS keyframes; a still
                   with --frame, --time or --progress
          png      DIR/<name>-<clip>.png: one frame (--frame, --time or --progress)
          sprite   DIR/<name>-<clip>.sprite.png: every frame in a row, and
                   DIR/<name>-<clip>.sprite.json: frame size, count, fps
          gif      DIR/<name>-<clip>.gif: at most 50 fps (the default for gif)
          webp     DIR/<name>-<clip>.webp: lossless, with alpha; at most 90 fps
          lottie   DIR/<name>.lottie.json: Lottie, a marker per clip

        <name> is the preset's name, the scene's "name", or a document file's name
        without .json. Raster formats draw one pixel per point: --scale 2 doubles
        the pixels. One source's one file may go to -o FILE, or to standard output
        with no -o or -o - (a png, gif or webp image only when it is not a
        terminal); more need -o DIR, and a DIR ending in / is created if
        missing. Every option is checked, every scene read and every file built
        before any is written; each file is written to a temporary file and renamed
        into place, so a failed export leaves existing files as they were. A scene
        that does not read, or that asks for what Loadmark's engine cannot draw
        yet, is refused with its file and the line and column or field at fault
        (exit 65).

        Presets: \(Indicator.presetNames.joined(separator: ", ")); and the catalogue's
        \(Indicator.catalogueNames.count) indicators after NVActivityIndicatorView (loadmark list). See
        docs/EXPORT.md.
        """,
      operands: [
        Operand(
          "PRESET|FILE", summary: "a preset's or catalogue indicator's name, a scene or frame document file, or - for standard input",
          repeats: true, completion: .wordsOrFiles(Indicator.builtInNames))
      ],
      options: [all, scene, format, clip, frame, time, progress, background, output, ReportOptions.quiet],
      groups: [DocumentOptions.group],
      exitCodes: [
        .success("every file was written"), .usage,
        .dataError("a scene or document file is not valid, or is too large to draw by itself (the limits of docs/EXPORT.md)"),
        .ioError("a file could not be read or written, or an encoder failed"),
      ],
      examples: [
        Example("Write the success preset's frames to success.json", "export success -o success.json"),
        Example("Write every preset with every number exact, into full/", "export --all --precision full -o full/"),
        Example("Draw the dots preset as an animated GIF, at twice the size", "export dots --format gif --scale 2 -o dots.gif"),
        Example("Draw the last frame of the success preset as a PNG", "export success --format png --progress 1 -o success.png"),
        Example("Write every clip of every preset as an animated SVG, into svg/", "export --all --format svg -o svg/"),
        Example(
          "Draw the spin clip of a scene of your own in teal as an animated WebP",
          "export ring.json --clip spin --color teal --format webp -o ring.webp"),
        Example("Write the refresh preset as Lottie JSON, a marker per clip", "export refresh --format lottie -o refresh.lottie.json"),
      ])
  }

  static let all = Option(flag: "--all", summary: "export every preset and catalogue indicator")
  static let scene = Option(
    "--scene", value: "FILE", expects: "the path of a scene file",
    summary: "export the scene in FILE (docs/SCENE.md), whatever its name", completion: .files)
  static let format = Option(
    "--format", value: "F", expects: "one of \(ExportFormat.names)",
    summary: "json (default), svg, png, sprite, gif, webp or lottie",
    completion: .words(ExportFormat.allCases.map(\.rawValue)))
  static let clip = Option(
    "--clip", value: "NAME", expects: "a clip name",
    summary: "only this clip of each preset (formats written per clip)")
  static let frame = Option(
    "--frame", value: "N", expects: "a whole number 0 or above",
    summary: "png, svg: a still of frame N of each clip")
  static let time = Option(
    "--time", value: "S", expects: "a number of seconds 0 or above",
    summary: "png, svg: a still of the frame S seconds into each clip")
  static let progress = Option(
    "--progress", value: "P", expects: "a number 0 or above",
    summary: "png, svg: a still of the frame a progress clip shows at progress P, as the player does; of a time clip, the frame at P of it (0 first, 1 last)")
  static let background = Option(
    "--background", value: "COLOR", expects: "a color #rgb, #rrggbb, #rrggbbaa or a CSS color name, or none",
    summary: "svg, png, sprite, gif, webp: paint under the frames (default none, gif white; black when white hides a colour)",
    completion: .words(["none"] + Color.cssNameList))
  static let output = Option(
    "--output", short: "-o", value: "PATH", expects: "a file, a directory or - for standard output",
    summary: "a file, a directory (existing, or ending in /), or - for standard output", completion: .files)

  /// What was asked for, every option checked.
  var request: ExportRequest
  /// `--quiet`: no "wrote" lines, no progress line.
  var quiet: Bool

  init(_ arguments: ParsedArguments) throws(CommandError) {
    request = try ExportRequest(arguments)
    quiet = arguments.isSet(ReportOptions.quiet)
    // Before any input is read. A sprite sheet is two files, never standard
    // output; the other raster formats are bytes, which a terminal cannot show.
    if request.format == .sprite && request.destination == .standardOutput {
      throw .usage("--format sprite writes a PNG and its JSON sidecar; give -o FILE.png or -o DIR")
    }
    if request.format.isRaster { try request.destination.refuseTerminal(for: "--format \(request.format.rawValue)") }
    try InputOutputOverlap.check(
      outputs: request.destination.outputPaths, inputs: request.sources.compactMap(\.path),
      standardInput: request.sources.contains(where: \.isStandardInput))
  }

  func run() throws(CommandError) -> ExitCode {
    guard request.format == .json else { return try writeFiles() }
    let documents = try ExportCommand.loadAll(request)
    guard request.destination != .standardOutput else {
      try Console.output(TextFile.terminated(documents[0].text))
      return .success
    }
    // Not standard output, so every preset has a path. Named before the
    // directory is made, so that a name refused leaves nothing behind.
    let checked = if case .directory = request.destination { true } else { false }
    var files: [(path: String, text: String)] = []
    for document in documents {
      let name = try document.fileName(ending: ".json", checked: checked)
      files.append((path: request.destination.path(forFile: name)!, text: document.text))
    }
    try InputOutputOverlap.check(
      outputs: files.map(\.path), inputs: request.sources.compactMap(\.path),
      standardInput: request.sources.contains(where: \.isStandardInput))
    try request.destination.createDirectory()
    try OutputFiles.write(texts: files, quiet: quiet)
    return .success
  }

  /// Every source of `request` loaded, in order; two that would be written
  /// under one name are refused unless the one output is standard output.
  static func loadAll(_ request: ExportRequest) throws(CommandError) -> [LoadedSource] {
    var loaded: [LoadedSource] = []
    var operands: [String: String] = [:]
    for source in request.sources {
      let next = try source.load(request.options)
      if let other = operands[next.name], request.destination != .standardOutput {
        throw .usage("\(other) and \(source.operand) would both be written as \(next.name); export them separately")
      }
      operands[next.name] = source.operand
      loaded.append(next)
    }
    return loaded
  }
}
