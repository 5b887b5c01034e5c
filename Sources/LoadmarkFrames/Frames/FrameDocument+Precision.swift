import LoadmarkEngine

/// How many digits a written document keeps.
public enum Precision: String, Equatable, Sendable, CaseIterable {
  /// Track values to 1e-4 (radians, fractions, scales, opacity), coordinates
  /// and lengths to 0.01 pt, durations to 1e-4 s.
  case compact
  /// Every value as computed, so it reads back to the identical Double.
  case full
}

extension FrameDocument {
  /// Decimal places compact documents keep for track values.
  public static let trackDecimals = 4
  /// Decimal places compact documents keep for coordinates, radii and widths.
  public static let coordinateDecimals = 2
  /// Decimal places compact documents keep for durations and fps.
  public static let timeDecimals = 4

  /// The document with every number rounded to the decimals of `precision`.
  ///
  /// A rounded value is the Double nearest to a decimal of at most that many
  /// places, so printing it with 15 significant digits shows that decimal and
  /// no float noise.
  public func rounded(to precision: Precision) -> FrameDocument {
    guard precision == .compact else { return self }
    let c = FrameDocument.coordinateDecimals
    var copy = self
    copy.fps = DecimalRounding.rounded(fps, places: FrameDocument.timeDecimals)
    copy.width = DecimalRounding.rounded(width, places: c)
    copy.height = DecimalRounding.rounded(height, places: c)
    copy.layers = layers.map { $0.rounded(places: c) }
    copy.clips = clips.map { clip in
      var clip = clip
      clip.duration = DecimalRounding.rounded(clip.duration, places: FrameDocument.timeDecimals)
      // Progress values are track-like quantities; a transition is a track of fractions.
      clip.domain.lower = DecimalRounding.rounded(clip.domain.lower, places: FrameDocument.trackDecimals)
      clip.domain.upper = DecimalRounding.rounded(clip.domain.upper, places: FrameDocument.trackDecimals)
      clip.domain.repeatFrom = clip.domain.repeatFrom.map { DecimalRounding.rounded($0, places: FrameDocument.trackDecimals) }
      if var transition = clip.transition {
        transition.duration = DecimalRounding.rounded(transition.duration, places: FrameDocument.timeDecimals)
        transition.values = transition.values.rounded(places: FrameDocument.trackDecimals)
        clip.transition = transition
      }
      clip.tracks = clip.tracks.map { track in
        var track = track
        track.values = track.values.rounded(places: FrameDocument.trackDecimals)
        return track
      }
      return clip
    }
    return copy
  }
}

extension FrameDocument.TrackValues {
  /// Every value rounded to `places` decimals.
  func rounded(places: Int) -> FrameDocument.TrackValues {
    switch self {
    case .constant(let value): return .constant(DecimalRounding.rounded(value, places: places))
    case .frames(let values): return .frames(values.map { DecimalRounding.rounded($0, places: places) })
    case .periodic(let values): return .periodic(values.map { DecimalRounding.rounded($0, places: places) })
    }
  }
}

extension FrameDocument.Layer {
  func rounded(places: Int) -> FrameDocument.Layer {
    func r(_ value: Double) -> Double { DecimalRounding.rounded(value, places: places) }
    func p(_ point: Point) -> Point { Point(r(point.x), r(point.y)) }
    var copy = self
    switch shape {
    case .arc(let center, let radius):
      copy.shape = .arc(center: p(center), radius: r(radius))
    case .dot(let center, let radius):
      copy.shape = .dot(center: p(center), radius: r(radius))
    case .roundedRect(let rect, let cornerRadius):
      copy.shape = .roundedRect(
        Rect(x: r(rect.origin.x), y: r(rect.origin.y), width: r(rect.width), height: r(rect.height)),
        cornerRadius: r(cornerRadius))
    case .path(let path):
      copy.shape = .path(Path(path.subpaths.map { subpath in
        Path.Subpath(start: p(subpath.start), segments: subpath.segments.map { segment in
          switch segment {
          case .line(let point):
            return .line(to: p(point))
          case .arc(let arc):
            // Angles are track-like quantities: keep them to track precision.
            let a = FrameDocument.trackDecimals
            return .arc(Arc(
              center: p(arc.center), radius: r(arc.radius),
              start: DecimalRounding.rounded(arc.start, places: a), sweep: DecimalRounding.rounded(arc.sweep, places: a)))
          }
        })
      }))
    case .polygon:
      // Its vertices are tracks, rounded with the others.
      break
    }
    copy.style.lineWidth = r(style.lineWidth)
    copy.style.miterLimit = r(style.miterLimit)
    if var shadow = style.shadow {
      shadow.offset = p(shadow.offset)
      shadow.radius = r(shadow.radius)
      shadow.opacity = DecimalRounding.rounded(shadow.opacity, places: FrameDocument.trackDecimals)
      copy.style.shadow = shadow
    }
    return copy
  }
}

/// Rounding to decimal places with correctly rounded operations only.
public enum DecimalRounding {
  /// The Double nearest to `value` rounded to `places` decimals (ties away
  /// from zero); never −0.
  public static func rounded(_ value: Double, places: Int) -> Double {
    // From 2^52 on every Double is a whole number already, and scaling it
    // could overflow to infinity.
    guard value.isFinite, value.magnitude < 4_503_599_627_370_496 else { return value }
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let result = (value * scale).rounded() / scale
    return result == 0 ? 0 : result
  }
}
