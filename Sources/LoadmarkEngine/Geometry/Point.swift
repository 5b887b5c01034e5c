/// A point in the indicator's coordinate space: points, origin top-left, y down.
public struct Point: Equatable, Hashable, Sendable {
  public var x: Double
  public var y: Double

  @inlinable
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  /// The Euclidean distance to `other`, using only correctly rounded operations.
  @inlinable
  public func distance(to other: Point) -> Double {
    let dx = other.x - x
    let dy = other.y - y
    return (dx * dx + dy * dy).squareRoot()
  }

  /// The point scaled about the origin by `k`, then moved by `offset`.
  @inlinable
  public func transformed(scale k: Double, offset: Point) -> Point {
    Point(x * k + offset.x, y * k + offset.y)
  }
}
