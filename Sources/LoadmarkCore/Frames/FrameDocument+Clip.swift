extension FrameDocument {
  /// A sampled clip: a run of frames over time or over host-driven progress.
  public struct Clip: Equatable, Sendable {
    public var name: String
    public var index: ClipIndex
    public var frameCount: Int
    /// Seconds from the first frame to the end of the clip; 0 for progress clips.
    public var duration: Double
    /// Whether the clip repeats; a loop's end equals its start, so its last
    /// frame is one frame before the end.
    public var loop: Bool
    public var tracks: [Track]

    public init(name: String, index: ClipIndex, frameCount: Int, duration: Double, loop: Bool, tracks: [Track]) {
      self.name = name
      self.index = index
      self.frameCount = frameCount
      self.duration = duration
      self.loop = loop
      self.tracks = tracks
    }

    /// The track for `layer` and `property`, if any.
    public func track(_ layer: String, _ property: TrackProperty) -> Track? {
      tracks.first { $0.layer == layer && $0.property == property }
    }

    /// The track keyed `"<layer>.<property>"`, if any.
    public func track(_ key: String) -> Track? {
      tracks.first { $0.key == key }
    }
  }

  /// What a clip's frames are sampled over.
  public enum ClipIndex: String, Equatable, Sendable, CaseIterable {
    /// Frame i is at t = i / fps seconds.
    case time
    /// Frame i is at progress i / (frameCount − 1), from 0 to 1.
    case progress
  }

  /// The values of one layer property over a clip.
  public struct Track: Equatable, Sendable {
    public var layer: String
    public var property: TrackProperty
    public var values: TrackValues

    public init(layer: String, property: TrackProperty, values: TrackValues) {
      self.layer = layer
      self.property = property
      self.values = values
    }

    /// The public name of the track, `"<layerId>.<property>"`.
    public var key: String { layer + "." + property.rawValue }

    /// The value at frame `frame`.
    public func value(at frame: Int) -> Double {
      values.value(at: frame)
    }
  }

  /// A track's values: one number when constant, else one per frame.
  public enum TrackValues: Equatable, Sendable {
    case constant(Double)
    case frames([Double])

    /// The value at frame `frame`.
    public func value(at frame: Int) -> Double {
      switch self {
      case .constant(let value): return value
      case .frames(let values): return values[frame]
      }
    }

    /// `values` as a constant when every one is the same, bit for bit.
    public init(collapsing values: [Double]) {
      if let first = values.first, values.allSatisfy({ $0 == first && $0.sign == first.sign }) {
        self = .constant(first)
      } else {
        self = .frames(values)
      }
    }
  }

  /// The public names of animatable properties, the part after the dot in a
  /// track key.
  public enum TrackProperty: String, Equatable, Sendable, CaseIterable {
    /// An arc's resolved start angle in radians, in [0, 2π).
    case start
    /// An arc's signed sweep in radians, in [−2π, 2π]; positive is clockwise.
    case sweep
    /// The fraction of a path's length where drawing starts, in [0, 1].
    case strokeStart
    /// The fraction of a path's length where drawing ends, in [0, 1].
    case strokeEnd
    /// A dot's scale about its centre.
    case scale
    /// The layer's opacity, in [0, 1]; 0 also stands for a hidden layer.
    case opacity
  }
}
