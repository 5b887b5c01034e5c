import LoadmarkCore
import LoadmarkWasmSupport

/// The state behind the WebAssembly ABI: the selected preset and the buffers
/// results are written to. Host-testable; `main.swift` only exports it.
///
/// Every argument is checked before it is used: a call the ABI does not
/// allow returns a status (docs/WASM.md, "Errors") and leaves the selection,
/// the buffers and the module's memory as they were; `lm_error` says what
/// was wrong. Nothing a host passes makes the module trap.
///
/// Everything the ABI returns is a number or a buffer of Doubles in linear
/// memory, so the module needs no imports from its host. Functions that
/// several exports call are `@inline(never)`: inlined copies only grew the
/// module.
enum WasmEngine {
  /// What a call returns when it cannot do what it was asked: `lm_select`
  /// and `lm_load` return the code itself, functions that return a count
  /// return it negated. docs/WASM.md's table of them and the web package's
  /// `STATUS` are rendered from these cases (``ABIVocabulary``).
  enum Status: Int32, CaseIterable {
    case ok = 0
    /// `lm_select`: no preset has that index.
    case unknownPreset = 1
    /// An option is out of its range, or two options conflict.
    case badOption = 2
    /// `lm_load`: the bytes are not a compiled scene this module reads.
    case badScene = 3
    /// Nothing is selected yet: call `lm_select` or `lm_load` first.
    case noSelection = 4
    /// The selected indicator has no clip of that index.
    case unknownClip = 5
    /// `fps` is not a number above 0 and at most ``maximumFPS``.
    case badRate = 6
    /// `samples` is not a whole number within ``progressSamples``.
    case badSamples = 7
    /// The clip would have more than ``maximumFrames`` frames at that rate.
    case tooManyFrames = 8
    /// The clip's values would not fit the output buffer's cap.
    case tooManyValues = 9
    /// The instant is not a finite time ≥ 0, or a progress within the clip's domain.
    case badInstant = 10
    /// `lm_load`: the length is not within the bytes reserved by `lm_input`.
    case badLength = 11
    /// Sampling takes more than the scene budget's work, or a value is not a
    /// finite number (docs/SCENE.md, Limits).
    case unsampleable = 12
  }

  /// What `lm_abi_version()` returns; bumped on any change to the ABI's
  /// functions: 3 added the statuses and `lm_error`; 4 added
  /// `lm_transition`, layers' roles and progress clips' fields in
  /// `lm_describe`, for format version 2; 5 added each layer's `moves` in
  /// `lm_describe` and a moving layer's six transform values in samples,
  /// for format version 3.
  static let abiVersion: Int32 = 5

  /// The indicator selected or loaded, compiled, with its options.
  nonisolated(unsafe) static var preset: Indicator?
  nonisolated(unsafe) static var output = OutputBuffer()
  /// Where the host writes a compiled scene for `lm_load`.
  nonisolated(unsafe) static var input = ByteBuffer()
  /// Why the last call that failed failed: static text, so that reporting
  /// an error never allocates.
  nonisolated(unsafe) static var error: StaticString = ""

  /// The most frames a clip may have: a frame document's limit.
  static let maximumFrames = Indicator.maximumFrames
  /// The frame rates sampling accepts: above 0, at most this, as a frame
  /// document's `fps`.
  static let maximumFPS = Indicator.maximumFPS
  /// The progress sample counts sampling accepts.
  static let progressSamples = 2...Indicator.maximumFrames

  /// Notes why a call failed; returns `status`.
  @inline(never)
  static func fail(_ status: Status, _ message: StaticString) -> Status {
    error = message
    return status
  }

  /// Selects built-in preset `index` with options: its scene as the native
  /// reader compiled it (``PresetImage``).
  @inline(never)
  static func select(
    _ index: Int32, scale: Double, width: Double, height: Double, color: Int64, lineWidth: Double, speed: Double
  ) -> Status {
    guard index >= 0, Int(index) < PresetImage.count else {
      return fail(.unknownPreset, Message.presetIndex)
    }
    guard let options = options(scale: scale, width: width, height: height, color: color, lineWidth: lineWidth, speed: speed)
    else { return .badOption }
    guard let compiled = PresetImage.preset(at: Int(index)) else {
      return fail(.badScene, "the built-in preset's image does not read")
    }
    return choose(compiled, options)
  }

