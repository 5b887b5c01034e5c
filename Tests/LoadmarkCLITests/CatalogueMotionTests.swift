import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

/// The catalogue's indicators whose layers move, turn or scale through a
/// transform (frame format 3's `<id>.a` … `<id>.ty` tracks), and
/// BallDoubleBounce's mirrored discs. Each is held, frame by frame, to values
/// derived by hand from NVActivityIndicatorView's Swift source, not from
/// Loadmark's output.
///
/// A point p of a layer's own coordinates is drawn at
/// (a·x + c·y + tx, b·x + d·y + ty). For a layer at the root that is
/// position + translation + R(rotation)·S(scale)·(p − anchor); a frame
/// [x, y, w, h] puts position − anchor at (x, y), so a layer that only moves
/// has a = d = 1, b = c = 0 and (tx, ty) = (x, y) + translation.
///
/// Values that go through a cubic timing function come from
/// Tests/Fixtures/catalogue/motion-timing.py (float32 control points, x(s) = u
/// solved by 200 bisection steps, then y(s)), compared within 1e-6 of
/// progress (times the distance it spans, for a translation), since Loadmark
/// solves x to 1e-7; linear ones within 1e-12.
struct CatalogueMotionTests {
  let pi = Double.pi

  /// The names of the indicators this file covers.
  static let names = [
    "nv-ball-pulse-sync", "nv-ball-pulse-rise", "nv-ball-rotate", "nv-ball-zig-zag", "nv-ball-zig-zag-deflect",
    "nv-ball-triangle-path", "nv-pacman", "nv-ball-double-bounce", "nv-cube-transition",
  ]

  /// The frame document of catalogue indicator `name` at the defaults.
  func document(_ name: String) throws -> FrameDocument {
    try #require(Indicator.named(name)).frames()
  }

  /// Track `key` of `clip` at `frame`.
  func value(_ clip: FrameDocument.Clip, _ key: String, _ frame: Int) throws -> Double {
    try #require(clip.track(key), "no track \(key)").value(at: frame)
  }

  /// Whether layer `id`'s transform at `frame` is (a, b, c, d, tx, ty)
  /// within `tolerance`, each number recorded when it is not.
  func expectTransform(
    _ clip: FrameDocument.Clip, _ id: String, _ frame: Int, _ expected: [Double], within tolerance: Double,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let t = clip.transform(of: id, atFrame: frame)
    let actual = [t.a, t.b, t.c, t.d, t.tx, t.ty]
    for (name, (got, want)) in zip(["a", "b", "c", "d", "tx", "ty"], zip(actual, expected)) {
      #expect(abs(got - want) <= tolerance, "\(id).\(name) at frame \(frame): \(got), expected \(want)", sourceLocation: sourceLocation)
    }
  }

  /// The transform of a layer at the root that a script only moves, from
  /// the origin of its frame, `x` and `y`, and its translation.
  func moved(_ x: Double, _ y: Double, by translation: (Double, Double)) -> [Double] {
    [1, 0, 0, 1, x + translation.0, y + translation.1]
  }

  /// Layer `id` of `document` is a dot of centre `center` and radius
  /// `radius` in its own coordinates.
  func expectDot(_ document: FrameDocument, _ id: String, center: Point, radius: Double, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    guard case .dot(let c, let r) = document.layer(id)?.shape else {
      Issue.record("\(id) is not a dot", sourceLocation: sourceLocation)
      return
    }
    #expect(abs(c.x - center.x) < 1e-12 && abs(c.y - center.y) < 1e-12 && abs(r - radius) < 1e-12, "\(id)", sourceLocation: sourceLocation)
  }

  @Test(arguments: names)
  func itValidatesExportsToFormatThreeAndCompiles(_ name: String) throws {
    let sandbox = try Sandbox()
    let (_, version) = try CatalogueCommandChecks.expectValidatesExportsAndCompiles(name, in: sandbox)
    // Every one moves, turns or scales a layer off its centre, which only
    // version 3's transform tracks say; BallDoubleBounce only scales two
    // discs about their centres, which a version 2 dot says.
    #expect(version == (name == "nv-ball-double-bounce" ? 2 : 3), "\(name)")
  }

