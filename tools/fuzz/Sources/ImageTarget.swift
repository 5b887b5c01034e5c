import LoadmarkCore

/// Compiled scene images, as the WebAssembly engine takes them from a page:
/// whatever the bytes, `SceneImage.decode` returns nil or a preset, and a
/// preset it returns samples without trapping: every clip at a few
/// instants, with and without options, held to the scene budget as the
/// engine holds it (`checkedValues`), and its frame count at any rate.
/// An image it accepts also re-encodes to bytes that decode to the same
/// image again.
enum ImageTarget {
  static func check(_ bytes: UnsafeRawBufferPointer) {
    guard let preset = SceneImage.decode(bytes) else { return }
    let image = SceneImage.encode(preset)
    guard let again = image.withUnsafeBytes({ SceneImage.decode($0) }) else {
      fatalError("an accepted image was refused once re-encoded")
    }
    guard SceneImage.encode(again) == image else { fatalError("an accepted image changed in a round trip") }
    exercise(preset)
  }

  /// Samples every clip of `preset`, and of it with options, as the engine
  /// would.
  static func exercise(_ preset: Indicator) {
    // One budget for the whole exercise, as for one request: an input can
    // cost no more than a command it could be given to.
    var spent = 0
    let options = IndicatorOptions(scale: 2.5, color: Color(red: 1, green: 2, blue: 3), lineWidth: 3, speed: 0.25)
    for variant in [preset, preset.customized(options), preset.customized(IndicatorOptions(size: (10_000, 0.01)))] {
      for clip in variant.clips {
        for fps in [1e-300, 0.5, 60, 1000] {
          _ = variant.frameCount(of: clip, fps: fps, progressSamples: 100_000)
        }
        let instants: [Double]
        if case .progress = clip.kind {
          instants = [0, 0.37, 1]
        } else {
          instants = [0, clip.duration / 3, clip.duration, 1e9, .greatestFiniteMagnitude]
        }
        for x in instants { _ = try? variant.checkedValues(of: clip, at: x, spent: &spent) }
      }
    }
  }
}
