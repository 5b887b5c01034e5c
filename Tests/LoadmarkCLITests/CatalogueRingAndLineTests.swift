import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

/// The catalogue's rings and bars that scale, turn or both
/// (catalogue/nv-ball-scale-ripple*.scene.json, nv-ball-clip-rotate*,
/// nv-line-scale*, nv-semi-circle-spin): drawn through format 3's transform
/// tracks, so each frame's transform is held to values derived by hand from
/// NVActivityIndicatorView's Swift source, never from Loadmark's output.
///
/// A layer at the root with bounds (0, 0, w, h), position P and anchor point
/// (0.5, 0.5) draws a point p of its own at P + R(θ)·S(sx, sy)·(p − A),
/// A = (w/2, h/2): a = sx cos θ, b = sx sin θ, c = −sy sin θ, d = sy cos θ,
/// tx = Px − (a·Ax + c·Ay), ty = Py − (b·Ax + d·Ay).
///
/// Values that go through a cubic timing function were computed by a short
/// independent program (the control points rounded to float32 as
/// `CAMediaTimingFunction` stores them, x(s) = u solved by 200 bisection
/// steps, then y(s)) and are compared within 1e-6, since Loadmark solves x
/// to 1e-7; linear ones within 1e-12; translations within 60 times as
/// much (`expectTransform`). Frame k of a loop is t = start + k/60.
struct CatalogueRingAndLineTests {
  let pi = Double.pi

  static let names = [
    "nv-ball-scale-ripple", "nv-ball-scale-ripple-multiple", "nv-ball-clip-rotate", "nv-ball-clip-rotate-multiple",
    "nv-ball-clip-rotate-pulse", "nv-line-scale", "nv-line-scale-pulse-out", "nv-line-scale-pulse-out-rapid",
    "nv-semi-circle-spin",
  ]

  func document(_ name: String) throws -> FrameDocument {
    try #require(Indicator.named(name)).frames()
  }

  func value(_ clip: FrameDocument.Clip, _ key: String, _ frame: Int) throws -> Double {
    try #require(clip.track(key), "no track \(key)").value(at: frame)
  }

  /// The six numbers of a root layer scaled by (sx, sy) and turned by θ
  /// about its anchor A, which `position` places (the formula above).
  func placed(
    sx: Double, sy: Double, rotation θ: Double = 0, anchor: (Double, Double), position: (Double, Double)
  ) -> [Double] {
    let a = sx * cos(θ)
    let b = sx * sin(θ)
    let c = -sy * sin(θ)
    let d = sy * cos(θ)
    return [a, b, c, d, position.0 - (a * anchor.0 + c * anchor.1), position.1 - (b * anchor.0 + d * anchor.1)]
  }

  func expectTransform(
    _ clip: FrameDocument.Clip, _ layer: String, _ frame: Int, _ expected: [Double], within tolerance: Double,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let t = clip.transform(of: layer, atFrame: frame)
    let actual = [t.a, t.b, t.c, t.d, t.tx, t.ty]
    for (index, (name, (got, want))) in zip(["a", "b", "c", "d", "tx", "ty"], zip(actual, expected)).enumerated() {
      // tx and ty are P − (a·Ax + c·Ay) and P − (b·Ax + d·Ay): an error ε in
      // a to d moves them by up to (|Ax| + |Ay|)·ε, and |Ax| + |Ay| ≤ 60 here.
      let bound = index < 4 ? tolerance : 60 * tolerance
      #expect(abs(got - want) < bound, "\(layer).\(name) at frame \(frame): \(got), expected \(want)", sourceLocation: sourceLocation)
    }
  }

