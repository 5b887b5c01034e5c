import LoadmarkCore

extension Indicator {
  /// The built-in preset called `name` with `options`, or `nil` for an
  /// unknown name: its scene (presets/NAME.scene.json, compiled into the
  /// binary) read exactly as a user's scene file is.
  public static func named(_ name: String, options: IndicatorOptions = IndicatorOptions()) -> Indicator? {
    guard let text = sceneText(named: name) else { return nil }
    let preset: Indicator
    do {
      preset = try SceneReader.decode(
        UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount),
        source: "presets/" + name + ".scene.json")
    } catch {
      // Every built-in scene is read by the tests on every build.
      fatalError("built-in preset \(name) does not read: \(error)")
    }
    return options.isDefault ? preset : preset.customized(options)
  }
}
