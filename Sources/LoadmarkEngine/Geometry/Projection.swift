/// Why a shape cannot be drawn through a perspective transform
/// (`Rule.perspectiveBehindEye`, `Rule.perspectiveCurves`).
public enum ProjectionError: Error, Equatable, Sendable {
  /// A point is at or behind the eye plane: its homogeneous w is ≤ 0, so it
  /// has no image in front of the viewer (Core Animation clips such
  /// geometry; a 2D renderer cannot). `w` is the smallest value found.
  case behindEye(w: Double)
  /// A coordinate came out infinite or not a number.
  case notFinite
  /// An arc needed more than ``Projection/maximumCurveSegments`` cubic
  /// pieces (or pieces shorter than a 65 536th of a quarter turn) to stay
  /// within the tolerance: it passes too close to the eye.
  case toleranceNotReached
}

/// A cubic Bézier segment, as a 2D canvas draws `bezierCurveTo`.
public struct CubicSegment: Equatable, Hashable, Sendable {
  public var start: Point
  public var control1: Point
  public var control2: Point
  public var end: Point

  public init(start: Point, control1: Point, control2: Point, end: Point) {
    self.start = start
    self.control1 = control1
    self.control2 = control2
    self.end = end
  }

  /// The point at parameter `s` in [0, 1] (de Casteljau's form, expanded).
  ///
  /// - Parameters:
  ///   - s: the curve parameter.
  public func point(at s: Double) -> Point {
    let u = 1 - s
    let b0 = u * u * u, b1 = 3 * u * u * s, b2 = 3 * u * s * s, b3 = s * s * s
    return Point(
      b0 * start.x + b1 * control1.x + b2 * control2.x + b3 * end.x,
      b0 * start.y + b1 * control1.y + b2 * control2.y + b3 * end.y)
  }
}

/// Drawing a layer's plane through a ``Transform3D`` that may have
/// perspective: points and polygons exactly, arcs within a tolerance.
public enum Projection {
  /// The largest distance, in points, an arc drawn through perspective may
  /// stray from the true projected curve (`Rule.perspectiveCurves`): a
  /// hundredth of a point, far below a device pixel at 3×.
  public static let curveTolerance = 0.01

  /// The most cubic pieces one arc may take before it is refused.
  public static let maximumCurveSegments = 256

  /// Where `point` of the layer's plane (z = 0) is drawn: (x′/w′, y′/w′) of
  /// [x y 0 1]·M (`Rule.perspectiveBehindEye`: w′ ≤ 0 is refused).
  ///
  /// - Parameters:
  ///   - point: a point of the layer's plane.
  ///   - transform: the layer-to-canvas transform.
  public static func project(_ point: Point, through transform: Transform3D) throws(ProjectionError) -> Point {
    let h = transform.homogeneousImage(x: point.x, y: point.y)
    return try divide(h)
  }

  /// The polygon `vertices` drawn through `transform`: the projected
  /// vertices, in order. Exact: w is affine along each edge, so when every
  /// vertex has w > 0 so does every point of every edge, and a straight edge
  /// projects to the straight segment between its projected ends.
  ///
  /// - Parameters:
  ///   - vertices: the polygon's corners in the layer's plane.
  ///   - transform: the layer-to-canvas transform.
  public static func projectPolygon(
    _ vertices: [Point], through transform: Transform3D
  ) throws(ProjectionError) -> [Point] {
    var projected: [Point] = []
    projected.reserveCapacity(vertices.count)
    for vertex in vertices {
      projected.append(try project(vertex, through: transform))
    }
    return projected
  }

