@testable import LoadmarkCore
import LoadmarkJSON

/// Reads a track value of a sampled preset.
struct Sampled {
  let document: FrameDocument

  init(_ preset: Indicator, fps: Double = 60) {
    document = preset.frames(fps: fps)
  }

  /// The built-in preset `name`, read from its scene as the CLI reads it.
  init(_ name: String, fps: Double = 60) {
    self.init(Indicator.named(name)!, fps: fps)
  }

  func value(_ clip: String, _ key: String, frame: Int) -> Double {
    guard let track = document.clip(clip)?.track(key) else {
      fatalError("no track \(key) in clip \(clip)")
    }
    return track.value(at: frame)
  }

  func frameCount(_ clip: String) -> Int {
    document.clip(clip)!.frameCount
  }
}
