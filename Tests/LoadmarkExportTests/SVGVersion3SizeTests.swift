import Foundation
import LoadmarkCore
import LoadmarkTestSupport
import Testing

@testable import LoadmarkExport

/// The animated SVG's size budget for version 3 documents shaped as
/// NVActivityIndicatorView's indicators are: built here from their
/// animations' keyframes (values, key times, timing functions, durations),
/// on a 60 × 60 pt canvas at 60 fps, rounded to 4 decimals as compact
/// documents are.
struct SVGVersion3SizeTests {
  /// The most bytes such an animated SVG may have after `gzip -9`.
  static let gzipBudget = 6144
  static let fps = 60.0

  /// A keyframe animation's value at `t` seconds: `values` at `keyTimes`
  /// (fractions of `duration`), each step eased by `timing`, repeating,
  /// started `begin` seconds late (holding its first value before).
  static func keyed(
    _ t: Double, duration: Double, keyTimes: [Double], values: [Double], timing: TimingFunction = .easeInEaseOut,
    begin: Double = 0
  ) -> Double {
    guard t >= begin else { return values[0] }
    let phase = ((t - begin) / duration).truncatingRemainder(dividingBy: 1)
    var k = 0
    while k + 2 < keyTimes.count && phase >= keyTimes[k + 1] { k += 1 }
    let u = (phase - keyTimes[k]) / (keyTimes[k + 1] - keyTimes[k])
    return values[k] + (values[k + 1] - values[k]) * timing(min(max(u, 0), 1))
  }

  static func rounded(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }

  /// A looping document of `frames` frames; `tracks` per layer id as
  /// (property, vertex, values per frame), or periodic values.
  static func document(
    _ name: String, layers: [FrameDocument.Layer], frames: Int,
    tracks: [(String, FrameDocument.TrackProperty, Int?, FrameDocument.TrackValues)]
  ) -> (FrameDocument, FrameDocument.Clip) {
    let clip = FrameDocument.Clip(
      name: "loop", index: .time, frameCount: frames, duration: Double(frames) / fps, loop: true,
      tracks: tracks.map { FrameDocument.Track(layer: $0.0, property: $0.1, vertex: $0.2, values: $0.3) })
    return (FrameDocument(preset: name, fps: fps, width: 60, height: 60, layers: layers, clips: [clip]), clip)
  }

  /// Values per frame, collapsed to a constant where they do not change.
  static func perFrame(_ frames: Int, _ value: (Double) -> Double) -> FrameDocument.TrackValues {
    .init(collapsing: (0..<frames).map { rounded(value(Double($0) / fps)) })
  }

  /// The six transform tracks of `layer` from a matrix per time.
  static func transform(
    _ layer: String, frames: Int, _ matrix: (Double) -> FrameDocument.LayerTransform
  ) -> [(String, FrameDocument.TrackProperty, Int?, FrameDocument.TrackValues)] {
    let matrices = (0..<frames).map { matrix(Double($0) / fps) }
    let entries: [(FrameDocument.LayerTransform) -> Double] = [\.a, \.b, \.c, \.d, \.tx, \.ty]
    return zip(FrameDocument.TrackProperty.transform, entries).map { property, entry in
      (layer, property, nil, .init(collapsing: matrices.map { rounded(entry($0)) }))
    }
  }

  static let color = Color(hex: "#3478f6")!

  /// ballZigZag: two dots moving through three points in 0.7 s, linearly
  /// between keys, the second mirrored.
  static func zigZag() -> (FrameDocument, FrameDocument.Clip) {
    let frames = 42
    var layers: [FrameDocument.Layer] = []
    var tracks: [(String, FrameDocument.TrackProperty, Int?, FrameDocument.TrackValues)] = []
    for (k, sign) in [-1.0, 1.0].enumerated() {
      let id = "dot\(k)"
      layers.append(.init(id: id, shape: .dot(center: Point(0, 0), radius: 7), style: Style(fill: color)))
      tracks += [(id, .scale, nil, .constant(1)), (id, .opacity, nil, .constant(1))]
      tracks += transform(id, frames: frames) { t in
        let times: [Double] = [0, 1.0 / 3, 2.0 / 3, 1]
        let x = keyed(t, duration: 0.7, keyTimes: times, values: [0.0, -15, 15, 0].map { $0 * sign }, timing: .linear)
        let y = keyed(t, duration: 0.7, keyTimes: times, values: [0.0, -22, -22, 0].map { $0 * sign }, timing: .linear)
        return .init(a: 1, b: 0, c: 0, d: 1, tx: 30 + x, ty: 30 + y)
      }
    }
    return document("nv-ball-zig-zag", layers: layers, frames: frames, tracks: tracks)
  }

