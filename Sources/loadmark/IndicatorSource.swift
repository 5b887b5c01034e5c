import LoadmarkCore
import LoadmarkJSON

/// An indicator named on a command line: a built-in preset by name, or a
/// scene file (docs/SCENE.md) by path, compiled by the same reader.
struct IndicatorSource: Equatable {
  /// The operand as given: `success`, `spinners/ring.scene.json`.
  var operand: String
  /// Whether the operand names a file rather than a built-in preset.
  var isFile: Bool

  /// A built-in name is a preset; anything else that looks like a path
  /// (has a `/`, ends in `.json`) or names an existing file is a scene
  /// file; the rest is an unknown preset (exit 64).
  init(_ operand: String, existingFile: (String) -> Bool) throws(CommandError) {
    self.operand = operand
    if Preset.names.contains(operand) {
      isFile = false
    } else if operand.contains("/") || operand.hasSuffix(".json") || existingFile(operand) {
      isFile = true
    } else {
      throw .usage(
        "unknown preset \"\(operand)\"; known presets: \(Preset.names.joined(separator: ", ")), "
          + "or give the path of a scene file")
    }
  }

  /// The built-in preset `name`.
  init(preset name: String) {
    operand = name
    isFile = false
  }

  /// A scene file given with `--scene`, whatever it is called.
  init(scene path: String) {
    operand = path
    isFile = true
  }

  /// The compiled indicator: the preset, or the scene file read and
  /// compiled (exit 74 when it cannot be read, 65 when it is not a valid scene).
  func preset() throws(CommandError) -> Preset {
    guard isFile else { return Preset.named(operand)! }
    do {
      return try SceneReader.read(path: operand)
    } catch {
      throw error.commandError
    }
  }
}
