import LoadmarkCore

/// The SVG elements that draw a document's layers, with the values that
/// change per frame, for the still and the animated writer alike.
///
/// Each layer becomes what the web player draws for it:
/// - an `arc` stroke: a `<circle>` dashed to the arc's length and rotated to
///   its first point (a negative sweep drawn from its end, clockwise);
/// - a `path` stroke: one `<path>` per subpath, dashed to the part of the
///   trimmed range that falls on it (the dash pattern restarts at each
///   subpath, so the range is split by subpath lengths);
/// - a fill: the untrimmed shape, also for arcs (as a path) and dots;
/// - a `polygon` (format version 3): a `<path>` of its vertices, closed;
/// - opacity: `opacity` on each element, 0 where a stroke is empty so that
///   no round cap draws a dot;
/// - a layer's transform (version 3): kept beside its elements, which the
///   writer draws inside a `<g>` that carries it.
struct SVGScene {
  /// One drawn element.
  struct Element {
    /// `circle`, `path` or `rect`.
    var name: String
    /// Attributes that never change, in written order.
    var attributes: [(String, String)]
    /// The rotation in degrees about `center`, continuous across frames.
    var rotation: [Double]?
    var center = Point(0, 0)
    /// `stroke-dasharray` when it never changes.
    var dashArray: String?
    /// The dash length when it changes, with the gap that follows it.
    var dash: [Double]?
    var gap = 0.0
    /// `stroke-dashoffset`.
    var dashOffset: [Double]?
    /// For a dashed closed stroke (an arc, a subpath ending where it starts)
    /// that some frames draw whole, which frames do: there it has no dash,
    /// since a dash covering a closed shape leaves a seam where it meets
    /// itself. Nil when no frame does; a stroke whole wherever it is seen
    /// has no dash at all.
    var whole: [Bool]?
    /// The length dash values are measured against (`pathLength`), so that
    /// a browser's own measure of the path does not move a dash's end.
    var pathLength: Double?
    /// The dot's radius (`r`).
    var radius: [Double]?
    /// The arc fill's outline (`d`).
    var outline: [String]?
    /// The element's opacity at each frame.
    var opacity: [Double]
    /// The filter id of its shadow, if any.
    var shadow: String?
    /// Its layer's transform at each frame (format version 3); nil where it
    /// is the identity at every frame.
    var transform: [FrameDocument.LayerTransform]?
    /// How far from its layer's origin the drawing reaches, in the layer's
    /// points, stroke included: what a turn or a scale of the layer moves
    /// a point by (``SVGWriter`` fits a transform's parts against it).
    var reach = 0.0
    /// A polygon's vertex coordinates at each frame (x0, y0, x1, …), which
    /// its `outline` writes; nil for other shapes and a still polygon.
    var vertices: [[Double]]?
  }

  var elements: [Element] = []
  /// `<filter>` definitions by id.
  var filters: [(id: String, markup: String)] = []

  /// Decimals of coordinates and lengths.
  static let lengthDecimals = 2
  /// Decimals of opacities.
  static let opacityDecimals = 3
  /// Decimals of angles in degrees.
  static let angleDecimals = 2

  /// The elements for `frames` of `clip`, read as the clip plays
  /// (``FrameDocument/Clip/value(of:atFrame:)``).
  init(_ document: FrameDocument, clip: FrameDocument.Clip, frames: [Int], accent: Color?, idPrefix: String) {
    self.init(document, clip: clip, layerFrames: { _ in frames }, accent: accent, idPrefix: idPrefix)
  }

