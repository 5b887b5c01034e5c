extension FrameDocument {
  /// A drawn layer: its static geometry and style. What varies is in tracks.
  public struct Layer: Equatable, Sendable {
    public var id: String
    public var shape: Shape
    public var style: Style
    /// Whether the layer is drawn in the indicator's accent colour, which a
    /// player's theme colour replaces (its stroke if it has one, else its fill).
    public var accent: Bool

    public init(id: String, shape: Shape, style: Style, accent: Bool = false) {
      self.id = id
      self.shape = shape
      self.style = style
      self.accent = accent
    }

    /// The tracks every clip carries for this layer, in order.
    public var properties: [TrackProperty] {
      shape.kind.properties
    }
  }

  /// The static geometry of a layer.
  public enum Shape: Equatable, Sendable {
    /// A circular arc whose `start` and `sweep` come from tracks (see ``Arc``).
    case arc(center: Point, radius: Double)
    /// A stroked path trimmed by the `strokeStart` and `strokeEnd` tracks.
    case path(Path)
    /// A filled circle scaled about its centre by the `scale` track.
    case dot(center: Point, radius: Double)
    /// A filled rounded rectangle (a view's background), static.
    case roundedRect(Rect, cornerRadius: Double)

    public var kind: ShapeKind {
      switch self {
      case .arc: return .arc
      case .path: return .path
      case .dot: return .dot
      case .roundedRect: return .roundedRect
      }
    }
  }

  /// The `kind` field of a layer.
  public enum ShapeKind: String, Equatable, Sendable, CaseIterable {
    case arc, path, dot, roundedRect

    /// The animatable properties of this kind, in the order tracks are written.
    public var properties: [TrackProperty] {
      switch self {
      case .arc: return [.start, .sweep, .opacity]
      case .path: return [.strokeStart, .strokeEnd, .opacity]
      case .dot: return [.scale, .opacity]
      case .roundedRect: return [.opacity]
      }
    }
  }
}
