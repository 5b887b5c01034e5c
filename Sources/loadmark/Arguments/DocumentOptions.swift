import LoadmarkCore
import LoadmarkJSON
import LoadmarkPages

/// The options that shape a sampled document (`--fps`, `--canvas`,
/// `--size`, `--scale`, `--color`, `--line-width`, `--speed`,
/// `--progress-samples`, `--precision`, `--tracks`): declared once here, included by `export` and `html` whole and
/// by `gallery` in part, and checked once for all of them.
///
/// An option a command does not include is never in its arguments, so it
/// takes its default here.
struct DocumentOptions {
  var presetOptions: IndicatorOptions
  var fps: Double
  var progressSamples: Int
  var precision: Precision
  /// How varying tracks are written; nil is the writer's default for `precision`.
  var tracks: TrackEncoding?

  // Each range sits beside the option whose message states it; the bounds
  // are the core's, which documents and scenes share.
  static let fpsRange = 1.0...Indicator.maximumFPS
  static let speedRange = IndicatorOptions.speeds
  static let progressSamplesRange = 2...Indicator.maximumFrames
  /// The largest canvas side, the most a reader accepts.
  static let maximumSide = IndicatorOptions.maximumSide

  static let fps = Option(
    "--fps", value: "N", expects: "a number from \(NumberText.exact(fpsRange.lowerBound)) to \(NumberText.exact(fpsRange.upperBound))",
    summary: "frames per second of time clips (default 60)")
  static let canvas = Option(
    "--canvas", value: "CANVAS", expects: "auto, content or scene",
    summary: "auto (the scene's canvas if it shows the drawing centred and whole, else content), content (cropped to what is drawn, 1 pt margin) or scene",
    completion: .words(canvasNames.map(\.name)))
  /// `--canvas`'s words, in the order help lists them.
  static let canvasNames: [(name: String, canvas: IndicatorOptions.Canvas)] = [("auto", .auto), ("content", .content), ("scene", .scene)]
  static let size = Option(
    "--size", value: "WxH", expects: "a size WxH with sides above 0 and at most \(NumberText.exact(maximumSide)), such as 100x100",
    summary: "canvas size in points; the canvas (--canvas) is scaled to fit and centred")
  static let scale = Option(
    "--scale", value: "K", expects: "a number above 0",
    summary: "scale the whole indicator by K (default 1); not with --size")
  static let color = Option(
    "--color", value: "COLOR", expects: "a color #rgb, #rrggbb, #rrggbbaa or a CSS color name such as teal",
    summary: "accent color: #rgb, #rrggbb, #rrggbbaa or a CSS name, such as #34c759 or teal",
    completion: .words(Color.cssNameList))
  static let lineWidth = Option(
    "--line-width", value: "W", expects: "a number above 0",
    summary: "stroke width of the indicator's lines, in points")
  static let speed = Option(
    "--speed", value: "S", expects: "a number from \(NumberText.exact(speedRange.lowerBound)) to \(NumberText.exact(speedRange.upperBound))",
    summary: "playback rate; 2 plays twice as fast (default 1)")
  static let progressSamples = Option(
    "--progress-samples", value: "N", expects: "a whole number from \(progressSamplesRange.lowerBound) to \(progressSamplesRange.upperBound)",
    summary: "frames of progress clips, from 0 to 1 (default 101)")
  static let precision = Option(
    "--precision", value: "P", expects: "compact or full",
    summary: "compact (values to 1e-4, the default) or full (every Double exact)",
    completion: .words(Precision.allCases.map(\.rawValue)))
  static let tracks = Option(
    "--tracks", value: "FORM", expects: "deltas or plain",
    summary: "how compact documents write varying tracks: deltas (the default) or plain arrays",
    completion: .words(TrackEncoding.allCases.map(\.rawValue)))

  /// Every document option, in the order help lists them.
  static let group = OptionGroup(
    title: "Document options", options: [fps, canvas, size, scale, color, lineWidth, speed, progressSamples, precision, tracks])

  /// The options that change a preset's or scene's canvas or frames, and so
  /// what drawing them costs.
  static let shaping = [fps, canvas, size, scale, lineWidth, speed, progressSamples]

  /// The defaults: the seed's colours on the automatic canvas at 60 fps,
  /// compact precision.
  init() {
    presetOptions = IndicatorOptions(canvas: .auto)
    fps = Indicator.defaultFPS
    progressSamples = Indicator.defaultProgressSamples
    precision = .compact
    tracks = nil
  }

  /// Checks each option given in `arguments`; the first problem is a usage
  /// error naming the option at fault.
  init(_ arguments: ParsedArguments) throws(CommandError) {
    typealias Options = DocumentOptions
    fps = try arguments.number(Options.fps, in: Options.fpsRange) ?? Indicator.defaultFPS
    progressSamples = try arguments.integer(Options.progressSamples, in: Options.progressSamplesRange)
      ?? Indicator.defaultProgressSamples
    precision = try arguments.value(Options.precision, Precision.init(rawValue:)) ?? .compact
    tracks = try arguments.value(Options.tracks, TrackEncoding.init(rawValue:))

    let size = try arguments.value(Options.size, DocumentOptions.canvasSize)
    let scale = try arguments.positiveNumber(Options.scale)
    if size != nil && scale != nil {
      throw .usage("--size and --scale cannot be used together: --size sets the scale that fits the canvas")
    }
    let lineWidth = try arguments.positiveNumber(Options.lineWidth)
    if let lineWidth, precision == .compact,
      DecimalRounding.rounded(lineWidth, places: FrameDocument.coordinateDecimals) == 0
    {
      throw .usage(
        "--line-width \(arguments.text(Options.lineWidth) ?? "") rounds to 0 in a compact document, "
          + "which keeps lengths to 0.01; give at least 0.005, or --precision full")
    }
    presetOptions = IndicatorOptions(
      scale: scale ?? 1,
      size: size,
      color: try arguments.value(Options.color, OptionValue.color),
      lineWidth: lineWidth,
      speed: try arguments.number(Options.speed, in: Options.speedRange) ?? 1,
      // Exports show the indicator centred and whole (`Rule.contentCanvas`):
      // a seed's view is where its code sat on a phone's screen (seed 002's
      // ring at (27.5, 44) of 100 × 100), not always the box a page wants;
      // a canvas that already shows it so is the author's and is kept.
      canvas: try arguments.value(Options.canvas) { text in Options.canvasNames.first { $0.name == text }?.canvas } ?? .auto)
  }

  /// `WxH` as a size, each side above 0 and at most 10000 points; nil otherwise.
  private static func canvasSize(_ text: String) -> (width: Double, height: Double)? {
    let sides = text.split(separator: "x", omittingEmptySubsequences: false)
    guard sides.count == 2 else { return nil }
    let numbers = sides.compactMap { OptionValue.decimal(String($0)) }.filter { $0 > 0 && $0 <= maximumSide }
    guard numbers.count == 2 else { return nil }
    return (numbers[0], numbers[1])
  }
}
