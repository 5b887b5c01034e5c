import Testing
@testable import LoadmarkCore

/// Basic animations' endpoints, removal and groups.
struct AnimationTests {
  /// Model value 10 for every row of the from/to/by table.
  @Test(arguments: [
    (Double?(1), Double?(5), Double?(nil), 1.0, 5.0),
    (1, nil, 3, 1, 4),
    (nil, 5, 3, 2, 5),
    (1, nil, nil, 1, 10),
    (nil, 5, nil, 10, 5),
    (nil, nil, 3, 10, 13),
    (1, 5, 3, 1, 5),
    (nil, nil, nil, 10, 10),
  ] as [(Double?, Double?, Double?, Double, Double)])
  func endpoints(_ from: Double?, _ to: Double?, _ by: Double?, _ start: Double, _ end: Double) {
    let animation = BasicAnimation(.scale, from: from, to: to, by: by)
    let resolved = animation.endpoints(current: 10)
    #expect(resolved.from == start)
    #expect(resolved.to == end)
    #expect(animation.value(atProgress: 0.5, duration: 1, current: 10) == start + (end - start) * 0.5)
  }

  func value(_ animation: Animation, at t: Double, model: Double = 7) -> Double {
    var model = PropertyValues()
    model[.strokeEnd] = 7
    var values = model
    animation.apply(atTime: t, to: &values, model: model)
    return values[.strokeEnd]
  }

  @Test func removedOnCompletionWinsOverForwardsFill() {
    let timing = MediaTiming(duration: 1, fillMode: .forwards)
    let removed = Animation.basic(BasicAnimation(.strokeEnd, from: 0, to: 1, timing: timing))
    let kept = Animation.basic(BasicAnimation(.strokeEnd, from: 0, to: 1, timing: timing, removedOnCompletion: false))
    #expect(value(removed, at: 2) == 7)
    #expect(value(kept, at: 2) == 1)
    let noFill = Animation.basic(BasicAnimation(.strokeEnd, from: 0, to: 1, timing: MediaTiming(duration: 1), removedOnCompletion: false))
    #expect(value(noFill, at: 2) == 7)
  }

  @Test func groupChildWithoutDurationRunsForTheGroup() {
    let child = BasicAnimation(.strokeEnd, from: 0, to: 1)
    let group = Animation.group(AnimationGroup([.basic(child)], timing: MediaTiming(duration: 0.5)))
    #expect(value(group, at: 0.25) == 0.5)
    #expect(value(group, at: 0.5) == 7)
  }

  @Test func groupTimingFunctionShapesChildTime() {
    let child = BasicAnimation(.strokeEnd, from: 0, to: 1)
    let group = Animation.group(AnimationGroup([.basic(child)], timing: MediaTiming(duration: 0.5), timingFunction: .easeOut))
    #expect(value(group, at: 0.25) == TimingFunction.easeOut(0.5))
    #expect(abs(value(group, at: 0.25) - 0.6846431953073085) < 3e-7)
  }

  @Test func groupClipsChildrenAndLaterChildrenWin() {
    let long = BasicAnimation(.strokeEnd, from: 0, to: 1, timing: MediaTiming(duration: 2))
    let late = BasicAnimation(.strokeEnd, from: 5, to: 6, timing: MediaTiming(beginTime: 0.5, duration: 1))
    let group = Animation.group(AnimationGroup([.basic(long), .basic(late)], timing: MediaTiming(duration: 1)))
    #expect(value(group, at: 0.25) == 0.125)
    #expect(value(group, at: 0.75) == 5.25)
    // The long child is cut at the group's end: the model value returns.
    #expect(value(group, at: 1.5) == 7)
  }

  @Test func childrenWithoutFillShowNothingOutsideTheirInterval() {
    let early = BasicAnimation(.strokeEnd, from: 0, to: 1, timing: MediaTiming(duration: 0.25))
    let group = Animation.group(AnimationGroup([.basic(early)], timing: MediaTiming(duration: 1)))
    #expect(value(group, at: 0.5) == 7)
    let filled = BasicAnimation(.strokeEnd, from: 0, to: 1, timing: MediaTiming(duration: 0.25, fillMode: .forwards))
    let holding = Animation.group(AnimationGroup([.basic(filled)], timing: MediaTiming(duration: 1)))
    #expect(value(holding, at: 0.5) == 1)
  }
}
