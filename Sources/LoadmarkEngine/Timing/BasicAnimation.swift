/// A `CABasicAnimation` of one layer property, or, with ``spring``, a
/// `CASpringAnimation` (a subclass that replaces the timing curve by a
/// damped spring).
public struct BasicAnimation: Equatable, Hashable, Sendable {
  public var property: LayerProperty
  public var fromValue: Double?
  public var toValue: Double?
  public var byValue: Double?
  public var timing: MediaTiming
  /// `nil` is linear, as for an animation with no timing function.
  public var timingFunction: TimingFunction?
  public var removedOnCompletion: Bool
  /// `additive`: the value is added to the presentation value below it.
  public var additive: Bool
  /// `cumulative`: each repeat cycle adds on to where the last one ended.
  public var cumulative: Bool
  /// The spring of a `CASpringAnimation`, or nil.
  public var spring: Spring?

  public init(
    _ property: LayerProperty, from: Double? = nil, to: Double? = nil, by: Double? = nil,
    timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
    removedOnCompletion: Bool = true, additive: Bool = false, cumulative: Bool = false, spring: Spring? = nil
  ) {
    self.property = property
    self.fromValue = from
    self.toValue = to
    self.byValue = by
    self.timing = timing
    self.timingFunction = timingFunction
    self.removedOnCompletion = removedOnCompletion
    self.additive = additive
    self.cumulative = cumulative
    self.spring = spring
  }

  /// The interpolation endpoints, with `current` the model value
  /// (`Rule.interpolationEndpoints`):
  /// from+to, from+by (from → from+by), by+to (to−by → to), from only
  /// (from → current), to only (current → to), by only (current →
  /// current+by). With none set the layer resolves the endpoints when the
  /// animation is added (previous presentation value → model value); an
  /// unresolved one holds `current`.
  public func endpoints(current: Double) -> (from: Double, to: Double) {
    switch (fromValue, toValue, byValue) {
    case let (from?, to?, _): return (from, to)
    case let (from?, nil, by?): return (from, from + by)
    case let (nil, to?, by?): return (to - by, to)
    case let (from?, nil, nil): return (from, current)
    case let (nil, to?, nil): return (current, to)
    case let (nil, nil, by?): return (current, current + by)
    case (nil, nil, nil): return (current, current)
    }
  }

  /// The value at normalised basic time `p` ∈ [0, 1] of a `duration`-second
  /// cycle: `from + (to − from)·timingFunction(p)`, or for a spring
  /// `from + (to − from)·spring(p·duration)`.
  public func value(atProgress p: Double, duration: Double, current: Double) -> Double {
    let (from, to) = endpoints(current: current)
    let shaped = spring.map { $0.progress(atTime: p * duration) } ?? (timingFunction ?? .linear)(p)
    return from + (to - from) * shaped
  }
}

/// The physics of a `CASpringAnimation`: a mass on a damped spring, let go
/// at the start value and settling on the end value (`Rule.spring`).
public struct Spring: Equatable, Hashable, Sendable {
  public var mass: Double
  public var stiffness: Double
  public var damping: Double
  /// Towards the end value, in units of the whole distance per second.
  public var initialVelocity: Double

  /// `CASpringAnimation`'s defaults: mass 1, stiffness 100, damping 10,
  /// initial velocity 0.
  public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
  }

  /// How far along from the start value to the end value the mass is after
  /// `t` seconds: 1 − x(t), where x, the distance still to go as a fraction,
  /// solves m·x'' + c·x' + k·x = 0 with x(0) = 1, x'(0) = −v0.
  ///
  /// With ω0 = √(k/m) and ζ = c / (2√(k·m)): under-damped (ζ < 1)
  /// x = e^(−ζω0t)·(cos ωd·t + B·sin ωd·t), ωd = ω0√(1 − ζ²),
  /// B = (ζω0 − v0)/ωd; critically damped (ζ = 1) x = (1 + (ω0 − v0)·t)·e^(−ω0t);
  /// over-damped (ζ > 1) the sum of two decaying exponentials.
  public func progress(atTime t: Double) -> Double {
    let w0 = (stiffness / mass).squareRoot()
    let zeta = damping / (2 * (stiffness * mass).squareRoot())
    let x: Double
    if zeta < 1 {
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      let b = (zeta * w0 - initialVelocity) / wd
      x = Exponential.exp(-t * zeta * w0) * (Angle.cosine(wd * t) + b * Angle.sine(wd * t))
    } else if zeta == 1 {
      x = (1 + (w0 - initialVelocity) * t) * Exponential.exp(-t * w0)
    } else {
      let root = (zeta * zeta - 1).squareRoot()
      let r1 = -w0 * (zeta - root)
      let r2 = -w0 * (zeta + root)
      let c2 = (-initialVelocity - r1) / (r2 - r1)
      x = (1 - c2) * Exponential.exp(r1 * t) + c2 * Exponential.exp(r2 * t)
    }
    return 1 - x
  }
}
