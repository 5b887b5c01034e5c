import LoadmarkCore

extension Indicator {
  /// The catalogue's indicators, in listing order: Core Animation
  /// indicators of other libraries written as scenes (catalogue/NAME.scene.json),
  /// each crediting its source.
  public static let catalogueNames = CatalogueScenes.entries.map(\.name)

  /// Every indicator a name finds: the five presets, then the catalogue.
  public static let builtInNames = presetNames + catalogueNames

  /// The NVActivityIndicatorView source file the catalogue indicator `name`
  /// is written from, or nil for a preset or an unknown name.
  public static func catalogueSource(named name: String) -> String? {
    CatalogueScenes.entries.first { $0.name == name }?.source
  }

  /// The built-in indicator called `name` with `options`, or `nil` for an
  /// unknown name: a preset's scene (presets/NAME.scene.json) or a
  /// catalogue indicator's (catalogue/NAME.scene.json), compiled into the
  /// binary and read exactly as a user's scene file is.
  public static func named(_ name: String, options: IndicatorOptions = IndicatorOptions()) -> Indicator? {
    let text: StaticString
    let source: String
    if let preset = sceneText(named: name) {
      (text, source) = (preset, "presets/" + name + ".scene.json")
    } else if let entry = CatalogueScenes.entries.first(where: { $0.name == name }) {
      (text, source) = (entry.text, "catalogue/" + name + ".scene.json")
    } else {
      return nil
    }
    let indicator: Indicator
    do {
      indicator = try SceneReader.decode(
        UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), source: source)
    } catch {
      // Every built-in scene is read by the tests on every build.
      fatalError("built-in scene \(source) does not read: \(error)")
    }
    return options.isDefault ? indicator : indicator.customized(options)
  }

  /// The scene text compiled in for the built-in indicator `name`, preset
  /// or catalogue, or nil for an unknown name.
  public static func builtInSceneText(named name: String) -> StaticString? {
    sceneText(named: name) ?? CatalogueScenes.entries.first { $0.name == name }?.text
  }
}
