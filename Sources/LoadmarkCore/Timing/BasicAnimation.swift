/// A `CABasicAnimation` of one layer property.
public struct BasicAnimation: Equatable, Hashable, Sendable {
  public var property: LayerProperty
  public var fromValue: Double?
  public var toValue: Double?
  public var byValue: Double?
  public var timing: MediaTiming
  /// `nil` is linear, as for an animation with no timing function.
  public var timingFunction: TimingFunction?
  public var removedOnCompletion: Bool

  public init(
    _ property: LayerProperty, from: Double? = nil, to: Double? = nil, by: Double? = nil,
    timing: MediaTiming = MediaTiming(), timingFunction: TimingFunction? = nil,
    removedOnCompletion: Bool = true
  ) {
    self.property = property
    self.fromValue = from
    self.toValue = to
    self.byValue = by
    self.timing = timing
    self.timingFunction = timingFunction
    self.removedOnCompletion = removedOnCompletion
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

  /// The value at normalised basic time `p` ∈ [0, 1]:
  /// `from + (to − from)·timingFunction(p)`.
  public func value(atProgress p: Double, current: Double) -> Double {
    let (from, to) = endpoints(current: current)
    let shaped = (timingFunction ?? .linear)(p)
    return from + (to - from) * shaped
  }
}
