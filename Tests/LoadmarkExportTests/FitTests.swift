import LoadmarkCore
import Testing

@testable import LoadmarkExport

/// Keyframe fitting and number text.
struct FitTests {
  @Test func aLineNeedsTwoKeyframes() {
    let values = (0...20).map { Double($0) * 1.5 }
    #expect(KeyframeFit.segments(values, tolerance: 0.01) == [.init(start: 0, end: 20, easing: nil)])
  }

  @Test func anEaseOutNeedsOneEasedSegment() {
    let curve = TimingFunction.easeOut
    let values = (0...30).map { 10 + 20 * curve(Double($0) / 30) }
    let segments = KeyframeFit.segments(values, tolerance: 0.02)
    #expect(segments.count == 1)
    let easing = try! #require(segments.first?.easing)
    for (i, value) in values.enumerated() {
      #expect(abs(10 + 20 * easing.timingFunction(Double(i) / 30) - value) <= 0.02)
    }
  }

  @Test func aJumpIsTwoAdjacentKeyframesWithoutOvershoot() {
    let values = [0.0, 0, 0, 0, 1, 1, 1]
    let segments = KeyframeFit.segments(values, tolerance: 0.001)
    #expect(segments.map(\.start) == [0, 3, 4])
    #expect(segments.map(\.end) == [3, 4, 6])
  }

  /// A polyline whose corner falls between frames 4 and 5: up by 1 a frame
  /// to 4.4 at t = 4.4, then down by 1 a frame. One keyframe at the corner,
  /// where the two lines meet, instead of one on each side of it.
  @Test func aCornerBetweenFramesIsOneKeyframe() {
    let values = (0..<10).map { t in Double(t) <= 4.4 ? Double(t) : 8.8 - Double(t) }
    let keys = KeyframeFit.keys(values, tolerance: 0.001)
    #expect(keys.map(\.time) == [0, 4.4, 9])
    #expect(zip(keys.map(\.value), [0, 4.4, -0.2]).allSatisfy { abs($0 - $1) <= 1e-9 })
    #expect(keys.allSatisfy { $0.easing == nil })
    for (frame, value) in values.enumerated() {
      #expect(abs(KeyframeFit.value(of: keys, at: Double(frame)) - value) <= 1e-9)
    }
    // An eased run keeps its easing: the ease-out needs one segment, fewer keyframes than any polyline.
    let curve = TimingFunction.easeOut
    let eased = (0...30).map { 10 + 20 * curve(Double($0) / 30) }
    let easedKeys = KeyframeFit.keys(eased, tolerance: 0.02)
    #expect(easedKeys.count == 2)
    #expect(easedKeys[0].easing != nil)
  }

  @Test func unwrappedAnglesTurnTheShortWay() {
    #expect(KeyframeFit.unwrapped(degrees: [350, 10, 30, 200, 10]) == [350, 370, 390, 560, 730])
  }

  @Test func decimalTextIsShort() {
    #expect(DecimalText.format(12.5, decimals: 2) == "12.5")
    #expect(DecimalText.format(3, decimals: 2) == "3")
    #expect(DecimalText.format(-0.004, decimals: 2) == "0")
    #expect(DecimalText.format(-0.006, decimals: 2) == "-0.01")
    #expect(DecimalText.format(0.3333, decimals: 3) == "0.333")
    #expect(DecimalText.format(251.3274, decimals: 2) == "251.33")
  }

  @Test func playbackTimesAsTheBrowserShowsThem() {
    let gif = ClipPlayback(frameCount: 7, fps: 30, loop: true)
    // 100/30 cs a frame, rounded where each frame starts: 0, 3, 7, 10, 13, 17, 20, 23.
    #expect(gif.durations(unitsPerSecond: 100) == [3, 4, 3, 3, 4, 3, 3])
    #expect(gif.duration == 7.0 / 30)
    let once = ClipPlayback(frameCount: 91, fps: 60, loop: false)
    #expect(once.duration == 1.5)
    #expect(once.frame(atTime: 0.5) == 30)
    #expect(once.frame(atTime: 9) == 90)
    #expect(once.frame(atProgress: 0.5) == 45)
    #expect(ClipPlayback(frameCount: 48, fps: 60, loop: true).frame(atTime: 1) == 12)
  }