  /// The one arc of `layer`'s path, or of its subpath `index`.
  func arc(_ document: FrameDocument, _ layer: String, subpath index: Int) throws -> Arc {
    guard case .path(let path) = try #require(document.layer(layer)).shape else {
      throw RingAndLineError.notAPath(layer)
    }
    let arcs = path.subpaths[index].segments.compactMap { segment -> Arc? in
      if case .arc(let arc) = segment { return arc }
      return nil
    }
    #expect(arcs.count == 1, "\(layer) subpath \(index)")
    return try #require(arcs.first)
  }

  @Test(arguments: names)
  func itValidatesExportsToJSONAndCompiles(_ name: String) throws {
    let sandbox = try Sandbox()
    let (path, version) = try CatalogueCommandChecks.expectValidatesExportsAndCompiles(name, in: sandbox)
    // What scripts move, turn or scale is drawn through transform tracks.
    #expect(version == 3)
    #expect(try DocumentReader.read(path: path).version3Feature != nil)
  }

  /// BallScaleRipple: NVActivityIndicatorShape.ring, an arc about (30, 30)
  /// of radius 30 from 0 anticlockwise through a whole turn, stroked 2 pt,
  /// in a layer the size of the view. A 1 s group, repeating from t = 0:
  /// `transform.scale` keyframes 0.1, 1 at 0, 0.7 under the keyframe
  /// animation's own curve F = (0.21, 0.53, 0.56, 0.8), so p = F(u) and
  /// scale = 0.1 + 0.9·p/0.7 up to p = 0.7, then 1; opacity keyframes 1,
  /// 0.7, 0 at 0, 0.7, 1 with F on each segment. The scale is about the
  /// anchor (30, 30): a = d = s, tx = ty = 30 − 30·s; the stroke is scaled
  /// with it.
  @Test func ballScaleRippleAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-scale-ripple")
    #expect(document.layer("circle")?.shape == .arc(center: Point(30, 30), radius: 30))
    #expect(document.layer("circle")?.style.lineWidth == 2)
    #expect(document.layer("circle")?.style.fill == nil)
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 60 && loop.loop)
    // The ring is whole in every frame: start 0, sweeping −2π (clockwise: false).
    for frame in 0..<loop.frameCount {
      #expect(try value(loop, "circle.start", frame) == 0)
      #expect(abs(try value(loop, "circle.sweep", frame) + 2 * pi) < 1e-12)
    }
    // Frame 0: scale 0.1, so a = d = 0.1 and tx = ty = 30 − 3 = 27; opacity 1.
    expectTransform(loop, "circle", 0, [0.1, 0, 0, 0.1, 27, 27], within: 1e-12)
    #expect(try value(loop, "circle.opacity", 0) == 1)
    let expected: [(frame: Int, scale: Double, opacity: Double)] = [
      // t = 0.2: p = F(0.2) = 0.37655848…, opacity 1 − 0.3·F(0.2/0.7).
      (12, 0.5841466208531276, 0.8534953944318835),
      // t = 0.5: p = F(0.5) = 0.69939513…, just short of 0.7.
      (30, 0.9992223134435594, 0.7448776230185865),
      // t = 5/6: p = F(5/6) > 0.7, so the last value 1 holds; opacity
      // 0.7 − 0.7·F((5/6 − 0.7)/0.3).
      (50, 1, 0.2436743213937348),
    ]
    for (frame, scale, opacity) in expected {
      expectTransform(loop, "circle", frame, [scale, 0, 0, scale, 30 - 30 * scale, 30 - 30 * scale], within: 1e-6)
      #expect(abs(try value(loop, "circle.opacity", frame) - opacity) < 1e-6, "frame \(frame)")
    }
  }

  /// BallScaleRippleMultiple: three such rings; a 1.25 s group of
  /// `transform.scale` keyframes 0, 1 at 0, 0.7 under F, and the opacity
  /// of BallScaleRipple, with beginTime 0, 0.2 and 0.4. The loop starts at
  /// 0.4 s: at frame k ring i is u = ((0.4 + k/60 − 0.2·i) mod 1.25)/1.25
  /// into its cycle, and its scale is F(u)/0.7 up to 0.7, then 1.
  @Test func ballScaleRippleMultipleAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-scale-ripple-multiple")
    for i in 0..<3 {
      #expect(document.layer("circle\(i)")?.shape == .arc(center: Point(30, 30), radius: 30))
      #expect(document.layer("circle\(i)")?.style.lineWidth == 2)
    }
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 75 && loop.loop)
    // Frame 0: ring 2 begins, scale 0 (a point: a = d = 0, tx = ty = 30), opacity 1.
    expectTransform(loop, "circle2", 0, [0, 0, 0, 0, 30, 30], within: 1e-12)
    #expect(try value(loop, "circle2.opacity", 0) == 1)
    let expected: [(frame: Int, scales: [Double], opacities: [Double])] = [
      // u = 0.32, 0.16, 0.
      (0, [0.7540457170278642, 0.45228293188826146, 0], [0.8010621488495894, 0.8751602402345539, 1]),
      // t = 0.7333…: u = 0.58666…, 0.42666…, 0.26666…; F(0.58666…) > 0.7.
      (20, [1, 0.9082421162253823, 0.6646034658403377], [0.723789647821176, 0.76536578443463, 0.8223975894314551]),
      // t = 1.15: u = 0.92, 0.76, 0.6; every scale has reached 1.
      (45, [1, 1, 1], [0.0966795394374873, 0.43640906197996365, 0.7207924454852626]),
    ]
    for (frame, scales, opacities) in expected {
      for i in 0..<3 {
        let s = scales[i]
        expectTransform(loop, "circle\(i)", frame, [s, 0, 0, s, 30 - 30 * s, 30 - 30 * s], within: 1e-6)
        #expect(abs(try value(loop, "circle\(i).opacity", frame) - opacities[i]) < 1e-6, "frame \(frame), circle\(i)")
      }
    }
  }

  /// BallClipRotate: NVActivityIndicatorShape.ringThirdFour, an arc about
  /// (30, 30) of radius 30 from −3π/4 anticlockwise to −π/4 (three
  /// quarters, open at the top), stroked 2 pt, in a layer the size of the
  /// view. A linear 0.75 s group, repeating, whose keyframe animations take
  /// its duration: `transform.scale` 1, 0.6, 1 and `transform.rotation.z`
  /// 0, π, 2π at 0, 0.5, 1. At frame k, u = k/45: scale 1 − 0.8·u then
  /// 0.6 + 0.8·(u − 0.5), rotation 2π·u.
  @Test func ballClipRotateAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-clip-rotate")
    #expect(document.layer("circle")?.shape == .arc(center: Point(30, 30), radius: 30))
    #expect(document.layer("circle")?.style.lineWidth == 2)
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 45 && loop.loop)
    // The arc itself stays still in its layer: start −3π/4 (wrapped, 5π/4),
    // sweep −3π/2; the transform turns and scales it.
    for frame in [0, 20] {
      #expect(abs(try value(loop, "circle.start", frame) - 5 * pi / 4) < 1e-12)
      #expect(abs(try value(loop, "circle.sweep", frame) + 3 * pi / 2) < 1e-12)
    }
    let anchor = (30.0, 30.0)
    // Frame 0: the identity.
    expectTransform(loop, "circle", 0, [1, 0, 0, 1, 0, 0], within: 1e-12)
    // Frame 9: u = 0.2, scale 1 − 0.16 = 0.84, rotation 0.4π.
    expectTransform(
      loop, "circle", 9, placed(sx: 0.84, sy: 0.84, rotation: 0.4 * pi, anchor: anchor, position: anchor), within: 1e-12)
    // Frame 30: u = 2/3, scale 0.6 + 0.8/6, rotation 4π/3.
    let s30 = 0.6 + 0.8 / 6
    expectTransform(
      loop, "circle", 30, placed(sx: s30, sy: s30, rotation: 4 * pi / 3, anchor: anchor, position: anchor), within: 1e-12)
    // Frame 36: u = 0.8, scale 0.84, rotation 1.6π.
    expectTransform(
      loop, "circle", 36, placed(sx: 0.84, sy: 0.84, rotation: 1.6 * pi, anchor: anchor, position: anchor), within: 1e-12)
  }

  /// BallClipRotateMultiple: the big ring, ringTwoHalfHorizontal of size 60
  /// in a layer (0, 0, 60, 60); the small one, ringTwoHalfVertical of size
  /// 30 in a layer ((60 − 30)/2, (60 − 30)/2, 30, 30), so its anchor is
  /// (15, 15) and its position (30, 30). Each a 1 s group of
  /// `transform.scale` 1, 0.6, 1 and `transform.rotation.z` 0, π, 2π (the
  /// small one 0, −π, −2π) at 0, 0.5, 1, each segment easeInEaseOut
  /// (0.42, 0, 0.58, 1), repeating from t = 0.
  @Test func ballClipRotateMultipleAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-clip-rotate-multiple")
    // Big: the left quarter from 3π/4 clockwise through π/2, and the right
    // one from −π/4 (wrapped, 7π/4) through π/2, about (30, 30), radius 30.
    let left = try arc(document, "bigCircle", subpath: 0)
    let right = try arc(document, "bigCircle", subpath: 1)
    #expect(left.center == Point(30, 30) && left.radius == 30 && right.center == Point(30, 30) && right.radius == 30)
    #expect(abs(left.start - 3 * pi / 4) < 1e-12 && abs(left.sweep - pi / 2) < 1e-12)
    #expect(abs(right.start - 7 * pi / 4) < 1e-12 && abs(right.sweep - pi / 2) < 1e-12)
    // Small: the top quarter from −3π/4 (5π/4) clockwise through π/2, and
    // the bottom one from −5π/4 (3π/4) anticlockwise to −7π/4: a sweep of
    // −π/2; about (15, 15), radius 15.
    let top = try arc(document, "smallCircle", subpath: 0)
    let bottom = try arc(document, "smallCircle", subpath: 1)
    #expect(top.center == Point(15, 15) && top.radius == 15 && bottom.center == Point(15, 15) && bottom.radius == 15)
    #expect(abs(top.start - 5 * pi / 4) < 1e-12 && abs(top.sweep - pi / 2) < 1e-12)
    #expect(abs(bottom.start - 3 * pi / 4) < 1e-12 && abs(bottom.sweep + pi / 2) < 1e-12)
    // The move to the second arc is to its start: (30 + 30 cos(π/4), 30 − 30 sin(π/4)).
    guard case .path(let big) = try #require(document.layer("bigCircle")).shape else { throw RingAndLineError.notAPath("bigCircle") }
    #expect(abs(big.subpaths[1].start.x - (30 + 30 * cos(pi / 4))) < 1e-12)
    #expect(abs(big.subpaths[1].start.y - (30 - 30 * sin(pi / 4))) < 1e-12)
    #expect(document.layer("bigCircle")?.style.lineWidth == 2 && document.layer("smallCircle")?.style.lineWidth == 2)
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 60 && loop.loop)
    // Frame 0: both at rest.
    expectTransform(loop, "bigCircle", 0, [1, 0, 0, 1, 0, 0], within: 1e-12)
    expectTransform(loop, "smallCircle", 0, [1, 0, 0, 1, 15, 15], within: 1e-12)
    // Frame 30 (t = 0.5, the middle key time): scale 0.6, rotation ±π exactly.
    expectTransform(loop, "bigCircle", 30, placed(sx: 0.6, sy: 0.6, rotation: pi, anchor: (30, 30), position: (30, 30)), within: 1e-12)
    expectTransform(loop, "smallCircle", 30, placed(sx: 0.6, sy: 0.6, rotation: -pi, anchor: (15, 15), position: (30, 30)), within: 1e-12)
    // Frame 15 (t = 0.25): half-way through the first segment, v = ease(0.5)
    // = 0.5000000192687429 (float32 control points): scale 1 − 0.4·v,
    // rotation ±π·v.
    let v = 0.5000000192687429
    expectTransform(
      loop, "bigCircle", 15, placed(sx: 1 - 0.4 * v, sy: 1 - 0.4 * v, rotation: pi * v, anchor: (30, 30), position: (30, 30)),
      within: 1e-6)
    expectTransform(
      loop, "smallCircle", 15, placed(sx: 1 - 0.4 * v, sy: 1 - 0.4 * v, rotation: -pi * v, anchor: (15, 15), position: (30, 30)),
      within: 1e-6)
    // Frame 45 (t = 0.75): half-way back: scale 0.6 + 0.4·v, rotation ±(π + π·v).
    expectTransform(
      loop, "bigCircle", 45,
      placed(sx: 0.6 + 0.4 * v, sy: 0.6 + 0.4 * v, rotation: pi + pi * v, anchor: (30, 30), position: (30, 30)), within: 1e-6)
    expectTransform(
      loop, "smallCircle", 45,
      placed(sx: 0.6 + 0.4 * v, sy: 0.6 + 0.4 * v, rotation: -(pi + pi * v), anchor: (15, 15), position: (30, 30)),
      within: 1e-6)
  }

  /// BallClipRotatePulse: the small circle, a dot of radius 15 at (30, 30)
  /// (NVActivityIndicatorShape.circle of size 60/2, centred), with
  /// `transform.scale` keyframes 1, 0.3, 1 at 0, 0.3, 1 of 1 s; the big one,
  /// ringTwoHalfVertical the size of the view, with BallClipRotateMultiple's
  /// group (turning forwards); every segment through G = (0.09, 0.57, 0.49,
  /// 0.9), both repeating from t = 0.
  @Test func ballClipRotatePulseAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-clip-rotate-pulse")
    #expect(document.layers.map(\.id) == ["smallCircle", "bigCircle"])
    #expect(document.layer("smallCircle")?.shape == .dot(center: Point(30, 30), radius: 15))
    let top = try arc(document, "bigCircle", subpath: 0)
    let bottom = try arc(document, "bigCircle", subpath: 1)
    #expect(top.center == Point(30, 30) && top.radius == 30 && bottom.radius == 30)
    #expect(abs(top.start - 5 * pi / 4) < 1e-12 && abs(top.sweep - pi / 2) < 1e-12)
    #expect(abs(bottom.start - 3 * pi / 4) < 1e-12 && abs(bottom.sweep + pi / 2) < 1e-12)
    #expect(document.layer("bigCircle")?.style.lineWidth == 2)
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 60 && loop.loop)
    #expect(try value(loop, "smallCircle.scale", 0) == 1)
    expectTransform(loop, "bigCircle", 0, [1, 0, 0, 1, 0, 0], within: 1e-12)
    // Frame 9 (t = 0.15): the dot is half-way down, 1 − 0.7·G(0.5); the ring
    // 0.3 into its first segment, v = G(0.3): scale 1 − 0.4·v, rotation π·v.
    #expect(abs(try value(loop, "smallCircle.scale", 9) - (1 - 0.7 * 0.8012517796314411)) < 1e-6)
    let v9 = 0.6336130712869719
    expectTransform(
      loop, "bigCircle", 9, placed(sx: 1 - 0.4 * v9, sy: 1 - 0.4 * v9, rotation: pi * v9, anchor: (30, 30), position: (30, 30)),
      within: 1e-6)
    // Frame 30 (t = 0.5): the dot is 2/7 of the way back, 0.3 + 0.7·G(2/7);
    // the ring at its middle key time, scale 0.6 and rotation π exactly.
    #expect(abs(try value(loop, "smallCircle.scale", 30) - (0.3 + 0.7 * 0.6181811831441696)) < 1e-6)
    expectTransform(loop, "bigCircle", 30, placed(sx: 0.6, sy: 0.6, rotation: pi, anchor: (30, 30), position: (30, 30)), within: 1e-12)
    // Frame 48 (t = 0.8): the dot 5/7 of the way back, 0.3 + 0.7·G(5/7);
    // the ring 0.6 into its second segment, v = G(0.6): scale 0.6 + 0.4·v,
    // rotation π + π·v.
    #expect(abs(try value(loop, "smallCircle.scale", 48) - (0.3 + 0.7 * 0.9146104027283359)) < 1e-6)
    let v48 = 0.8606943667709632
    expectTransform(
      loop, "bigCircle", 48,
      placed(sx: 0.6 + 0.4 * v48, sy: 0.6 + 0.4 * v48, rotation: pi + pi * v48, anchor: (30, 30), position: (30, 30)),
      within: 1e-6)
  }

  /// The bars of LineScale and its variants: lineSize = 60/9; bar i's frame
  /// is (60/9·2·i, 0, 60/9, 60) and its path
  /// UIBezierPath(roundedRect: (0, 0, 60/9, 60), cornerRadius: 60/18),
  /// filled. `transform.scale.y` by d about the anchor (30/9, 30), placed
  /// at (60/9·2·i + 30/9, 30): a = 1, b = c = 0, d, tx = 60/9·2·i,
  /// ty = 30 − 30·d.
  func expectBars(
    _ name: String, frameCount: Int, expected: [(frame: Int, scales: [Double])],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let document = try document(name)
    for i in 0..<5 {
      guard case .path(let path) = try #require(document.layer("line\(i)")).shape else {
        throw RingAndLineError.notAPath("line\(i)")
      }
      // The bar's outline in its own coordinates: 60/9 wide, 60 tall, with
      // round ends of radius 30/9, and filled, not stroked.
      let bounds = path.subpaths.flatMap { [$0.start] + $0.segments.map(\.endPoint) }
      #expect(abs(bounds.map(\.x).max()! - 60.0 / 9) < 1e-12 && abs(bounds.map(\.x).min()!) < 1e-12, sourceLocation: sourceLocation)
      #expect(abs(bounds.map(\.y).max()! - 60) < 1e-12 && abs(bounds.map(\.y).min()!) < 1e-12, sourceLocation: sourceLocation)
      let radii = path.subpaths.flatMap(\.segments).compactMap { segment -> Double? in
        if case .arc(let arc) = segment { return arc.radius }
        return nil
      }
      #expect(radii.count == 4 && radii.allSatisfy { abs($0 - 30.0 / 9) < 1e-12 }, sourceLocation: sourceLocation)
      #expect(document.layer("line\(i)")?.style.fill != nil && document.layer("line\(i)")?.style.stroke == nil)
    }
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == frameCount && loop.loop, sourceLocation: sourceLocation)
    for (frame, scales) in expected {
      for (i, d) in scales.enumerated() {
        let tolerance = d == 1 ? 1e-12 : 1e-6
        expectTransform(
          loop, "line\(i)", frame, [1, 0, 0, d, 60.0 / 9 * 2 * Double(i), 30 - 30 * d], within: tolerance,
          sourceLocation: sourceLocation)
      }
    }
  }

  /// LineScale: keyframes 1, 0.4, 1 at 0, 0.5, 1 of 1 s, each segment
  /// through H = (0.2, 0.68, 0.18, 1.08), repeating, with beginTime
  /// 0.1·(i + 1). The loop starts at 0.5 s, so bar i is
  /// u = (0.5 + k/60 − 0.1·(i + 1)) mod 1 into its cycle: d = 1 − 0.6·H(2u)
  /// before 0.5, 0.4 + 0.6·H(2u − 1) after.
  @Test func lineScaleAsDerivedFromItsSource() throws {
    try expectBars(
      "nv-line-scale", frameCount: 60,
      expected: [
        // u = 0.4, 0.3, 0.2, 0.1, 0: bar 4 begins at 1.
        (0, [0.39394408963850625, 0.4048379648940654, 0.451165163235867, 0.6016851553905628, 1]),
        // t = 0.7: u = 0.6, 0.5 (exactly 0.4), 0.4, 0.3, 0.2.
        (12, [0.7983148446094372, 0.4, 0.39394408963850625, 0.4048379648940654, 0.4511651632358671]),
        // t = 1.05: u = 0.95, 0.85, 0.75, 0.65, 0.55; y2 = 1.08 overshoots 1.
        (33, [1.0045660957499125, 1.0034494791758424, 0.9785570661466777, 0.8961823189164906, 0.6191432390066669]),
      ])
  }

  /// LineScalePulseOut: LineScale's keyframes through (0.85, 0.25, 0.37,
  /// 0.85), with beginTime 0.4, 0.2, 0, 0.2, 0.4; the loop starts at 0.4 s.
  @Test func lineScalePulseOutAsDerivedFromItsSource() throws {
    try expectBars(
      "nv-line-scale-pulse-out", frameCount: 60,
      expected: [
        // u = 0, 0.2, 0.4, 0.2, 0: the outer bars begin at 1.
        (0, [1, 0.8720588948585162, 0.4498406536410632, 0.8720588948585162, 1]),
        // t = 0.7: u = 0.3, 0.5 (exactly 0.4), 0.7, 0.5, 0.3.
        (18, [0.6445779181357636, 0.4, 0.5279411051414838, 0.4, 0.6445779181357636]),
        // t = 1.1: u = 0.7, 0.9, 0.1 (the middle bar's second cycle), 0.9, 0.7.
        (42, [0.527941105141484, 0.9501593463589368, 0.9544429796532433, 0.9501593463589368, 0.527941105141484]),
      ])
  }

  /// LineScalePulseOutRapid: keyframes 1, 0.3, 1 at 0, 0.8, 0.9 of 0.9 s,
  /// each segment through (0.11, 0.49, 0.38, 0.78), with beginTime 0.5,
  /// 0.25, 0, 0.25, 0.5; the loop starts at 0.5 s. Bar i is
  /// u = ((0.5 + k/60 − b_i) mod 0.9)/0.9 into its cycle, and after u = 0.9
  /// the last value, 1, holds.
  @Test func lineScalePulseOutRapidAsDerivedFromItsSource() throws {
    try expectBars(
      "nv-line-scale-pulse-out-rapid", frameCount: 54,
      expected: [
        // u = 0, 0.25/0.9, 0.5/0.9, 0.25/0.9, 0.
        (0, [1, 0.5530410829801615, 0.389736873717085, 0.5530410829801615, 1]),
        // t = 0.65: u = 0.15/0.9, 0.4/0.9, 0.65/0.9.
        (9, [0.6615702623078747, 0.44365418134814205, 0.32534009077595183, 0.44365418134814205, 0.6615702623078747]),
        // t = 1: u = 0.5/0.9, 0.75/0.9, 0.1/0.9 (the middle bar's second cycle).
        (30, [0.389736873717085, 0.7378243050356672, 0.736934266967891, 0.7378243050356672, 0.389736873717085]),
        // t = 1.35: the outer bars are 0.85 s in, u = 0.944… > 0.9: back at 1.
        (51, [1, 0.6020687011832577, 0.41531107672335266, 0.6020687011832577, 1]),
      ])
  }

  /// SemiCircleSpin: NVActivityIndicatorShape.circleSemi, an arc about
  /// (30, 30) of radius 30 from −π/6 anticlockwise to −5π/6 and closed,
  /// filled: the cap above the chord from (30 + 15√3, 15) to
  /// (30 − 15√3, 15). `transform.rotation.z` keyframes 0, π, 2π at 0, 0.5, 1
  /// of 0.6 s, linear, repeating from t = 0: rotation 2π·k/36 about (30, 30).
  @Test func semiCircleSpinAsDerivedFromItsSource() throws {
    let document = try document("nv-semi-circle-spin")
    guard case .path(let path) = try #require(document.layer("circle")).shape else { throw RingAndLineError.notAPath("circle") }
    #expect(path.subpaths.count == 1)
    let subpath = try #require(path.subpaths.first)
    #expect(abs(subpath.start.x - (30 + 15 * 3.0.squareRoot())) < 1e-12 && abs(subpath.start.y - 15) < 1e-12)
    #expect(subpath.segments.count == 2)
    let cap = try arc(document, "circle", subpath: 0)
    #expect(cap.center == Point(30, 30) && cap.radius == 30)
    #expect(abs(cap.start - 11 * pi / 6) < 1e-12 && abs(cap.sweep + 2 * pi / 3) < 1e-12)
    // close(): a line back to the arc's start, the chord.
    guard case .line(let back) = subpath.segments.last else { throw RingAndLineError.notAPath("circle's chord") }
    #expect(abs(back.x - (30 + 15 * 3.0.squareRoot())) < 1e-12 && abs(back.y - 15) < 1e-12)
    #expect(document.layer("circle")?.style.fill != nil && document.layer("circle")?.style.stroke == nil)
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 36 && loop.loop)
    for (frame, θ) in [(0, 0.0), (9, pi / 2), (18, pi), (24, 4 * pi / 3), (27, 3 * pi / 2)] {
      expectTransform(loop, "circle", frame, placed(sx: 1, sy: 1, rotation: θ, anchor: (30, 30), position: (30, 30)), within: 1e-12)
    }
  }

  enum RingAndLineError: Error { case notAPath(String) }
}
