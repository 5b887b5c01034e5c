/// A circular arc as drawn: a resolved start angle and a signed sweep.
///
/// Angles are radians in y-down space (increasing angle turns clockwise on
/// screen, as in UIKit and canvas). `sweep` is positive for clockwise and never
/// exceeds a full turn in magnitude.
public struct Arc: Equatable, Hashable, Sendable {
  public var center: Point
  public var radius: Double
  /// The start angle, wrapped into [0, 2π).
  public var start: Double
  /// The signed sweep, −2π ≤ sweep ≤ 2π; positive is clockwise on screen.
  public var sweep: Double

  /// An arc from an already resolved start and sweep.
  public init(center: Point, radius: Double, start: Double, sweep: Double) {
    self.center = center
    self.radius = radius
    self.start = start
    self.sweep = sweep
  }

  /// The arc UIKit draws for `addArcWithCenter:radius:startAngle:endAngle:clockwise:`,
  /// resolved by ``Arc/resolveSweep(startAngle:endAngle:clockwise:)``.
  public init(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
    let resolved = Arc.resolveSweep(startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    self.init(center: center, radius: radius, start: resolved.start, sweep: resolved.sweep)
  }

  /// The sweep rule (`Rule.arcSweep` in docs/FIDELITY.md).
  ///
  /// With dir = +1 for clockwise and −1 otherwise, Δ = (end − start)·dir is
  /// the requested travel in the drawing direction:
  /// - Δ ≥ 2π draws one full circle (|sweep| = 2π), as canvas does; UIKit does
  ///   not document it [obs];
  /// - 0 ≤ Δ < 2π draws Δ;
  /// - Δ < 0 goes the long way round to the same end point: 2π + (Δ mod 2π),
  ///   and 0 when Δ is an exact multiple of 2π (the end point is the start
  ///   point and no full turn was asked for; canvas draws nothing either).
  ///
  /// The start is reported wrapped into [0, 2π) so tracks stay small numbers.
  public static func resolveSweep(
    startAngle: Double, endAngle: Double, clockwise: Bool
  ) -> (start: Double, sweep: Double) {
    let direction = clockwise ? 1.0 : -1.0
    let travel = (endAngle - startAngle) * direction
    let magnitude: Double
    if travel >= Angle.fullTurn {
      magnitude = Angle.fullTurn
    } else if travel >= 0 {
      magnitude = travel
    } else {
      magnitude = Angle.wrapped(travel)
    }
    return (Angle.wrapped(startAngle), magnitude * direction)
  }

  /// The arc's length, `radius · |sweep|`.
  public var length: Double {
    radius * (sweep < 0 ? -sweep : sweep)
  }

  /// The point at `angle` on the arc's circle.
  public func point(at angle: Double) -> Point {
    Point(center.x + radius * Angle.cosine(angle), center.y + radius * Angle.sine(angle))
  }

  /// The first point drawn.
  public var startPoint: Point { point(at: start) }

  /// The last point drawn.
  public var endPoint: Point { point(at: start + sweep) }

  /// The part of the arc between the fractions `a` and `b` of its sweep, as
  /// stroke trimming cuts it (`Path.trimmed(from:to:)`, and an arc layer
  /// trimmed by its `strokeStart` and `strokeEnd`).
  public func piece(from a: Double, to b: Double) -> Arc {
    Arc(center: center, radius: radius, start: start + sweep * a, sweep: sweep * (b - a))
  }

  /// The arc scaled about the origin by `k`, then moved by `offset`.
  public func transformed(scale k: Double, offset: Point) -> Arc {
    Arc(center: center.transformed(scale: k, offset: offset), radius: radius * k, start: start, sweep: sweep)
  }
}