  /// BallPulseSync: circleSize = (60 − 2·2)/3 = 56/3, dot i's frame at
  /// x = i·(56/3 + 2) = 62i/3, y = (60 − 56/3)/2 = 62/3, so each dot is a
  /// circle of centre and radius 28/3 in its own coordinates, moved by
  /// (62i/3, 62/3 + translation.y). deltaY = (30 − 28/3)/2 = 31/3.
  /// `transform.translation.y` keyframes 0, 31/3, −31/3, 0 at 0, 0.33, 0.66,
  /// 1 of 0.6 s, each segment easeInEaseOut, with beginTime 0.07·(i + 1).
  /// The loop starts at 0.21 s, so frame k is t = 0.21 + k/60.
  @Test func ballPulseSyncAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-pulse-sync")
    for i in 0..<3 {
      expectDot(document, "circle\(i)", center: Point(28.0 / 3, 28.0 / 3), radius: 28.0 / 3)
    }
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 36 && loop.loop)
    let deltaY = 31.0 / 3
    let expected: [(frame: Int, translations: [Double])] = [
      // t = 0.21: dot 0 is 0.14 s in (u = 0.2333…, 0.7070… into the first
      // segment), dot 1 0.07 s (0.3535…), dot 2 begins (0).
      (0, [deltaY * 0.8214645660078965, deltaY * 0.260637034302151, 0]),
      // t = 0.36: dots 0 and 1 are 0.29 and 0.22 s in, in the second
      // segment (0.4646… and 0.1111… of it), from deltaY down to −deltaY;
      // dot 2 0.15 s (u = 0.25, 0.7575… into the first).
      (9, [deltaY - 2 * deltaY * 0.43923944102286916, deltaY - 2 * deltaY * 0.024454625121316506, deltaY * 0.8787387540196308]),
      // t = 0.61: 0.54, 0.47 and 0.40 s in (u = 0.9, 0.7833…, 0.6666…),
      // all in the last segment, from −deltaY back to 0.
      (24, [-deltaY + deltaY * 0.8199894109539078, -deltaY + deltaY * 0.27424814998756514, -deltaY + deltaY * 0.0007329381158462566]),
    ]
    for (frame, translations) in expected {
      for i in 0..<3 {
        expectTransform(loop, "circle\(i)", frame, moved(62 * Double(i) / 3, 62.0 / 3, by: (0, translations[i])), within: 1e-6)
        // A moving dot is drawn by its transform; its own scale stays 1.
        #expect(try value(loop, "circle\(i).scale", frame) == 1)
        #expect(try value(loop, "circle\(i).opacity", frame) == 1)
      }
    }
  }

  /// BallPulseRise: circleSize = (60 − 4·2)/5 = 10.4, dot i's frame at
  /// x = 12.4i, y = (60 − 10.4)/2 = 24.8: a circle of centre and radius 5.2
  /// in its own coordinates. deltaY = 30. A 1 s group, repeating from
  /// t = 0: `transform.scale` keyframes at 0, 0.5, 1 and
  /// `transform.translation.y` at 0, 0.25, 0.75, 1, each segment through
  /// (0.15, 0.46, 0.9, 0.6); even dots scale 1.1, 0.4, 1 and move 0, −30,
  /// 30, 0, odd ones 0.4, 1.1, 0.75 and 0, 30, −30, 0. Scaled by k about its
  /// anchor (5.2, 5.2), dot i has a = d = k, tx = 12.4i + 5.2 − 5.2k and
  /// ty = 24.8 + 5.2 − 5.2k + translation.
  @Test func ballPulseRiseAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-pulse-rise")
    for i in 0..<5 {
      expectDot(document, "circle\(i)", center: Point(5.2, 5.2), radius: 5.2)
    }
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 60 && loop.loop)
    func transform(_ i: Int, scale k: Double, translation: Double) -> [Double] {
      [k, 0, 0, k, 12.4 * Double(i) + 5.2 - 5.2 * k, 24.8 + 5.2 - 5.2 * k + translation]
    }
    // The curve half-way through a segment.
    let half = 0.5102732868749384
    let expected: [(frame: Int, even: (scale: Double, translation: Double), odd: (scale: Double, translation: Double))] = [
      // t = 0: the first values.
      (0, (1.1, 0), (0.4, 0)),
      // t = 0.25: the translation's second key time; the scale half-way
      // through its first segment.
      (15, (1.1 - 0.7 * half, -30), (0.4 + 0.7 * half, 30)),
      // t = 0.5: the scale's middle key time; the translation half-way
      // from −30 to 30 (even) or back.
      (30, (0.4, -30 + 60 * half), (1.1, 30 - 60 * half)),
      // t = 0.75: the translation's third key time; the scale half-way
      // through its second segment.
      (45, (0.4 + 0.6 * half, 30), (1.1 - 0.35 * half, -30)),
    ]
    for (frame, even, odd) in expected {
      for i in 0..<5 {
        let (k, translation) = i % 2 == 0 ? even : odd
        expectTransform(loop, "circle\(i)", frame, transform(i, scale: k, translation: translation), within: 1e-6)
        #expect(try value(loop, "circle\(i).scale", frame) == 1)
      }
    }
  }

  /// BallRotate: circleSize = 60/5 = 12, so each dot is a circle of centre
  /// and radius 6 in its own coordinates, at (0, 24) (left, opacity 0.8),
  /// (48, 24) (right, 0.8) and (24, 24) (centre) of a container the size of
  /// the view, whose anchor is (30, 30). A 1 s group on the container,
  /// repeating from t = 0: `transform.scale` 1, 0.6, 1 and
  /// `transform.rotation.z` 0, π, 2π at 0, 0.5, 1, each segment through
  /// (0.7, −0.13, 0.22, 0.86). With scale k and angle θ a dot at offset o is
  /// drawn at (30, 30) + k·R(θ)·(p + o − (30, 30)): a = d = k cos θ,
  /// b = −c = k sin θ, (tx, ty) = (30, 30) + k·R(θ)·(o − (30, 30)).
  @Test func ballRotateAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-rotate")
    for id in ["leftCircle", "rightCircle", "centerCircle"] {
      expectDot(document, id, center: Point(6, 6), radius: 6)
    }
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 60 && loop.loop)
    let offsets = ["leftCircle": (0.0, 24.0), "rightCircle": (48.0, 24.0), "centerCircle": (24.0, 24.0)]
    func transform(_ id: String, scale k: Double, angle θ: Double) -> [Double] {
      let (x, y) = (offsets[id]!.0 - 30, offsets[id]!.1 - 30)
      return [
        k * cos(θ), k * sin(θ), -k * sin(θ), k * cos(θ),
        30 + k * (x * cos(θ) - y * sin(θ)), 30 + k * (x * sin(θ) + y * cos(θ)),
      ]
    }
    let half = 0.5088945926265409
    let expected: [(frame: Int, scale: Double, angle: Double)] = [
      // t = 0: in place.
      (0, 1, 0),
      // t = 0.25: half-way through the first segment.
      (15, 1 - 0.4 * half, pi * half),
      // t = 0.5: the middle key time, half a turn at 0.6.
      (30, 0.6, pi),
      // t = 0.75: half-way through the second.
      (45, 0.6 + 0.4 * half, pi + pi * half),
    ]
    for (frame, k, θ) in expected {
      for id in ["leftCircle", "rightCircle", "centerCircle"] {
        expectTransform(loop, id, frame, transform(id, scale: k, angle: θ), within: 1e-6)
      }
      // The centre dot's centre stays at the view's centre; the side dots
      // keep their opacity.
      let t = loop.transform(of: "centerCircle", atFrame: frame)
      #expect(abs(t.a * 6 + t.c * 6 + t.tx - 30) < 1e-9 && abs(t.b * 6 + t.d * 6 + t.ty - 30) < 1e-9)
      #expect(abs(try value(loop, "leftCircle.opacity", frame) - 0.8) < 1e-12)
      #expect(abs(try value(loop, "rightCircle.opacity", frame) - 0.8) < 1e-12)
      #expect(try value(loop, "centerCircle.opacity", frame) == 1)
    }
    // Frame 0 exactly: left and right dots at their frames' origins.
    expectTransform(loop, "leftCircle", 0, [1, 0, 0, 1, 0, 24], within: 1e-12)
    expectTransform(loop, "rightCircle", 0, [1, 0, 0, 1, 48, 24], within: 1e-12)
  }

  /// BallZigZag: circleSize = 12, deltaX = deltaY = 30 − 6 = 24; both dots'
  /// frames at (24, 24), circles of centre and radius 6 in their own
  /// coordinates. `transform` keyframes of translations at 0, 0.33, 0.66, 1
  /// of 0.7 s under a linear timing function, repeating from t = 0: dot 0
  /// through (0, 0), (−24, −24), (24, −24), (0, 0); dot 1 the opposite.
  @Test func ballZigZagAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-zig-zag")
    expectDot(document, "circle0", center: Point(6, 6), radius: 6)
    expectDot(document, "circle1", center: Point(6, 6), radius: 6)
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 42 && loop.loop)
    let expected: [(frame: Int, translation: (Double, Double))] = [
      (0, (0, 0)),
      // u = 14/42 = 1/3, just past 0.33: (1/3 − 0.33)/0.33 from (−24, −24)
      // to (24, −24).
      (14, (-24 + 48 * (1.0 / 3 - 0.33) / 0.33, -24)),
      // u = 1/2: (0.5 − 0.33)/0.33 of the same segment.
      (21, (-24 + 48 * (0.5 - 0.33) / 0.33, -24)),
      // u = 5/6: (5/6 − 0.66)/0.34 from (24, −24) back to (0, 0).
      (35, (24 - 24 * (5.0 / 6 - 0.66) / 0.34, -24 + 24 * (5.0 / 6 - 0.66) / 0.34)),
    ]
    for (frame, (x, y)) in expected {
      expectTransform(loop, "circle0", frame, moved(24, 24, by: (x, y)), within: 1e-12)
      expectTransform(loop, "circle1", frame, moved(24, 24, by: (-x, -y)), within: 1e-12)
    }
  }

  /// BallZigZagDeflect: BallZigZag's dots and translations over 0.75 s,
  /// autoreversing, so a period is 1.5 s: at t < 0.75 the dots are
  /// u = t/0.75 through the keyframes, after it u = (1.5 − t)/0.75.
  @Test func ballZigZagDeflectAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-zig-zag-deflect")
    expectDot(document, "circle0", center: Point(6, 6), radius: 6)
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 90 && loop.loop)
    // u = 4/9 (t = 1/3 going, t = 7/6 coming back): (4/9 − 0.33)/0.33 from
    // (−24, −24) to (24, −24).
    let fourNinths = (-24 + 48 * (4.0 / 9 - 0.33) / 0.33, -24.0)
    let expected: [(frame: Int, translation: (Double, Double))] = [
      (0, (0, 0)),
      (20, fourNinths),
      // t = 0.5, u = 2/3: (2/3 − 0.66)/0.34 from (24, −24) to (0, 0).
      (30, (24 - 24 * (2.0 / 3 - 0.66) / 0.34, -24 + 24 * (2.0 / 3 - 0.66) / 0.34)),
      // t = 0.75: the end, where it turns back.
      (45, (0, 0)),
      (70, fourNinths),
    ]
    for (frame, (x, y)) in expected {
      expectTransform(loop, "circle0", frame, moved(24, 24, by: (x, y)), within: 1e-12)
      expectTransform(loop, "circle1", frame, moved(24, 24, by: (-x, -y)), within: 1e-12)
    }
  }

  /// BallTrianglePath: circleSize = 12, deltaX = deltaY = 24 (hx = 24,
  /// fx = fy = 48). Three rings (circles of centre and radius 6 in their
  /// own coordinates, stroked 2 pt, drawn counter-clockwise from 0, so a
  /// sweep of −2π) with frames at (24, 0), (0, 48) and (48, 48). `transform`
  /// keyframes of translations at 0, 0.33, 0.66, 1 of 2 s, each segment
  /// easeInEaseOut: top (0, 0), (24, 48), (−24, 48), (0, 0); bottom left
  /// (0, 0), (24, −48), (48, 0), (0, 0); bottom right (0, 0), (−48, 0),
  /// (−24, −48), (0, 0): each ring goes to the next corner.
  @Test func ballTrianglePathAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-triangle-path")
    let origins = ["topCenterCircle": (24.0, 0.0), "bottomLeftCircle": (0.0, 48.0), "bottomRightCircle": (48.0, 48.0)]
    let keys: [String: [(Double, Double)]] = [
      "topCenterCircle": [(0, 0), (24, 48), (-24, 48), (0, 0)],
      "bottomLeftCircle": [(0, 0), (24, -48), (48, 0), (0, 0)],
      "bottomRightCircle": [(0, 0), (-48, 0), (-24, -48), (0, 0)],
    ]
    for id in origins.keys {
      #expect(document.layer(id)?.shape == .arc(center: Point(6, 6), radius: 6), "\(id)")
      #expect(document.layer(id)?.style.lineWidth == 2, "\(id)")
    }
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 120 && loop.loop)
    // (frame, segment, eased progress through it).
    let expected: [(frame: Int, segment: Int, eased: Double)] = [
      (0, 0, 0),
      // t = 0.5, u = 0.25: 0.7575… into the first segment.
      (30, 0, 0.878738754019631),
      // t = 1, u = 0.5: 0.5151… into the second.
      (60, 1, 0.5261080295818065),
      // t = 5/3, u = 0.8333…: 0.5098… into the third.
      (100, 2, 0.5168991883042365),
    ]
    for (frame, segment, eased) in expected {
      for (id, origin) in origins {
        let (from, to) = (keys[id]![segment], keys[id]![segment + 1])
        let translation = (from.0 + (to.0 - from.0) * eased, from.1 + (to.1 - from.1) * eased)
        // An eased progress within 1e-6, over up to 48 pt.
        expectTransform(loop, id, frame, moved(origin.0, origin.1, by: translation), within: 48e-6)
        #expect(abs(try value(loop, "\(id).sweep", frame) + 2 * pi) < 1e-12, "\(id) at frame \(frame)")
      }
    }
  }

  /// Pacman: the dot (circleSize 12, frame at (60 − 12, 24), so a circle of
  /// centre and radius 6 in its own coordinates) in a linear 1 s group of
  /// `transform.translation.x` 0 → −30 and opacity 1 → 0.7; above it the
  /// pacman (pacmanSize 40, frame at (0, 10)): a circle of centre (20, 30)
  /// and radius 10 on the canvas from angle 0 clockwise, stroked 20 wide, in
  /// a 0.5 s group of strokeStart 0.125, 0, 0.125 and strokeEnd 0.875, 1,
  /// 0.875 at 0, 0.5, 1, each segment through the default curve (0.25, 0.1,
  /// 0.25, 1). Both repeat from t = 0.
  @Test func pacmanAsDerivedFromItsSource() throws {
    let document = try document("nv-pacman")
    expectDot(document, "circle", center: Point(6, 6), radius: 6)
    let pacman = try #require(document.layer("pacman"))
    guard case .path(let path) = pacman.shape, path.subpaths.count == 1,
      case .arc(let arc) = path.subpaths[0].segments.first, path.subpaths[0].segments.count == 1
    else {
      Issue.record("the pacman is not one arc")
      return
    }
    #expect(path.subpaths[0].start == Point(30, 30))
    #expect(arc.center == Point(20, 30) && arc.radius == 10 && arc.start == 0 && abs(arc.sweep - 2 * pi) < 1e-12)
    #expect(pacman.style.lineWidth == 20)
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 60 && loop.loop)
    for frame in [0, 15, 30, 45, 59] {
      let t = Double(frame) / 60
      expectTransform(loop, "circle", frame, moved(48, 24, by: (-30 * t, 0)), within: 1e-12)
      #expect(abs(try value(loop, "circle.opacity", frame) - (1 - 0.3 * t)) < 1e-12, "frame \(frame)")
      // The pacman stays where it is.
      expectTransform(loop, "pacman", frame, [1, 0, 0, 1, 0, 0], within: 0)
    }
    // Frames 0 and 30 begin a bite; 15 and 45 are half-way, the mouth shut;
    // 7 and 37 are 7/60 s in, 0.4666… of the way to shut.
    let eased = 0.7671512758239243
    let expected: [(frame: Int, strokeStart: Double, strokeEnd: Double, within: Double)] = [
      (0, 0.125, 0.875, 1e-12), (30, 0.125, 0.875, 1e-12), (15, 0, 1, 1e-12), (45, 0, 1, 1e-12),
      (7, 0.125 - 0.125 * eased, 0.875 + 0.125 * eased, 1e-6), (37, 0.125 - 0.125 * eased, 0.875 + 0.125 * eased, 1e-6),
    ]
    for (frame, strokeStart, strokeEnd, tolerance) in expected {
      #expect(abs(try value(loop, "pacman.strokeStart", frame) - strokeStart) < tolerance, "frame \(frame)")
      #expect(abs(try value(loop, "pacman.strokeEnd", frame) - strokeEnd) < tolerance, "frame \(frame)")
    }
  }

  /// BallDoubleBounce: two discs of centre (30, 30) and radius 30, opacity
  /// 0.6; `transform.scale` −1, 0, −1 at 0, 0.5, 1 of 2 s under the
  /// animation's easeInEaseOut, repeating, with beginTime 0 and 1. At eased
  /// progress e the scale is −|1 − 2e|, a mirror image of the disc at
  /// |1 − 2e|. The loop starts at 1 s: disc 0 is (1 + k/60)/2 through its
  /// cycle at frame k, disc 1 (k/60)/2.
  @Test func ballDoubleBounceAsDerivedFromItsSource() throws {
    let document = try document("nv-ball-double-bounce")
    expectDot(document, "circle0", center: Point(30, 30), radius: 30)
    expectDot(document, "circle1", center: Point(30, 30), radius: 30)
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 120 && loop.loop)
    let (quarter, half, threeQuarters) = (0.1291619387611898, 0.5000000192687429, 0.8708380777564558)
    let expected: [(frame: Int, scales: [Double])] = [
      // Disc 0 half-way (e = ease(0.5), all but 0), disc 1 begins (1).
      (0, [abs(1 - 2 * half), 1]),
      (30, [abs(1 - 2 * threeQuarters), abs(1 - 2 * quarter)]),
      (60, [1, abs(1 - 2 * half)]),
      (90, [abs(1 - 2 * quarter), abs(1 - 2 * threeQuarters)]),
    ]
    for (frame, scales) in expected {
      for i in 0..<2 {
        #expect(abs(try value(loop, "circle\(i).scale", frame) - scales[i]) < 1e-6, "frame \(frame), circle\(i)")
        #expect(abs(try value(loop, "circle\(i).opacity", frame) - 0.6) < 1e-12)
        expectTransform(loop, "circle\(i)", frame, [1, 0, 0, 1, 0, 0], within: 0)
      }
    }
  }

  /// CubeTransition: squareSize = 12, deltaX = deltaY = 48; two squares
  /// (paths (0, 0), (12, 0), (12, 12), (0, 12) in their own coordinates,
  /// filled) with frames at (0, 0), so their anchor is (6, 6). A 1.6 s group
  /// of `transform.scale` 1, 0.5, 1, 0.5, 1, `transform.translation` (0, 0),
  /// (48, 0), (48, 48), (0, 48), (0, 0) and `transform.rotation.z` 0, −π/2,
  /// −π, −3π/2, −2π at 0, 0.25, 0.5, 0.75, 1, each segment easeInEaseOut,
  /// repeating, with beginTime 0 and −0.8. With scale k, angle θ and
  /// translation (x, y): a = d = k cos θ, b = −c = k sin θ,
  /// (tx, ty) = (6 + x, 6 + y) + k·R(θ)·(−6, −6).
  @Test func cubeTransitionAsDerivedFromItsSource() throws {
    let document = try document("nv-cube-transition")
    for id in ["square0", "square1"] {
      guard case .path(let path) = document.layer(id)?.shape else {
        Issue.record("\(id) is not a path")
        continue
      }
      #expect(path.subpaths == [Path.Subpath(start: Point(0, 0), segments: [.line(to: Point(12, 0)), .line(to: Point(12, 12)), .line(to: Point(0, 12))])])
    }
    let loop = try #require(document.clip("loop"))
    #expect(loop.frameCount == 96 && loop.loop)
    func transform(scale k: Double, angle θ: Double, translation x: Double, _ y: Double) -> [Double] {
      [k * cos(θ), k * sin(θ), -k * sin(θ), k * cos(θ), 6 + x + k * (-6 * cos(θ) + 6 * sin(θ)), 6 + y + k * (-6 * sin(θ) - 6 * cos(θ))]
    }
    let half = 0.5000000192687429
    // (frame, square, its transform).
    let expected: [(frame: Int, id: String, transform: [Double])] = [
      // t = 0: square 0 in place; square 1, 0.8 s in, at the middle key
      // time: half a turn at (48, 48).
      (0, "square0", transform(scale: 1, angle: 0, translation: 0, 0)),
      (0, "square1", transform(scale: 1, angle: -pi, translation: 48, 48)),
      // t = 0.2: square 0 half-way through the first segment, square 1
      // through the third.
      (12, "square0", transform(scale: 1 - 0.5 * half, angle: -pi / 2 * half, translation: 48 * half, 0)),
      (12, "square1", transform(scale: 1 - 0.5 * half, angle: -pi - pi / 2 * half, translation: 48 - 48 * half, 48)),
      // t = 0.4: the second key time for square 0, the fourth for square 1.
      (24, "square0", transform(scale: 0.5, angle: -pi / 2, translation: 48, 0)),
      (24, "square1", transform(scale: 0.5, angle: -1.5 * pi, translation: 0, 48)),
      // t = 0.6: half-way through the second segment and the fourth.
      (36, "square0", transform(scale: 0.5 + 0.5 * half, angle: -pi / 2 - pi / 2 * half, translation: 48, 48 * half)),
      (36, "square1", transform(scale: 0.5 + 0.5 * half, angle: -1.5 * pi - pi / 2 * half, translation: 0, 48 - 48 * half)),
    ]
    for (frame, id, transform) in expected {
      // Eased progresses within 1e-6, the translation's over 48 pt.
      expectTransform(loop, id, frame, transform, within: 48e-6)
    }
    // At frame 24 square 0's corners by hand: half size, turned a quarter
    // anticlockwise, centred on (54, 6): (0, 0) lands at (51, 9).
    let t = loop.transform(of: "square0", atFrame: 24)
    #expect(abs(t.tx - 51) < 1e-6 && abs(t.ty - 9) < 1e-6)
    #expect(try value(loop, "square0.strokeStart", 24) == 0 && value(loop, "square0.strokeEnd", 24) == 1)
  }
}
