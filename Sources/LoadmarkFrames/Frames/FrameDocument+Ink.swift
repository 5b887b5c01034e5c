import LoadmarkEngine

/// What a document draws, over every frame of every clip: the box of its
/// shapes' ink and, apart, the box its shadows reach. ``contentFrame``
/// turns them into the canvas an export crops to (`--canvas content`).
public struct DocumentInk: Equatable, Sendable {
  /// The fills and strokes: paint whose colour is not fully transparent,
  /// on frames where the layer's opacity is above 0.
  public var shapes: Bounds
  /// Where shadows reach: each shadowed layer's ink moved by the shadow's
  /// offset and grown by its radius (`Rule.contentCanvas`).
  public var shadows: Bounds

  /// The space kept around the shapes' ink, in points, so that no edge's
  /// anti-aliasing touches the canvas's border.
  public static let margin = 1.0

  /// `Rule.contentCanvas`: the canvas that shows this ink, centred on the
  /// shapes: each half-side is the larger of the shapes' reach from their
  /// centre plus ``margin`` and the shadows' reach from it (a shadow fades
  /// out at its radius and needs no margin; its fainter tail is let go,
  /// as the seeds' own views let it go), and each side is rounded up to
  /// whole points. Nil when nothing is drawn.
  public var contentFrame: Rect? {
    guard !shapes.isEmpty else { return nil }
    let cx = (shapes.minX + shapes.maxX) / 2
    let cy = (shapes.minY + shapes.maxY) / 2
    var halfWidth = max(shapes.maxX - cx, cx - shapes.minX) + DocumentInk.margin
    var halfHeight = max(shapes.maxY - cy, cy - shapes.minY) + DocumentInk.margin
    if !shadows.isEmpty {
      halfWidth = max(halfWidth, shadows.maxX - cx, cx - shadows.minX)
      halfHeight = max(halfHeight, shadows.maxY - cy, cy - shadows.minY)
    }
    let width = DocumentInk.wholeSide(2 * halfWidth)
    let height = DocumentInk.wholeSide(2 * halfHeight)
    return Rect(x: cx - width / 2, y: cy - height / 2, width: width, height: height)
  }

  /// Whether a canvas of `width` × `height` shows this ink centred and
  /// whole: its shapes' centre within half a point of the canvas's, its
  /// shapes and shadows inside it (`Rule.contentCanvas`, `--canvas auto`).
  /// Nothing drawn fits any canvas.
  public func fits(width: Double, height: Double) -> Bool {
    guard !shapes.isEmpty else { return true }
    let centred = abs((shapes.minX + shapes.maxX) / 2 - width / 2) <= 0.5
      && abs((shapes.minY + shapes.maxY) / 2 - height / 2) <= 0.5
    var reach = shapes
    reach.add(shadows)
    return centred && reach.minX >= 0 && reach.minY >= 0 && reach.maxX <= width && reach.maxY <= height
  }

  /// Adds the ink of a layer drawn with `style`, and its shadow's reach.
  mutating func add(_ box: Bounds, style: Style) {
    guard !box.isEmpty else { return }
    shapes.add(box)
    if let shadow = style.shadow, shadow.color.alpha > 0, shadow.opacity > 0 {
      shadows.add(box.offset(by: shadow.offset, growing: max(shadow.radius, 0)))
    }
  }

  /// `side` rounded up to whole points, at least 1. Arithmetic on angles
  /// leaves a box a few ulps over a whole number (a circle's ink measured
  /// as 42.000000000000007 wide); within a millionth it counts as that number.
  static func wholeSide(_ side: Double) -> Double {
    max(((side * 1_000_000).rounded() / 1_000_000).rounded(.up), 1)
  }
}

