/// An axis-aligned box that grows to cover what is added to it: the ink a
/// layer draws, as far as a box can say.
public struct Bounds: Equatable, Sendable {
  public var minX: Double
  public var minY: Double
  public var maxX: Double
  public var maxY: Double

  /// The box that covers nothing; adding anything to it makes it that thing's box.
  public static let empty = Bounds(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

  public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// Whether nothing was added.
  public var isEmpty: Bool { minX > maxX || minY > maxY }

  /// Covers `p`.
  public mutating func add(_ p: Point) {
    if p.x < minX { minX = p.x }
    if p.x > maxX { maxX = p.x }
    if p.y < minY { minY = p.y }
    if p.y > maxY { maxY = p.y }
  }

  /// Covers the disc of `radius` about `p`.
  public mutating func add(_ p: Point, radius: Double) {
    add(Point(p.x - radius, p.y - radius))
    add(Point(p.x + radius, p.y + radius))
  }

  /// Covers `other`.
  public mutating func add(_ other: Bounds) {
    guard !other.isEmpty else { return }
    add(Point(other.minX, other.minY))
    add(Point(other.maxX, other.maxY))
  }

  /// The box moved by `offset` and grown by `margin` on every side; empty stays empty.
  public func offset(by offset: Point, growing margin: Double) -> Bounds {
    guard !isEmpty else { return self }
    return Bounds(
      minX: minX + offset.x - margin, minY: minY + offset.y - margin, maxX: maxX + offset.x + margin,
      maxY: maxY + offset.y + margin)
  }
}
