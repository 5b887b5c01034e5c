import Foundation
import LoadmarkCore
import LoadmarkJSON

/// The native engine on the workload the wasm module runs in
/// tools/bench/wasm.mjs: every clip of every preset, frame by frame through
/// `Indicator.values(of:at:)` (what `lm_sample_clip` calls), at 240 fps.
enum SamplingBench {
  static let fps = 240.0
  static let progressSamples = 101

  /// One pass over the workload; returns the frames sampled.
  static func pass() -> Int {
    var frames = 0
    for index in Indicator.presetNames.indices {
      let preset = Indicator.named(Indicator.presetNames[index])!
      for clip in preset.clips {
        // The frames lm_sample_clip writes: a progress clip's over its domain
        // (the refresh pull's 0 to 2 is 201 samples), a time clip's at fps.
        let count = Int(preset.frameCount(of: clip, fps: fps, progressSamples: progressSamples))
        for i in 0..<count {
          let x: Double
          if case .progress = clip.kind {
            x = clip.domain.progress(ofFrame: i, frameCount: count)
          } else {
            x = Double(i) / fps
          }
          _ = preset.values(of: clip, at: x)
          frames += 1
        }
      }
    }
    return frames
  }

  /// `{"framesPerPass": N, "framesPerSecond": F}`, the best of five rounds.
  static func json() -> String {
    let frames = pass()
    let seconds = Stopwatch.seconds(rounds: 5, iterations: 3) { _ = pass() }
    return #"{"framesPerPass":\#(frames),"framesPerSecond":\#(Double(frames) / seconds)}"#
  }
}
