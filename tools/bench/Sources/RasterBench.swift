import Foundation
import LoadmarkCore
import LoadmarkRaster

/// The cairo renderer's speed: every frame of every clip of every preset
/// drawn at 1 and 2 device pixels per point (no encoding).
enum RasterBench {
  /// `{"frames": N, "fps1x": F, "fps2x": F}`, frames drawn per second, the
  /// best of five rounds.
  static func json() -> String {
    let documents = Indicator.presetNames.map { Indicator.named($0)!.frames() }
    let frames = documents.reduce(0) { $0 + $1.clips.reduce(0) { $0 + $1.frameCount } }
    func rate(_ scale: Double) -> Double {
      let renderers = documents.map { try! FrameRenderer(document: $0, pixelsPerPoint: scale) }
      let seconds = Stopwatch.seconds(rounds: 5, iterations: 1) {
        for renderer in renderers {
          for clip in renderer.document.clips {
            for frame in 0..<clip.frameCount { _ = try! renderer.render(clip, frame: frame) }
          }
        }
      }
      return Double(frames) / seconds
    }
    return #"{"frames":\#(frames),"fps1x":\#(rate(1)),"fps2x":\#(rate(2))}"#
  }
}
