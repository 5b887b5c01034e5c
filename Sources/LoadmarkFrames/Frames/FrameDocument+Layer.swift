import LoadmarkEngine

extension FrameDocument {
  /// A drawn layer: its static geometry and style. What varies is in tracks.
  public struct Layer: Equatable, Sendable {
    public var id: String
    public var shape: Shape
    public var style: Style
    /// Which of the indicator's theme colours the layer is drawn in, if any:
    /// a player's colour for that role replaces its stroke if it has one,
    /// else its fill.
    public var role: Role?

    public init(id: String, shape: Shape, style: Style, role: Role? = nil) {
      self.id = id
      self.shape = shape
      self.style = style
      self.role = role
    }

    /// Whether the layer takes the accent colour (`--color`, the player's
    /// `color`): what version 1 documents call `"accent": true`.
    public var accent: Bool { role == .accent }

    /// The properties every clip carries a track of for this layer, in
    /// order, besides a polygon's vertex tracks (``trackNames``).
    public var properties: [TrackProperty] {
      shape.kind.properties
    }

    /// The names of the tracks every clip carries for this layer, in
    /// written order: a polygon's `x0`, `y0`, `x1`, `y1`, … then its kind's
    /// properties. The transform's tracks are optional and follow them
    /// (``TrackProperty/transform``).
    public var trackNames: [TrackName] {
      var names: [TrackName] = []
      if case .polygon(let vertexCount) = shape {
        for vertex in 0..<vertexCount {
          names.append(TrackName(.x, vertex: vertex))
          names.append(TrackName(.y, vertex: vertex))
        }
      }
      for property in properties { names.append(TrackName(property)) }
      return names
    }
  }

  /// The theme colours of an indicator, as a layer's `role` names them
  /// (format version 2; version 1 has `accent` alone).
  public enum Role: String, Equatable, Sendable, CaseIterable {
    /// The indicator's own colour: seed 000's ring and mark, the progress
    /// ring, the dots, the refresh arcs. `--color`, and the player's `color`
    /// and `--loadmark-color`.
    case accent
    /// A second colour drawn over or after the accent: the progress preset's
    /// white check ring and check. The player's `--loadmark-secondary`.
    case secondary
    /// A surface the indicator sits on: the refresh spinner's white disc.
    /// The player's `--loadmark-surface`.
    case surface
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
    /// A closed polygon of `vertexCount` vertices whose canvas points come
    /// from the `x0`, `y0`, … tracks (format version 3): what a flat layer
    /// seen through perspective (`m34`) projects to.
    case polygon(vertexCount: Int)

    public var kind: ShapeKind {
      switch self {
      case .arc: return .arc
      case .path: return .path
      case .dot: return .dot
      case .roundedRect: return .roundedRect
      case .polygon: return .polygon
      }
    }
  }

  /// The `kind` field of a layer.
  public enum ShapeKind: String, Equatable, Sendable, CaseIterable {
    case arc, path, dot, roundedRect, polygon

    /// The animatable properties of this kind, in the order tracks are
    /// written (a polygon's vertex tracks come before them).
    public var properties: [TrackProperty] {
      switch self {
      case .arc: return [.start, .sweep, .opacity]
      case .path: return [.strokeStart, .strokeEnd, .opacity]
      case .dot: return [.scale, .opacity]
      case .roundedRect, .polygon: return [.opacity]
      }
    }

    /// The format version that introduced the kind.
    public var version: Int {
      self == .polygon ? 3 : 1
    }
  }
}
