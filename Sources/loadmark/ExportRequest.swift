import LoadmarkCore

/// What `loadmark export` was asked for, with every option checked.
struct ExportRequest {
  /// The presets, in the order given (`--all`: catalogue order), without repeats.
  var presetNames: [String]
  var presetOptions: PresetOptions
  var fps: Double
  var progressSamples: Int
  var precision: Precision
  var destination: ExportDestination

  /// Checks every option and preset name in `arguments`; the first problem
  /// is a usage error naming the option at fault.
  init(_ arguments: ArgumentParser.Arguments) throws(CommandError) {
    presetNames = try ExportRequest.presetNames(arguments)
    fps = try arguments.number(ExportCommand.fps, in: ExportCommand.fpsRange) ?? Preset.defaultFPS
    progressSamples = try arguments.integer(ExportCommand.progressSamples, in: ExportCommand.progressSamplesRange)
      ?? Preset.defaultProgressSamples
    precision = try arguments.value(ExportCommand.precision, Precision.init(rawValue:)) ?? .compact

    let size = try arguments.value(ExportCommand.size, ExportRequest.canvasSize)
    let scale = try arguments.positiveNumber(ExportCommand.scale)
    if size != nil && scale != nil {
      throw .usage("--size and --scale cannot be used together: --size sets the scale that fits the canvas")
    }
    presetOptions = PresetOptions(
      scale: scale ?? 1,
      size: size,
      color: try arguments.value(ExportCommand.color, Color.init(hex:)),
      lineWidth: try arguments.positiveNumber(ExportCommand.lineWidth),
      speed: try arguments.number(ExportCommand.speed, in: ExportCommand.speedRange) ?? 1)

    let output = try arguments.value(ExportCommand.output) { $0.isEmpty ? nil : $0 }
    destination = try ExportDestination(output: output, presetCount: presetNames.count)
  }

  /// The presets named by the operands or `--all`; unknown names are listed
  /// with the known ones.
  private static func presetNames(_ arguments: ArgumentParser.Arguments) throws(CommandError) -> [String] {
    let known = Preset.names.joined(separator: ", ")
    if arguments.isSet(ExportCommand.all) {
      guard arguments.operands.isEmpty else {
        throw .usage("--all cannot be combined with preset names")
      }
      return Preset.names
    }
    guard !arguments.operands.isEmpty else {
      throw .usage("expects preset names or --all (presets: \(known))")
    }
    let unknown = arguments.operands.filter { !Preset.names.contains($0) }
    guard unknown.isEmpty else {
      let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
      throw .usage("unknown preset\(unknown.count == 1 ? "" : "s") \(names); known presets: \(known)")
    }
    var seen: Set<String> = []
    return arguments.operands.filter { seen.insert($0).inserted }
  }

  /// `WxH` as a size, each side above 0 and at most 10000 points; nil otherwise.
  private static func canvasSize(_ text: String) -> (width: Double, height: Double)? {
    let sides = text.split(separator: "x", omittingEmptySubsequences: false)
    guard sides.count == 2 else { return nil }
    let numbers = sides.compactMap { Double($0) }.filter { $0.isFinite && $0 > 0 && $0 <= ExportCommand.maximumSide }
    guard numbers.count == 2 else { return nil }
    return (numbers[0], numbers[1])
  }
}
