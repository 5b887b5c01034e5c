/// An axis-aligned rectangle.
public struct Rect: Equatable, Hashable, Sendable {
  public var origin: Point
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.origin = Point(x, y)
    self.width = width
    self.height = height
  }

  /// The rectangle scaled about the origin by `k`, then moved by `offset`.
  public func transformed(scale k: Double, offset: Point) -> Rect {
    Rect(
      x: origin.x * k + offset.x, y: origin.y * k + offset.y,
      width: width * k, height: height * k)
  }
}
