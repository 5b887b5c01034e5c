import LoadmarkCore

/// What `loadmark export` was asked for, with every option checked.
struct ExportRequest {
  /// The inputs, in the order given (`--all`: catalogue order, then
  /// `--scene`), without repeats.
  var sources: [ExportSource]
  var options: DocumentOptions
  var format: ExportFormat
  /// `--clip`: the one clip to export from each input; nil for every clip.
  var clip: String?
  /// The frame a still shows; nil for an animation.
  var frameChoice: FrameChoice?
  /// `--background`; nil leaves the background transparent.
  var background: Color?
  /// Whether `--background` was given; GIF's default depends on the document.
  var backgroundGiven: Bool
  var destination: ExportDestination

  /// Checks every option and operand in `arguments`; the first problem is
  /// a usage error naming the option at fault.
  init(_ arguments: ArgumentParser.Arguments) throws(CommandError) {
    sources = try ExportRequest.sources(arguments)
    format = try arguments.value(ExportCommand.format, ExportFormat.init(rawValue:)) ?? .json
    options = try DocumentOptions(arguments)
    if format == .gif && arguments.text(ExportCommand.fps) == nil {
      // GIF's own limit is the default.
      options.fps = ExportFormat.gif.maximumFPS!
    }
    clip = try arguments.value(ExportCommand.clip) { $0.isEmpty ? nil : $0 }
    frameChoice = try ExportRequest.frameChoice(arguments)
    background = try ExportRequest.background(arguments, format: format)
    backgroundGiven = arguments.text(ExportCommand.background) != nil
    try ExportRequest.check(format: format, fps: options.fps, frameChoice: frameChoice, clip: clip)
    let output = try arguments.value(ExportCommand.output) { $0.isEmpty ? nil : $0 }
    destination = try ExportDestination(output: output, presetCount: sources.count, perFile: format != .json)
  }

  /// The inputs named by the operands, `--all` and `--scene`: preset names,
  /// or paths of scene or document files (an operand with a `/`, ending in
  /// `.json`, or naming an existing file). Unknown names are listed with the
  /// known presets.
  private static func sources(_ arguments: ArgumentParser.Arguments) throws(CommandError) -> [ExportSource] {
    let known = Preset.names.joined(separator: ", ")
    if arguments.isSet(ExportCommand.all) {
      guard arguments.operands.isEmpty else {
        throw .usage("--all cannot be combined with preset names")
      }
      return Preset.names.map(ExportSource.preset) + (arguments.text(ExportCommand.scene).map { [.scene($0)] } ?? [])
    }
    var sources: [ExportSource] = []
    var unknown: [String] = []
    for operand in arguments.operands {
      if let source = ExportSource(operand: operand) { sources.append(source) } else { unknown.append(operand) }
    }
    guard unknown.isEmpty else {
      let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
      throw .usage(
        "unknown preset\(unknown.count == 1 ? "" : "s") \(names); known presets: \(known), or give the path of a scene file")
    }
    if let scene = arguments.text(ExportCommand.scene) {
      sources.append(.scene(scene))
    }
    guard !sources.isEmpty else {
      throw .usage("expects preset names, scene files or --all (presets: \(known))")
    }
    var seen: Set<String> = []
    return sources.filter { seen.insert($0.operand).inserted }
  }

  /// `--frame`, `--time` or `--progress`, at most one.
  private static func frameChoice(_ arguments: ArgumentParser.Arguments) throws(CommandError) -> FrameChoice? {
    var choices: [FrameChoice] = []
    if let frame = try arguments.integer(ExportCommand.frame, in: 0...(Int(Int32.max))) { choices.append(.frame(frame)) }
    if let time = try arguments.number(ExportCommand.time, in: 0...1e9) { choices.append(.time(time)) }
    if let progress = try arguments.number(ExportCommand.progress, in: 0...1) { choices.append(.progress(progress)) }
    guard choices.count <= 1 else {
      throw .usage("--frame, --time and --progress each choose the frame; give one of them")
    }
    return choices.first
  }

