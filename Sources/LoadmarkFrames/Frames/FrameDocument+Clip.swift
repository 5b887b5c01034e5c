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
    /// Progress clips: the progress values the frames span (format version
    /// 2; version 1's are all [0, 1]).
    public var domain: ProgressDomain
    /// Progress clips: how the shown progress follows a change of the
    /// host's value, when the clip's changes animate implicitly (version 2).
    public var transition: Transition?
    /// Progress clips: the name of the time clip the host plays when the
    /// progress reaches the end of the domain (version 2).
    public var finish: String?
    public var tracks: [Track]

    public init(
      name: String, index: ClipIndex, frameCount: Int, duration: Double, loop: Bool,
      domain: ProgressDomain = ProgressDomain(), transition: Transition? = nil, finish: String? = nil, tracks: [Track]
    ) {
      self.name = name
      self.index = index
      self.frameCount = frameCount
      self.duration = duration
      self.loop = loop
      self.domain = domain
      self.transition = transition
      self.finish = finish
      self.tracks = tracks
    }

    /// The track for `layer` and `property`, if any.
    public func track(_ layer: String, _ property: TrackProperty) -> Track? {
      tracks.first { $0.layer == layer && $0.property == property }
    }

    /// The frame a progress clip shows for the host's progress `p`, as the
    /// web player picks it (`progressFrame` in web/src/timing.js): below the
    /// domain its first; past it its last or, with `repeatFrom` r, the
    /// stretch from r to the end again; then the nearest frame, halves up.
    /// - Parameter p: the host's progress, in the domain's units.
    public func frame(atProgress p: Double) -> Int {
      let (lower, upper) = (domain.lower, domain.upper)
      var p = p
      if p > upper, let r = domain.repeatFrom { p = r + (p - r).truncatingRemainder(dividingBy: upper - r) }
      let share = (min(max(p, lower), upper) - lower) / (upper - lower)
      return Int((share * Double(frameCount - 1) + 0.5).rounded(.down))
    }

    /// The track keyed `"<layer>.<property>"`, if any.
    public func track(_ key: String) -> Track? {
      tracks.first { $0.key == key }
    }
  }

  /// How a progress clip's shown progress follows a change of the host's
  /// value: seed 002 sets `strokeEnd` on a standalone layer, which animates
  /// implicitly (`Rule.implicitAnimation`: 0.25 s, the default timing
  /// function, from the presentation value). When the host's value moves
  /// from the shown progress a to b, frame i after the change (at
  /// t = i/fps) shows progress a + (b − a)·`values[i]`.
  public struct Transition: Equatable, Sendable {
    /// Seconds the change takes (after the preset's speed).
    public var duration: Double
    /// ceil(duration·fps) + 1: the first is 0, the last, at or past the
    /// end, is 1.
    public var frameCount: Int
    /// The fraction of the change shown at each frame.
    public var values: TrackValues

    public init(duration: Double, frameCount: Int, values: TrackValues) {
      self.duration = duration
      self.frameCount = frameCount
      self.values = values
    }
  }

  /// What a clip's frames are sampled over.
  public enum ClipIndex: String, Equatable, Sendable, CaseIterable {
    /// Frame i is at t = i / fps seconds.
    case time
    /// Frame i is at progress i / (frameCount − 1) of the clip's domain,
    /// [0, 1] unless the clip says otherwise.
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
