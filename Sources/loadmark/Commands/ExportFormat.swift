import LoadmarkPages

/// What `loadmark export --format` writes.
enum ExportFormat: String, CaseIterable, Sendable {
  /// The frame document (docs/FORMAT.md), one per preset.
  case json
  /// An animated SVG per clip (CSS keyframes), or a still with a frame choice.
  case svg
  /// One PNG of one frame per clip.
  case png
  /// A PNG sprite sheet of every frame of a clip, with a JSON sidecar.
  case sprite
  /// An animated GIF per clip.
  case gif
  /// An animated WebP per clip.
  case webp
  /// Lottie JSON per preset, a marker per clip.
  case lottie

  /// The names, for messages and help: `json, svg, png, …`.
  static let names = allCases.map(\.rawValue).joined(separator: ", ")

  /// Whether a file is written per clip rather than per preset.
  var isPerClip: Bool {
    self != .json && self != .lottie
  }

  /// Whether the format is drawn by the raster renderer.
  var isRaster: Bool {
    self == .png || self == .sprite || self == .gif || self == .webp
  }

  /// Whether `--frame`, `--time` and `--progress` apply.
  var takesFrameChoice: Bool {
    self == .svg || self == .png
  }

  /// Whether `--background` applies.
  var takesBackground: Bool {
    self != .json && self != .lottie
  }

  /// The file name ending: `.svg`, `.sprite.png`, `.lottie.json`.
  var fileExtension: String {
    switch self {
    case .json: return ".json"
    case .svg: return ".svg"
    case .png: return ".png"
    case .sprite: return ".sprite.png"
    case .gif: return ".gif"
    case .webp: return ".webp"
    case .lottie: return ".lottie.json"
    }
  }

  /// The most frames per second the format plays as asked: GIF delays are
  /// whole centiseconds and browsers show a delay under 2 cs as 10 cs, so
  /// 50; WebP durations are milliseconds and browsers show 10 ms or less as
  /// 100 ms, so 90.
  var maximumFPS: Double? {
    switch self {
    case .gif: return 50
    case .webp: return 90
    default: return nil
    }
  }
}

/// Which frame of each clip a still shows: `--frame N`, `--time S` or `--progress P`.
enum FrameChoice: Equatable {
  case frame(Int)
  case time(Double)
  case progress(Double)

  /// The option as given, for messages: `--frame 200`.
  var text: String {
    switch self {
    case .frame(let n): return "--frame \(n)"
    case .time(let s): return "--time \(NumberText.exact(s))"
    case .progress(let p): return "--progress \(NumberText.exact(p))"
    }
  }
}
