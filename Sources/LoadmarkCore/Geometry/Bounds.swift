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

extension Arc {
  /// The points of the arc's centre line that bound it: its two ends and
  /// every point at a multiple of π/2 it passes (where it is furthest left,
  /// right, up or down), on a circle of `radius` (the arc's own by default).
  func extremePoints(radius r: Double? = nil) -> [Point] {
    let radius = r ?? self.radius
    let lower = sweep < 0 ? start + sweep : start
    let upper = sweep < 0 ? start : start + sweep
    let quarter = Angle.fullTurn / 4
    func point(_ angle: Double) -> Point {
      Point(center.x + radius * Angle.cosine(angle), center.y + radius * Angle.sine(angle))
    }
    var points = [point(lower), point(upper)]
    // The multiples of π/2 within [lower, upper]: exact axis points, so that
    // a full circle's box is the centre ± radius to the last bit.
    var k = (lower / quarter).rounded(.up)
    while k * quarter <= upper {
      let axis = Int((k.truncatingRemainderFree(dividingBy: 4)))
      switch axis {
      case 0: points.append(Point(center.x + radius, center.y))
      case 1: points.append(Point(center.x, center.y + radius))
      case 2: points.append(Point(center.x - radius, center.y))
      default: points.append(Point(center.x, center.y - radius))
      }
      k += 1
    }
    return points
  }
}

extension Double {
  /// `self` modulo `m` into [0, m) for whole numbers, with the operations
  /// Embedded Swift has on every platform (no `fmod`).
  fileprivate func truncatingRemainderFree(dividingBy m: Double) -> Double {
    let q = (self / m).rounded(.down)
    return self - q * m
  }
}
