import LoadmarkCore

/// The built-in presets as compiled scene images (``SceneImage``), in
/// `Indicator.presetNames` order: what the native reader makes of presets/*.scene.json,
/// so the module carries no scene reader. Decoded at each selection.
enum PresetImage {
  /// How many presets there are.
  static var count: Int { PresetImages.ends.count }

  /// The preset at `index` in `Indicator.presetNames`, or nil past the end.
  static func preset(at index: Int) -> Indicator? {
    guard index >= 0, index < PresetImages.ends.count else { return nil }
    let start = index == 0 ? 0 : PresetImages.ends[index - 1]
    return PresetImages.bytes.withUnsafeBytes { all in
      SceneImage.decode(UnsafeRawBufferPointer(rebasing: all[start..<PresetImages.ends[index]]))
    }
  }
}
