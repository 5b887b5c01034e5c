import Foundation
import Testing
@testable import LoadmarkCore

/// Perspective: points and polygons exactly, arcs within
/// `Rule.perspectiveCurves`' tolerance, w ≤ 0 refused
/// (`Rule.perspectiveBehindEye`), and NVActivityIndicatorView's SquareSpin.
struct ProjectionTests {
  let pi = Double.pi

  func expectClose(
    _ a: [Point], _ b: [Point], within tolerance: Double, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(a.count == b.count, sourceLocation: sourceLocation)
    for (p, q) in zip(a, b) {
      #expect(abs(p.x - q.x) <= tolerance && abs(p.y - q.y) <= tolerance, "\(p) is not \(q)", sourceLocation: sourceLocation)
    }
  }

  /// NVActivityIndicatorSquareSpin's `createRotateXTransform` /
  /// `createRotateYTransform`: a rotation with m34 = −1/100 set afterwards.
  func rotation(_ angle: Double, _ x: Double, _ y: Double) -> Transform3D {
    var transform = Transform3D.makeRotation(angle, x, y, 0)
    transform.m34 = -1.0 / 100
    return transform
  }

  /// The square's layer in NV's 60×60 host: frame (0, 0, 60, 60).
  func squareToCanvas(_ transform: Transform3D) -> Transform3D {
    let host = LayerGeometry(frame: Rect(x: 0, y: 0, width: 60, height: 60))
    var square = LayerGeometry(frame: Rect(x: 0, y: 0, width: 60, height: 60))
    square.transform = transform
    return LayerGeometry.toCanvas([host, square])
  }

  let corners = [Point(0, 0), Point(60, 0), Point(60, 60), Point(0, 60)]

  @Test func squareSpinsSecondKeyframeIsTheSquareUpsideDown() throws {
    // values[1] = Concat(rotateX(π), rotateY(0)). Its m34 is −0.01·cos π − 0.01 = 0:
    // the perspective of the two factors cancels. Corners from a short numpy
    // program (row vectors, [x y 0 1]·M, divide by w): flipped top to bottom.
    let keyframe = rotation(pi, 1, 0).concatenating(rotation(0, 0, 1))
    #expect(keyframe.m34 == 0)
    let drawn = try Projection.projectPolygon(corners, through: squareToCanvas(keyframe))
    expectClose(drawn, [Point(0, 60), Point(60, 60), Point(60, 0), Point(0, 0)], within: 1e-12)
  }

  @Test func squareSpinBetweenItsFirstTwoKeyframes() throws {
    // values[0] = Concat(rotateX(0), rotateY(0)) = identity with m34 = −0.02;
    // values[1] as above. Decomposed: perspective m34 −0.02 → 0 linearly,
    // rotation identity → π about +x along the arc (sin π is +1.2e-16 in
    // Doubles, so values[1] is a turn just short of π about +x).
    let first = rotation(0, 1, 0).concatenating(rotation(0, 0, 1))
    let second = rotation(pi, 1, 0).concatenating(rotation(0, 0, 1))
    #expect(first.m34 == -0.02)
    // Halfway: a quarter turn about x with m34 = −0.01 sees the square edge
    // on. By hand: corner (0, 0) is (−30, −30) from the anchor; turned, y = 0
    // and z = −30, so w = 1 + 0.3 = 1.3 and x = −30/1.3 = −23.0769…; corner
    // (60, 60) has z = 30, w = 0.7, x = 30/0.7 = 42.857…; then + (30, 30).
    let halfway = Transform3D.interpolate(from: first, to: second, fraction: 0.5)
    let edgeOn = try Projection.projectPolygon(corners, through: squareToCanvas(halfway))
    expectClose(
      edgeOn,
      [Point(30 - 30 / 1.3, 30), Point(30 + 30 / 1.3, 30), Point(30 + 30 / 0.7, 30), Point(30 - 30 / 0.7, 30)],
      within: 1e-9)
    // A third of the way: π/3 about x and m34 = −0.04/3. From the numpy
    // program: M = R_x(π/3)·P(m34), corners through T(−30, −30)·M·T(30, 30).
    let third = Transform3D.interpolate(from: first, to: second, fraction: 1.0 / 3)
    let tilted = try Projection.projectPolygon(corners, through: squareToCanvas(third))
    expectClose(
      tilted,
      [
        Point(7.718528233424165, 18.85926411671208), Point(52.281471766575834, 18.85926411671208),
        Point(75.90034641524234, 52.95017320762117), Point(-15.900346415242346, 52.95017320762117),
      ],
      within: 1e-9)
  }

