import Testing
@testable import LoadmarkCore

/// Layer time, pause and resume, adding and implicit animations.
struct LayerTests {
  @Test func pauseFreezesAndResumeContinues() {
    var layer = AnimatedLayer("spinner")
    layer.add(.basic(BasicAnimation(LayerProperty.custom(0), from: 0, to: 1, timing: MediaTiming(duration: 1))), forKey: "spin", atHostTime: 0)
    #expect(layer.presentation(atHostTime: 0.25)[LayerProperty.custom(0)] == 0.25)
    layer.timing.pause(atHostTime: 0.25)
    #expect(layer.timing.speed == 0)
    #expect(layer.presentation(atHostTime: 5)[LayerProperty.custom(0)] == 0.25)
    layer.timing.resume(atHostTime: 5)
    #expect(layer.presentation(atHostTime: 5)[LayerProperty.custom(0)] == 0.25)
    #expect(layer.presentation(atHostTime: 5.5)[LayerProperty.custom(0)] == 0.75)
  }

  @Test func layerSpeedAndOffsetApplyBeforeAnimations() {
    var layer = AnimatedLayer("x")
    layer.timing = LayerTiming(beginTime: 1, speed: 2, timeOffset: 0.5)
    #expect(layer.timing.localTime(atHostTime: 1.25) == 1)
  }

  @Test func addingResolvesBeginTimeAndReplacesByKey() {
    var layer = AnimatedLayer("x")
    let fade = Animation.basic(BasicAnimation(.opacity, from: 0, to: 1, timing: MediaTiming(duration: 1)))
    layer.add(fade, forKey: "fade", atHostTime: 2)
    #expect(layer.animations[0].animation.timing.beginTime == 2)
    #expect(layer.presentation(atHostTime: 2.5)[.opacity] == 0.5)
    layer.add(fade, forKey: "fade", atHostTime: 3)
    #expect(layer.animations.count == 1)
    #expect(layer.presentation(atHostTime: 3.25)[.opacity] == 0.25)
  }

  @Test func implicitAnimationRunsFromThePresentationValue() {
    var layer = AnimatedLayer("ring")
    layer.model[.strokeEnd] = 0
    layer.setValue(0.5, for: .strokeEnd, atHostTime: 1, implicit: true)
    #expect(layer.model[.strokeEnd] == 0.5)
    #expect(layer.presentation(atHostTime: 1)[.strokeEnd] == 0)
    #expect(layer.presentation(atHostTime: 1.1)[.strokeEnd] == 0.5 * TimingFunction.default((1.1 - 1) / 0.25))
    // Retargeting mid-way starts from where the running one is.
    let midway = layer.presentation(atHostTime: 1.1)[.strokeEnd]
    layer.setValue(1, for: .strokeEnd, atHostTime: 1.1, implicit: true)
    #expect(layer.presentation(atHostTime: 1.1)[.strokeEnd] == midway)
    #expect(layer.presentation(atHostTime: 2)[.strokeEnd] == 1)
    #expect(layer.animations.count == 1)
  }

  @Test func unresolvedEndpointsRunFromPresentationToModel() {
    var layer = AnimatedLayer("x")
    layer.model[.scale] = 3
    layer.add(.basic(BasicAnimation(.scale, timing: MediaTiming(duration: 1))), forKey: nil, atHostTime: 0)
    // Presentation equalled the model when added, so nothing moves.
    #expect(layer.presentation(atHostTime: 0.5)[.scale] == 3)
  }

  @Test func completedAnimationsAreDetached() {
    var layer = AnimatedLayer("x")
    layer.add(.basic(BasicAnimation(.opacity, from: 0, to: 1, timing: MediaTiming(duration: 1))), forKey: nil, atHostTime: 0)
    layer.add(.basic(BasicAnimation(.scale, to: 2, timing: MediaTiming(duration: 1, fillMode: .forwards), removedOnCompletion: false)), forKey: nil, atHostTime: 0)
    layer.removeCompletedAnimations(atHostTime: 2)
    #expect(layer.animations.count == 1)
    #expect(layer.presentation(atHostTime: 2)[.scale] == 2)
  }
}
