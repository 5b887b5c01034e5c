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
  /// - |Δ| ≥ 2π draws one full circle in the drawing direction, whichever way
  ///   round the angles were given: NVActivityIndicatorView's
  ///   `addArc(0 → 2π, clockwise: false)` is a full circle on iOS, and seed
  ///   000's forward sweep past 2π draws one circle; UIKit does not document
  ///   either [obs];
  /// - 0 ≤ Δ < 2π draws Δ;
  /// - −2π < Δ < 0 goes the long way round to the same end point, 2π + Δ
  ///   (seed 004's second arc).
  ///
  /// The start is reported wrapped into [0, 2π) so tracks stay small numbers.
  /// Only + − × ÷ and `floor` are used, so every platform gets the same bits.
  /// - Parameters:
  ///   - startAngle: The angle of the first point, radians in y-down space.
  ///   - endAngle: The angle of the last point.
  ///   - clockwise: UIKit's flag: true turns towards increasing angles.
  public static func resolveSweep(
    startAngle: Double, endAngle: Double, clockwise: Bool
  ) -> (start: Double, sweep: Double) {
    let direction = clockwise ? 1.0 : -1.0
    let travel = (endAngle - startAngle) * direction
    let magnitude: Double
    if travel >= Angle.fullTurn || travel <= -Angle.fullTurn {
      magnitude = Angle.fullTurn
    } else if travel >= 0 {
      magnitude = travel
    } else {
      // One IEEE addition: the bits `Angle.wrapped` gives in this range, which
      // seed 004's reference hashes rely on; but a travel a hair below zero
      // keeps the full turn 2π + Δ rounds to, where wrapping would fold it
      // to nothing.
      magnitude = Angle.fullTurn + travel
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