  /// The elements of each layer for its own frames, `layerFrames(i)` for
  /// layer i: a layer whose tracks repeat at their own periods (version 3)
  /// is read over its own loop.
  init(
    _ document: FrameDocument, clip: FrameDocument.Clip, layerFrames: (Int) -> [Int], accent: Color?, idPrefix: String
  ) {
    for (index, layer) in document.layers.enumerated() {
      let frames = layerFrames(index)
      let track = { (property: FrameDocument.TrackProperty) -> [Double] in
        guard let track = clip.track(layer.id, property) else { return frames.map { _ in 0 } }
        return frames.map { clip.value(of: track, atFrame: $0) }
      }
      let transforms = frames.map { clip.transform(of: layer.id, atFrame: $0) }
      let transform = transforms.allSatisfy(\.isIdentity) ? nil : transforms
      let vertices = SVGScene.vertices(layer, clip: clip, frames: frames)
      let opacity = track(.opacity).map { $0 > 0 ? min($0, 1) : 0 }
      var style = layer.style
      if layer.accent, let accent {
        if style.stroke != nil { style.stroke = accent } else { style.fill = accent }
      }
      var shadowID: String?
      if let shadow = style.shadow, shadow.color.alpha > 0, shadow.opacity > 0,
        shadow.radius > 0 || shadow.offset != Point(0, 0)
      {
        let id = "\(idPrefix)s\(index)"
        filters.append((id, SVGScene.filter(id, shadow, width: document.width, height: document.height)))
        shadowID = id
      }
      let reach = SVGScene.reach(layer.shape, track: track, vertices: vertices)
        + (style.stroke == nil ? 0 : style.lineWidth / 2)
      if let fill = style.fill {
        var element = fillElement(layer, track: track, opacity: opacity, vertices: vertices)
        element.attributes += SVGScene.paint("fill", fill)
        element.shadow = shadowID
        element.transform = transform
        element.reach = reach
        elements.append(element)
      }
      if let stroke = style.stroke {
        var strokeAttributes = [("fill", "none")] + SVGScene.paint("stroke", stroke)
        strokeAttributes.append(("stroke-width", DecimalText.format(style.lineWidth, decimals: SVGScene.lengthDecimals)))
        if style.lineCap != .butt { strokeAttributes.append(("stroke-linecap", style.lineCap.rawValue)) }
        if style.lineJoin != .miter { strokeAttributes.append(("stroke-linejoin", style.lineJoin.rawValue)) }
        if style.miterLimit != 4 { strokeAttributes.append(("stroke-miterlimit", DecimalText.format(style.miterLimit, decimals: 2))) }
        for var element in strokeElements(layer, track: track, opacity: opacity, vertices: vertices) {
          element.attributes += strokeAttributes
          element.shadow = shadowID
          element.transform = transform
          element.reach = reach
          elements.append(element)
        }
      }
    }
  }

  /// `fill="#rrggbb"` and, below full alpha, `fill-opacity`.
  static func paint(_ name: String, _ color: Color) -> [(String, String)] {
    var opaque = color
    opaque.alpha = 255
    var result = [(name, opaque.hex)]
    if color.alpha < 255 {
      result.append((name + "-opacity", DecimalText.format(Double(color.alpha) / 255, decimals: 3)))
    }
    return result
  }

  /// A drop shadow as canvas draws it: the element's alpha blurred with
  /// σ = radius, offset, flooded with the shadow colour at its opacity; the
  /// region is the whole canvas, which clips a canvas shadow too.
  static func filter(_ id: String, _ shadow: Shadow, width: Double, height: Double) -> String {
    func f(_ v: Double) -> String { DecimalText.format(v, decimals: lengthDecimals) }
    var color = shadow.color
    let alpha = Double(color.alpha) / 255 * shadow.opacity
    color.alpha = 255
    return "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(f(width))\" height=\"\(f(height))\" "
      + "color-interpolation-filters=\"sRGB\"><feDropShadow dx=\"\(f(shadow.offset.x))\" dy=\"\(f(shadow.offset.y))\" "
      + "stdDeviation=\"\(f(shadow.radius))\" flood-color=\"\(color.hex)\" flood-opacity=\"\(DecimalText.format(alpha, decimals: 4))\"/></filter>"
  }

