import LoadmarkCore

/// The state behind the WebAssembly ABI: the selected preset and the buffers
/// results are written to. Host-testable; `main.swift` only exports it.
///
/// Everything the ABI returns is a number or a buffer of Doubles in linear
/// memory, so the module needs no imports from its host. Functions that
/// several exports call are `@inline(never)`: inlined copies only grew the
/// module.
enum WasmEngine {
  /// Status codes of `lm_select` and `lm_load`.
  enum Status: Int32 {
    case ok = 0
    /// `lm_select`: no preset has that index.
    case unknownPreset = 1
    case badOption = 2
    /// `lm_load`: the scene does not read; `lm_error` says why and where.
    case badScene = 3
  }

  /// The indicator selected or loaded, compiled, with its options.
  nonisolated(unsafe) static var preset: Preset?
  nonisolated(unsafe) static var output = OutputBuffer()
  /// Where the host writes a compiled scene for `lm_load`.
  nonisolated(unsafe) static var input = InputBuffer()
  /// Why the last `lm_load` failed.
  nonisolated(unsafe) static var error = ByteText()

  /// Selects built-in preset `index` with options: its scene as the native
  /// reader compiled it (``PresetImage``).
  @inline(never)
  static func select(
    _ index: Int32, scale: Double, width: Double, height: Double, color: Int64, lineWidth: Double, speed: Double
  ) -> Status {
    guard let options = options(scale: scale, width: width, height: height, color: color, lineWidth: lineWidth, speed: speed)
    else { return .badOption }
    guard let compiled = PresetImage.preset(at: Int(index)) else { return .unknownPreset }
    preset = options.isDefault ? compiled : compiled.customized(options)
    return .ok
  }

  /// Selects the compiled scene image in `bytes` (what `loadmark compile`
  /// writes) with options; negative `scale`, `width`, `lineWidth` mean "not
  /// given", `color` is 0xRRGGBBAA or −1. On failure the selection stays as
  /// it was.
  @inline(never)
  static func load(
    _ bytes: UnsafeRawBufferPointer, scale: Double, width: Double, height: Double, color: Int64, lineWidth: Double,
    speed: Double
  ) -> Status {
    guard let options = options(scale: scale, width: width, height: height, color: color, lineWidth: lineWidth, speed: speed)
    else { return .badOption }
    guard let compiled = SceneImage.decode(bytes) else {
      error = "not a compiled scene of version 2: compile the scene with this version's loadmark compile"
      return .badScene
    }
    preset = options.isDefault ? compiled : compiled.customized(options)
    return .ok
  }

  /// The options from the ABI's numbers, or nil when one is out of range.
  static func options(
    scale: Double, width: Double, height: Double, color: Int64, lineWidth: Double, speed: Double
  ) -> PresetOptions? {
    var options = PresetOptions()
    if scale > 0 { options.scale = scale }
    if width > 0 && height > 0 { options.size = (width, height) }
    if color >= 0 && color <= 0xFFFF_FFFF {
      let rgba = UInt32(color)
      options.color = Color(
        red: UInt8(rgba >> 24), green: UInt8((rgba >> 16) & 0xFF), blue: UInt8((rgba >> 8) & 0xFF),
        alpha: UInt8(rgba & 0xFF))
    }
    if lineWidth > 0 { options.lineWidth = lineWidth }
    guard speed > 0 && speed.isFinite && scale.isFinite && width.isFinite && height.isFinite else { return nil }
    options.speed = speed
    return options
  }

  /// Writes `text`'s bytes to the output buffer, one per Double; returns
  /// the count.
  static func write(_ text: [UInt8]) -> Int {
    output.reserve(text.count)
    for (i, byte) in text.enumerated() { output[i] = Double(byte) }
    return text.count
  }

  /// Writes the name of preset `index` to the output buffer; returns its length.
  static func presetName(_ index: Int) -> Int {
    guard index >= 0, index < Preset.names.count else { return 0 }
    var writer = DescriptionWriter()
    writer.put(Preset.names[index])
    let count = writer.values.count - 1
    output.reserve(count)
    for i in 0..<count { output[i] = writer.values[i + 1] }
    return count
  }

