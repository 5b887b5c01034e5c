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
        let tracks = layer.properties.map { clip.track(layer.id, $0) }
        for frame in 0..<clip.frameCount {
          let values = tracks.map { $0?.value(at: frame) ?? 0 }
          let box = layer.ink(values)
          guard !box.isEmpty else { continue }
          ink.shapes.add(box)
          if let shadow = layer.style.shadow, shadow.color.alpha > 0, shadow.opacity > 0 {
            ink.shadows.add(box.offset(by: shadow.offset, growing: max(shadow.radius, 0)))
          }
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
    guard let opacity = values.last, opacity > 0 else { return .empty }
    let stroke = style.stroke.map { $0.alpha > 0 } ?? false
    let fill = style.fill.map { $0.alpha > 0 } ?? false
    var box = Bounds.empty
    let halfWidth = max(style.lineWidth, 0) / 2
    switch shape {
    case .arc(let center, let radius):
      let arc = Arc(center: center, radius: radius, start: values[0], sweep: values[1])
      guard arc.sweep != 0 else { return .empty }
      if fill { for p in arc.extremePoints() { box.add(p) } }
      if stroke && halfWidth > 0 { box.add(Bounds.stroke(of: arc, halfWidth: halfWidth, cap: style.lineCap)) }
    case .path(let path):
      if fill { box.add(Bounds.centreLine(of: path)) }
      if stroke && halfWidth > 0 {
        box.add(Bounds.stroke(of: path.trimmed(from: values[0], to: values[1]), style: style))
      }
    case .dot(let center, let radius):
      let r = radius * (values[0] < 0 ? -values[0] : values[0])
      guard r > 0 else { return .empty }
      if fill { box.add(center, radius: r) }
      if stroke && halfWidth > 0 { box.add(center, radius: r + halfWidth) }
    case .roundedRect(let rect, _):
      guard rect.width > 0, rect.height > 0 else { return .empty }
      let outline = Bounds(minX: rect.origin.x, minY: rect.origin.y, maxX: rect.origin.x + rect.width, maxY: rect.origin.y + rect.height)
      if fill { box.add(outline) }
      if stroke && halfWidth > 0 { box.add(outline.offset(by: Point(0, 0), growing: halfWidth)) }
    }
    return box
  }
}

extension Bounds {
  /// The box of an arc stroked `halfWidth` to each side, with `cap` at its ends.
  static func stroke(of arc: Arc, halfWidth: Double, cap: LineCap) -> Bounds {
    var box = Bounds.empty
    for p in arc.extremePoints(radius: arc.radius + halfWidth) { box.add(p) }
    let whole = arc.sweep >= Angle.fullTurn || arc.sweep <= -Angle.fullTurn
    guard !whole else { return box }
    let inner = max(arc.radius - halfWidth, 0)
    let ends = [(angle: arc.start, outward: -1.0), (angle: arc.start + arc.sweep, outward: 1.0)]
    let direction = arc.sweep < 0 ? -1.0 : 1.0
    for end in ends {
      let c = Angle.cosine(end.angle)
      let s = Angle.sine(end.angle)
      // The butt end's inner corner; its outer one is on the outer arc.
      box.add(Point(arc.center.x + inner * c, arc.center.y + inner * s))
      let point = Point(arc.center.x + arc.radius * c, arc.center.y + arc.radius * s)
      // The tangent pointing out of the stroke at this end.
      let tangent = Point(-s * direction * end.outward, c * direction * end.outward)
      box.add(cap: cap, at: point, tangent: tangent, halfWidth: halfWidth)
    }
    return box
  }

  /// The box of a path's centre line: every vertex and each arc's extremes,
  /// what a fill of it covers.
  static func centreLine(of path: Path) -> Bounds {
    var box = Bounds.empty
    for subpath in path.subpaths where !subpath.segments.isEmpty {
      box.add(subpath.start)
      for segment in subpath.segments {
        switch segment {
        case .line(let point): box.add(point)
        case .arc(let arc): for p in arc.extremePoints() { box.add(p) }
        }
      }
    }
    return box
  }

  /// The box of `path` stroked with `style`: each segment's band, its
  /// joins (round, or a miter's tip within the miter limit) and the caps
  /// of each subpath's open ends. Subpaths of no length draw nothing.
  static func stroke(of path: Path, style: Style) -> Bounds {
    let halfWidth = style.lineWidth / 2
    var box = Bounds.empty
    for subpath in path.subpaths {
      var current = subpath.start
      var firstTangent: Point?
      var lastTangent: Point?
      for segment in subpath.segments {
        guard segment.length(from: current) > 0 else { continue }
        let (into, outOf) = segment.tangents(from: current)
        switch segment {
        case .line(let end):
          let n = Point(-into.y * halfWidth, into.x * halfWidth)
          for p in [current, end] {
            box.add(Point(p.x + n.x, p.y + n.y))
            box.add(Point(p.x - n.x, p.y - n.y))
          }
        case .arc(let arc):
          box.add(Bounds.stroke(of: arc, halfWidth: halfWidth, cap: .butt))
        }
        if let previous = lastTangent {
          box.add(join: style, at: current, from: previous, to: into, halfWidth: halfWidth)
        }
        if firstTangent == nil { firstTangent = into }
        lastTangent = outOf
        current = segment.endPoint
      }
      if let first = firstTangent, let last = lastTangent {
        box.add(cap: style.lineCap, at: subpath.start, tangent: Point(-first.x, -first.y), halfWidth: halfWidth)
        box.add(cap: style.lineCap, at: current, tangent: last, halfWidth: halfWidth)
      }
    }
    return box
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