extension FrameDocument {
  /// What the document draws over every frame of every clip.
  public var ink: DocumentInk {
    var ink = DocumentInk(shapes: .empty, shadows: .empty)
    for layer in layers {
      for clip in clips {
        let tracks = layer.trackNames.map { name in
          name.vertex.map { clip.track(layer.id, name.property, vertex: $0) } ?? clip.track(layer.id, name.property)
        }
        // A periodic track shows every one of its values within its period;
        // the frames to visit are those of the clip or of its longest period.
        var frames = clip.frameCount
        for track in clip.tracks where track.layer == layer.id {
          if case .periodic(let values) = track.values { frames = max(frames, values.count) }
        }
        for frame in 0..<frames {
          let box = layer.ink(tracks.map { $0.map { clip.value(of: $0, atFrame: frame) } ?? 0 })
          ink.add(box.transformed(by: clip.transform(of: layer.id, atFrame: frame)), style: layer.style)
        }
      }
    }
    return ink
  }
}

extension FrameDocument.Layer {
  /// The box of what the layer draws with `values`, its tracks' values in
  /// the order of ``properties``; empty when it draws nothing.
  public func ink(_ values: [Double]) -> Bounds {
    shape.ink(style: style, values: values)
  }
}

extension FrameDocument.Shape {
  /// The box of what a layer of this shape draws with `style` and the
  /// track values `values[offset...]`, in the order of its kind's
  /// properties; empty when it draws nothing. No arrays are made, so the
  /// WebAssembly engine's crop costs little code.
  public func ink(style: Style, values: [Double], offset: Int = 0) -> Bounds {
    let count: Int
    switch self {
    case .arc, .path: count = 3
    case .dot: count = 2
    case .roundedRect: count = 1
    case .polygon(let vertexCount): count = 2 * vertexCount + 1
    }
    guard values[offset + count - 1] > 0 else { return .empty }
    let stroke = style.stroke.map { $0.alpha > 0 } ?? false
    let fill = style.fill.map { $0.alpha > 0 } ?? false
    var box = Bounds.empty
    let halfWidth = max(style.lineWidth, 0) / 2
    switch self {
    case .arc(let center, let radius):
      let arc = Arc(center: center, radius: radius, start: values[offset], sweep: values[offset + 1])
      guard arc.sweep != 0 else { return .empty }
      if fill { box.add(arc, radius: radius) }
      if stroke && halfWidth > 0 { box.addStroke(of: arc, halfWidth: halfWidth, cap: style.lineCap) }
    case .path(let path):
      if fill { box.addCentreLine(of: path) }
      if stroke && halfWidth > 0 { box.addStroke(of: path, from: values[offset], to: values[offset + 1], style: style) }
    case .dot(let center, let radius):
      let scale = values[offset]
      let r = radius * (scale < 0 ? -scale : scale)
      guard r > 0 else { return .empty }
      if fill { box.add(center, radius: r) }
      if stroke && halfWidth > 0 { box.add(center, radius: r + halfWidth) }
    case .roundedRect(let rect, _):
      guard rect.width > 0, rect.height > 0 else { return .empty }
      let grow = stroke ? halfWidth : 0
      if fill || stroke {
        box.add(Point(rect.origin.x - grow, rect.origin.y - grow))
        box.add(Point(rect.origin.x + rect.width + grow, rect.origin.y + rect.height + grow))
      }
    case .polygon(let vertexCount):
      // A miter join reaches up to miterLimit half widths from its vertex.
      let reach = stroke ? (style.lineJoin == .miter ? halfWidth * max(style.miterLimit, 1) : halfWidth) : 0
      guard fill || stroke else { return .empty }
      for vertex in 0..<vertexCount {
        box.add(Point(values[offset + 2 * vertex], values[offset + 2 * vertex + 1]), radius: reach)
      }
    }
    return box
  }
}

