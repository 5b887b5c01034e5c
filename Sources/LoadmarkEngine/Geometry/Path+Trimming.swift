extension Path {
  /// The total length: lines by Euclidean length, arcs by `radius · |sweep|`,
  /// summed over all subpaths; a `moveTo` gap adds nothing (`Rule.strokeLength`).
  public var length: Double {
    var total = 0.0
    forEachSegment { _, _, length in total += length }
    return total
  }

  /// The part of the path between the fractions `start` and `end` of its
  /// summed length, as `CAShapeLayer.strokeStart`/`strokeEnd` draw it.
  ///
  /// Fractions are clamped to [0, 1]; `start >= end` or a zero-length result is
  /// the empty path (nothing is drawn, not even a cap). The kept range is
  /// contiguous, so pieces of one subpath stay in one subpath and joins are
  /// drawn as in the whole path. The web player implements the same walk.
  public func trimmed(from start: Double, to end: Double) -> Path {
    guard let (lower, upper) = trimmedDistances(from: start, to: end) else { return Path() }
    var result = Path()
    var offset = 0.0
    var openSubpath = -1
    forEachSegment { subpathIndex, from, length in
      defer { offset += length }
      let segment = subpaths[subpathIndex].segments[from.index]
      let a = lower > offset ? lower : offset
      let b = upper < offset + length ? upper : offset + length
      guard length > 0, a < b else { return }
      let piece = segment.piece(from: from.point, fraction: (a - offset) / length, to: (b - offset) / length)
      if openSubpath != subpathIndex {
        result.subpaths.append(Subpath(start: piece.start))
        openSubpath = subpathIndex
      }
      result.subpaths[result.subpaths.count - 1].segments.append(piece.segment)
    }
    return result
  }

  /// The distances along the path, from its start, that trimming by the
  /// fractions `start` and `end` keeps: each fraction clamped to [0, 1] and
  /// multiplied by the summed length; nil when nothing is kept
  /// (`start >= end`, or a path of no length). ``trimmed(from:to:)`` cuts the
  /// geometry there; the SVG export turns the same distances into dashes.
  public func trimmedDistances(from start: Double, to end: Double) -> (lower: Double, upper: Double)? {
    let total = length
    let lower = Path.clampFraction(start) * total
    let upper = Path.clampFraction(end) * total
    return lower < upper ? (lower, upper) : nil
  }

  /// A fraction clamped to [0, 1], as Core Animation clamps `strokeStart`,
  /// `strokeEnd` and `opacity` when it draws.
  public static func clampFraction(_ value: Double) -> Double {
    value < 0 ? 0 : (value > 1 ? 1 : value)
  }

  /// Calls `body` with each segment's subpath index, its index and start
  /// point, and its length, in drawing order.
  func forEachSegment(_ body: (Int, (index: Int, point: Point), Double) -> Void) {
    for (subpathIndex, subpath) in subpaths.enumerated() {
      var current = subpath.start
      for (index, segment) in subpath.segments.enumerated() {
        body(subpathIndex, (index, current), segment.length(from: current))
        current = segment.endPoint
      }
    }
  }
}

extension Path.Segment {
  /// The segment's length when drawn from `start`.
  package func length(from start: Point) -> Double {
    switch self {
    case .line(let end): return start.distance(to: end)
    case .arc(let arc): return arc.length
    }
  }

  /// The part of the segment between two fractions of its own length.
  package func piece(from start: Point, fraction a: Double, to b: Double) -> (start: Point, segment: Path.Segment) {
    switch self {
    case .line(let end):
      let p = Point(start.x + (end.x - start.x) * a, start.y + (end.y - start.y) * a)
      let q = b == 1 ? end : Point(start.x + (end.x - start.x) * b, start.y + (end.y - start.y) * b)
      return (a == 0 ? start : p, .line(to: q))
    case .arc(let arc):
      let piece = arc.piece(from: a, to: b)
      return (piece.startPoint, .arc(piece))
    }
  }
}
