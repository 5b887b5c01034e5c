/// A `CAAnimationGroup`: children run in the group's time, clipped to it.
public struct AnimationGroup: Equatable, Hashable, Sendable {
  public var animations: [Animation]
  public var timing: MediaTiming
  /// Shapes the group's time before the children read it; `nil` is linear.
  public var timingFunction: TimingFunction?
  public var removedOnCompletion: Bool

  public init(
    _ animations: [Animation], timing: MediaTiming = MediaTiming(),
    timingFunction: TimingFunction? = nil, removedOnCompletion: Bool = true
  ) {
    self.animations = animations
    self.timing = timing
    self.timingFunction = timingFunction
    self.removedOnCompletion = removedOnCompletion
  }
}
