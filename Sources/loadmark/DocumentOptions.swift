import LoadmarkCore
import LoadmarkJSON

/// The options that shape a sampled document (`--fps`, `--size`, `--scale`,
/// `--color`, `--line-width`, `--speed`, `--progress-samples`, `--precision`,
/// `--tracks`),
/// checked once for every subcommand that exports presets.
///
/// An option a subcommand does not declare is never in its arguments, so it
/// takes its default here.
struct DocumentOptions {
  var presetOptions: PresetOptions
  var fps: Double
  var progressSamples: Int
  var precision: Precision
  /// How varying tracks are written; nil is the writer's default for `precision`.
  var tracks: TrackEncoding?

  /// The defaults: the seed's size and colours at 60 fps, compact precision.
  init() {
    presetOptions = PresetOptions()
    fps = Preset.defaultFPS
    progressSamples = Preset.defaultProgressSamples
    precision = .compact
    tracks = nil
  }

  /// Checks each option given in `arguments`; the first problem is a usage
  /// error naming the option at fault.
  init(_ arguments: ArgumentParser.Arguments) throws(CommandError) {
    fps = try arguments.number(ExportCommand.fps, in: ExportCommand.fpsRange) ?? Preset.defaultFPS
    progressSamples = try arguments.integer(ExportCommand.progressSamples, in: ExportCommand.progressSamplesRange)
      ?? Preset.defaultProgressSamples
    precision = try arguments.value(ExportCommand.precision, Precision.init(rawValue:)) ?? .compact
    tracks = try arguments.value(ExportCommand.tracks, TrackEncoding.init(rawValue:))

    let size = try arguments.value(ExportCommand.size, DocumentOptions.canvasSize)
    let scale = try arguments.positiveNumber(ExportCommand.scale)
    if size != nil && scale != nil {
      throw .usage("--size and --scale cannot be used together: --size sets the scale that fits the canvas")
    }
    let lineWidth = try arguments.positiveNumber(ExportCommand.lineWidth)
    if let lineWidth, precision == .compact,
      DecimalRounding.rounded(lineWidth, places: FrameDocument.coordinateDecimals) == 0
    {
      throw .usage(
        "--line-width \(arguments.text(ExportCommand.lineWidth) ?? "") rounds to 0 in a compact document, "
          + "which keeps lengths to 0.01; give at least 0.005, or --precision full")
    }
    presetOptions = PresetOptions(
      scale: scale ?? 1,
      size: size,
      color: try arguments.value(ExportCommand.color, OptionValue.color),
      lineWidth: lineWidth,
      speed: try arguments.number(ExportCommand.speed, in: ExportCommand.speedRange) ?? 1)
  }

  /// `WxH` as a size, each side above 0 and at most 10000 points; nil otherwise.
  private static func canvasSize(_ text: String) -> (width: Double, height: Double)? {
    let sides = text.split(separator: "x", omittingEmptySubsequences: false)
    guard sides.count == 2 else { return nil }
    let numbers = sides.compactMap { OptionValue.decimal(String($0)) }.filter { $0 > 0 && $0 <= ExportCommand.maximumSide }
    guard numbers.count == 2 else { return nil }
    return (numbers[0], numbers[1])
  }
}