  /// `--background`: a colour, `none`, or none by default (GIF's default,
  /// which has no partial alpha, is ``gifBackground(for:)``).
  private static func background(_ arguments: ArgumentParser.Arguments, format: ExportFormat) throws(CommandError) -> Color? {
    let given = try arguments.value(ExportCommand.background) { text -> Color?? in
      text == "none" ? .some(nil) : OptionValue.color(text).map { .some($0) }
    }
    if given != nil && !format.takesBackground {
      throw .usage("--background applies to svg, png, sprite, gif and webp, not \(format.rawValue)")
    }
    return given ?? nil
  }

  /// The default GIF background for `clip`: white, or black when every
  /// colour the clip shows is light (the progress preset's white ring and
  /// check), so that the indicator shows.
  static func gifBackground(for document: FrameDocument, clip: FrameDocument.Clip) -> Color {
    let shown = document.layers.filter { layer in
      (0..<clip.frameCount).contains { clip.track(layer.id, .opacity)?.value(at: $0) ?? 0 > 0 }
    }
    let colors = shown.flatMap { [$0.style.stroke, $0.style.fill].compactMap { $0 } }.filter { $0.alpha > 0 }
    let light = colors.allSatisfy { color in
      0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue) > 0.8 * 255
    }
    return !colors.isEmpty && light ? .black : .white
  }

  /// What a format cannot hold.
  private static func check(format: ExportFormat, fps: Double, frameChoice: FrameChoice?, clip: String?) throws(CommandError) {
    if let choice = frameChoice, !format.takesFrameChoice {
      throw .usage("\(choice.text) chooses a still; it applies to --format png and svg, not \(format.rawValue)")
    }
    if format == .png && frameChoice == nil {
      throw .usage(
        "--format png writes one frame: choose it with --frame N, --time S or --progress P "
          + "(--format sprite writes every frame of a clip)")
    }
    if let maximum = format.maximumFPS, fps > maximum {
      let why = format == .gif
        ? "GIF frame delays are whole centiseconds and browsers show delays under 2 cs as 10 cs"
        : "WebP frame durations are whole milliseconds and browsers show 10 ms or less as 100 ms"
      throw .usage("--format \(format.rawValue) plays at most \(NumberText.exact(maximum)) frames per second (\(why)); got --fps \(NumberText.exact(fps))")
    }
    if clip != nil && !format.isPerClip {
      throw .usage("--clip applies to formats written per clip (svg, png, sprite, gif, webp), not \(format.rawValue)")
    }
  }
}

/// One input of `loadmark export`.
enum ExportSource: Equatable {
  /// A preset, by name.
  case preset(String)
  /// A scene or a frame document at a path, told apart by its `format`.
  case file(String)
  /// A scene file given with `--scene`, whatever it is called.
  case scene(String)

  /// A preset if `operand` names one; else a file if it looks like a path
  /// (a `/`, a `.json` ending) or exists; else nil.
  init?(operand: String) {
    if Preset.names.contains(operand) {
      self = .preset(operand)
    } else if operand.contains("/") || operand.hasSuffix(".json") || OutputDirectory.isFile(operand) {
      self = .file(operand)
    } else {
      return nil
    }
  }

  /// The operand as given.
  var operand: String {
    switch self {
    case .preset(let text), .file(let text), .scene(let text): return text
    }
  }

  /// The name output files of a preset or document file start with: the
  /// preset, or the file's name without `.json` (a scene's files take the
  /// scene's `name`).
  var name: String {
    switch self {
    case .preset(let name): return name
    case .file(let path), .scene(let path):
      let file = path.split(separator: "/").last.map(String.init) ?? path
      return file.hasSuffix(".json") && file.count > 5 ? String(file.dropLast(5)) : file
    }
  }
}