  /// Selects the compiled scene image in the input buffer's first `length`
  /// bytes (what `loadmark compile` writes) with options, as `select`. On
  /// failure the selection stays as it was.
  @inline(never)
  static func load(
    _ length: Int32, scale: Double, width: Double, height: Double, color: Int64, lineWidth: Double, speed: Double
  ) -> Status {
    guard let bytes = input.bytes(Int(length)) else {
      return fail(.badLength, "length: expected a byte count within what lm_input reserved")
    }
    guard let options = options(scale: scale, width: width, height: height, color: color, lineWidth: lineWidth, speed: speed)
    else { return .badOption }
    var refusal = SceneImage.Refusal.notAnImage
    guard let compiled = SceneImage.decode(bytes, refusal: &refusal) else {
      // An image of this version damaged or cut short is told apart from
      // bytes of another kind or version: no compiler of this version
      // writes one.
      switch refusal {
      case .notAnImage: return fail(.badScene, "not a compiled scene")
      case .otherVersion: return fail(.badScene, Message.otherImageVersion)
      case .malformed: return fail(.badScene, "a damaged compiled scene: compile it again")
      }
    }
    return choose(compiled, options)
  }

  /// Selects `compiled` adapted to `options`, unless the canvas they make is
  /// larger than a reader accepts.
  static func choose(_ compiled: Indicator, _ options: IndicatorOptions) -> Status {
    // On the scene's canvas, always (`Rule.contentCanvas`'s crop is the
    // CLI's: its code would add about 5 KB to this module).
    let chosen = options.isDefault ? compiled : compiled.customized(options, frame: nil)
    guard chosen.width > 0, chosen.width <= IndicatorOptions.maximumSide, chosen.height > 0,
      chosen.height <= IndicatorOptions.maximumSide
    else {
      return fail(.badOption, Message.canvasSide)
    }
    preset = chosen
    return .ok
  }

  /// The options from the ABI's numbers, or nil (the error noted) when one
  /// is out of range. −1 means "not given" for `scale`, `width` and `height` (both),
  /// `color` and `lineWidth`; `speed` is always given.
  static func options(
    scale: Double, width: Double, height: Double, color: Int64, lineWidth: Double, speed: Double
  ) -> IndicatorOptions? {
    var options = IndicatorOptions()
    if scale != -1 {
      guard scale > 0, scale.isFinite else {
        return invalid("scale: expected -1 (not given) or a finite number above 0")
      }
      options.scale = scale
    }
    if width != -1 || height != -1 {
      guard width > 0, width <= IndicatorOptions.maximumSide, height > 0, height <= IndicatorOptions.maximumSide else {
        return invalid(Message.size)
      }
      guard scale == -1 else {
        return invalid("scale and size cannot both be given: the size sets the scale that fits")
      }
      options.size = (width, height)
    }
    if color != -1 {
      guard color >= 0, color <= 0xFFFF_FFFF else {
        return invalid("color: expected -1 (not given) or 0xRRGGBBAA, from 0 to 0xFFFFFFFF")
      }
      let rgba = UInt32(color)
      options.color = Color(
        red: UInt8(rgba >> 24), green: UInt8((rgba >> 16) & 0xFF), blue: UInt8((rgba >> 8) & 0xFF),
        alpha: UInt8(rgba & 0xFF))
    }
    if lineWidth != -1 {
      guard lineWidth > 0, lineWidth <= IndicatorOptions.maximumSide else {
        return invalid(Message.lineWidth)
      }
      options.lineWidth = lineWidth
    }
    guard IndicatorOptions.speeds.contains(speed) else {
      return invalid(Message.speed)
    }
    options.speed = speed
    return options
  }

  /// nil, noting that an option is out of range.
  @inline(never)
  static func invalid(_ message: StaticString) -> IndicatorOptions? {
    _ = fail(.badOption, message)
    return nil
  }

  /// Writes `text`'s bytes to the output buffer, one per Double; returns
  /// the count.
  @inline(never)
  static func write(_ text: UnsafeBufferPointer<UInt8>) -> Int {
    output.reserve(text.count)
    for (i, byte) in text.enumerated() { output[i] = Double(byte) }
    return text.count
  }

  /// Writes why the last call that failed failed; returns its length.
  static func writeError() -> Int {
    write(UnsafeBufferPointer(start: error.utf8Start, count: error.utf8CodeUnitCount))
  }

  /// Writes the name of preset `index` to the output buffer; returns its
  /// length, or −1 (unknown preset) past the end.
  static func presetName(_ index: Int) -> Int {
    guard let compiled = PresetImage.preset(at: index) else {
      return -Int(fail(.unknownPreset, Message.presetIndex).rawValue)
    }
    return compiled.nameText.bytes.withUnsafeBufferPointer { write($0) }
  }

