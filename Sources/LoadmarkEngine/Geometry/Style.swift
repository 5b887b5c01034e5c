/// How a stroke's open ends are drawn; Core Graphics and canvas share the names.
public enum LineCap: String, Equatable, Hashable, Sendable, CaseIterable {
  case butt, round, square
}

/// How a stroke's corners are drawn; Core Graphics and canvas share the names.
public enum LineJoin: String, Equatable, Hashable, Sendable, CaseIterable {
  case miter, round, bevel
}

/// A layer shadow, as `CALayer.shadow*` describes it.
public struct Shadow: Equatable, Hashable, Sendable {
  public var color: Color
  public var opacity: Double
  public var offset: Point
  /// `shadowRadius`: the blur radius in points.
  public var radius: Double

  public init(color: Color, opacity: Double, offset: Point, radius: Double) {
    self.color = color
    self.opacity = opacity
    self.offset = offset
    self.radius = radius
  }
}

/// Paint and stroke attributes of a layer. Defaults are Core Animation's
/// (`CAShapeLayer`: line width 1, cap butt, join miter, miter limit 10), which
/// are also canvas's.
public struct Style: Equatable, Hashable, Sendable {
  public var stroke: Color?
  public var fill: Color?
  public var lineWidth: Double
  public var lineCap: LineCap
  public var lineJoin: LineJoin
  public var miterLimit: Double
  public var shadow: Shadow?

  public init(
    stroke: Color? = nil, fill: Color? = nil, lineWidth: Double = 1,
    lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
    shadow: Shadow? = nil
  ) {
    self.stroke = stroke
    self.fill = fill
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.miterLimit = miterLimit
    self.shadow = shadow
  }
}
