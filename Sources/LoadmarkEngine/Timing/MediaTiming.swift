/// The `CAMediaTiming` properties of an animation, and the mapping from its
/// parent's time to its own basic time.
public struct MediaTiming: Equatable, Hashable, Sendable {
  /// Start, in the parent's time.
  public var beginTime: Double
  /// The basic duration; 0 means ``defaultDuration`` (or, for a group's child,
  /// the group's duration).
  public var duration: Double
  /// The rate; a `float` in Core Animation, so stored as `Float` (Rule.float32Values).
  public var speed: Float
  /// Added to the active time after speed is applied; it wraps, not shortens.
  public var timeOffset: Double
  /// Repeats; fractional and `.infinity` allowed (`MAXFLOAT` behaves alike). A `float`.
  public var repeatCount: Float
  /// If > 0, the active duration, overriding `repeatCount`.
  public var repeatDuration: Double
  public var autoreverses: Bool
  public var fillMode: FillMode

  public init(
    beginTime: Double = 0, duration: Double = 0, speed: Float = 1, timeOffset: Double = 0,
    repeatCount: Float = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
    fillMode: FillMode = .removed
  ) {
    self.beginTime = beginTime
    self.duration = duration
    self.speed = speed
    self.timeOffset = timeOffset
    self.repeatCount = repeatCount
    self.repeatDuration = repeatDuration
    self.autoreverses = autoreverses
    self.fillMode = fillMode
  }

  /// What a duration of 0 stands for on its own [obs] (`Rule.zeroDuration`).
  public static let defaultDuration = 0.25

  /// Where parent time falls relative to the active interval.
  public enum Phase: Equatable, Sendable {
    case before, active, after
  }

  /// The basic time for parent time `t`, or `nil` when the animation shows
  /// nothing there.
  ///
  /// With d the basic duration (`basicDuration`), c = d·(autoreverses ? 2 : 1),
  /// AD the active duration, e = (t − beginTime)·speed and τ = e + timeOffset:
  /// - before (e < 0): only with a backwards fill, at τ = timeOffset;
  /// - active (0 ≤ e < AD): u = τ − floor(τ/c)·c, mirrored past d when
  ///   autoreversing;
  /// - after (e ≥ AD): only with a forwards fill, at the end of the active
  ///   duration (a repeat count of 2.5 ends half way), and only while the
  ///   animation is still attached (`removedOnCompletion` is the caller's).
  ///
  /// The result lies in [0, d].
  public func basicTime(atParentTime t: Double, basicDuration d: Double) -> (phase: Phase, time: Double?) {
    let cycle = d * (autoreverses ? 2 : 1)
    let active = activeDuration(cycle: cycle)
    let elapsed = (t - beginTime) * Double(speed)
    if elapsed < 0 {
      return (.before, fillMode.fillsBackwards ? fold(timeOffset, d: d, cycle: cycle, atEnd: false) : nil)
    }
    if elapsed < active {
      return (.active, fold(elapsed + timeOffset, d: d, cycle: cycle, atEnd: false))
    }
    return (.after, fillMode.fillsForwards ? fold(active + timeOffset, d: d, cycle: cycle, atEnd: true) : nil)
  }

  /// How many whole cycles have run by parent time `t`, for `cumulative`
  /// animations (`Rule.cumulative`): 0 before and during the first, never
  /// more than the active duration holds.
  public func completedCycles(atParentTime t: Double, basicDuration d: Double) -> Int {
    let cycle = d * (autoreverses ? 2 : 1)
    guard cycle > 0 else { return 0 }
    let active = activeDuration(cycle: cycle)
    let elapsed = (t - beginTime) * Double(speed)
    guard elapsed >= 0 else { return 0 }
    let tau = (elapsed < active ? elapsed : active) + timeOffset
    guard tau.isFinite, tau > 0 else { return 0 }
    var whole = (tau / cycle).rounded(.down)
    // At the end of the active duration a whole number of cycles is the end
    // of the last one, not the start of another.
    if elapsed >= active && whole * cycle == tau { whole -= 1 }
    return whole < 1e9 ? Int(whole) : 1_000_000_000
  }

  /// The active duration for a cycle of `cycle` seconds.
  public func activeDuration(cycle: Double) -> Double {
    if repeatDuration > 0 { return repeatDuration }
    if repeatCount == .infinity { return .infinity }
    let count = repeatCount > 1 ? Double(repeatCount) : 1
    return count * cycle
  }

  /// τ folded into one cycle, then mirrored for autoreverse. At the end of the
  /// active duration a whole number of cycles means the end of the last cycle,
  /// not the start of the next.
  func fold(_ tau: Double, d: Double, cycle: Double, atEnd: Bool) -> Double {
    guard cycle > 0, tau.isFinite else { return tau.isFinite ? 0 : d }
    let completed = (tau / cycle).rounded(.down)
    var u = tau - completed * cycle
    if u < 0 { u = 0 }
    if u > cycle { u = cycle }
    if atEnd && u == 0 && tau > 0 { u = cycle }
    if autoreverses && u > d { u = 2 * d - u }
    return u
  }
}