extension Bounds {
  /// The box around the four corners of this box drawn by `transform`,
  /// which holds what the box holds drawn by it; this box itself for the
  /// identity, and empty for an empty box.
  func transformed(by transform: FrameDocument.LayerTransform) -> Bounds {
    guard !transform.isIdentity, !isEmpty else { return self }
    var box = Bounds.empty
    for x in [minX, maxX] {
      for y in [minY, maxY] {
        box.add(Point(transform.a * x + transform.c * y + transform.tx, transform.b * x + transform.d * y + transform.ty))
      }
    }
    return box
  }

  /// Covers `arc`'s points on a circle of `radius` about its centre: its
  /// two ends and every point at a multiple of π/2 it passes (where it is
  /// furthest left, right, up or down), those exactly, so that a full
  /// circle's box is the centre ± radius to the last bit.
  mutating func add(_ arc: Arc, radius: Double) {
    let lower = arc.sweep < 0 ? arc.start + arc.sweep : arc.start
    let upper = arc.sweep < 0 ? arc.start : arc.start + arc.sweep
    let c = arc.center
    add(Point(c.x + radius * Angle.cosine(lower), c.y + radius * Angle.sine(lower)))
    add(Point(c.x + radius * Angle.cosine(upper), c.y + radius * Angle.sine(upper)))
    let quarter = Angle.fullTurn / 4
    var k = (lower / quarter).rounded(.up)
    while k * quarter <= upper {
      // k modulo 4 with + − × ÷ and rounding only (no fmod in Embedded Swift).
      switch Int(k - (k / 4).rounded(.down) * 4) {
      case 0: add(Point(c.x + radius, c.y))
      case 1: add(Point(c.x, c.y + radius))
      case 2: add(Point(c.x - radius, c.y))
      default: add(Point(c.x, c.y - radius))
      }
      k += 1
    }
  }

  /// Covers an arc stroked `halfWidth` to each side, with `cap` at its ends:
  /// its outer edge, and each end's inner corner and cap.
  mutating func addStroke(of arc: Arc, halfWidth: Double, cap: LineCap) {
    add(arc, radius: arc.radius + halfWidth)
    guard arc.sweep < Angle.fullTurn && arc.sweep > -Angle.fullTurn else { return }
    let inner = max(arc.radius - halfWidth, 0)
    let direction = arc.sweep < 0 ? -1.0 : 1.0
    func end(_ angle: Double, outward: Double) {
      let c = Angle.cosine(angle)
      let s = Angle.sine(angle)
      add(Point(arc.center.x + inner * c, arc.center.y + inner * s))
      let point = Point(arc.center.x + arc.radius * c, arc.center.y + arc.radius * s)
      // The tangent pointing out of the stroke at this end.
      add(cap: cap, at: point, tangent: Point(-s * direction * outward, c * direction * outward), halfWidth: halfWidth)
    }
    end(arc.start, outward: -1)
    end(arc.start + arc.sweep, outward: 1)
  }

  /// Covers a path's centre line: every vertex and each arc's extremes,
  /// what a fill of it covers.
  mutating func addCentreLine(of path: Path) {
    for subpath in path.subpaths where !subpath.segments.isEmpty {
      add(subpath.start)
      for segment in subpath.segments {
        switch segment {
        case .line(let point): add(point)
        case .arc(let arc): add(arc, radius: arc.radius)
        }
      }
    }
  }