  /// Writes the selected indicator's name to the output buffer; returns its
  /// length, or −4 when nothing is selected.
  static func selectedName() -> Int {
    guard let preset else { return noSelection() }
    return preset.nameText.bytes.withUnsafeBufferPointer { write($0) }
  }

  /// −4, noting that nothing is selected.
  @inline(never)
  static func noSelection() -> Int {
    -Int(fail(.noSelection, "nothing is selected: call lm_select or lm_load first").rawValue)
  }

  /// The number of tracks of every clip (the sum of each figure's
  /// properties), or −4 when nothing is selected.
  static func trackCount() -> Int {
    guard let preset else { return noSelection() }
    return tracks(of: preset)
  }

  static func tracks(of preset: Indicator) -> Int {
    var count = 0
    for figure in preset.figures { count += figure.trackCount }
    return count
  }

  /// Frames of clip `index` at `fps` (progress clips: `progressSamples`),
  /// or a negated status when a request is out of range or the clip's
  /// values would not fit the output buffer.
  @inline(never)
  static func frameCount(_ index: Int, fps: Double, progressSamples: Int) -> Int {
    guard let preset else { return noSelection() }
    guard index >= 0, index < preset.clips.count else {
      return -Int(fail(.unknownClip, "clip: expected the index of one of the selected indicator's clips").rawValue)
    }
    guard fps > 0, fps <= maximumFPS else {
      return -Int(fail(.badRate, Message.fps).rawValue)
    }
    guard progressSamples >= WasmEngine.progressSamples.lowerBound,
      progressSamples <= WasmEngine.progressSamples.upperBound
    else {
      return -Int(fail(.badSamples, Message.samples).rawValue)
    }
    let frames = preset.frameCount(of: preset.clips[index], fps: fps, progressSamples: progressSamples)
    guard frames <= Double(maximumFrames) else {
      return -Int(fail(.tooManyFrames, Message.tooManyFrames).rawValue)
    }
    // In Doubles: Int is 32 bits in WebAssembly.
    guard frames * Double(tracks(of: preset)) <= Double(OutputBuffer.maximumCount) else {
      return -Int(fail(.tooManyValues, Message.tooManyValues).rawValue)
    }
    return Int(frames)
  }

  /// Writes the selected preset's transition at `fps` to the output buffer:
  /// its duration, then its values; returns the count of values, or a
  /// negated status (no selection, `fps` out of range).
  @inline(never)
  static func transition(fps: Double) -> Int {
    guard let preset else { return noSelection() }
    guard fps > 0, fps <= maximumFPS else {
      return -Int(fail(.badRate, Message.fps).rawValue)
    }
    let transition = preset.transition(fps: fps)
    output.reserve(transition.frameCount + 1)
    output[0] = transition.duration
    for i in 0..<transition.frameCount { output[i + 1] = transition.values.value(at: i) }
    return transition.frameCount
  }

  /// Samples a whole clip, frame-major: value `frame · trackCount + track`.
  /// Returns the frame count, or a negated status as ``frameCount(_:fps:progressSamples:)``.
  ///
  /// The frames are `Indicator.replay`'s, the native sampler's own, so they
  /// equal its frames bit for bit (LoadmarkWasmTests checks it), held to the
  /// same work budget (status 12); it returns values, not a document, which
  /// keeps the document types out of the module.
  @inline(never)
  static func sampleClip(_ index: Int, fps: Double, progressSamples: Int) -> Int {
    let frames = frameCount(index, fps: fps, progressSamples: progressSamples)
    guard frames > 0, let preset else { return frames }
    let written = replay(preset, preset.clips[index], frameCount: frames, fps: fps, at: nil)
    return written < 0 ? written : frames
  }

  /// `Indicator.replay` within the scene budget, its values stored from 0 on.
  /// Returns the count of values, or a negated status 12.
  @inline(never)
  static func replay(_ preset: Indicator, _ clip: ClipDefinition, frameCount: Int, fps: Double, at x: Double?) -> Int {
    var spent = 0
    do {
      let values = try preset.replay(
        clip, frameCount: frameCount, fps: fps, at: x, budget: SceneBudget.maximumSamplingWork, spent: &spent)
      output.reserve(values.count)
      store(values, at: 0)
      return values.count
    } catch {
      return -Int(unsampleable().rawValue)
    }
  }