  /// Times, progress and rates no `Int` holds: a frame or a duration all the same, never a trap.
  @Test func playbackOfNumbersPastIntIsClamped() {
    let once = ClipPlayback(frameCount: 91, fps: 60, loop: false)
    #expect(once.frame(atTime: 1e300) == 90)
    #expect(once.frame(atTime: -1e300) == 0)
    #expect(once.frame(atTime: .nan) == 0)
    #expect(once.frame(atProgress: .nan) == 0)
    #expect(ClipPlayback(frameCount: 48, fps: 60, loop: true).frame(atTime: .infinity) == Int.max % 48)
    // fps 1e-300: the ticks are held to 32-bit milliseconds, so the first frame takes them all and the others the least.
    #expect(ClipPlayback(frameCount: 3, fps: 1e-300, loop: true).durations(unitsPerSecond: 1000) == [2_147_483_647, 1, 1])
  }

  @Test func wholeNumbersOfAnyDoubleAreClampedNotTrapped() {
    #expect(1e300.clampedInteger(in: 0...10) == 10)
    #expect((-1e300).clampedInteger(in: -5...10) == -5)
    #expect(Double.nan.clampedInteger(in: 3...10) == 3)
    #expect(Double.infinity.clampedInteger(in: 0...Int.max) == Int.max)
    #expect(9.3e18.clampedInteger(in: Int.min...Int.max) == Int.max)
    #expect((-9.3e18).clampedInteger(in: Int.min...Int.max) == Int.min)
    #expect(2.5.clampedInteger(in: 0...10) == 3)
    #expect(2.5.clampedInteger(.down, in: 0...10) == 2)
    #expect(2.1.clampedInteger(.up, in: 0...10) == 3)
  }
}

/// The easings the Lottie writer fits to Core Animation's timing functions.
struct TimingFitTests {
  /// NVActivityIndicatorView's bars: 100 → 40 % over 30 frames under
  /// (0.2, 0.68, 0.18, 1.08), which dips below 40 before it settles. Handles
  /// clamped to [0, 1] cannot follow it in one segment; with the overshoot
  /// the writer allows a transform, one easing reproduces every frame.
  @Test func anOvershootingTimingFunctionIsOneSegmentWhenAllowed() throws {
    let curve = TimingFunction(exactControlPoints: 0.2, 0.68, 0.18, 1.08)
    let values = (0...30).map { 100 - 60 * curve(Double($0) / 30) }
    let tolerance = LottieWriter.scaleTolerance
    #expect(KeyframeFit.segments(values, tolerance: tolerance).count > 1)
    let segments = KeyframeFit.segments(series: [values], tolerances: [tolerance], overshoot: LottieWriter.easingOvershoot, fine: true)
    #expect(segments.count == 1)
    let easing = try #require(segments.first?.easing)
    #expect(easing.y2 > 1)
    for (i, value) in values.enumerated() {
      #expect(abs(100 - 60 * easing.timingFunction(Double(i) / 30) - value) <= tolerance, "frame \(i)")
    }
  }

  /// Core Animation's default timing, (0.25, 0.1, 0.25, 1), over a pacman's
  /// 15 frames of trim (12.5 → 0 %): the two coarse grids miss it by more
  /// than the tolerance, the third finds it, so `keys` spends one segment
  /// where it spent two.
  @Test func theDefaultTimingFunctionIsFoundOnTheFinerGrid() throws {
    let curve = TimingFunction(exactControlPoints: 0.25, 0.1, 0.25, 1)
    let values = (0...15).map { 12.5 - 12.5 * curve(Double($0) / 15) }
    let tolerance = LottieWriter.percentTolerance
    #expect(KeyframeFit.segments(values, tolerance: tolerance).count > 1)
    let keys = KeyframeFit.keys(values, tolerance: tolerance)
    #expect(keys.map(\.time) == [0, 15])
    let easing = try #require(keys.first?.easing)
    for (i, value) in values.enumerated() {
      #expect(abs(12.5 - 12.5 * easing.timingFunction(Double(i) / 15) - value) <= tolerance, "frame \(i)")
    }
  }
}
