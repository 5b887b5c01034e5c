import LoadmarkEngine
import LoadmarkText

/// What one drawn layer of an indicator looks like, bound to the animated
/// layer whose presentation values drive it. Each figure becomes one layer of
/// a ``FrameDocument``.
public struct Figure: Equatable, Sendable {
  /// The layer id in documents and track keys, as bytes (the WebAssembly
  /// engine handles it as bytes, and so needs no `String` code).
  public var idText: ByteText
  /// The layer id in documents and track keys.
  public var id: String {
    get { idText.string }
    set { idText = ByteText(Array(newValue.utf8)) }
  }
  /// The index of the ``AnimatedLayer`` that draws it.
  public var layer: Int
  public var shape: Shape
  public var style: Style
  /// What the indicator's options may change about this figure.
  public var roles: Roles
  /// Whether the rotations of its layer and the layer's ancestors turn it
  /// (an arc turning about its centre, which a document draws by its start
  /// angle; `Rule.turningArc`).
  public var turns: Bool
  /// The layers that carry the figure to the canvas, its own first and the
  /// root last, when it is drawn through a transform (frame format 3,
  /// `Rule.layerTransform`): its shape is then in its own layer's
  /// coordinates, and its document layer has transform tracks. Empty for a
  /// figure drawn in place, whose shape is in the canvas's coordinates, as
  /// every figure of format versions 1 and 2 is.
  public var pivots: [Pivot]
  /// Where a figure drawn through a transform lands on an export's canvas:
  /// a uniform scale by `canvasScale`, then a move by `canvasOffset`, after
  /// its layers' placement (an export's `--scale`, `--size` and crop,
  /// ``transformed(scale:offset:)``). Its geometry stays in its own layer's
  /// coordinates.
  public var canvasScale = 1.0
  public var canvasOffset = Point(0, 0)

  /// A layer that places a figure drawn through a transform.
  public struct Pivot: Equatable, Sendable {
    /// The index of the ``AnimatedLayer`` whose `position`, `transform.*`
    /// values place its content.
    public var layer: Int
    /// The layer's anchor point in its own coordinates: bounds.origin +
    /// anchorPoint · bounds.size.
    public var anchor: Point
    /// The layer's still `sublayerTransform`, in its own coordinates: what
    /// places its sublayers before its own placement does.
    public var sublayerTransform: AffineTransform2D

    public init(layer: Int, anchor: Point, sublayerTransform: AffineTransform2D = .identity) {
      self.layer = layer
      self.anchor = anchor
      self.sublayerTransform = sublayerTransform
    }
  }

  public init(
    id: String, layer: Int, shape: Shape, style: Style, roles: Roles = [], turns: Bool = false, pivots: [Pivot] = []
  ) {
    self.init(
      idText: ByteText(Array(id.utf8)), layer: layer, shape: shape, style: style, roles: roles, turns: turns,
      pivots: pivots)
  }

  public init(
    idText: ByteText, layer: Int, shape: Shape, style: Style, roles: Roles = [], turns: Bool = false,
    pivots: [Pivot] = []
  ) {
    self.idText = idText
    self.layer = layer
    self.shape = shape
    self.style = style
    self.roles = roles
    self.turns = turns
    self.pivots = pivots
  }

  /// Whether the figure is drawn through a transform (``pivots``).
  public var moves: Bool { !pivots.isEmpty }

  /// How many tracks the figure has, as ``trackValues(in:atHostTime:)``
  /// returns them: its kind's, then a moving figure's six transform tracks.
  public var trackCount: Int { shape.trackCount + (moves ? 6 : 0) }

  /// The properties of the figure's tracks, in the order
  /// ``trackValues(in:atHostTime:)`` returns their values.
  public var trackProperties: [FrameDocument.TrackProperty] {
    moves ? shape.kind.properties + FrameDocument.TrackProperty.transform : shape.kind.properties
  }

  /// What a figure stands for when an indicator is themed.
  public struct Roles: OptionSet, Equatable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Drawn in the accent colour, which a theme colour replaces (its stroke
    /// if it has one, else its fill).
    public static let accent = Roles(rawValue: 1)
    /// One of the indicator's lines, whose width the line-width option sets.
    public static let line = Roles(rawValue: 2)
    /// Drawn in the indicator's second theme colour (scene version 2).
    public static let secondary = Roles(rawValue: 4)
    /// A surface the indicator sits on, with a theme colour of its own
    /// (scene version 2).
    public static let surface = Roles(rawValue: 8)

    /// Every role a figure may have, as one option set.
    public static let all: Roles = [.accent, .line, .secondary, .surface]
    /// The roles that name a theme colour; a figure has at most one.
    public static let colors: Roles = [.accent, .secondary, .surface]

    /// The theme colour these roles name, if any.
    public var colorRole: FrameDocument.Role? {
      if contains(.accent) { return .accent }
      if contains(.secondary) { return .secondary }
      if contains(.surface) { return .surface }
      return nil
    }
  }