  @Test func squareSpinsKeyframesAsTheirPartsSeeThem() throws {
    // The five values are products of two matrices with m34 = −0.01 each.
    // By hand: (A·B)₃₄ = A₃₃·B₃₄ + A₃₄ = −0.01·(cos of A's x turn) − 0.01, and
    // the decomposition's perspective is N⁻¹ times the fourth column, whose
    // z is that m34 times N's m33 (cos of the y turn): −0.02, 0, 0, +0.02,
    // −0.02. So the flip about y from values[1] to values[2] has no
    // perspective, and values[3] carries an inverted one.
    let pi = Double.pi
    let values = [
      rotation(0, 1, 0).concatenating(rotation(0, 0, 1)),
      rotation(pi, 1, 0).concatenating(rotation(0, 0, 1)),
      rotation(pi, 1, 0).concatenating(rotation(pi, 0, 1)),
      rotation(0, 1, 0).concatenating(rotation(pi, 0, 1)),
      rotation(0, 1, 0).concatenating(rotation(0, 0, 1)),
    ]
    let perspectiveZ = try values.map { try #require($0.decomposed()).perspective.z }
    for (found, expected) in zip(perspectiveZ, [-0.02, 0, 0, 0.02, -0.02]) {
      #expect(abs(found - expected) < 1e-15)
    }
    // Each neighbour pair is half a turn apart: their quaternions' dot
    // product is cos(π/2) computed from sin π = 1.2e-16 > 0, so the shorter
    // arc is the one the keyframes' own angles (0 → π) suggest. Halfway from
    // values[1] to values[2] is the square flipped about x, then turned a
    // quarter about y: x → −z, y → −y, z → −x, with no perspective.
    let middle = Transform3D.interpolate(from: values[1], to: values[2], fraction: 0.5)
    let expected = Transform3D(0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 1)
    for (found, wanted) in zip(
      [middle.m11, middle.m12, middle.m13, middle.m14, middle.m21, middle.m22, middle.m23, middle.m24,
       middle.m31, middle.m32, middle.m33, middle.m34],
      [expected.m11, expected.m12, expected.m13, expected.m14, expected.m21, expected.m22, expected.m23,
       expected.m24, expected.m31, expected.m32, expected.m33, expected.m34])
    {
      #expect(abs(found - wanted) < 1e-15)
    }
  }

  @Test func pointsAtOrBehindTheEyeAreRefused() {
    // A quarter turn about y, then m34 = −1/100 (M = R_y·P). By hand: R_y's
    // m13 = −sin(π/2) = −1, so M's m14 = m13·(−0.01) = 0.01 and a point
    // (x, 0) has w = 1 + 0.01·x: x = −200 gives w = −1, x = −100 gives
    // w = 0 (both refused), x = −50 gives w = 0.5 and x′ = x·cos(π/2)/w ≈ 0.
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 100
    let m = Transform3D.makeRotation(pi / 2, 0, 1, 0).concatenating(perspective)
    #expect(throws: ProjectionError.behindEye(w: -1)) { try Projection.project(Point(-200, 0), through: m) }
    #expect(throws: ProjectionError.behindEye(w: 0)) { try Projection.project(Point(-100, 0), through: m) }
    #expect(throws: ProjectionError.behindEye(w: -1)) {
      try Projection.projectPolygon([Point(0, 0), Point(-200, 0), Point(0, 10)], through: m)
    }
    let near = try? Projection.project(Point(-50, 0), through: m)
    #expect(near != nil && abs(near!.x) < 1e-12 && near!.y == 0)
    var infinite = Transform3D.identity
    infinite.m41 = .infinity
    #expect(throws: ProjectionError.notFinite) { try Projection.project(Point(0, 0), through: infinite) }
  }

