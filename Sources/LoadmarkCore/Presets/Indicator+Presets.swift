extension Indicator {
  /// Every built-in preset's name, in listing order.
  public static let presetNames = ["success", "error", "progress", "dots", "refresh"]

  /// The scene text of the built-in preset `name` (presets/NAME.scene.json,
  /// compiled in without its comments and spaces), or nil for an unknown
  /// name. Readers parse it exactly as they parse a user's scene.
  public static func sceneText(named name: String) -> StaticString? {
    guard let index = presetNames.firstIndex(of: name) else { return nil }
    return sceneText(at: index)
  }

  /// The scene text of the preset at `index` in ``presetNames``, or nil past the
  /// end. The WebAssembly ABI selects presets by index, with no string
  /// handling.
  public static func sceneText(at index: Int) -> StaticString? {
    guard index >= 0, index < PresetScenes.texts.count else { return nil }
    return PresetScenes.texts[index]
  }
}
