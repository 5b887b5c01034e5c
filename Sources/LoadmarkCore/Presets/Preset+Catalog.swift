extension Preset {
  /// Every preset's name, in listing order.
  public static let names = ["success", "error", "progress", "dots", "refresh"]

  /// The preset called `name` with `options`, or `nil` for an unknown name.
  public static func named(_ name: String, options: PresetOptions = PresetOptions()) -> Preset? {
    let base: Preset
    switch name {
    case "success": base = .success
    case "error": base = .error
    case "progress": base = .progress
    case "dots": base = .dots
    case "refresh": base = .refresh
    default: return nil
    }
    return options == PresetOptions() ? base : base.customized(options)
  }
}
