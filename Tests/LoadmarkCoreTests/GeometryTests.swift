import Testing
@testable import LoadmarkCore

/// The sweep rule, angle helpers and path trimming.
struct GeometryTests {
  let pi = Double.pi

  @Test func sweepRule() {
    // Counter-clockwise 3π·p from 3π (seed 000's ring): full circle at p = 2/3.
    #expect(Arc.resolveSweep(startAngle: 3 * pi, endAngle: 3 * pi, clockwise: false) == (pi, 0))
    #expect(Arc.resolveSweep(startAngle: 3 * pi, endAngle: 3 * pi - 1.5 * pi, clockwise: false).sweep == -1.5 * pi)
    #expect(Arc.resolveSweep(startAngle: 3 * pi, endAngle: 0, clockwise: false).sweep == -2 * pi)
    // A clockwise request past a full turn is one full circle.
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: 7, clockwise: true).sweep == 2 * pi)
    // A reverse request goes the long way round to the same end point.
    let reverse = Arc.resolveSweep(startAngle: -0.75 * pi, endAngle: -0.25 * pi, clockwise: false)
    #expect(abs(reverse.sweep - -1.5 * pi) < 1e-15)
    #expect(abs(reverse.start - 1.25 * pi) < 1e-15)
    // A full turn requested backwards is a full circle too, in the drawing
    // direction: clockwise from 0 to −2π.
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: -2 * pi, clockwise: true) == (0, 2 * pi))
  }

  /// `Rule.arcSweep` on the cases its evidence names; every expected value
  /// is derived by hand from Δ = (end − start)·dir.
  @Test func sweepRuleFullTurns() {
    // NVActivityIndicatorShape's .circle and .ring: 0 → 2π, clockwise false.
    // Δ = −2π, a full turn backwards: one circle drawn anticlockwise.
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: 2 * pi, clockwise: false) == (0, -2 * pi))
    // The reported −π/2 → 3π/2 counter-clockwise: Δ = −2π exactly in Doubles
    // (3π/2 + π/2 rounds to 2π), so the same circle, started at the top
    // (−π/2 wraps to 3π/2).
    #expect(Arc.resolveSweep(startAngle: -pi / 2, endAngle: 3 * pi / 2, clockwise: false) == (1.5 * pi, -2 * pi))
    // Either direction, either order: a full turn apart is one circle.
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: 2 * pi, clockwise: true) == (0, 2 * pi))
    #expect(Arc.resolveSweep(startAngle: 2 * pi, endAngle: 0, clockwise: true) == (0, 2 * pi))
    #expect(Arc.resolveSweep(startAngle: 2 * pi, endAngle: 0, clockwise: false) == (0, -2 * pi))
    // Several turns either way are still one circle: 4π, −4π, 6π.
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: 4 * pi, clockwise: true).sweep == 2 * pi)
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: 4 * pi, clockwise: false).sweep == -2 * pi)
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: -4 * pi, clockwise: true).sweep == 2 * pi)
    #expect(Arc.resolveSweep(startAngle: pi, endAngle: 7 * pi, clockwise: false) == (pi, -2 * pi))
    // Past a full turn backwards (Δ = −2.5π) is one circle, not the 1.5π a
    // wrap would give.
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: 2.5 * pi, clockwise: false).sweep == -2 * pi)
    // The same angle twice asks for no turn: nothing, either direction.
    #expect(Arc.resolveSweep(startAngle: 1, endAngle: 1, clockwise: true).sweep == 0)
    #expect(Arc.resolveSweep(startAngle: 1, endAngle: 1, clockwise: false).sweep == 0)
  }

  /// Sweeps next to 0 and next to a full turn, where a wrap or a comparison
  /// could flip a circle into nothing.
  @Test func sweepRuleTinySweeps() {
    let tiny = 1e-9
    // A tiny forward request is a tiny arc.
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: tiny, clockwise: true).sweep == tiny)
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: -tiny, clockwise: false).sweep == -tiny)
    // A tiny backward request goes the long way: 2π − 10⁻⁹.
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: -tiny, clockwise: true).sweep == 2 * pi - tiny)
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: tiny, clockwise: false).sweep == -(2 * pi - tiny))
    // Backwards by less than an ulp of 2π: 2π + Δ rounds to 2π, a circle
    // (wrapping into [0, 2π) would have folded it to 0).
    let belowUlp = 1e-300
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: -belowUlp, clockwise: true).sweep == 2 * pi)
    // Just short of a full turn forward, and just short backwards: the
    // largest Double below 2π is drawn as asked, and its backward twin
    // leaves the one-ulp gap 2π − (2π)⁻.
    let justShort = (2 * pi).nextDown
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: justShort, clockwise: true).sweep == justShort)
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: -justShort, clockwise: false).sweep == -justShort)
    #expect(Arc.resolveSweep(startAngle: 0, endAngle: justShort, clockwise: false).sweep == -(2 * pi - justShort))
  }

  @Test func wrapping() {
    #expect(Angle.wrapped(3 * pi) == pi)
    #expect(Angle.wrapped(-pi / 2) == 1.5 * pi)
    #expect(Angle.wrapped(2 * pi) == 0)
    #expect(Angle.wrapped(0) == 0)
    for k in -20...20 {
      let value = Angle.wrapped(Double(k) * 0.7)
      #expect(value >= 0 && value < 2 * pi)
    }
  }

  @Test func trigonometryIsAccurate() {
    #expect(Angle.sine(0) == 0)
    #expect(Angle.cosine(0) == 1)
    #expect(abs(Angle.sine(pi / 6) - 0.5) < 1e-15)
    #expect(abs(Angle.cosine(pi / 3) - 0.5) < 1e-15)
    #expect(abs(Angle.sine(-pi / 2) + 1) < 1e-15)
    #expect(abs(Angle.cosine(pi)  + 1) < 1e-15)
    // sin² + cos² = 1 across several turns.
    for step in 0..<200 {
      let x = Double(step) * 0.173 - 17
      let s = Angle.sine(x)
      let c = Angle.cosine(x)
      #expect(abs(s * s + c * c - 1) < 4e-16)
    }
  }

  var check: Path {
    var path = Path()
    path.move(to: Point(10, 25))
    path.addLine(to: Point(21, 33))
    path.addLine(to: Point(37.5, 15))
    return path
  }

  @Test func lengthSumsSegments() {
    #expect(check.length == 185.0.squareRoot() + 596.25.squareRoot())
    var circle = Path()
    circle.addArc(center: Point(27.5, 44), radius: 19, startAngle: -pi / 2, endAngle: 1.5 * pi, clockwise: true)
    #expect(circle.length == 19 * 2 * pi)
    // The start is 3π/2 after wrapping, whose double's cosine is −1.8e-16.
    #expect(abs(circle.subpaths[0].start.x - 27.5) < 1e-14 && circle.subpaths[0].start.y == 25)
  }

  @Test func trimmingKeepsTheRangeOverTheSummedLength() {
    let first = 185.0.squareRoot()
    let total = check.length
    // Exactly at the corner.
    let corner = check.trimmed(from: 0, to: first / total)
    #expect(corner.subpaths.count == 1)
    #expect(corner.subpaths[0].segments.count == 1)
    #expect(abs(corner.currentPoint!.x - 21) < 1e-12 && abs(corner.currentPoint!.y - 33) < 1e-12)
    // Half way along the long leg.
    let f = (first + 596.25.squareRoot() / 2) / total
    let end = check.trimmed(from: 0, to: f).currentPoint!
    #expect(abs(end.x - 29.25) < 1e-12 && abs(end.y - 24) < 1e-12)
    // A window in the middle starts mid-segment and keeps the join.
    let middle = check.trimmed(from: 0.25, to: 0.75)
    #expect(middle.subpaths.count == 1 && middle.subpaths[0].segments.count == 2)
    #expect(check.trimmed(from: 0.5, to: 0.5).subpaths.isEmpty)
    #expect(check.trimmed(from: 0.7, to: 0.2).subpaths.isEmpty)
    #expect(check.trimmed(from: -1, to: 2) == check)
  }

  @Test func trimmingAcrossSubpathsAndArcs() {
    var cross = Path()
    cross.move(to: Point(15.5, 15.5))
    cross.addLine(to: Point(34.5, 34.5))
    cross.move(to: Point(34.5, 15.5))
    cross.addLine(to: Point(15.5, 34.5))
    #expect(cross.trimmed(from: 0, to: 0.5).currentPoint == Point(34.5, 34.5))
    let threeQuarters = cross.trimmed(from: 0, to: 0.75)
    #expect(threeQuarters.subpaths.count == 2)
    #expect(threeQuarters.currentPoint == Point(25, 25))

    var ring = Path()
    ring.addArc(center: Point(0, 0), radius: 10, startAngle: -pi / 2, endAngle: 1.5 * pi, clockwise: true)
    let quarter = ring.trimmed(from: 0, to: 0.25)
    guard case .arc(let arc) = quarter.subpaths[0].segments[0] else {
      Issue.record("expected an arc")
      return
    }
    #expect(arc.start == 1.5 * pi)
    #expect(arc.sweep == 0.5 * pi)
    #expect(abs(quarter.currentPoint!.x - 10) < 1e-12 && abs(quarter.currentPoint!.y) < 1e-12)
  }

  @Test func arcAfterAPointAddsAJoiningLine() {
    var path = Path()
    path.move(to: Point(0, 0))
    path.addArc(center: Point(10, 0), radius: 5, startAngle: pi, endAngle: 2 * pi, clockwise: true)
    #expect(path.subpaths[0].segments.count == 2)
    let joint = path.subpaths[0].segments[0].endPoint
    #expect(abs(joint.x - 5) < 1e-12 && abs(joint.y) < 1e-12)
    #expect(abs(path.length - (5 + 5 * pi)) < 1e-12)
  }

  @Test func colorsParseAndPrint() {
    #expect(Color(hex: "#F98680") == Color(red: 249, green: 134, blue: 128))
    #expect(Color(hex: "f98680")?.hex == "#f98680")
    #expect(Color(hex: "#ff000000")?.alpha == 0)
    #expect(Color(hex: "#fff") == .white)
    #expect(Color(hex: "#12345") == nil)
    #expect(Color(hex: "#gg0000") == nil)
    #expect(Color.gray.hex == "#808080")
    #expect(Color(red: 1, green: 2, blue: 3, alpha: 4).hex == "#01020304")
  }

  @Test func roundingToDecimals() {
    #expect(DecimalRounding.rounded(3.14159265, places: 4) == 3.1416)
    #expect(DecimalRounding.rounded(0.30000000000000004, places: 4) == 0.3)
    #expect(DecimalRounding.rounded(-0.00004, places: 4).sign == .plus)
    #expect(DecimalRounding.rounded(-4.71238898038469, places: 4) == -4.7124)
    // Huge values are whole already and must not overflow to infinity.
    #expect(DecimalRounding.rounded(1e305, places: 4) == 1e305)
  }

  /// A figure's track count (which the WebAssembly engine reads per frame, so
  /// it is a switch) is its document kind's number of tracks.
  @Test func aFigureHasItsKindsTracks() {
    let arc = Arc(center: Point(0, 0), radius: 1, start: 0, sweep: 1)
    let shapes: [Figure.Shape] = [
      .arc(center: Point(0, 0), radius: 1, startAngle: .constant(0), endAngle: .constant(1), clockwise: true),
      .trimmedArc(arc), .path(Path([Path.Subpath(start: Point(0, 0), segments: [.arc(arc)])])),
      .dot(center: Point(0, 0), radius: 1), .roundedRect(Rect(x: 0, y: 0, width: 1, height: 1), cornerRadius: 0),
    ]
    #expect(shapes.map(\.kind) == [.arc, .arc, .path, .dot, .roundedRect])
    for shape in shapes {
      #expect(shape.trackCount == shape.kind.properties.count, "\(shape.kind)")
    }
  }
}
