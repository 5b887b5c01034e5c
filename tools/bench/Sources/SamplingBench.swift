import Foundation
import LoadmarkCore
import LoadmarkJSON

/// The native engine on the workload the wasm module runs in
/// tools/bench/wasm.mjs: every clip of every preset, frame by frame through
/// `Preset.values(of:at:)` (what `lm_sample_clip` calls), at 240 fps.
enum SamplingBench {
  static let fps = 240.0
  static let progressSamples = 101

  /// One pass over the workload; returns the frames sampled.
  static func pass() -> Int {
    var frames = 0
    for index in Preset.names.indices {
      let preset = Preset.named(Preset.names[index])!
      for clip in preset.clips {
        var isProgress = false
        var count = progressSamples
        if case .time(let duration, let loop, _, _) = clip.kind {
          let steps = Int((duration * fps).rounded())
          count = loop ? steps : steps + 1
        } else {
          isProgress = true
        }
        for i in 0..<count {
          let x = isProgress ? Double(i) / Double(count - 1) : Double(i) / fps
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