  /// lineScale: five bars scaled in y, 1, 0.4, 1 over 1 s, begun 0.1 s apart.
  static func lineScale() -> (FrameDocument, FrameDocument.Clip) {
    let frames = 60
    var layers: [FrameDocument.Layer] = []
    var tracks: [(String, FrameDocument.TrackProperty, Int?, FrameDocument.TrackValues)] = []
    let timing = TimingFunction(controlPoints: 0.2, 0.68, 0.18, 1.08)
    for k in 0..<5 {
      let id = "bar\(k)"
      layers.append(.init(id: id, shape: .roundedRect(Rect(x: -3, y: -15, width: 6, height: 30), cornerRadius: 3), style: Style(fill: color)))
      tracks.append((id, .opacity, nil, .constant(1)))
      tracks += transform(id, frames: frames) { t in
        // Looped from the start: every bar has begun (a second later).
        let s = keyed(t + 1, duration: 1, keyTimes: [0, 0.5, 1], values: [1, 0.4, 1], timing: timing, begin: 0.1 * Double(k + 1))
        return .init(a: 1, b: 0, c: 0, d: s, tx: 10 + 10 * Double(k), ty: 30)
      }
    }
    return document("nv-line-scale", layers: layers, frames: frames, tracks: tracks)
  }

  /// ballClipRotate: a three-quarter ring turning once in 0.75 s while it
  /// scales 1, 0.6, 1, its stroke scaled with it.
  static func clipRotate() -> (FrameDocument, FrameDocument.Clip) {
    let frames = 45
    let layer = FrameDocument.Layer(id: "ring", shape: .arc(center: Point(0, 0), radius: 25), style: Style(stroke: color, lineWidth: 2))
    var tracks: [(String, FrameDocument.TrackProperty, Int?, FrameDocument.TrackValues)] = [
      ("ring", .start, nil, .constant(0)), ("ring", .sweep, nil, .constant(1.5 * Double.pi)), ("ring", .opacity, nil, .constant(1)),
    ]
    tracks += transform("ring", frames: frames) { t in
      let s = keyed(t, duration: 0.75, keyTimes: [0, 0.5, 1], values: [1, 0.6, 1], timing: .linear)
      let r = keyed(t, duration: 0.75, keyTimes: [0, 0.5, 1], values: [0, Double.pi, 2 * Double.pi], timing: .linear)
      return .init(a: s * cos(r), b: s * sin(r), c: -s * sin(r), d: s * cos(r), tx: 30, ty: 30)
    }
    return document("nv-ball-clip-rotate", layers: [layer], frames: frames, tracks: tracks)
  }

  /// squareSpin: a square turned about x, then y, then x and y back, each
  /// a half turn, in 3 s, seen in perspective (m34 = −1/100): a polygon.
  static func squareSpin() -> (FrameDocument, FrameDocument.Clip) {
    let frames = 180
    let layer = FrameDocument.Layer(id: "face", shape: .polygon(vertexCount: 4), style: Style(fill: color))
    let timing = TimingFunction(controlPoints: 0.09, 0.57, 0.49, 0.9)
    let times = [0, 0.25, 0.5, 0.75, 1.0]
    var tracks: [(String, FrameDocument.TrackProperty, Int?, FrameDocument.TrackValues)] = []
    for (v, corner) in [(-15.0, -15.0), (15, -15), (15, 15), (-15, 15)].enumerated() {
      func project(_ t: Double) -> Point {
        let rx = keyed(t, duration: 3, keyTimes: times, values: [0, Double.pi, Double.pi, 0, 0], timing: timing)
        let ry = keyed(t, duration: 3, keyTimes: times, values: [0, 0, Double.pi, Double.pi, 0], timing: timing)
        // Turned about x, then y; the eye 100 pt in front.
        let (x, y) = corner
        let y1 = y * cos(rx)
        let z1 = y * sin(rx)
        let x2 = x * cos(ry) + z1 * sin(ry)
        let z2 = -x * sin(ry) + z1 * cos(ry)
        let w = 1 - z2 / 100
        return Point(30 + x2 / w, 30 + y1 / w)
      }
      tracks.append(("face", .x, v, perFrame(frames) { project($0).x }))
      tracks.append(("face", .y, v, perFrame(frames) { project($0).y }))
    }
    tracks.append(("face", .opacity, nil, .constant(1)))
    return document("nv-square-spin", layers: [layer], frames: frames, tracks: tracks)
  }

