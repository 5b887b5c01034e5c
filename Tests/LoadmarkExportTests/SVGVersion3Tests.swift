import Foundation
import LoadmarkCore
import Testing

@testable import LoadmarkExport

/// The SVG export of format version 3: layer transforms, polygons and
/// periodic tracks, with values worked out by hand.
struct SVGVersion3Tests {
  /// A 100 × 100 document at 10 fps with one red dot of radius 5 at
  /// (10, 0), and `tracks` besides its scale and opacity of 1.
  static func dotDocument(
    frames: Int, loop: Bool = false, tracks: [FrameDocument.Track], shadow: Shadow? = nil
  ) -> (FrameDocument, FrameDocument.Clip) {
    let layer = FrameDocument.Layer(
      id: "dot", shape: .dot(center: Point(10, 0), radius: 5), style: Style(fill: Color(hex: "#ff0000")!, shadow: shadow))
    var all = tracks
    if !all.contains(where: { $0.property == .scale }) { all.append(.init(layer: "dot", property: .scale, values: .constant(1))) }
    if !all.contains(where: { $0.property == .opacity }) { all.append(.init(layer: "dot", property: .opacity, values: .constant(1))) }
    let clip = FrameDocument.Clip(
      name: "main", index: .time, frameCount: frames, duration: Double(frames - (loop ? 0 : 1)) / 10, loop: loop, tracks: all)
    return (FrameDocument(preset: "dot", fps: 10, width: 100, height: 100, layers: [layer], clips: [clip]), clip)
  }

  /// The six tracks of a transform given per frame.
  static func transformTracks(_ frames: [FrameDocument.LayerTransform]) -> [FrameDocument.Track] {
    let values: [[Double]] = [frames.map(\.a), frames.map(\.b), frames.map(\.c), frames.map(\.d), frames.map(\.tx), frames.map(\.ty)]
    return zip(FrameDocument.TrackProperty.transform, values).map {
      FrameDocument.Track(layer: "dot", property: $0, values: .init(collapsing: $1))
    }
  }

  /// The matrix of `translate(tx, ty) rotate(θ) scale(sx, sy) skewX(φ)`,
  /// multiplied out here entry by entry, as CSS composes a list of
  /// functions left to right: [a c tx; b d ty; 0 0 1] products.
  static func composed(tx: Double, ty: Double, degrees: Double, sx: Double, sy: Double, skew: Double) -> [Double] {
    typealias M = (a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double)
    func times(_ m: M, _ n: M) -> M {
      (m.a * n.a + m.c * n.b, m.b * n.a + m.d * n.b, m.a * n.c + m.c * n.d, m.b * n.c + m.d * n.d,
       m.a * n.tx + m.c * n.ty + m.tx, m.b * n.tx + m.d * n.ty + m.ty)
    }
    let r = degrees * Double.pi / 180
    let translate: M = (1, 0, 0, 1, tx, ty)
    let rotate: M = (cos(r), sin(r), -sin(r), cos(r), 0, 0)
    let scale: M = (sx, 0, 0, sy, 0, 0)
    let skewX: M = (1, 0, tan(skew * Double.pi / 180), 1, 0, 0)
    let m = times(times(times(translate, rotate), scale), skewX)
    return [m.a, m.b, m.c, m.d, m.tx, m.ty]
  }

  /// 30° turn, scale (2, 0.5), moved to (40, 50): a = 2·cos 30° = √3,
  /// b = 2·sin 30° = 1, c = −0.5·sin 30° = −0.25, d = 0.5·cos 30° = √3/4.
  static let turned = FrameDocument.LayerTransform(
    a: 3.0.squareRoot(), b: 1, c: -0.25, d: 3.0.squareRoot() / 4, tx: 40, ty: 50)

  @Test("a still draws the layer through its matrix at that frame, entries to 4 decimals")
  func stillMatrix() {
    let identity = FrameDocument.LayerTransform.identity
    let (document, clip) = SVGVersion3Tests.dotDocument(
      frames: 3, tracks: SVGVersion3Tests.transformTracks([identity, identity, SVGVersion3Tests.turned]))
    let turned = SVGWriter.still(document, clip: clip, frame: 2)
    #expect(turned.contains(##"<g transform="matrix(1.7321 1 -0.25 0.433 40 50)"><circle cx="10" cy="0" fill="#ff0000" r="5"/></g>"##))
    // The identity at frame 0: drawn as in version 2, with no group.
    let plain = SVGWriter.still(document, clip: clip, frame: 0)
    #expect(plain.contains(##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">"## + "\n"
      + ##"<circle cx="10" cy="0" fill="#ff0000" r="5"/>"## + "\n</svg>"))
  }

