import LoadmarkCore
import LoadmarkPages

/// What `loadmark export` was asked for, with every option checked.
struct ExportRequest {
  /// The inputs, in the order given (`--all`: catalogue order, then
  /// `--scene`), without repeats.
  var sources: [Source]
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
  /// The options given that shape a preset or scene's frames (`--fps`,
  /// `--size`, …), as written: what a budget's refusal names when it is
  /// theirs, not the document's.
  var shapingOptions: [String]

  /// Checks every option and operand in `arguments`; the first problem is
  /// a usage error naming the option at fault.
  init(_ arguments: ParsedArguments) throws(CommandError) {
    sources = try ExportRequest.sources(arguments)
    format = try arguments.value(ExportCommand.format, ExportFormat.init(rawValue:)) ?? .json
    options = try DocumentOptions(arguments)
    shapingOptions = DocumentOptions.shaping.filter { arguments.text($0) != nil }.map(\.name)
    if format == .gif && arguments.text(DocumentOptions.fps) == nil {
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
  /// or paths of scene or document files (``Source/init(operand:)``), `-`
  /// for standard input. Unknown names are listed with the known presets.
  private static func sources(_ arguments: ParsedArguments) throws(CommandError) -> [Source] {
    let scene = arguments.text(ExportCommand.scene)
    if arguments.isSet(ExportCommand.all) {
      guard arguments.operands.isEmpty else {
        throw .usage("--all cannot be combined with preset names")
      }
      return Indicator.builtInNames.map(Source.builtIn) + (scene.map { [.scene($0)] } ?? [])
    }
    var sources = try Source.sources(arguments.operands, files: "a scene file")
    if let scene {
      try DocumentInput.requireStandardInputOnce(sources.map(\.operand) + [scene])
      if !sources.contains(where: { $0.operand == scene }) { sources.append(.scene(scene)) }
    }
    guard !sources.isEmpty else {
      throw .usage("expects preset names, scene files or --all (presets: \(Indicator.presetNames.joined(separator: ", ")))")
    }
    return sources
  }

  /// `--frame`, `--time` or `--progress`, at most one.
  private static func frameChoice(_ arguments: ParsedArguments) throws(CommandError) -> FrameChoice? {
    var choices: [FrameChoice] = []
    if let frame = try arguments.integer(ExportCommand.frame, in: 0...(Int(Int32.max))) { choices.append(.frame(frame)) }
    if let time = try arguments.number(ExportCommand.time, in: 0...1e9) { choices.append(.time(time)) }
    if let progress = try arguments.number(ExportCommand.progress, in: 0...Double.greatestFiniteMagnitude) { choices.append(.progress(progress)) }
    guard choices.count <= 1 else {
      throw .usage("--frame, --time and --progress each choose the frame; give one of them")
    }
    return choices.first
  }

  /// `--background`: a colour, `none`, or nil when not given (the default
  /// is the clip's, `Rule.exportBackground`:
  /// ``ExportCommand/defaultBackground(_:clip:accent:format:)``).
  private static func background(_ arguments: ParsedArguments, format: ExportFormat) throws(CommandError) -> Color? {
    let given = try arguments.value(ExportCommand.background) { text -> Color?? in
      text == "none" ? .some(nil) : OptionValue.color(text).map { .some($0) }
    }
    if given != nil && !format.takesBackground {
      throw .usage("--background applies to svg, png, sprite, gif and webp, not \(format.rawValue)")
    }
    return given ?? nil
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