  /// ballGridPulse: nine dots scaling 1, 0.5, 1 and fading 1, 0.7, 1, each
  /// on its own duration: periodic tracks of the fewest frames that hold
  /// whole cycles (216 for 0.72 s at 60 fps).
  static func gridPulse() -> (FrameDocument, FrameDocument.Clip) {
    let durations = [0.72, 1.02, 1.28, 1.42, 1.45, 1.18, 0.87, 1.45, 1.06]
    let begins = [-0.06, 0.25, -0.17, 0.48, 0.31, 0.03, 0.46, 0.78, 0.45]
    var layers: [FrameDocument.Layer] = []
    var tracks: [(String, FrameDocument.TrackProperty, Int?, FrameDocument.TrackValues)] = []
    var longest = 1
    for (k, duration) in durations.enumerated() {
      let id = "dot\(k)"
      layers.append(.init(
        id: id, shape: .dot(center: Point(10 + 20 * Double(k % 3), 10 + 20 * Double(k / 3)), radius: 8), style: Style(fill: color)))
      var period = 1
      // Whole cycles of a whole number of frames (within the rounding of
      // duration · fps: 5 · 0.72 · 60 is 216.00000000000003).
      while (Double(period) * duration * fps - (Double(period) * duration * fps).rounded()).magnitude > 1e-9 { period += 1 }
      let length = Int((Double(period) * duration * fps).rounded())
      longest = max(longest, length)
      func values(_ keys: [Double]) -> FrameDocument.TrackValues {
        .periodic((0..<length).map { j in
          rounded(keyed(Double(j) / fps - begins[k] + duration, duration: duration, keyTimes: [0, 0.5, 1], values: keys, timing: .linear))
        })
      }
      tracks += [(id, .scale, nil, values([1, 0.5, 1])), (id, .opacity, nil, values([1, 0.7, 1]))]
    }
    return document("nv-ball-grid-pulse", layers: layers, frames: longest, tracks: tracks)
  }

  static let names = ["zig-zag", "line scale", "clip rotate", "square spin", "grid pulse"]

  static func indicator(_ index: Int) -> (FrameDocument, FrameDocument.Clip) {
    switch index {
    case 0: return zigZag()
    case 1: return lineScale()
    case 2: return clipRotate()
    case 3: return squareSpin()
    default: return gridPulse()
    }
  }

  @Test("an NVActivityIndicatorView-like version 3 indicator's animated SVG is at most 6 KB gzipped", arguments: 0..<5)
  func sizeBudget(index: Int) throws {
    let name = SVGVersion3SizeTests.names[index]
    let (document, clip) = SVGVersion3SizeTests.indicator(index)
    #expect(document.version3Feature != nil, "\(name) is a version 3 document")
    let svg = SVGWriter.animated(document, clip: clip)
    let size = try gzipSize(Data(svg.utf8))
    #expect(size <= SVGVersion3SizeTests.gzipBudget, "\(name): \(size) bytes gzipped, \(svg.utf8.count) raw")
    // The budget holds without giving up the encoding: no layer is drawn
    // by matrix keyframes, and a moving layer's parts are CSS properties.
    #expect(!svg.contains("matrix("))
  }

  @Test("the grid's dots each play their own period, with no common multiple")
  func gridPeriods() {
    let (document, clip) = SVGVersion3SizeTests.gridPulse()
    let svg = SVGWriter.animated(document, clip: clip)
    // 216 frames (5 cycles of 0.72 s) is 3.6 s; 87 (one of 1.45 s) 1.45 s;
    // the clip is the longest, 426 frames (5 of 1.42 s), 7.1 s, which its
    // own dot plays with no duration of its own.
    #expect(svg.contains("#lm0{animation-name:lmk0,lmk1;animation-duration:3.6s,3.6s}"))
    #expect(svg.contains("animation-duration:1.45s,1.45s}"))
    #expect(svg.contains(".a{animation:7.1s linear infinite}"))
    #expect(svg.contains("#lm3{animation-name:lmk6,lmk7}"))
  }
}