  /// The arc drawn through `transform` as cubic Béziers within `tolerance`
  /// (`Rule.perspectiveCurves`).
  ///
  /// A circle seen through perspective is a conic, which a 2D canvas can only
  /// approximate (it has no rational curves). The arc is cut into pieces of
  /// at most a quarter turn; each piece becomes the cubic through its exact
  /// projected ends whose end tangents are the exact projected tangents,
  /// scaled by 4/3·tan(Δ/4) (with no perspective this is the usual circle
  /// cubic, mapped affinely). Each piece is measured at 15 interior
  /// parameters s: from the cubic's point at s to the true curve, starting
  /// at the curve's point at the same angle and moved along the curve by
  /// three Gauss–Newton steps toward the nearest point, kept on the piece (a
  /// point of the curve, so the distance is at least the distance to it, and
  /// in front of the eye); a piece further than
  /// `tolerance` is halved. An arc any point of which is at or behind the eye is
  /// refused, found exactly: w along the arc is w₀ + A·cos θ + B·sin θ.
  ///
  /// - Parameters:
  ///   - arc: the arc in the layer's plane (its sweep signed, as drawn).
  ///   - transform: the layer-to-canvas transform.
  ///   - tolerance: the largest distance allowed from the true curve.
  public static func projectArc(
    _ arc: Arc, through transform: Transform3D, tolerance: Double = curveTolerance
  ) throws(ProjectionError) -> [CubicSegment] {
    let curve = ProjectedCircle(arc: arc, transform: transform)
    try curve.checkInFront(from: arc.start, to: arc.start + arc.sweep)
    guard arc.sweep != 0 else { return [] }
    let quarter = Double.pi / 2
    let magnitude = arc.sweep < 0 ? -arc.sweep : arc.sweep
    let pieces = Int((magnitude / quarter).rounded(.up))
    var segments: [CubicSegment] = []
    var piece = 0
    while piece < pieces {
      let from = arc.start + arc.sweep * Double(piece) / Double(pieces)
      let to = piece == pieces - 1 ? arc.start + arc.sweep : arc.start + arc.sweep * Double(piece + 1) / Double(pieces)
      try curve.append(from: from, to: to, tolerance: tolerance, depth: 0, into: &segments)
      piece += 1
    }
    return segments
  }

  static func divide(_ h: HomogeneousPoint) throws(ProjectionError) -> Point {
    guard h.x.isFinite, h.y.isFinite, h.w.isFinite else { throw .notFinite }
    guard h.w > 0 else { throw .behindEye(w: h.w) }
    let point = Point(h.x / h.w, h.y / h.w)
    guard point.x.isFinite, point.y.isFinite else { throw .notFinite }
    return point
  }
}

/// A circle of the layer's plane in homogeneous canvas coordinates:
/// H(θ) = C + r·cos θ·X + r·sin θ·Y, where C is the centre's image and X, Y
/// the images of the directions (1, 0, 0, 0) and (0, 1, 0, 0).
struct ProjectedCircle {
  var centre: HomogeneousPoint
  var alongX: HomogeneousPoint
  var alongY: HomogeneousPoint

  init(arc: Arc, transform m: Transform3D) {
    centre = m.homogeneousImage(x: arc.center.x, y: arc.center.y)
    let r = arc.radius
    alongX = HomogeneousPoint(x: r * m.m11, y: r * m.m12, z: r * m.m13, w: r * m.m14)
    alongY = HomogeneousPoint(x: r * m.m21, y: r * m.m22, z: r * m.m23, w: r * m.m24)
  }

  func homogeneous(_ angle: Double) -> HomogeneousPoint {
    let c = Angle.cosine(angle), s = Angle.sine(angle)
    return HomogeneousPoint(
      x: centre.x + c * alongX.x + s * alongY.x,
      y: centre.y + c * alongX.y + s * alongY.y,
      z: centre.z + c * alongX.z + s * alongY.z,
      w: centre.w + c * alongX.w + s * alongY.w)
  }

  /// The projected point and its derivative with respect to θ (quotient rule).
  func pointAndTangent(_ angle: Double) throws(ProjectionError) -> (Point, Point) {
    let c = Angle.cosine(angle), s = Angle.sine(angle)
    let h = homogeneous(angle)
    let point = try Projection.divide(h)
    let dx = -s * alongX.x + c * alongY.x
    let dy = -s * alongX.y + c * alongY.y
    let dw = -s * alongX.w + c * alongY.w
    let tangent = Point((dx - point.x * dw) / h.w, (dy - point.y * dw) / h.w)
    return (point, tangent)
  }