  /// A polygon's vertex coordinates at each of `frames` (x0, y0, x1, …),
  /// nil for other shapes.
  static func vertices(_ layer: FrameDocument.Layer, clip: FrameDocument.Clip, frames: [Int]) -> [[Double]]? {
    guard case .polygon(let count) = layer.shape else { return nil }
    let tracks = (0..<count).flatMap { [clip.track(layer.id, .x, vertex: $0), clip.track(layer.id, .y, vertex: $0)] }
    return frames.map { frame in tracks.map { $0.map { clip.value(of: $0, atFrame: frame) } ?? 0 } }
  }

  /// How far from the layer's origin its shape reaches at any frame, its
  /// stroke aside: the farthest corner, end point or arc's edge.
  static func reach(
    _ shape: FrameDocument.Shape, track: (FrameDocument.TrackProperty) -> [Double], vertices: [[Double]]?
  ) -> Double {
    let origin = Point(0, 0)
    switch shape {
    case .arc(let center, let radius):
      return center.distance(to: origin) + radius
    case .dot(let center, let radius):
      return center.distance(to: origin) + radius * (track(.scale).map(\.magnitude).max() ?? 1)
    case .roundedRect(let rect, _):
      let xs = [rect.origin.x, rect.origin.x + rect.width]
      let ys = [rect.origin.y, rect.origin.y + rect.height]
      return xs.flatMap { x in ys.map { Point(x, $0).distance(to: origin) } }.max() ?? 0
    case .path(let path):
      var result = 0.0
      for subpath in path.subpaths {
        result = max(result, subpath.start.distance(to: origin))
        for segment in subpath.segments {
          switch segment {
          case .line(let point): result = max(result, point.distance(to: origin))
          case .arc(let arc): result = max(result, arc.center.distance(to: origin) + arc.radius)
          }
        }
      }
      return result
    case .polygon:
      var result = 0.0
      for frame in vertices ?? [] {
        for i in stride(from: 0, to: frame.count - 1, by: 2) {
          result = max(result, Point(frame[i], frame[i + 1]).distance(to: origin))
        }
      }
      return result
    }
  }

  /// The untrimmed shape, filled.
  private func fillElement(
    _ layer: FrameDocument.Layer, track: (FrameDocument.TrackProperty) -> [Double], opacity: [Double],
    vertices: [[Double]]?
  ) -> Element {
    func f(_ v: Double) -> String { DecimalText.format(v, decimals: SVGScene.lengthDecimals) }
    switch layer.shape {
    case .arc(let center, let radius):
      let outlines = zip(track(.start), track(.sweep)).map { SVGPathData.arc(center: center, radius: radius, start: $0, sweep: $1) }
      let visible = zip(opacity, outlines).map { $1.isEmpty ? 0 : $0 }
      return Element(name: "path", attributes: [], outline: outlines, opacity: visible)
    case .dot(let center, let radius):
      return Element(
        name: "circle", attributes: [("cx", f(center.x)), ("cy", f(center.y))],
        radius: track(.scale).map { radius * $0 }, opacity: opacity)
    case .roundedRect(let rect, let cornerRadius):
      let r = min(max(cornerRadius, 0), min(rect.width, rect.height) / 2)
      var attributes = [("x", f(rect.origin.x)), ("y", f(rect.origin.y)), ("width", f(rect.width)), ("height", f(rect.height))]
      if r > 0 { attributes.append(("rx", f(r))) }
      return Element(name: "rect", attributes: attributes, opacity: opacity)
    case .path(let path):
      return Element(name: "path", attributes: [("d", SVGPathData.path(path))], opacity: opacity)
    case .polygon:
      let frames = vertices ?? []
      let outlines = frames.map(SVGPathData.polygon)
      guard let first = outlines.first, outlines.contains(where: { $0 != first }) else {
        return Element(name: "path", attributes: [("d", outlines.first ?? "")], opacity: opacity)
      }
      return Element(name: "path", attributes: [], outline: outlines, opacity: opacity, vertices: frames)
    }
  }