  /// A figure's geometry and how it reads its layer's properties.
  public enum Shape: Equatable, Sendable {
    /// How many tracks the figure has, as ``trackValues(_:hidden:)`` returns:
    /// its document kind's.
    public var trackCount: Int {
      switch self {
      case .arc, .trimmedArc, .path: return 3
      case .dot: return 2
      case .roundedRect: return 1
      }
    }

    /// The `kind` of the document layer the figure becomes.
    public var kind: FrameDocument.ShapeKind {
      switch self {
      case .arc, .trimmedArc: return .arc
      case .path: return .path
      case .dot: return .dot
      case .roundedRect: return .roundedRect
      }
    }

    /// An arc drawn with UIKit's `addArc…clockwise:` from angles computed
    /// from the layer's properties (a custom layer's `drawInContext:`);
    /// resolved by ``Arc/resolveSweep(startAngle:endAngle:clockwise:)``.
    case arc(center: Point, radius: Double, startAngle: Expression, endAngle: Expression, clockwise: Bool)
    /// A `CAShapeLayer` whose path is one arc, trimmed by `strokeStart` and
    /// `strokeEnd`, drawn as an arc so that it can turn.
    case trimmedArc(Arc)
    /// A `CAShapeLayer` path trimmed by `strokeStart`/`strokeEnd`.
    case path(Path)
    /// A filled circle scaled by `transform.scale` about its centre.
    case dot(center: Point, radius: Double)
    /// A layer's rounded background.
    case roundedRect(Rect, cornerRadius: Double)
  }
}

extension Figure {
  /// The document layer: static geometry and style.
  public var documentLayer: FrameDocument.Layer {
    FrameDocument.Layer(id: id, shape: documentShape, style: style, role: roles.colorRole)
  }

  /// The document layer's static geometry.
  public var documentShape: FrameDocument.Shape {
    switch shape {
    case .arc(let center, let radius, _, _, _): return .arc(center: center, radius: radius)
    case .trimmedArc(let arc): return .arc(center: arc.center, radius: arc.radius)
    case .path(let path): return .path(path)
    case .dot(let center, let radius): return .dot(center: center, radius: radius)
    case .roundedRect(let rect, let cornerRadius): return .roundedRect(rect, cornerRadius: cornerRadius)
    }
  }

  /// The track values at one instant from its own layer's presentation
  /// values alone, as for a layer at the root.
  ///
  /// `Rule.opacity`: a hidden layer reports 0; opacity and stroke fractions
  /// are clamped to [0, 1] as Core Animation clamps them when drawing.
  public func trackValues(_ values: PropertyValues, hidden: Bool) -> [Double] {
    trackValues(values, opacity: hidden ? 0 : Path.clampFraction(values[.opacity]), turn: 0)
  }

  /// The track values at host time `t` of `state`, in the order of the
  /// document layer's `properties`: opacity multiplied down the layer tree
  /// and hidden with any ancestor (`Rule.layerTree`), and an arc that turns
  /// turned by every rotation above it.
  public func trackValues(in state: TimelineState, atHostTime t: Double) -> [Double] {
    let values = state.presentation(of: layer, atHostTime: t)
    let own = state.layers[layer]
    var opacity = own.isHidden ? 0 : Path.clampFraction(values[.opacity])
    var turn = turns ? values[.rotation] : 0
    var ancestor = own.parent
    while let index = ancestor {
      let parent = state.layers[index]
      let parentValues = state.presentation(of: index, atHostTime: t)
      opacity = parent.isHidden ? 0 : opacity * Path.clampFraction(parentValues[.opacity])
      if turns { turn += parentValues[.rotation] }
      ancestor = parent.parent
    }
    var tracks = trackValues(values, opacity: opacity, turn: turn)
    if moves {
      let m = transform(in: state, atHostTime: t, own: values)
      tracks += [m.a, m.b, m.c, m.d, m.tx, m.ty]
    }
    return tracks
  }