  @Test("a shadow stays untransformed: its filter is on a group outside the transform")
  func shadowOutsideTheTransform() {
    let shadow = Shadow(color: Color(hex: "#000000")!, opacity: 0.5, offset: Point(3, 4), radius: 2)
    let (document, clip) = SVGVersion3Tests.dotDocument(
      frames: 1, tracks: SVGVersion3Tests.transformTracks([.init(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0)]), shadow: shadow)
    let svg = SVGWriter.still(document, clip: clip, frame: 0)
    #expect(svg.contains(##"<g filter="url(#lms0)"><g transform="matrix(2 0 0 2 0 0)"><circle cx="10" cy="0" fill="#ff0000" r="5"/></g></g>"##))
    #expect(svg.contains(#"<feDropShadow dx="3" dy="4" stdDeviation="2""#))
  }

  /// Cases of the decomposition, each with its parts worked out by hand.
  static let decompositions: [(name: String, m: FrameDocument.LayerTransform, parts: [Double])] = [
    ("turn, non-uniform scale, move", turned, [40, 50, 30, 2, 0.5, 0]),
    // A mirror in x: det −1. From atan2(0, −1) = 180°; sy = det / sx = −1.
    ("mirror", .init(a: -1, b: 0, c: 0, d: 1, tx: 0, ty: 0), [0, 0, 180, 1, -1, 0]),
    // c = 0.5 with a = d = 1: tan φ = (a·c + b·d) / sx² = 0.5, φ = 26.565…°.
    ("skew", .init(a: 1, b: 0, c: 0.5, d: 1, tx: -3, ty: 7), [-3, 7, 0, 1, 1, atan(0.5) * 180 / Double.pi]),
    // A quarter turn mirrored: a = 0, b = 1, c = 1, d = 0 (det −1).
    ("turned mirror", .init(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0), [0, 0, 90, 1, -1, 0]),
    // Singular (det 0), drawn as a line: sy = 0, tan φ = (2·4 + 0·0) / 2² = 2.
    ("singular", .init(a: 2, b: 0, c: 4, d: 0, tx: 1, ty: 1), [1, 1, 0, 2, 0, atan(2) * 180 / Double.pi]),
  ]

  @Test("each frame's matrix is translate, rotate, scale and skewX, which compose back to it", arguments: 0..<5)
  func decomposition(index: Int) {
    let (name, m, expected) = SVGVersion3Tests.decompositions[index]
    let parts = SVGTransformParts(m, near: nil)
    let found = [parts.tx, parts.ty, parts.rotation, parts.sx, parts.sy, parts.skew]
    for (value, hand) in zip(found, expected) {
      #expect((value - hand).magnitude < 1e-9, "\(name): \(found), expected \(expected)")
    }
    let back = SVGVersion3Tests.composed(
      tx: parts.tx, ty: parts.ty, degrees: parts.rotation, sx: parts.sx, sy: parts.sy, skew: parts.skew)
    for (value, entry) in zip(back, [m.a, m.b, m.c, m.d, m.tx, m.ty]) {
      #expect((value - entry).magnitude < 1e-9, "\(name): composed \(back)")
    }
  }

  @Test("a scale going through 0 keeps its angle: the mirror is a negative scale, not a half turn")
  func flipKeepsItsAngle() {
    // Frame before: a 10° turn. Now scaled by −0.5 in x: atan2 gives
    // 190°, whose opposite, 10°, is nearer, with sx −0.5 and sy 1.
    let r = 10 * Double.pi / 180
    let m = FrameDocument.LayerTransform(a: -0.5 * cos(r), b: -0.5 * sin(r), c: -sin(r), d: cos(r), tx: 0, ty: 0)
    let parts = SVGTransformParts(m, near: 10)
    #expect((parts.rotation - 10).magnitude < 1e-9)
    #expect((parts.sx + 0.5).magnitude < 1e-9)
    #expect((parts.sy - 1).magnitude < 1e-9)
    #expect(parts.skew.magnitude < 1e-9)
    // A steady turn past 180° goes on rather than back.
    #expect((SVGTransformParts(.init(a: -1, b: -0.0001, c: 0.0001, d: -1, tx: 0, ty: 0), near: 175).rotation - 180.0057).magnitude < 1e-4)
  }