  /// The stroked elements of a layer.
  private func strokeElements(
    _ layer: FrameDocument.Layer, track: (FrameDocument.TrackProperty) -> [Double], opacity: [Double],
    vertices: [[Double]]?
  ) -> [Element] {
    func f(_ v: Double) -> String { DecimalText.format(v, decimals: SVGScene.lengthDecimals) }
    switch layer.shape {
    case .arc(let center, let radius):
      // The circle starts at 3 o'clock and runs clockwise; it is turned so
      // that the dash starts where the arc does.
      let circumference = 2 * Double.pi * radius
      let gap = SVGScene.roundedUp(circumference)
      let sweeps = track(.sweep)
      let starts = zip(track(.start), sweeps).map { start, sweep in (start + min(sweep, 0)) * 180 / Double.pi }
      let lengths = sweeps.map { min($0.magnitude, 2 * Double.pi) * radius }
      let visible = zip(opacity, lengths).map { radius > 0 && $1 > 0 ? $0 : 0 }
      let whole = SVGScene.wholeWhereSeen(sweeps.map { $0.magnitude >= 2 * Double.pi }, opacity: visible)
      let circle = [("cx", f(center.x)), ("cy", f(center.y)), ("r", f(radius))]
      if !whole.contains(false) {
        // A full circle wherever it is seen: no dash to meet itself, no turn.
        return [Element(name: "circle", attributes: circle, opacity: visible)]
      }
      return [Element(
        name: "circle", attributes: circle, rotation: KeyframeFit.unwrapped(degrees: starts), center: center,
        dashArray: "\(f(gap)) \(f(gap))", dashOffset: lengths.map { gap - $0 },
        whole: whole.contains(true) ? whole : nil, pathLength: circumference, opacity: visible)]
    case .dot(let center, let radius):
      return [Element(
        name: "circle", attributes: [("cx", f(center.x)), ("cy", f(center.y))],
        radius: track(.scale).map { radius * $0 }, opacity: opacity)]
    case .polygon:
      // Closed: its stroke is the outline its fill has, joined at every vertex.
      return [fillElement(layer, track: track, opacity: opacity, vertices: vertices)]
    case .roundedRect:
      var element = fillElement(layer, track: track, opacity: opacity, vertices: vertices)
      element.name = "rect"
      return [element]
    case .path(let path):
      let kept = zip(track(.strokeStart), track(.strokeEnd)).map { path.trimmedDistances(from: $0, to: $1) }
      var offset = 0.0
      var result: [Element] = []
      for subpath in path.subpaths {
        let single = Path([subpath])
        let length = single.length
        defer { offset += length }
        guard length > 0 else { continue }
        let gap = SVGScene.roundedUp(length)
        // The trimmed range on this subpath, in its own length.
        let windows = kept.map { distances -> (Double, Double) in
          guard let (lower, upper) = distances else { return (0, 0) }
          let a = min(max(lower - offset, 0), length)
          let b = min(max(upper - offset, 0), length)
          return a < b ? (a, b) : (0, 0)
        }
        let visible = zip(opacity, windows).map { $1.1 > $1.0 ? $0 : 0 }
        let whole = SVGScene.wholeWhereSeen(windows.map { $0.0 == 0 && $0.1 == length }, opacity: visible)
        var element = Element(name: "path", attributes: [("d", SVGPathData.path(single))], pathLength: length, opacity: visible)
        if !whole.contains(false) {
          // Drawn whole wherever it is seen: no dash.
          result.append(element)
          continue
        }
        // An open subpath's dash ends where the path does, with its caps, and
        // cannot meet itself: it keeps its dash (and the bytes of a switch).
        if whole.contains(true), let end = subpath.segments.last?.endPoint, SVGScene.meet(end, subpath.start) {
          element.whole = whole
        }
        if windows.allSatisfy({ $0.0 == 0 }) {
          element.dashArray = "\(f(gap)) \(f(gap))"
          element.dashOffset = windows.map { gap - $0.1 }
        } else {
          element.dash = windows.map { $0.1 - $0.0 }
          element.gap = gap
          element.dashOffset = windows.map { -$0.0 }
        }
        result.append(element)
      }
      return result
    }
  }

