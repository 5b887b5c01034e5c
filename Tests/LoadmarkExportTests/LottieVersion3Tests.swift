import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

@testable import LoadmarkExport

/// Format version 3 in the Lottie export: transforms as Lottie's transform
/// properties, polygons as paths with animated vertices, periodic tracks
/// written out over the clip's finite loop length.
struct LottieVersion3Tests {
  // MARK: The decomposition

  /// 3 × 3 matrices, row-major, for column vectors: Lottie's transform steps.
  typealias Matrix = [[Double]]

  static func product(_ m: Matrix, _ n: Matrix) -> Matrix {
    (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + m[i][$1] * n[$1][j] } } }
  }

  static func translation(_ x: Double, _ y: Double) -> Matrix { [[1, 0, x], [0, 1, y], [0, 0, 1]] }
  static func rotation(degrees: Double) -> Matrix {
    let r = degrees * .pi / 180
    return [[cos(r), -sin(r), 0], [sin(r), cos(r), 0], [0, 0, 1]]
  }
  static func scale(_ x: Double, _ y: Double) -> Matrix { [[x, 0, 0], [0, y, 0], [0, 0, 1]] }

  /// The Lottie specification's order ("Transform", lottie-spec helpers):
  /// translate by −anchor, scale by s/100, skew (about axis `sa`: rotate by
  /// −sa, skew x by −tan(sk), rotate by sa; the sign as ThorVG draws `sk`),
  /// rotate by r, translate by p. Composed here step by step, independently
  /// of the writer's closed form.
  static func lottieMatrix(
    position: (Double, Double), anchor: (Double, Double), scale s: (Double, Double), rotation r: Double,
    skew: Double, skewAxis: Double
  ) -> [Double] {
    let shear: Matrix = [[1, -tan(skew * .pi / 180), 0], [0, 1, 0], [0, 0, 1]]
    let skewing = product(rotation(degrees: skewAxis), product(shear, rotation(degrees: -skewAxis)))
    var m = translation(-anchor.0, -anchor.1)
    for step in [scale(s.0 / 100, s.1 / 100), skewing, rotation(degrees: r), translation(position.0, position.1)] {
      m = product(step, m)
    }
    return [m[0][0], m[1][0], m[0][1], m[1][1], m[0][2], m[1][2]]
  }

  static func recomposed(_ d: LottieWriter.Decomposition) -> [Double] {
    lottieMatrix(
      position: (d.x, d.y), anchor: (0, 0), scale: (d.scaleX, d.scaleY), rotation: d.rotation, skew: d.skew, skewAxis: 0)
  }

  static func expectClose(_ found: [Double], _ expected: [Double], _ comment: Comment) {
    #expect(zip(found, expected).allSatisfy { abs($0 - $1) <= 1e-9 }, "\(found) against \(expected): \(comment)")
  }

  @Test func aRotationOf30DegreesWithAScaleAndATranslation() {
    // R(30°)·S(2, 0.5), then moved by (5, −3): a = 2 cos 30°, b = 2 sin 30°, c = −0.5 sin 30°, d = 0.5 cos 30°.
    let c30 = 3.0.squareRoot() / 2
    let matrix = FrameDocument.LayerTransform(a: 2 * c30, b: 1, c: -0.25, d: 0.5 * c30, tx: 5, ty: -3)
    let parts = LottieWriter.Decomposition(matrix)
    #expect(abs(parts.rotation - 30) <= 1e-9)
    #expect(abs(parts.scaleX - 200) <= 1e-9)
    #expect(abs(parts.scaleY - 50) <= 1e-9)
    #expect(abs(parts.skew) <= 1e-9)
    #expect(parts.x == 5 && parts.y == -3)
    Self.expectClose(Self.recomposed(parts), [2 * c30, 1, -0.25, 0.5 * c30, 5, -3], "rotation and scale")
  }

  @Test func aMirrorIsANegativeScaleOfTheSecondAxis() {
    // x′ = −x + 10: the first column (−1, 0) is R(180°)·(1, 0), so y flips: S(1, −1).
    let parts = LottieWriter.Decomposition(.init(a: -1, b: 0, c: 0, d: 1, tx: 10, ty: 0))
    #expect(abs(parts.rotation - 180) <= 1e-9)
    #expect(abs(parts.scaleX - 100) <= 1e-9)
    #expect(abs(parts.scaleY + 100) <= 1e-9)
    #expect(abs(parts.skew) <= 1e-9)
    Self.expectClose(Self.recomposed(parts), [-1, 0, 0, 1, 10, 0], "mirror")
    // A mirror and a turn: the determinant is −1.5, a negative sy again.
    let turned = LottieWriter.Decomposition(.init(a: 0, b: 1, c: 1.5, d: 0, tx: 0, ty: 0))
    #expect(abs(turned.rotation - 90) <= 1e-9)
    #expect(abs(turned.scaleY + 150) <= 1e-9)
    Self.expectClose(Self.recomposed(turned), [0, 1, 1.5, 0, 0, 0], "mirror and turn")
  }

  @Test func aSkewIsTheSkewPropertyAlongX() {
    // x′ = x + 0.5·y: K(sk) with −tan(sk) = 0.5, so sk = −atan(0.5) = −26.565…°.
    let parts = LottieWriter.Decomposition(.init(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))
    #expect(abs(parts.skew - -atan(0.5) * 180 / .pi) <= 1e-9)
    #expect(abs(parts.rotation) <= 1e-9)
    #expect(abs(parts.scaleX - 100) <= 1e-9 && abs(parts.scaleY - 100) <= 1e-9)
    Self.expectClose(Self.recomposed(parts), [1, 0, 0.5, 1, 0, 0], "skew")
    // A non-uniform scale after a rotation, S(2, 1)·R(30°), has a skew in every decomposition of this form.
    let c30 = 3.0.squareRoot() / 2
    let sheared: [Double] = [2 * c30, 0.5, -1, c30, 3, 4]
    let general = LottieWriter.Decomposition(
      .init(a: sheared[0], b: sheared[1], c: sheared[2], d: sheared[3], tx: sheared[4], ty: sheared[5]))
    #expect(abs(general.skew) > 1)
    Self.expectClose(Self.recomposed(general), sheared, "scale after rotation")
  }

  @Test func aSingularTransformIsScaleZero() {
    let parts = LottieWriter.Decomposition(.init(a: 1, b: 2, c: 2, d: 4, tx: 7, ty: 8))
    #expect(parts.scaleX == 0 && parts.scaleY == 0)
    #expect(parts.x == 7 && parts.y == 8)
  }

  // MARK: The fixture, exported

  static func fixture() throws -> FrameDocument {
    let url = Repository.root.appendingPathComponent("Tests/Fixtures/valid/base-v3.json")
    return try DocumentReader.decode(try String(contentsOf: url, encoding: .utf8), source: "base-v3.json")
  }

  static func layer(_ lottie: [String: Any], _ name: String) throws -> [String: Any] {
    try #require((lottie["layers"] as? [[String: Any]])?.first { $0["nm"] as? String == name })
  }

  @Test func theRingsTransformIsKeyframedPerComponent() throws {
    let document = try Self.fixture()
    let lottie = try LottieTests.lottie(document)
    let ks = try #require(try Self.layer(lottie, "ring")["ks"] as? [String: Any])
    let position = try #require(ks["p"] as? [String: Any])
    #expect(position["s"] as? Bool == true)
    let clip = document.clips[0]
    // Over the spin clip's 60 frames (lcm of 4, 3 and 5), each component at each frame is the matrix's.
    for frame in 0..<60 {
      let t = clip.transform(of: "ring", atFrame: frame)
      let parts = LottieWriter.Decomposition(t)
      // Lottie draws T(p)·L·T(−a): the translation is p − L·a (a is 0 unless the ring turns about a fixed point).
      let anchor = ks["a"] as? [String: Any]
      let (ax, ay) = (anchor.map { LottieTests.value($0, at: 0, index: 0) } ?? 0, anchor.map { LottieTests.value($0, at: 0, index: 1) } ?? 0)
      let x = LottieTests.value(position["x"] as! [String: Any], at: Double(frame)) - (t.a * ax + t.c * ay)
      let y = LottieTests.value(position["y"] as! [String: Any], at: Double(frame)) - (t.b * ax + t.d * ay)
      #expect(abs(x - t.tx) <= 0.021 && abs(y - t.ty) <= 0.021, "frame \(frame): (\(x), \(y))")
      let rotation = LottieTests.value(ks["r"] as! [String: Any], at: Double(frame))
      let turns = ((rotation - parts.rotation) / 360).rounded()
      #expect(abs(rotation - parts.rotation - 360 * turns) <= 0.051, "frame \(frame): rotation \(rotation)")
      // A scale of 100 % throughout is left out, which players read as 100 %.
      let sx = (ks["s"] as? [String: Any]).map { LottieTests.value($0, at: Double(frame), index: 0) } ?? 100
      #expect(abs(sx - parts.scaleX) <= 0.051, "frame \(frame): scale \(sx)")
    }
    // The ring's matrix turns by a quarter each frame: the rotation runs on, 90° a frame.
    #expect(abs(LottieTests.value(ks["r"] as! [String: Any], at: 2) - LottieTests.value(ks["r"] as! [String: Any], at: 1) - 90) <= 0.051)
  }

  @Test func thePolygonsVerticesAtAFrame() throws {
    let document = try Self.fixture()
    let lottie = try LottieTests.lottie(document)
    let face = try Self.layer(lottie, "face")
    let path = try #require(LottieTests.item(face, "sh"))
    let keys = try #require((path["ks"] as? [String: Any])?["k"] as? [[String: Any]])
    // face.y0 is [10, 11, 12, 13] over 4 frames; the other vertices stay. Frame 2 (of 60) between keyframes:
    // y0 = 12, read from the keyframes by linear interpolation of every vertex.
    func vertices(at t: Double) -> [[Double]] {
      let times = keys.map { ($0["t"] as! NSNumber).doubleValue }
      let shapes = keys.map { (($0["s"] as! [[String: Any]])[0]["v"] as! [[Double]]) }
      guard let next = times.firstIndex(where: { $0 > t }), next > 0 else { return shapes.last! }
      let p = (t - times[next - 1]) / (times[next] - times[next - 1])
      return zip(shapes[next - 1], shapes[next]).map { a, b in zip(a, b).map { $0 + ($1 - $0) * p } }
    }
    for (t, y0) in [(2.0, 12.0), (7, 13), (8, 10), (59, 13)] {
      let found = vertices(at: t).joined()
      let expected = [10, y0, 30, 10, 20, 30]
      #expect(zip(found, expected).allSatisfy { abs($0 - $1) <= 1e-9 }, "frame \(t): \(found)")
    }
    let first = try #require((keys[0]["s"] as? [[String: Any]])?.first)
    #expect(first["c"] as? Bool == true)
    #expect(first["i"] as? [[Double]] == [[0, 0], [0, 0], [0, 0]])
  }

  @Test func aPeriodicTrackIsWrittenOverTheFiniteLength() throws {
    let document = try Self.fixture()
    let lottie = try LottieTests.lottie(document)
    // lcm(4, 3, 5) = 60 frames, within the limit.
    #expect(document.clips[0].finiteLoopLength(limit: LottieWriter.periodicFrameLimit) == 60)
    let dot = try Self.layer(lottie, "dot")
    let size = try #require(LottieTests.item(dot, "el")?["s"] as? [String: Any])
    let opacity = try #require((dot["ks"] as? [String: Any])?["o"] as? [String: Any])
    for frame in 0..<60 {
      // dot.scale: 1, 0.5, 0.25 (period 3), radius 2; dot.opacity: 1, 0.8, 0.6, 0.4, 0.2 (period 5).
      let diameter = 4 * [1, 0.5, 0.25][frame % 3]
      #expect(abs(LottieTests.value(size, at: Double(frame)) - diameter) <= 0.021, "frame \(frame)")
      let percent = [100.0, 80, 60, 40, 20][frame % 5]
      #expect(abs(LottieTests.value(opacity, at: Double(frame)) - percent) <= 0.21, "frame \(frame)")
    }
    // A clip whose periods share no small multiple is cut at the limit, a whole number of its frames.
    let clip = FrameDocument.Clip(
      name: "long", index: .time, frameCount: 7, duration: 7.0 / 60, loop: true,
      tracks: [.init(layer: "dot", property: .scale, values: .periodic((0..<601).map { Double($0) }))])
    #expect(LottieWriter.length(of: clip) == 595)
  }

  /// A player applies the Drop Shadow in the layer's space; the format's
  /// shadow is in canvas points. A square turned 90° clockwise, whose
  /// shadow is 25 pt below it on the canvas, casts it 25 pt to its own right
  /// (L⁻¹·(0, 25) = (25, 0): direction 90° clockwise from up); doubled, 12.5
  /// pt below, with half the softness (2 × the blur of 2, over 2).
  @Test(arguments: [("0, 1, -1, 0", 90.0, 25.0, 4.0), ("2, 0, 0, 2", 180, 12.5, 2)])
  func aTransformedLayersShadowIsWrittenInItsOwnSpace(matrix: String, direction: Double, distance: Double, softness: Double) throws {
    let m = matrix.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
    let text = """
      {"format": "loadmark", "version": 3, "preset": "lit", "fps": 60, "width": 100, "height": 100,
       "layers": [{"id": "lit", "kind": "roundedRect", "rect": [0, 0, 10, 10], "cornerRadius": 0, "fill": "#ff0000",
         "shadow": {"color": "#000000", "opacity": 1, "offset": [0, 25], "radius": 2}}],
       "clips": [{"name": "still", "index": "time", "frames": 1, "duration": 0, "loop": false, "tracks": {
         "lit.opacity": 1, "lit.a": \(m[0]), "lit.b": \(m[1]), "lit.c": \(m[2]), "lit.d": \(m[3]), "lit.tx": 50, "lit.ty": 30}}]}
      """
    let lottie = try LottieTests.lottie(try DocumentReader.decode(text, source: "lit.json"))
    let effect = try #require((try Self.layer(lottie, "lit")["ef"] as? [[String: Any]])?.first)
    let values = (effect["ef"] as! [[String: Any]]).map { ($0["v"] as! [String: Any])["k"] as? NSNumber }
    #expect(values[2]?.doubleValue == direction)
    #expect(values[3]?.doubleValue == distance)
    #expect(values[4]?.doubleValue == softness)
  }

  /// nv-line-scale's bars scale their height about their centres: each is
  /// anchored there, so its position never moves, and its scale is an
  /// eased keyframe per Core Animation segment (two a period, and the
  /// clip's last frame, plus one where a bar's period wraps inside the clip)
  /// instead of one per frame. Composed in Lottie's order, anchor included,
  /// every frame is the document's matrix.
  @Test func aBarScaledAboutItsCentreIsAnchoredThereWithEasedScale() throws {
    let document = try #require(Indicator.named("nv-line-scale")).frames().rounded(to: .compact)
    let lottie = try LottieTests.lottie(document)
    let clip = document.clips[0]
    for bar in 0..<5 {
      let ks = try #require(try Self.layer(lottie, "line\(bar)")["ks"] as? [String: Any])
      let anchor = try #require(ks["a"] as? [String: Any])
      #expect(anchor["a"] as? Int == 0)
      let position = try #require(ks["p"] as? [String: Any])
      let (px, py) = (position["x"] as! [String: Any], position["y"] as! [String: Any])
      #expect(px["a"] as? Int == 0 && py["a"] as? Int == 0, "line\(bar)'s position moves")
      let scale = try #require(ks["s"] as? [String: Any])
      let keys = try #require(scale["k"] as? [[String: Any]])
      #expect(keys.count <= 6, "line\(bar): \(keys.count) scale keyframes")
      for frame in 0..<LottieWriter.length(of: clip) {
        let found = Self.lottieMatrix(
          position: (LottieTests.value(px, at: Double(frame)), LottieTests.value(py, at: Double(frame))),
          anchor: (LottieTests.value(anchor, at: 0, index: 0), LottieTests.value(anchor, at: 0, index: 1)),
          scale: (LottieTests.value(scale, at: Double(frame), index: 0), LottieTests.value(scale, at: Double(frame), index: 1)),
          rotation: 0, skew: 0, skewAxis: 0)
        let t = clip.transform(of: "line\(bar)", atFrame: frame)
        let expected = [t.a, t.b, t.c, t.d, t.tx, t.ty]
        // 0.05 % of scale, and that times the 30 pt from the anchor to a bar's end, plus the position's 0.02 pt.
        let tolerances = [0.0006, 0.0006, 0.0006, 0.0006, 0.021, 0.021 + 0.0006 * 30]
        #expect((0..<6).allSatisfy { abs(found[$0] - expected[$0]) <= tolerances[$0] }, "line\(bar) frame \(frame): \(found) against \(expected)")
      }
    }
  }

  /// Every catalogue indicator's Lottie, gzipped, is smaller than its frame
  /// document gzipped (both through `gzip -9`, from standard input).
  @Test("each catalogue indicator's Lottie is smaller gzipped than its document", arguments: Indicator.catalogueNames)
  func smallerThanTheDocument(name: String) throws {
    let document = try #require(Indicator.named(name)).frames().rounded(to: .compact)
    let lottie = try gzipSize(Data(LottieWriter.encode(document).utf8))
    let json = try gzipSize(Data(DocumentWriter.encode(document).utf8))
    #expect(lottie < json, "\(name): Lottie \(lottie) bytes gzipped, the document \(json)")
  }

  /// The exports, validated against the Lottie schema by lottie-specs in
  /// tools/.venv (tools/setup installs it): the version 3 fixture and every
  /// catalogue indicator, the one with shared precompositions among them.
  @Test func theExportsValidateAgainstTheLottieSchema() throws {
    let python = Repository.root.appendingPathComponent("tools/.venv/bin/python")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loadmark-lottie-schema-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var files = [("base-v3", try Self.fixture())]
    for name in Indicator.catalogueNames { files.append((name, try #require(Indicator.named(name)).frames())) }
    for (name, document) in files {
      try Data(LottieWriter.encode(document).utf8).write(to: folder.appendingPathComponent(name + ".json"))
    }
    let script = """
      import json, sys, lottie_specs
      from jsonschema import Draft202012Validator
      validator = Draft202012Validator(lottie_specs.load_specs())
      for path in sys.argv[1:]:
          for error in validator.iter_errors(json.load(open(path))):
              print(path, error.message[:200])
      """
    let process = Process()
    process.executableURL = python
    process.arguments = ["-c", script] + files.map { folder.appendingPathComponent($0.0 + ".json").path }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: try output.fileHandleForReading.readToEnd() ?? Data(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text == "", "schema errors:\n\(text)")
  }

  /// Dots that run one animation at shifted times share one asset: each
  /// precomposition layer of nv-ball-spin-fade-loader reads the asset at
  /// its frame minus its `st`, and shows its own dot's opacity and size.
  @Test func sharedDotsReadTheirPrototypeShifted() throws {
    let document = try #require(Indicator.named("nv-ball-spin-fade-loader")).frames().rounded(to: .compact)
    let lottie = try LottieTests.lottie(document)
    let assets = try #require(lottie["assets"] as? [[String: Any]])
    #expect(assets.count == 1)
    let inner = try #require((assets[0]["layers"] as? [[String: Any]])?.first)
    let opacity = try #require((inner["ks"] as? [String: Any])?["o"] as? [String: Any])
    let size = try #require(LottieTests.item(inner, "el")?["s"] as? [String: Any])
    let clip = document.clips[0]
    for layer in lottie["layers"] as! [[String: Any]] {
      #expect(layer["ty"] as? Int == 0)
      let id = layer["nm"] as! String
      guard case .dot(_, let radius) = document.layers.first(where: { $0.id == id })!.shape else { continue }
      let shift = (layer["st"] as! NSNumber).doubleValue
      for frame in 0..<clip.frameCount {
        let t = Double(frame) - shift
        let expectedOpacity = clip.track(id, .opacity)!.value(at: frame) * 100
        let expectedSize = 2 * radius * clip.track(id, .scale)!.value(at: frame)
        #expect(abs(LottieTests.value(opacity, at: t) - expectedOpacity) <= 0.21, "\(id) frame \(frame)")
        #expect(abs(LottieTests.value(size, at: t) - expectedSize) <= 0.021, "\(id) frame \(frame)")
      }
    }
  }
}
