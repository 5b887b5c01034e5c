import Testing

@testable import LoadmarkCore

/// The frame a progress clip shows for a host's progress: the table of
/// web/test/timing.test.mjs, so Swift (pages' posters) and the player agree.
struct ProgressFrameTests {
  static func clip(frames: Int, domain: ProgressDomain) -> FrameDocument.Clip {
    FrameDocument.Clip(name: "p", index: .progress, frameCount: frames, duration: 0, loop: false, domain: domain, tracks: [])
  }

  @Test func theDefaultDomainRoundsToTheNearestFrameAndClamps() {
    let plain = ProgressFrameTests.clip(frames: 101, domain: ProgressDomain())
    #expect([0.5, 0.504, 0.506, -0.2, 1.3].map(plain.frame(atProgress:)) == [50, 50, 51, 0, 100])
  }

  @Test func pastTheDomainTheStretchFromRepeatFromComesAgain() {
    // Seed 004's pull: [0, 2] sampled at 201 frames, repeating from 1.
    let pull = ProgressFrameTests.clip(frames: 201, domain: ProgressDomain(lower: 0, upper: 2, repeatFrom: 1))
    #expect([0.5, 1, 2, 2.5, 3.25, -1].map(pull.frame(atProgress:)) == [50, 100, 200, 150, 125, 0])
    let noRepeat = ProgressFrameTests.clip(frames: 201, domain: ProgressDomain(lower: 0, upper: 2))
    #expect(noRepeat.frame(atProgress: 2.5) == 200)
  }
}