  /// Which frames draw a stroke whole, each frame where it is not seen
  /// (opacity 0) taking the value of the last frame seen before it (of the
  /// first seen, before that), so that its dash switches only where it shows.
  static func wholeWhereSeen(_ whole: [Bool], opacity: [Double]) -> [Bool] {
    guard let firstSeen = opacity.firstIndex(where: { $0 > 0 }) else { return whole }
    var result = whole
    for i in result.indices where i < firstSeen || opacity[i] == 0 {
      result[i] = i < firstSeen ? whole[firstSeen] : result[i - 1]
    }
    return result
  }

  /// Whether two points are one where written (within the lengths'
  /// decimals): a subpath whose end meets its start is closed.
  static func meet(_ a: Point, _ b: Point) -> Bool {
    (a.x - b.x).magnitude < 0.005 && (a.y - b.y).magnitude < 0.005
  }

  /// `length` rounded up to the written decimals, so that a gap of it is
  /// never shorter than the path.
  static func roundedUp(_ length: Double) -> Double {
    (length * 100).rounded(.up) / 100 + 0.01
  }
}

/// SVG path data (`d`) for arcs and paths.
enum SVGPathData {
  static func f(_ v: Double) -> String { DecimalText.format(v, decimals: SVGScene.lengthDecimals) }

  /// `path` as `M`, `L` and `A` commands; an arc of a full turn as two half arcs.
  static func path(_ path: Path) -> String {
    var d: [String] = []
    for subpath in path.subpaths {
      d.append("M\(f(subpath.start.x)) \(f(subpath.start.y))")
      var current = subpath.start
      for segment in subpath.segments {
        switch segment {
        case .line(let point):
          d.append("L\(f(point.x)) \(f(point.y))")
        case .arc(let arc):
          if arc.startPoint != current { d.append("L\(f(arc.startPoint.x)) \(f(arc.startPoint.y))") }
          d.append(arcCommands(arc))
        }
        current = segment.endPoint
      }
    }
    return d.joined()
  }

  /// A polygon's outline, closed, from its vertex coordinates (x0, y0,
  /// x1, …): `M`, an `L` per further vertex, `Z`.
  static func polygon(_ coordinates: [Double]) -> String {
    var d = ""
    for i in stride(from: 0, to: coordinates.count - 1, by: 2) {
      d += (i == 0 ? "M" : "L") + "\(f(coordinates[i])) \(f(coordinates[i + 1]))"
    }
    return d + "Z"
  }

  /// An arc as a path of its own (`M` and `A`), empty for no sweep or radius.
  static func arc(center: Point, radius: Double, start: Double, sweep: Double) -> String {
    guard radius > 0, sweep != 0 else { return "" }
    let arc = Arc(center: center, radius: radius, start: start, sweep: max(-2 * Double.pi, min(sweep, 2 * Double.pi)))
    return "M\(f(arc.startPoint.x)) \(f(arc.startPoint.y))" + arcCommands(arc)
  }

  /// `A` commands from the arc's start to its end: one for under half a
  /// turn, two halves otherwise (an `A` cannot draw a full circle).
  static func arcCommands(_ arc: Arc) -> String {
    let r = f(arc.radius)
    let sweepFlag = arc.sweep > 0 ? 1 : 0
    func to(_ angle: Double, large: Bool) -> String {
      let p = arc.point(at: angle)
      return "A\(r) \(r) 0 \(large ? 1 : 0) \(sweepFlag) \(f(p.x)) \(f(p.y))"
    }
    if arc.sweep.magnitude <= Double.pi {
      return to(arc.start + arc.sweep, large: false)
    }
    return to(arc.start + arc.sweep / 2, large: false) + to(arc.start + arc.sweep, large: false)
  }
}