  /// Covers `path` trimmed to the fractions `from`…`to` of its length (as
  /// ``Path/trimmed(from:to:)`` cuts it) and stroked with `style`: each kept
  /// piece's band, the joins within a subpath's kept run (round, or a
  /// miter's tip within the miter limit) and the caps of each run's ends.
  mutating func addStroke(of path: Path, from: Double, to: Double, style: Style) {
    guard let (lower, upper) = path.trimmedDistances(from: from, to: to) else { return }
    let halfWidth = style.lineWidth / 2
    var offset = 0.0
    for subpath in path.subpaths {
      var current = subpath.start
      var first: (point: Point, tangent: Point)?
      var last: (point: Point, tangent: Point)?
      for segment in subpath.segments {
        let length = segment.length(from: current)
        defer {
          offset += length
          current = segment.endPoint
        }
        let a = lower > offset ? lower : offset
        let b = upper < offset + length ? upper : offset + length
        guard length > 0, a < b else { continue }
        let piece = segment.piece(from: current, fraction: (a - offset) / length, to: (b - offset) / length)
        let (into, outOf) = piece.segment.tangents(from: piece.start)
        switch piece.segment {
        case .line(let end):
          let n = Point(-into.y * halfWidth, into.x * halfWidth)
          add(Point(piece.start.x + n.x, piece.start.y + n.y))
          add(Point(piece.start.x - n.x, piece.start.y - n.y))
          add(Point(end.x + n.x, end.y + n.y))
          add(Point(end.x - n.x, end.y - n.y))
        case .arc(let arc):
          addStroke(of: arc, halfWidth: halfWidth, cap: .butt)
        }
        if let previous = last { add(join: style, at: piece.start, from: previous.tangent, to: into, halfWidth: halfWidth) }
        if first == nil { first = (piece.start, into) }
        last = (piece.segment.endPoint, outOf)
      }
      if let first, let last {
        add(cap: style.lineCap, at: first.point, tangent: Point(-first.tangent.x, -first.tangent.y), halfWidth: halfWidth)
        add(cap: style.lineCap, at: last.point, tangent: last.tangent, halfWidth: halfWidth)
      }
    }
  }
  /// Covers a cap at `point`, where the stroke leaves along the unit
  /// `tangent`: a round cap's half disc, a square cap's corners; a butt
  /// cap adds nothing beyond the band.
  mutating func add(cap: LineCap, at point: Point, tangent: Point, halfWidth: Double) {
    switch cap {
    case .butt:
      break
    case .round:
      add(point, radius: halfWidth)
    case .square:
      let t = Point(tangent.x * halfWidth, tangent.y * halfWidth)
      let n = Point(-t.y, t.x)
      add(Point(point.x + t.x + n.x, point.y + t.y + n.y))
      add(Point(point.x + t.x - n.x, point.y + t.y - n.y))
    }
  }

  /// Covers the join at `vertex` between unit directions `d1` (in) and
  /// `d2` (out): a round join's disc, or a miter's tip where the miter
  /// length (w / sin(φ/2), φ the angle between the segments) is within the
  /// style's limit; a bevel (or a miter over the limit) stays within the
  /// segments' bands.
  mutating func add(join style: Style, at vertex: Point, from d1: Point, to d2: Point, halfWidth: Double) {
    switch style.lineJoin {
    case .round:
      add(vertex, radius: halfWidth)
    case .bevel:
      break
    case .miter:
      let cosine = d1.x * d2.x + d1.y * d2.y
      let sinHalf = ((1 + cosine) / 2).squareRoot()
      let bisector = Point(d1.x - d2.x, d1.y - d2.y)
      let length = (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot()
      guard length > 1e-12, sinHalf > 0, 1 / sinHalf <= style.miterLimit else { return }
      let reach = halfWidth / sinHalf / length
      add(Point(vertex.x + bisector.x * reach, vertex.y + bisector.y * reach))
    }
  }
}

extension Path.Segment {
  /// The unit directions in which the segment leaves `start` and arrives at its end.
  func tangents(from start: Point) -> (Point, Point) {
    switch self {
    case .line(let end):
      let length = start.distance(to: end)
      let d = Point((end.x - start.x) / length, (end.y - start.y) / length)
      return (d, d)
    case .arc(let arc):
      let direction = arc.sweep < 0 ? -1.0 : 1.0
      func tangent(_ angle: Double) -> Point {
        Point(-Angle.sine(angle) * direction, Angle.cosine(angle) * direction)
      }
      return (tangent(arc.start), tangent(arc.start + arc.sweep))
    }
  }
}