  @Test("a moving layer animates only the parts that change, linearly, from its base in CSS")
  func animatedTranslate() {
    // Moved 10 pt a frame along x, turned a constant quarter turn.
    let frames = (0..<4).map { FrameDocument.LayerTransform(a: 0, b: 1, c: -1, d: 0, tx: Double($0) * 10, ty: 0) }
    let (document, clip) = SVGVersion3Tests.dotDocument(frames: 4, tracks: SVGVersion3Tests.transformTracks(frames))
    let svg = SVGWriter.animated(document, clip: clip)
    #expect(svg.contains("<style>.a{animation:0.3s linear forwards}.t{transform-box:view-box;transform-origin:0 0}"
      + "@keyframes lmk0{0%{translate:0px 0px}100%{translate:30px 0px}}"
      + "#lmg0{translate:30px 0px;rotate:90deg;animation-name:lmk0}"))
    #expect(svg.contains(##"<g id="lmg0" class="a t"><circle cx="10" cy="0" fill="#ff0000" r="5"/></g>"##))
    #expect(!svg.contains("matrix("))
  }

  @Test("a periodic track plays its own period: keyframes over L frames, animation-duration L / fps")
  func periodicTrack() {
    // Scale 1, 2, 3, 4 every 4 frames (r 5 to 20), opacity per frame over
    // the clip's 6: the layer repeats after lcm(4, 6) = 12 frames, but r
    // plays 4 of them in 0.4 s and opacity the clip's 6 in 0.6 s.
    let (document, clip) = SVGVersion3Tests.dotDocument(
      frames: 6, loop: true,
      tracks: [
        .init(layer: "dot", property: .scale, values: .periodic([1, 2, 3, 4])),
        .init(layer: "dot", property: .opacity, values: .frames([1, 1, 1, 0.5, 0.5, 0.5])),
      ])
    let svg = SVGWriter.animated(document, clip: clip)
    // A line through 5, 10, 15, 20, its last frame held to 100 %.
    #expect(svg.contains("@keyframes lmk0{0%{r:5px}75%{r:20px}100%{r:20px}}"))
    #expect(svg.contains("#lm0{animation-name:lmk0,lmk1;animation-duration:0.4s,0.6s}"))
    #expect(svg.contains(".a{animation:0.6s linear infinite}"))
    // A still reads frame n of the play: frame 7 is scale value 7 mod 4 = 3
    // (4, r 20) and opacity 7 mod 6 = 1 (1); frame 5, scale 2 (r 10), opacity 0.5.
    #expect(SVGWriter.still(document, clip: clip, frame: 7).contains(##"<circle cx="10" cy="0" fill="#ff0000" r="20"/>"##))
    #expect(SVGWriter.still(document, clip: clip, frame: 5).contains(##"<circle cx="10" cy="0" fill="#ff0000" r="10" opacity="0.5"/>"##))
  }

  @Test("a clip of one frame whose tracks are all periodic still animates")
  func periodicOnly() {
    let (document, clip) = SVGVersion3Tests.dotDocument(
      frames: 1, loop: true, tracks: [.init(layer: "dot", property: .scale, values: .periodic([1, 3]))])
    let svg = SVGWriter.animated(document, clip: clip)
    #expect(svg.contains("@keyframes lmk0{0%{r:5px}50%{r:15px}100%{r:15px}}"))
    #expect(svg.contains("#lm0{animation-name:lmk0;animation-duration:0.2s}"))
  }

  /// A triangle whose first vertex moves down 1 pt a frame, filled.
  static func polygonDocument() -> (FrameDocument, FrameDocument.Clip) {
    let layer = FrameDocument.Layer(id: "face", shape: .polygon(vertexCount: 3), style: Style(fill: Color(hex: "#00ff00")!))
    let values: [(FrameDocument.TrackProperty, Int, FrameDocument.TrackValues)] = [
      (.x, 0, .constant(10)), (.y, 0, .frames([10, 11, 12, 13])), (.x, 1, .constant(30)), (.y, 1, .constant(10)),
      (.x, 2, .constant(20.125)), (.y, 2, .constant(30)),
    ]
    let tracks = values.map { FrameDocument.Track(layer: "face", property: $0.0, vertex: $0.1, values: $0.2) }
      + [.init(layer: "face", property: .opacity, values: .constant(1))]
    let clip = FrameDocument.Clip(name: "main", index: .time, frameCount: 4, duration: 0.3, loop: false, tracks: tracks)
    return (FrameDocument(preset: "face", fps: 10, width: 40, height: 40, layers: [layer], clips: [clip]), clip)
  }

  @Test("a polygon is a closed path of its vertices at the frame; its animation fits them")
  func polygon() {
    let (document, clip) = SVGVersion3Tests.polygonDocument()
    // Frame 2: (10, 12), (30, 10), (20.125, 30), the last written to 2 decimals.
    #expect(SVGWriter.still(document, clip: clip, frame: 2).contains(##"<path d="M10 12L30 10L20.13 30Z" fill="#00ff00"/>"##))
    // y0 moves steadily: two keys, a line between matching commands.
    let svg = SVGWriter.animated(document, clip: clip)
    #expect(svg.contains(#"@keyframes lmk0{0%{d:path("M10 10L30 10L20.13 30Z")}100%{d:path("M10 13L30 10L20.13 30Z")}}"#))
  }
}