  /// Throws unless w > 0 over the angles from `start` to `end`: the least w
  /// of w₀ + A·cos θ + B·sin θ is w₀ − √(A² + B²), at θ* = atan2(B, A) + π;
  /// if θ* (or a turn from it) lies on the arc that is the minimum, otherwise
  /// the smaller end is.
  func checkInFront(from start: Double, to end: Double) throws(ProjectionError) {
    let a = alongX.w, b = alongY.w
    let amplitude = (a * a + b * b).squareRoot()
    guard centre.w.isFinite, amplitude.isFinite else { throw .notFinite }
    if centre.w - amplitude > 0 { return }
    let low = start < end ? start : end
    let high = start < end ? end : start
    if amplitude > 0 {
      let lowest = Angle.arctangent2(b, a) + Double.pi
      // The first angle ≥ low that is θ* plus whole turns.
      let candidate = low + Angle.wrapped(lowest - low)
      if candidate <= high { throw .behindEye(w: centre.w - amplitude) }
    }
    let wStart = homogeneous(start).w
    let wEnd = homogeneous(end).w
    let least = wStart < wEnd ? wStart : wEnd
    if !(least > 0) { throw .behindEye(w: least) }
  }

  /// Appends the cubics of the piece from `from` to `to`, halving it until
  /// each is within `tolerance`.
  func append(
    from: Double, to: Double, tolerance: Double, depth: Int, into segments: inout [CubicSegment]
  ) throws(ProjectionError) {
    let delta = to - from
    let (start, startTangent) = try pointAndTangent(from)
    let (end, endTangent) = try pointAndTangent(to)
    // 4/3·tan(Δ/4): the circle cubic's handle length per unit of tangent.
    let quarterAngle = delta / 4
    let handle = 4.0 / 3.0 * Angle.sine(quarterAngle) / Angle.cosine(quarterAngle)
    let cubic = CubicSegment(
      start: start,
      control1: Point(start.x + startTangent.x * handle, start.y + startTangent.y * handle),
      control2: Point(end.x - endTangent.x * handle, end.y - endTangent.y * handle),
      end: end)
    // The Gauss–Newton steps stay on this piece, which checkInFront has
    // found in front of the eye, so the distance is to a point of the arc.
    let lowest = from < to ? from : to
    let highest = from < to ? to : from
    var worst = 0.0
    var sample = 1
    while sample < 16 {
      let s = Double(sample) / 16
      let target = cubic.point(at: s)
      var angle = from + delta * s
      var nearest = try Projection.divide(homogeneous(angle))
      var step = 0
      while step < 3 {
        let (point, tangent) = try pointAndTangent(angle)
        let speed = tangent.x * tangent.x + tangent.y * tangent.y
        guard speed > 0 else { break }
        angle += ((target.x - point.x) * tangent.x + (target.y - point.y) * tangent.y) / speed
        angle = angle < lowest ? lowest : (angle > highest ? highest : angle)
        nearest = try Projection.divide(homogeneous(angle))
        step += 1
      }
      let distance = target.distance(to: nearest)
      if distance > worst { worst = distance }
      sample += 1
    }
    if !(worst <= tolerance) {
      guard segments.count < Projection.maximumCurveSegments, depth < 16 else {
        throw .toleranceNotReached
      }
      let middle = from + delta / 2
      try append(from: from, to: middle, tolerance: tolerance, depth: depth + 1, into: &segments)
      try append(from: middle, to: to, tolerance: tolerance, depth: depth + 1, into: &segments)
      return
    }
    guard segments.count < Projection.maximumCurveSegments else {
      throw .toleranceNotReached
    }
    segments.append(cubic)
  }
}
