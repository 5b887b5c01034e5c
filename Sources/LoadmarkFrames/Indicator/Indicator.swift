import LoadmarkEngine
import LoadmarkText

/// One indicator as Core Animation would describe it: layers, the figures
/// they draw, and clips that replay host actions over time or progress.
///
/// A scene document compiles into one (``Indicator/init(scene:)``): the five
/// built-in presets and any scene a user writes alike.
public struct Indicator: Sendable, NamedInBytes {
  /// The name and summary as bytes, which the WebAssembly engine uses.
  public var nameText: ByteText
  public var summaryText: ByteText
  /// The canvas size in points.
  public var width: Double
  public var height: Double
  /// The scene's layers in their initial state.
  public var layers: [AnimatedLayer]
  /// Drawn figures, back to front.
  public var figures: [Figure]
  public var clips: [ClipDefinition]
  /// Playback rate of the whole timeline, host actions included.
  public var speed: Double = 1

  public init(
    name: String, summary: String, width: Double, height: Double, layers: [AnimatedLayer],
    figures: [Figure], clips: [ClipDefinition]
  ) {
    self.init(
      nameText: ByteText(Array(name.utf8)), summaryText: ByteText(Array(summary.utf8)), width: width, height: height,
      layers: layers, figures: figures, clips: clips)
  }

  public init(
    nameText: ByteText, summaryText: ByteText, width: Double, height: Double, layers: [AnimatedLayer],
    figures: [Figure], clips: [ClipDefinition]
  ) {
    self.nameText = nameText
    self.summaryText = summaryText
    self.width = width
    self.height = height
    self.layers = layers
    self.figures = figures
    self.clips = clips
  }

  /// The clip named `name`, if any.
  public func clip(_ name: String) -> ClipDefinition? {
    clips.first { $0.name == name }
  }
}

/// A clip of a preset before sampling.
public struct ClipDefinition: Sendable, NamedInBytes {
  public var nameText: ByteText
  public var summaryText: ByteText
  public var kind: Kind
  /// The progress values a progress clip's frames span, and how host values
  /// outside them map in.
  public var domain = ProgressDomain()
  /// The index of the time clip the host plays when a progress clip's
  /// progress reaches the end of its domain, if any.
  public var finish: Int?
  /// Whether a progress clip's script may set a built-in property
  /// implicitly: its changes then animate (``Indicator/transition(fps:)``).
  public var animatesImplicitly = false

  public enum Kind: Sendable {
    /// Host time from `startTime` for `duration` seconds of the seed's
    /// timeline, replaying `script` (sorted by time). A loop's frames cover
    /// [startTime, startTime + duration).
    case time(duration: Double, loop: Bool, startTime: Double, script: [ScriptEvent])
    /// The state host code sets for a progress value in the clip's
    /// ``ClipDefinition/domain``, sampled at host time 0 once every action
    /// has settled: the script's actions for each value of `p`. Sets it
    /// marks implicit give the clip a transition instead
    /// (``Indicator/transition(fps:)``).
    case progress(ScriptProgram)
  }

  public init(name: String, summary: String, kind: Kind) {
    self.init(nameText: ByteText(Array(name.utf8)), summaryText: ByteText(Array(summary.utf8)), kind: kind)
  }

  public init(nameText: ByteText, summaryText: ByteText, kind: Kind) {
    self.nameText = nameText
    self.summaryText = summaryText
    self.kind = kind
  }

  /// Seconds of the seed's timeline the clip covers; 0 for progress clips.
  public var duration: Double {
    if case .time(let duration, _, _, _) = kind { return duration }
    return 0
  }

  /// Whether the clip repeats.
  public var loops: Bool {
    if case .time(_, let loop, _, _) = kind { return loop }
    return false
  }
}

/// `Rule.progressDomain`: the progress values of a progress clip: frame i of n shows
/// p = lower + (upper − lower)·(i/(n − 1)). A host value below `lower` shows
/// the first frame; above `upper`, the last, unless `repeatFrom` is set: then
/// it repeats the stretch from `repeatFrom` to `upper`, as seed 004's pull
/// does past the threshold.
public struct ProgressDomain: Equatable, Sendable {
  public var lower: Double
  public var upper: Double
  public var repeatFrom: Double?

  public init(lower: Double = 0, upper: Double = 1, repeatFrom: Double? = nil) {
    self.lower = lower
    self.upper = upper
    self.repeatFrom = repeatFrom
  }

  /// Whether this is the default, [0, 1] with no repeat.
  public var isDefault: Bool { lower == 0 && upper == 1 && repeatFrom == nil }

  /// How many frames sample the domain at the step of `samples` samples of
  /// [0, 1]: `samples` for the default, so a default domain samples exactly
  /// as before domains existed.
  public func frameCount(samples: Int) -> Int {
    Int(frameCountValue(samples: samples))
  }

  /// ``frameCount(samples:)`` as a Double, so that a caller can refuse a
  /// count too large before converting it.
  public func frameCountValue(samples: Int) -> Double {
    (Double(max(samples, 2) - 1) * (upper - lower)).rounded() + 1
  }

  /// The progress frame `i` of `frameCount` shows. For the default domain
  /// it is i/(n − 1), bit for bit, as before domains existed (0 + 1·f is f).
  public func progress(ofFrame i: Int, frameCount: Int) -> Double {
    lower + (upper - lower) * (Double(i) / Double(frameCount - 1))
  }
}

/// A preset or clip, whose name and one-line summary are kept as bytes (the
/// WebAssembly engine has no `String` on its paths) and read as strings.
public protocol NamedInBytes {
  var nameText: ByteText { get set }
  var summaryText: ByteText { get set }
}

extension NamedInBytes {
  public var name: String {
    get { nameText.string }
    set { nameText = ByteText(Array(newValue.utf8)) }
  }

  /// One line for listings.
  public var summary: String {
    get { summaryText.string }
    set { summaryText = ByteText(Array(newValue.utf8)) }
  }
}
