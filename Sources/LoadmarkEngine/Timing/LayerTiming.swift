/// A layer's own `CAMediaTiming`: the layer's local time from its parent's
/// (here, host time), `t = (t_parent − beginTime)·speed + timeOffset`.
public struct LayerTiming: Equatable, Hashable, Sendable {
  public var beginTime: Double
  /// A `float` in Core Animation.
  public var speed: Float
  public var timeOffset: Double

  public init(beginTime: Double = 0, speed: Float = 1, timeOffset: Double = 0) {
    self.beginTime = beginTime
    self.speed = speed
    self.timeOffset = timeOffset
  }

  /// The fields a script may set directly.
  public enum Field: Equatable, Sendable {
    case beginTime, speed, timeOffset
  }

  /// The value of `field`; setting `speed` rounds to float32, as Core
  /// Animation's `float` does (`Rule.float32Values`).
  public subscript(field: Field) -> Double {
    get {
      switch field {
      case .beginTime: return beginTime
      case .speed: return Double(speed)
      case .timeOffset: return timeOffset
      }
    }
    set {
      switch field {
      case .beginTime: beginTime = newValue
      case .speed: speed = Float(newValue)
      case .timeOffset: timeOffset = newValue
      }
    }
  }

  /// `convertTime(_:from: nil)`: the layer's local time at host time `t`
  /// (for a sublayer, at its superlayer's time `t`).
  public func localTime(atHostTime t: Double) -> Double {
    (t - beginTime) * Double(speed) + timeOffset
  }

  /// Pauses as Technical Q&A QA1673 does: `timeOffset = convertTime(now)`, `speed = 0`.
  public mutating func pause(atHostTime t: Double) {
    let paused = localTime(atHostTime: t)
    speed = 0
    timeOffset = paused
  }

  /// Resumes as QA1673 does: `speed = 1`, `timeOffset = 0`, `beginTime = 0`,
  /// then `beginTime = convertTime(now) − pausedTime`.
  public mutating func resume(atHostTime t: Double) {
    let paused = timeOffset
    speed = 1
    timeOffset = 0
    beginTime = 0
    beginTime = localTime(atHostTime: t) - paused
  }
}
