import Testing
@testable import LoadmarkCore

/// The CAMediaTiming mapping of CORE-ANIMATION.md, case by case.
struct MediaTimingTests {
  func basic(_ timing: MediaTiming, _ t: Double, d: Double = 1) -> Double? {
    timing.basicTime(atParentTime: t, basicDuration: d).time
  }

  @Test func activeIntervalMapsLinearly() {
    let timing = MediaTiming(beginTime: 2, duration: 1)
    #expect(basic(timing, 2) == 0)
    #expect(basic(timing, 2.25) == 0.25)
    #expect(timing.basicTime(atParentTime: 3, basicDuration: 1).phase == .after)
  }

  @Test(arguments: FillMode.allCases)
  func fillModesBeforeAndAfter(_ fill: FillMode) {
    let timing = MediaTiming(beginTime: 1, duration: 1, fillMode: fill)
    let before = basic(timing, 0.5)
    let after = basic(timing, 5)
    switch fill {
    case .removed:
      #expect(before == nil && after == nil)
    case .forwards:
      #expect(before == nil && after == 1)
    case .backwards:
      #expect(before == 0 && after == nil)
    case .both:
      #expect(before == 0 && after == 1)
    }
  }

  @Test func fractionalRepeatEndsPartWay() {
    let timing = MediaTiming(duration: 1, repeatCount: 2.5, fillMode: .forwards)
    #expect(basic(timing, 1.25) == 0.25)
    #expect(basic(timing, 2.25) == 0.25)
    #expect(basic(timing, 10) == 0.5)
    #expect(timing.activeDuration(cycle: 1) == 2.5)
  }

  @Test func wholeRepeatEndsAtTheEndOfTheLastCycle() {
    let timing = MediaTiming(duration: 0.5, repeatCount: 2, fillMode: .forwards)
    #expect(basic(timing, 7, d: 0.5) == 0.5)
  }

  @Test func infiniteRepeatNeverEnds() {
    let infinite = MediaTiming(duration: 0.8, repeatCount: .infinity)
    #expect(infinite.activeDuration(cycle: 0.8) == .infinity)
    let maxFloat = MediaTiming(duration: 0.8, repeatCount: .greatestFiniteMagnitude)
    #expect(maxFloat.basicTime(atParentTime: 1_000_000.4, basicDuration: 0.8).phase == .active)
    #expect(abs(basic(infinite, 2.0, d: 0.8)! - 0.4) < 1e-12)
  }

  @Test func repeatDurationOverridesRepeatCount() {
    let timing = MediaTiming(duration: 1, repeatCount: 10, repeatDuration: 1.5, fillMode: .forwards)
    #expect(timing.activeDuration(cycle: 1) == 1.5)
    #expect(basic(timing, 9) == 0.5)
  }

  @Test func autoreverseMirrorsTheSecondHalf() {
    let timing = MediaTiming(duration: 1, autoreverses: true, fillMode: .forwards)
    #expect(basic(timing, 0.25) == 0.25)
    #expect(basic(timing, 1.25) == 0.75)
    #expect(basic(timing, 1.75) == 0.25)
    // The end of a reversed cycle is back at the start.
    #expect(basic(timing, 3) == 0)
  }

  @Test func speedScalesAndTimeOffsetWraps() {
    let fast = MediaTiming(duration: 1, speed: 2)
    #expect(basic(fast, 0.25) == 0.5)
    #expect(fast.basicTime(atParentTime: 0.5, basicDuration: 1).phase == .after)
    // timeOffset 0.75 starts three quarters in and wraps; the active
    // duration is not shortened.
    let offset = MediaTiming(duration: 1, timeOffset: 0.75, repeatCount: 2)
    #expect(basic(offset, 0) == 0.75)
    #expect(basic(offset, 0.5) == 0.25)
    #expect(offset.basicTime(atParentTime: 1.9, basicDuration: 1).phase == .active)
  }

  @Test func backwardsFillShowsTheTimeOffset() {
    let timing = MediaTiming(beginTime: 1, duration: 1, timeOffset: 0.25, fillMode: .backwards)
    #expect(basic(timing, 0) == 0.25)
  }

  @Test func zeroDurationMeansAQuarterSecond() {
    #expect(MediaTiming.defaultDuration == 0.25)
    let animation = Animation.basic(BasicAnimation(.opacity, from: 0, to: 1))
    var values = PropertyValues()
    animation.apply(atTime: 0.125, to: &values, model: PropertyValues())
    #expect(values[.opacity] == 0.5)
  }
}
