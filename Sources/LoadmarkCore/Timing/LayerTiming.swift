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

  /// `convertTime(_:from: nil)`: the layer's local time at host time `t`.
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
