/// A path of line and arc segments in subpaths, as a `CGPath` built with
/// `moveTo`, `addLineTo` and `addArc` describes it.
public struct Path: Equatable, Hashable, Sendable {
  public var subpaths: [Subpath]

  public init(_ subpaths: [Subpath] = []) {
    self.subpaths = subpaths
  }

  /// One connected run of segments that starts with a `moveTo`.
  public struct Subpath: Equatable, Hashable, Sendable {
    public var start: Point
    public var segments: [Segment]

    public init(start: Point, segments: [Segment] = []) {
      self.start = start
      self.segments = segments
    }
  }

  /// A drawn piece of a subpath.
  public enum Segment: Equatable, Hashable, Sendable {
    case line(to: Point)
    /// An arc from its resolved start angle through a signed sweep
    /// (positive = clockwise on screen); see ``Arc``.
    case arc(Arc)
  }
}

extension Path {
  /// Begins a new subpath at `point` (`moveToPoint:`).
  public mutating func move(to point: Point) {
    subpaths.append(Subpath(start: point))
  }

  /// Appends a straight line from the current point (`addLineToPoint:`).
  public mutating func addLine(to point: Point) {
    precondition(!subpaths.isEmpty, "addLine needs a current point")
    subpaths[subpaths.count - 1].segments.append(.line(to: point))
  }

  /// Appends an arc as `addArcWithCenter:radius:startAngle:endAngle:clockwise:`
  /// does: on an empty path the arc starts a subpath; otherwise a line first
  /// joins the current point to the arc's start [doc, UIBezierPath].
  public mutating func addArc(
    center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
  ) {
    let arc = Arc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    if subpaths.isEmpty {
      subpaths.append(Subpath(start: arc.startPoint, segments: [.arc(arc)]))
    } else {
      if currentPoint != arc.startPoint {
        addLine(to: arc.startPoint)
      }
      subpaths[subpaths.count - 1].segments.append(.arc(arc))
    }
  }

  /// The end of the last segment, or the last subpath's start.
  public var currentPoint: Point? {
    guard let last = subpaths.last else { return nil }
    guard let segment = last.segments.last else { return last.start }
    return segment.endPoint
  }

  /// The path scaled about the origin by `k`, then moved by `offset`.
  public func transformed(scale k: Double, offset: Point) -> Path {
    Path(subpaths.map { subpath in
      Subpath(
        start: subpath.start.transformed(scale: k, offset: offset),
        segments: subpath.segments.map { $0.transformed(scale: k, offset: offset) })
    })
  }
}

extension Path.Segment {
  /// Where the segment ends.
  public var endPoint: Point {
    switch self {
    case .line(let point): return point
    case .arc(let arc): return arc.endPoint
    }
  }

  /// The segment scaled about the origin by `k`, then moved by `offset`.
  public func transformed(scale k: Double, offset: Point) -> Path.Segment {
    switch self {
    case .line(let point): return .line(to: point.transformed(scale: k, offset: offset))
    case .arc(let arc): return .arc(arc.transformed(scale: k, offset: offset))
    }
  }
}
