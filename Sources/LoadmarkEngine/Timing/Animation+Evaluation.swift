extension Animation {
  /// Applies the animation at `time` (in the time of whatever it is attached
  /// to) on top of `values`, reading endpoints' "current value" from `model`.
  ///
  /// - Parameters:
  ///   - parentDuration: `nil` for an animation attached to a layer; for a
  ///     group's child, the group's basic duration, which a child of duration
  ///     0 runs for (`Rule.groupChildDuration`) [obs].
  /// - Returns: whether the animation has completed (its active interval is
  ///   over); a top-level animation with `removedOnCompletion` then shows
  ///   nothing and is detached.
  @discardableResult
  public func apply(
    atTime time: Double, to values: inout PropertyValues, model: PropertyValues,
    parentDuration: Double? = nil
  ) -> Bool {
    let timing = self.timing
    let d: Double
    if timing.duration > 0 {
      d = timing.duration
    } else {
      d = parentDuration ?? MediaTiming.defaultDuration
    }
    let (phase, basic) = timing.basicTime(atParentTime: time, basicDuration: d)
    let completed = phase == .after
    // `Rule.removedOnCompletion`: a completed top-level animation is removed,
    // so a forwards fill only holds with removedOnCompletion = NO. Children of
    // a group are never removed on their own; the group is.
    if completed && parentDuration == nil && removedOnCompletion { return true }
    guard let u = basic else { return completed }
    let p = d > 0 ? u / d : 1
    switch self {
    case .basic(let animation):
      let current = model[animation.property]
      var value = animation.value(atProgress: p, duration: d, current: current)
      if animation.cumulative {
        value += Double(timing.completedCycles(atParentTime: time, basicDuration: d))
          * animation.value(atProgress: 1, duration: d, current: current)
      }
      values[animation.property] = animation.additive ? values[animation.property] + value : value
    case .keyframe(let animation):
      let shaped = animation.timingFunction.map { $0(p) } ?? p
      var value = animation.value(atProgress: shaped)
      if animation.cumulative {
        value += Double(timing.completedCycles(atParentTime: time, basicDuration: d)) * animation.value(atProgress: 1)
      }
      values[animation.property] = animation.additive ? values[animation.property] + value : value
    case .group(let group):
      // `Rule.groupTime`: the group's timing function shapes its time, which
      // the children read; they are clipped to [0, d] by construction.
      // Without a timing function the group's time is u itself (no p·d
      // round trip, which could move a child's boundary by an ulp).
      let groupTime = group.timingFunction.map { $0(p) * d } ?? u
      for child in group.animations {
        child.apply(atTime: groupTime, to: &values, model: model, parentDuration: d)
      }
    }
    return completed
  }
}
