import LoadmarkEngine

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

    /// The track for `layer` and `property`, if any (a polygon's vertex
    /// tracks by ``track(_:_:vertex:)``).
    public func track(_ layer: String, _ property: TrackProperty) -> Track? {
      tracks.first { $0.layer == layer && $0.property == property && $0.vertex == nil }
    }

    /// A polygon's track of `property` (``TrackProperty/x`` or ``TrackProperty/y``)
    /// for vertex `vertex`, if any.
    public func track(_ layer: String, _ property: TrackProperty, vertex: Int) -> Track? {
      tracks.first { $0.layer == layer && $0.property == property && $0.vertex == vertex }
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

    /// The value of `track` at frame `frame` of this clip as it plays, the one
    /// rule every renderer reads tracks by (docs/FORMAT.md, "Reading a track
    /// at a frame"; `valueAt` in web/src/decode.js is the same rule):
    ///
    /// - a frame before the first (`frame` < 0) is the first;
    /// - a one-shot clip holds its last frame: its frames past the end read
    ///   as frame `frameCount − 1`;
    /// - then a constant is its value, a per-frame track its value at
    ///   `frame` modulo `frameCount` (a loop wraps), and a periodic track its
    ///   value at `frame` modulo its own period.
    ///
    /// So a loop's frame number is never wrapped by the player: it counts on
    /// from the clip's start, and every track wraps at its own period.
    /// - Parameters:
    ///   - track: one of the clip's tracks.
    ///   - frame: frames since the clip started, ``frameIndex(seconds:fps:)``
    ///     for a time clip, or the frame a progress clip shows.
    public func value(of track: Track, atFrame frame: Int) -> Double {
      var n = max(frame, 0)
      if !loop { n = min(n, frameCount - 1) }
      switch track.values {
      case .constant(let value): return value
      case .frames(let values): return values[n % values.count]
      case .periodic(let values): return values[n % values.count]
      }
    }

    /// The frame a time clip shows `seconds` after it starts at `fps`, before
    /// any wrapping: frame n from t = n / fps on (the 1e-6 absorbs the
    /// rounding of seconds · fps), never before the first and at most 10^15
    /// (`frameIndex` in web/src/timing.js).
    /// - Parameters:
    ///   - seconds: the time since the clip started.
    ///   - fps: the document's frames per second.
    public static func frameIndex(seconds: Double, fps: Double) -> Int {
      let index = (seconds * fps + 1e-6).rounded(.down)
      guard index > 0 else { return 0 }
      return Int(min(index, 1e15))
    }

    /// The transform of the layer `layer` at frame `frame`: each of its six
    /// numbers from its track, read by ``value(of:atFrame:)``, or the
    /// identity's where the clip has no track (version 3; absent in
    /// version 1 and 2 documents, so always the identity there).
    /// - Parameters:
    ///   - layer: a layer's id.
    ///   - frame: as ``value(of:atFrame:)`` takes it.
    public func transform(of layer: String, atFrame frame: Int) -> LayerTransform {
      var values: [Double] = []
      for property in TrackProperty.transform {
        if let track = track(layer, property) {
          values.append(value(of: track, atFrame: frame))
        } else {
          values.append(property.identityValue)
        }
      }
      return LayerTransform(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
    }

    /// How many frames a finite export of the clip (a GIF, a WebP, a sprite
    /// sheet, a fixed list of frames) plays before it repeats
    /// (docs/FORMAT.md, "Periodic tracks"): the least common multiple of
    /// the clip's `frames` and every periodic track's period when that is
    /// at most `limit`; else `limit` rounded down to a whole number of the
    /// clip's `frames`, and at least `frames`, where the periodic tracks
    /// have a seam. A clip without periodic tracks plays its own frames.
    /// - Parameter limit: the most frames the export can hold.
    public func finiteLoopLength(limit: Int) -> Int {
      var length = frameCount
      for track in tracks {
        guard case .periodic(let values) = track.values else { continue }
        length = FrameDocument.Clip.leastCommonMultiple(length, values.count, limit: limit)
        guard length <= limit else { return max(frameCount, limit / frameCount * frameCount) }
      }
      return length
    }

    /// lcm(`m`, `n`) of two positive counts, or a number above `limit` as
    /// soon as it passes it (so that nothing overflows).
    package static func leastCommonMultiple(_ m: Int, _ n: Int, limit: Int) -> Int {
      var (x, y) = (m, n)
      while y != 0 { (x, y) = (y, x % y) }
      let (product, overflow) = (m / x).multipliedReportingOverflow(by: n)
      return overflow || product > limit ? limit + 1 : product
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
    /// A polygon's vertex number for its ``TrackProperty/x`` and
    /// ``TrackProperty/y`` tracks (`x0`, `y0`, `x1`, …); nil for every other
    /// property.
    public var vertex: Int?
    public var values: TrackValues

    public init(layer: String, property: TrackProperty, vertex: Int? = nil, values: TrackValues) {
      self.layer = layer
      self.property = property
      self.vertex = vertex
      self.values = values
    }

    /// The public name of the track, `"<layerId>.<property>"`, with a
    /// vertex's number after its property (`"face.x3"`).
    public var key: String { layer + "." + TrackName(property, vertex: vertex).text }

    /// The value at frame `frame` of a clip's own frames (0 ≤ `frame` <
    /// the clip's frames); ``Clip/value(of:atFrame:)`` reads any frame of a
    /// playing clip, periodic tracks included.
    public func value(at frame: Int) -> Double {
      values.value(at: frame)
    }
  }

  /// The part of a track key after the dot: a property, and for a polygon's
  /// vertex coordinates the vertex's number.
  public struct TrackName: Equatable, Sendable {
    public var property: TrackProperty
    public var vertex: Int?

    public init(_ property: TrackProperty, vertex: Int? = nil) {
      self.property = property
      self.vertex = vertex
    }

    /// `"sweep"`, `"x3"`.
    public var text: String {
      guard let vertex else { return property.rawValue }
      return property.rawValue + String(vertex)
    }
  }

  /// A track's values: one number when constant, else one per frame, or
  /// (version 3) one per frame of its own period.
  public enum TrackValues: Equatable, Sendable {
    case constant(Double)
    case frames([Double])
    /// A periodic track (format version 3): the values of one period of its
    /// own, `values.count` frames at the document's fps, repeating for as
    /// long as its looping clip plays, whatever the clip's own frame count
    /// (docs/FORMAT.md, "Periodic tracks").
    case periodic([Double])

    /// The value at frame `frame`: a periodic track's at `frame` modulo its
    /// period.
    public func value(at frame: Int) -> Double {
      switch self {
      case .constant(let value): return value
      case .frames(let values): return values[frame]
      case .periodic(let values): return values[frame % values.count]
      }
    }

    /// Whether the values are a periodic track's.
    public var isPeriodic: Bool {
      if case .periodic = self { return true }
      return false
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
    /// A polygon's vertex x, in canvas points (version 3; keyed `x0`, `x1`, …).
    case x
    /// A polygon's vertex y, in canvas points (version 3; keyed `y0`, `y1`, …).
    case y
    /// The layer's transform (version 3), CGAffineTransform's six numbers:
    /// a point (x, y) of the layer's geometry is drawn at
    /// (a·x + c·y + tx, b·x + d·y + ty) on the canvas.
    case a, b, c, d, tx, ty

    /// The six transform properties in written order.
    public static let transform: [TrackProperty] = [.a, .b, .c, .d, .tx, .ty]

    /// Whether this is one of the six transform properties.
    public var isTransform: Bool {
      switch self {
      case .a, .b, .c, .d, .tx, .ty: return true
      default: return false
      }
    }

    /// The value of an absent transform track: the identity's (1 for `a`
    /// and `d`, else 0).
    public var identityValue: Double {
      switch self {
      case .a, .d: return 1
      default: return 0
      }
    }
  }

  /// A layer's transform at one frame, from its geometry's coordinates to
  /// the canvas's: the engine's ``AffineTransform2D`` (`CGAffineTransform`'s
  /// a b c d tx ty, canvas's `ctx.transform`), the one definition of a 2D
  /// transform.
  public typealias LayerTransform = AffineTransform2D
}
