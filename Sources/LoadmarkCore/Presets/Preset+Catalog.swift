extension Preset {
  /// Every preset's name, in listing order.
  public static let names = ["success", "error", "progress", "dots", "refresh"]

  /// The preset called `name` with `options`, or `nil` for an unknown name.
  public static func named(_ name: String, options: PresetOptions = PresetOptions()) -> Preset? {
    guard let index = names.firstIndex(of: name) else { return nil }
    return at(index, options: options)
  }

  /// The preset at `index` in ``names`` with `options`, or `nil` past the end.
  /// The WebAssembly ABI selects presets by index, with no string handling.
  public static func at(_ index: Int, options: PresetOptions = PresetOptions()) -> Preset? {
    let base: Preset
    switch index {
    case 0: base = .success
    case 1: base = .error
    case 2: base = .progress
    case 3: base = .dots
    case 4: base = .refresh
    default: return nil
    }
    return options.isDefault ? base : base.customized(options)
  }
}