  @Test func aCircleWithoutPerspectiveIsTheUsualFourCubics() throws {
    // Radius 30 about (30, 30): four quarter cubics with handles
    // 4/3·tan(π/8)·30 = 16.5685424949238 (Python's math).
    let circle = Arc(center: Point(30, 30), radius: 30, start: 0, sweep: 2 * pi)
    let cubics = try Projection.projectArc(circle, through: .identity)
    #expect(cubics.count == 4)
    let first = cubics[0]
    expectClose([first.start, first.end], [Point(60, 30), Point(30, 60)], within: 1e-12)
    expectClose([first.control1, first.control2], [Point(60, 46.568542494923804), Point(46.568542494923804, 60)], within: 1e-12)
    // The usual circle cubic strays 2.7e-4·r from the circle: 0.008 for r = 30, within 0.01.
    #expect(Projection.curveTolerance == 0.01)
  }

  @Test func anArcThroughPerspectiveStaysWithinTheTolerance() throws {
    // A ring of radius 25 in SquareSpin's square a third of the way to its
    // flip (π/3 about x, m34 = −0.04/3), and a stronger view (m34 = −1/60,
    // π/2.5 about a tilted axis). The exact curve is computed here with
    // Foundation's cos/sin and the test's own matrix product; each cubic is
    // sampled densely and every sample's distance to the exact curve (to a
    // polyline through 5 000 of its points, refined by the nearest segment)
    // must be below 0.01 pt.
    var strong = Transform3D.makeRotation(pi / 2.5, 1, 0.4, 0)
    strong.m34 = -1.0 / 60
    var gentle = Transform3D.makeRotation(pi / 3, 1, 0, 0)
    gentle.m34 = -0.04 / 3
    // The second arc runs counter-clockwise, three quarters of a turn.
    let arcs = [(-pi / 2, 2 * pi), (0.3, -1.5 * pi)]
    for transform in [gentle, strong] {
      for (start, sweep) in arcs {
        let m = squareToCanvas(transform)
        let ring = Arc(center: Point(30, 30), radius: 25, start: start, sweep: sweep)
        let cubics = try Projection.projectArc(ring, through: m)
        #expect(cubics.count >= 2)
        let exact = (0...5_000).map { i -> Point in
          let theta = start + sweep * Double(i) / 5_000
          let x = 30 + 25 * cos(theta), y = 30 + 25 * sin(theta)
          let w = x * m.m14 + y * m.m24 + m.m44
          return Point((x * m.m11 + y * m.m21 + m.m41) / w, (x * m.m12 + y * m.m22 + m.m42) / w)
        }
        var worst = 0.0
        for cubic in cubics {
          for k in 0...32 {
            let p = cubic.point(at: Double(k) / 32)
            var best = Double.infinity
            for j in 0..<(exact.count - 1) {
              best = min(best, distance(p, toSegment: exact[j], exact[j + 1]))
            }
            worst = max(worst, best)
          }
        }
        #expect(worst < 0.01, "worst \(worst)")
        // The pieces join end to end from the arc's start to its end.
        let first = try Projection.project(Point(30 + 25 * cos(start), 30 + 25 * sin(start)), through: m)
        #expect(cubics[0].start.distance(to: first) < 1e-9)
        for (a, b) in zip(cubics, cubics.dropFirst()) { #expect(a.end == b.start) }
      }
    }
  }

  @Test func arcsTouchingTheEyeAreRefusedExactly() throws {
    // Turned a quarter about y, then m34 = −0.01: w = 1 + 0.01·x. A circle of
    // radius 150 about the origin reaches x = −150, w = −0.5 at θ = π.
    var perspective = Transform3D.identity
    perspective.m34 = -0.01
    let m = Transform3D.makeRotation(pi / 2, 0, 1, 0).concatenating(perspective)
    let circle = Arc(center: Point(0, 0), radius: 150, start: 0, sweep: 2 * pi)
    #expect(throws: ProjectionError.behindEye(w: -0.5)) { try Projection.projectArc(circle, through: m) }
    // The arc from π/2 − 0.5 to π/2 + 0.5 stays at |x| ≤ 150·sin 0.5 ≈ 72, w ≥ 0.28.
    let top = Arc(center: Point(0, 0), radius: 150, start: pi / 2 - 0.5, sweep: 1)
    #expect(try !Projection.projectArc(top, through: m).isEmpty)
    // A tolerance no cubic can meet is refused rather than cut without end.
    #expect(throws: ProjectionError.toleranceNotReached) {
      try Projection.projectArc(top, through: m, tolerance: 1e-300)
    }
  }

  func distance(_ p: Point, toSegment a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    let length2 = dx * dx + dy * dy
    var t = length2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 : 0
    t = max(0, min(1, t))
    return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
  }
}