  /// Status 12, noting why.
  @inline(never)
  static func unsampleable() -> Status {
    fail(
      .unsampleable,
      "the clip cannot be sampled: it takes more than the scene budget's work, or a value is not a finite number (docs/SCENE.md, Limits)")
  }

  /// Copies `values` into the output buffer from `start` on.
  @inline(never)
  static func store(_ values: [Double], at start: Int) {
    for i in 0..<values.count { output[start + i] = values[i] }
  }

  /// One instant of clip `index`: `x` seconds (finite, ≥ 0) into a time
  /// clip, or a progress `x` from 0 to 1; writes `trackCount` values.
  /// Returns the count written, or a negated status.
  static func sampleInstant(_ index: Int, at x: Double) -> Int {
    guard let preset else { return noSelection() }
    guard index >= 0, index < preset.clips.count else {
      return -Int(fail(.unknownClip, "clip: expected the index of one of the selected indicator's clips").rawValue)
    }
    let clip = preset.clips[index]
    // A progress clip's instants are its domain's (format version 2).
    let range: ClosedRange<Double>
    if case .progress = clip.kind { range = clip.domain.lower...clip.domain.upper } else { range = 0 ... .greatestFiniteMagnitude }
    guard range.contains(x) else {
      return -Int(fail(.badInstant, "x: expected seconds (finite, 0 or more), or a progress within the clip's domain").rawValue)
    }
    return replay(preset, clip, frameCount: 1, fps: 1, at: x)
  }

  /// FNV-1a (64-bit) over the bit patterns of a clip's values, frame-major:
  /// equal hashes mean bit-identical numbers. 0 when the request is refused.
  @inline(never)
  static func clipHash(_ index: Int, fps: Double, progressSamples: Int) -> UInt64 {
    let frames = sampleClip(index, fps: fps, progressSamples: progressSamples)
    guard frames > 0 else { return 0 }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for i in 0..<(frames * trackCount()) {
      var bits = output[i].bitPattern
      for _ in 0..<8 {
        hash ^= bits & 0xFF
        hash = hash &* 0x0000_0100_0000_01B3
        bits >>= 8
      }
    }
    return hash
  }
}

// The messages that state a range, each made of the constant the check uses:
// rendered by ABIVocabulary (Tests/LoadmarkWasmTests) and written here as
// static text, so that reporting an error neither allocates nor formats a
// number in the module. Run tools/update-vocabulary after changing a
// constant; LoadmarkWasmTests fails while the block is stale.
// BEGIN ENGINE MESSAGES (generated by tools/update-vocabulary from Swift; do not edit)
extension WasmEngine {
  /// The messages that state a range, as the module gives them.
  enum Message {
    /// `lm_select` and `lm_preset_name`: status 1.
    static var presetIndex: StaticString { "preset: expected an index from 0 to 4" }
    /// `lm_load`: an image of another version, status 3.
    static var otherImageVersion: StaticString { "a compiled scene of another version, not 3: compile it again" }
    /// `lm_select` and `lm_load`: options that make too large a canvas, status 2.
    static var canvasSide: StaticString { "scale: the canvas would be more than 10000 points a side" }
    /// `lm_select` and `lm_load`: a size out of range, status 2.
    static var size: StaticString { "width, height: expected -1, -1 (not given) or sides above 0 and at most 10000" }
    /// `lm_select` and `lm_load`: a line width out of range, status 2.
    static var lineWidth: StaticString { "lineWidth: expected -1 (not given) or a number above 0 and at most 10000" }
    /// `lm_select` and `lm_load`: a speed out of range, status 2.
    static var speed: StaticString { "speed: expected a number from 0.01 to 100" }
    /// A rate out of range, status 6.
    static var fps: StaticString { "fps: expected a number above 0 and at most 1000" }
    /// Progress samples out of range, status 7.
    static var samples: StaticString { "samples: expected a whole number from 2 to 100000" }
    /// A clip of too many frames at the rate asked, status 8.
    static var tooManyFrames: StaticString { "the clip would have more than 100000 frames: lower fps" }
    /// A clip whose values would not fit the output buffer, status 9.
    static var tooManyValues: StaticString { "the clip's values would be more than the output buffer's 4194304" }
    /// `lm_describe`: a description that would not fit the output buffer, status 9.
    static var tooManyDescribedValues: StaticString { "the description would be more than the output buffer's 4194304 values" }
    /// `lm_input` and `lmc_input`: a length out of range.
    static var inputLength: StaticString { "length: expected a byte count from 0 to 1048576" }
  }
}
// END ENGINE MESSAGES
