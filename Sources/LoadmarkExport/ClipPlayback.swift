import LoadmarkCore

/// How an exported animation plays a clip's frames (`Rule.exportPlayback`):
/// frame i is shown from i / fps seconds, like the web player.
///
/// A time clip keeps its own timing: a one-shot plays its frames once and
/// stays on the last (t = duration), a loop repeats its frames, the first
/// following the last. A progress clip, which a host drives, is played as a
/// one-shot sweep from progress 0 to 1, one sample per frame at the
/// document's fps.
public struct ClipPlayback: Equatable, Sendable {
  public var frameCount: Int
  public var fps: Double
  public var loop: Bool

  public init(frameCount: Int, fps: Double, loop: Bool) {
    self.frameCount = frameCount
    self.fps = fps
    self.loop = loop
  }

  /// The playback of `clip` in `document`.
  public init(_ clip: FrameDocument.Clip, in document: FrameDocument) {
    self.init(clip, in: document, frames: clip.frameCount)
  }

  /// The playback of frames 0 to `frames` − 1 of `clip` in `document`: what
  /// a finite export of a clip with periodic tracks plays, its
  /// ``FrameDocument/Clip/finiteLoopLength(limit:)`` frames, each at 1 / fps
  /// as any other.
  /// - Parameters:
  ///   - clip: one of the document's clips.
  ///   - document: the clip's document, for its fps.
  ///   - frames: how many frames the export plays before it repeats.
  public init(_ clip: FrameDocument.Clip, in document: FrameDocument, frames: Int) {
    self.init(frameCount: frames, fps: document.fps, loop: clip.loop && clip.index == .time)
  }

  /// Seconds from the first frame to the end of one play: n / fps for a
  /// loop (its end is its start), (n − 1) / fps for a one-shot, whose last
  /// frame is the end.
  public var duration: Double {
    Double(loop ? frameCount : frameCount - 1) / fps
  }

  /// When frame `i` starts, in seconds.
  public func start(of frame: Int) -> Double {
    Double(frame) / fps
  }

  /// The frame of a still chosen by time: `seconds · fps`, rounded down
  /// with the player's allowance of 1e-6 frame, wrapped for a loop and
  /// clamped to the last frame for a one-shot (the player's `frameAt`).
  public func frame(atTime seconds: Double) -> Int {
    // Checked: a time from an option may be any number.
    let i = (seconds * fps + 1e-6).clampedInteger(.down, in: 0...Int.max)
    return loop ? i % frameCount : min(i, frameCount - 1)
  }

  /// The frame P of the way through a time clip, p in [0, 1] (clamped):
  /// round(p · (n − 1)). A progress clip's frame at the host's progress is
  /// `FrameDocument.Clip.frame(atProgress:)`, which knows its domain.
  public func frame(atProgress progress: Double) -> Int {
    let p = progress < 0 ? 0 : (progress > 1 ? 1 : progress)
    // NaN passes both comparisons above; the checked conversion makes it frame 0.
    return (p * Double(frameCount - 1)).clampedInteger(in: 0...(frameCount - 1))
  }

  /// Display times in whole `units` per second (100 for GIF centiseconds,
  /// 1000 for WebP milliseconds): frame i lasts round((i + 1)·u/fps) −
  /// round(i·u/fps), so rounding never accumulates. A one-shot's last frame
  /// gets one frame's time; the animation then stays on it.
  public func durations(unitsPerSecond units: Double) -> [Int] {
    // Checked: a document's fps may be tiny, which makes the ticks huge.
    func tick(_ i: Int) -> Int { (Double(i) * units / fps).clampedInteger(in: 0...Int(Int32.max)) }
    return (0..<frameCount).map { i in max(1, tick(i + 1) - tick(i)) }
  }
}
