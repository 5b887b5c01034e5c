import Testing
@testable import LoadmarkCore
import LoadmarkJSON

/// Seed 002: the timer demo, the progress-driven ring and the done sequence.
struct ProgressPresetTests {
  let sampled = Sampled("progress")

  @Test func clips() {
    #expect(sampled.document.clips.map(\.name) == ["demo", "progress", "done"])
    #expect(sampled.frameCount("demo") == 127)
    #expect(sampled.frameCount("progress") == 101)
    #expect(sampled.frameCount("done") == 61)
    #expect(sampled.document.clip("progress")!.index == .progress)
    #expect(sampled.document.layers.map(\.id) == ["track", "ring", "checkRing", "check"])
    #expect(sampled.document.layers[0].style.stroke?.alpha == 0)
  }

  @Test func timerSumsFallShortOfOneAtTheTenthTick() {
    var sum = 0.0
    for _ in 0..<10 { sum += 0.1 }
    #expect(sum == 0.9999999999999999)
    #expect(sum + 0.1 == 1.0999999999999999)
  }

  @Test func checkSequenceStartsAtElevenTenths() {
    // t = 1.0 (frame 60): still the progress ring.
    #expect(sampled.value("demo", "ring.opacity", frame: 60) == 1)
    #expect(sampled.value("demo", "checkRing.opacity", frame: 60) == 0)
    // t = 1.1 (frame 66): the rings hide, the white ring starts at 0.
    #expect(sampled.value("demo", "ring.opacity", frame: 66) == 0)
    #expect(sampled.value("demo", "track.opacity", frame: 66) == 0)
    #expect(sampled.value("demo", "checkRing.opacity", frame: 66) == 1)
    #expect(sampled.value("demo", "checkRing.strokeEnd", frame: 66) == 0)
    #expect(abs(sampled.value("demo", "checkRing.strokeEnd", frame: 72) - 0.2) < 1e-12)
    // The check waits 0.5 s, then strokes linearly.
    #expect(sampled.value("demo", "check.opacity", frame: 95) == 0)
    #expect(sampled.value("demo", "check.opacity", frame: 100) == 1)
    #expect(abs(sampled.value("demo", "check.strokeEnd", frame: 100) - (100.0 / 60 - 1.6) / 0.5) < 1e-12)
    #expect(sampled.value("demo", "check.strokeEnd", frame: 126) > 0.999)
  }

  @Test func ringFollowsTheTimerThroughImplicitAnimations() {
    // Nothing moves before the first tick at 0.1 s.
    #expect(sampled.value("demo", "ring.strokeEnd", frame: 6) == 0)
    // At t = 0.2 the second tick retargets from where the first implicit
    // animation is: 0.1·default(0.1/0.25).
    let expected = 0.1 * TimingFunction.default(0.4)
    #expect(sampled.value("demo", "ring.strokeEnd", frame: 12) == expected)
    #expect(abs(expected - 0.06825405064011539) < 3e-8)
  }

  @Test func progressClipShowsTheRingAtTheHostValue() {
    #expect(sampled.value("progress", "ring.strokeEnd", frame: 42) == 0.42)
    #expect(sampled.value("progress", "ring.strokeEnd", frame: 100) == 1)
    #expect(sampled.value("progress", "check.opacity", frame: 50) == 0)
    #expect(sampled.value("progress", "checkRing.opacity", frame: 50) == 0)
  }

  @Test func progressClipCarriesTheImplicitAnimationAsItsTransition() throws {
    // updateProgress sets strokeEnd on a standalone layer: 0.25 s of the default timing function, sampled at 60 fps
    // from the change (t = 0) to its end (t = 0.25, frame 15, where the model value shows).
    let clip = try #require(sampled.document.clip("progress"))
    let transition = try #require(clip.transition)
    #expect(transition.duration == 0.25)
    #expect(transition.frameCount == 16)
    #expect(transition.values.value(at: 0) == 0)
    #expect(transition.values.value(at: 15) == 1)
    // t = 0.1 s is x = 0.4 of the curve, as in the demo's second tick.
    #expect(transition.values.value(at: 6) == TimingFunction.default(0.4))
    #expect(abs(transition.values.value(at: 6) - 0.6825405064011539) < 3e-8)
    // Half way, x = 0.5: CSS's `ease` (the same control points) gives 0.8024033877399112 there.
    #expect(abs(Indicator.named("progress")!.transition(fps: 120).values.value(at: 15) - 0.8024033877399112) < 3e-8)
    // Reaching 1 plays done, as the seed's progress >= 1 branch does.
    #expect(clip.finish == "done")
    // The frames are the settled ring: the implicit set changes none of them.
    #expect(sampled.value("progress", "ring.strokeEnd", frame: 37) == 0.37)
  }

  @Test func transitionsEndOnTheirLastFrameAtAnyRateAndSpeed() {
    // ceil(duration · fps) + 1 frames, the last at or past the end, where the change is whole.
    for (fps, speed, frames) in [(60.0, 1.0, 16), (25, 1, 8), (30, 2, 5), (240, 0.5, 121)] {
      let preset = Indicator.named("progress", options: IndicatorOptions(speed: speed))!
      let transition = preset.transition(fps: fps)
      #expect(transition.duration == 0.25 / speed)
      #expect(transition.frameCount == frames, "\(fps) fps at speed \(speed)")
      #expect(transition.values.value(at: frames - 1) == 1)
      #expect(transition.values.value(at: frames - 2) < 1)
    }
  }

  @Test func doneClip() {
    #expect(sampled.value("done", "ring.opacity", frame: 0) == 0)
    #expect(sampled.value("done", "checkRing.strokeEnd", frame: 15) == 0.5)
    #expect(sampled.value("done", "check.opacity", frame: 29) == 0)
    #expect(sampled.value("done", "check.opacity", frame: 30) == 1)
    #expect(sampled.value("done", "check.strokeEnd", frame: 45) == 0.5)
    #expect(sampled.value("done", "check.strokeEnd", frame: 60) == 1)
  }
}