  /// Writes the selected indicator's name to the output buffer; returns its length.
  static func selectedName() -> Int {
    guard let preset else { return 0 }
    var writer = DescriptionWriter()
    writer.put(preset.nameText.bytes)
    let count = writer.values.count - 1
    output.reserve(count)
    for i in 0..<count { output[i] = writer.values[i + 1] }
    return count
  }

  /// The number of tracks of every clip: the sum of each figure's properties.
  static var trackCount: Int {
    guard let preset else { return 0 }
    var count = 0
    for figure in preset.figures { count += figure.shape.trackCount }
    return count
  }

  /// Frames of clip `index` at `fps` (progress clips: `progressSamples`).
  static func frameCount(_ index: Int, fps: Double, progressSamples: Int) -> Int {
    guard let clip = clip(index) else { return 0 }
    switch clip.kind {
    case .time(let duration, let loop, _, _):
      let steps = Int((duration / preset!.speed * fps).rounded())
      return loop ? max(steps, 1) : steps + 1
    case .progress:
      return clip.domain.frameCount(samples: progressSamples)
    }
  }

  /// Writes the selected preset's transition at `fps` to the output buffer:
  /// its duration, then its values; returns the count of values, 0 when
  /// `fps` is out of range.
  @inline(never)
  static func transition(fps: Double) -> Int {
    guard let preset, fps > 0, fps <= 1000 else { return 0 }
    let transition = preset.transition(fps: fps)
    output.reserve(transition.frameCount + 1)
    output[0] = transition.duration
    for i in 0..<transition.frameCount { output[i + 1] = transition.values.value(at: i) }
    return transition.frameCount
  }

  static func clip(_ index: Int) -> ClipDefinition? {
    guard let preset, index >= 0, index < preset.clips.count else { return nil }
    return preset.clips[index]
  }

  /// Samples a whole clip, frame-major: value `frame · trackCount + track`.
  /// Returns the frame count, or 0.
  ///
  /// Frame i is the instant i/fps (or the domain's progress at i) taken by
  /// `Preset.values(of:at:)`, which the native sampler's frames equal bit for
  /// bit (LoadmarkWasmTests checks it); using it alone keeps the document
  /// types out of the module.
  @inline(never)
  static func sampleClip(_ index: Int, fps: Double, progressSamples: Int) -> Int {
    guard let preset, let clip = clip(index), fps > 0, fps <= 1000 else { return 0 }
    let frames = frameCount(index, fps: fps, progressSamples: progressSamples)
    let tracks = trackCount
    output.reserve(frames * tracks)
    for frame in 0..<frames {
      let x: Double
      if case .progress = clip.kind {
        x = clip.domain.progress(ofFrame: frame, frameCount: frames)
      } else {
        x = Double(frame) / fps
      }
      for (t, value) in preset.values(of: clip, at: x).enumerated() {
        output[frame * tracks + t] = value
      }
    }
    return frames
  }

  /// One instant of clip `index`: seconds into a time clip, or a progress in
  /// [0, 1]; writes `trackCount` values. Returns the count written, or 0.
  static func sampleInstant(_ index: Int, at x: Double) -> Int {
    guard let preset, let clip = clip(index), x.isFinite else { return 0 }
    let values = preset.values(of: clip, at: x)
    output.reserve(values.count)
    for (i, value) in values.enumerated() { output[i] = value }
    return values.count
  }

  /// FNV-1a (64-bit) over the bit patterns of a clip's values, frame-major,
  /// or of one track's values when `track` is given: equal hashes mean
  /// bit-identical numbers.
  @inline(never)
  static func clipHash(_ index: Int, fps: Double, progressSamples: Int, track: Int?) -> UInt64 {
    let frames = sampleClip(index, fps: fps, progressSamples: progressSamples)
    let tracks = trackCount
    if let track, track < 0 || track >= tracks { return 0 }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for frame in 0..<frames {
      for t in 0..<tracks where track == nil || track == t {
        var bits = output[frame * tracks + t].bitPattern
        for _ in 0..<8 {
          hash ^= bits & 0xFF
          hash = hash &* 0x0000_0100_0000_01B3
          bits >>= 8
        }
      }
    }
    return hash
  }
}