  /// `Rule.layerTransform`: from the figure's layer's coordinates to the
  /// canvas at host time `t`, each pivot's placement in its superlayer
  /// composed from its own out to the root. A layer's point p lands at
  /// position + translation + R(rotation)·S(scale·scale.x, scale·scale.y)·(p − anchor)
  /// (`Rule.transformOrder`).
  /// - Parameters:
  ///   - state: the timeline.
  ///   - t: host time.
  ///   - own: the figure's own layer's presentation values at `t`, already read.
  func transform(in state: TimelineState, atHostTime t: Double, own: PropertyValues) -> AffineTransform2D {
    var m = AffineTransform2D.identity
    for (n, pivot) in pivots.enumerated() {
      let v = n == 0 ? own : state.presentation(of: pivot.layer, atHostTime: t)
      if n > 0 && !pivot.sublayerTransform.isIdentity {
        // A superlayer's sublayerTransform places what is below it first.
        let s = pivot.sublayerTransform
        m = AffineTransform2D(
          a: s.a * m.a + s.c * m.b, b: s.b * m.a + s.d * m.b, c: s.a * m.c + s.c * m.d, d: s.b * m.c + s.d * m.d,
          tx: s.a * m.tx + s.c * m.ty + s.tx, ty: s.b * m.tx + s.d * m.ty + s.ty)
      }
      let cosine = Angle.cosine(v[.rotation])
      let sine = Angle.sine(v[.rotation])
      let sx = v[.scale] * v[.scaleX]
      let sy = v[.scale] * v[.scaleY]
      let a = cosine * sx
      let b = sine * sx
      let c = -sine * sy
      let d = cosine * sy
      let tx = v[.positionX] + v[.translationX] - (a * pivot.anchor.x + c * pivot.anchor.y)
      let ty = v[.positionY] + v[.translationY] - (b * pivot.anchor.x + d * pivot.anchor.y)
      // This layer's placement after what is below it.
      m = AffineTransform2D(
        a: a * m.a + c * m.b, b: b * m.a + d * m.b, c: a * m.c + c * m.d, d: b * m.c + d * m.d,
        tx: a * m.tx + c * m.ty + tx, ty: b * m.tx + d * m.ty + ty)
    }
    // The export's canvas: scaled, then moved; untouched at scale 1 in place.
    let k = canvasScale
    if k == 1 && canvasOffset.x == 0 && canvasOffset.y == 0 { return m }
    return AffineTransform2D(
      a: k * m.a, b: k * m.b, c: k * m.c, d: k * m.d, tx: k * m.tx + canvasOffset.x, ty: k * m.ty + canvasOffset.y)
  }

  func trackValues(_ values: PropertyValues, opacity: Double, turn: Double) -> [Double] {
    switch shape {
    case .arc(_, _, let startAngle, let endAngle, let clockwise):
      let storage = values.storage
      let arc = Arc.resolveSweep(
        startAngle: startAngle.value(storage), endAngle: endAngle.value(storage), clockwise: clockwise)
      return [turns ? Angle.wrapped(arc.start + turn) : arc.start, arc.sweep, opacity]
    case .trimmedArc(let arc):
      // The stroke between the fractions: as Path trimming cuts an arc.
      let from = Path.clampFraction(values[.strokeStart])
      let to = Path.clampFraction(values[.strokeEnd])
      let piece = arc.piece(from: from, to: to)
      return [Angle.wrapped(turns ? piece.start + turn : piece.start), from < to ? piece.sweep : 0, opacity]
    case .path:
      return [Path.clampFraction(values[.strokeStart]), Path.clampFraction(values[.strokeEnd]), opacity]
    case .dot:
      // A moving dot's scale is in its transform. A negative scale mirrors
      // the circle, which is the same circle (`Rule.mirroredDot`).
      return [moves ? 1 : values[.scale].magnitude, opacity]
    case .roundedRect:
      return [opacity]
    }
  }

  /// The figure scaled about the origin by `k`, then moved by `offset`; line
  /// widths and shadows scale too.
  public func transformed(scale k: Double, offset: Point) -> Figure {
    var copy = self
    if moves {
      // Drawn through its transform: the canvas placement follows the
      // layers' (its stroke scales with it); its shadow is in canvas points.
      copy.canvasScale = k * canvasScale
      copy.canvasOffset = Point(k * canvasOffset.x + offset.x, k * canvasOffset.y + offset.y)
      if var shadow = style.shadow {
        shadow.offset = Point(shadow.offset.x * k, shadow.offset.y * k)
        shadow.radius *= k
        copy.style.shadow = shadow
      }
      return copy
    }
    switch shape {
    case .arc(let center, let radius, let start, let end, let clockwise):
      copy.shape = .arc(center: center.transformed(scale: k, offset: offset), radius: radius * k, startAngle: start, endAngle: end, clockwise: clockwise)
    case .trimmedArc(let arc):
      copy.shape = .trimmedArc(arc.transformed(scale: k, offset: offset))
    case .path(let path):
      copy.shape = .path(path.transformed(scale: k, offset: offset))
    case .dot(let center, let radius):
      copy.shape = .dot(center: center.transformed(scale: k, offset: offset), radius: radius * k)
    case .roundedRect(let rect, let cornerRadius):
      copy.shape = .roundedRect(rect.transformed(scale: k, offset: offset), cornerRadius: cornerRadius * k)
    }
    copy.style.lineWidth *= k
    if var shadow = style.shadow {
      shadow.offset = Point(shadow.offset.x * k, shadow.offset.y * k)
      shadow.radius *= k
      copy.style.shadow = shadow
    }
    return copy
  }
}
