import LoadmarkCore
import LoadmarkSystem

/// One indicator or document named on a command line: a built-in indicator
/// (a preset or a catalogue indicator) by name, or a file, which is a scene (docs/SCENE.md) or a frame document
/// (docs/FORMAT.md) as its `format` says; `-` is standard input.
enum Source: Equatable {
  /// A built-in indicator, preset or catalogue, by name.
  case builtIn(String)
  /// A scene or a frame document at a path (`-`: standard input), told
  /// apart by its `format`.
  case file(String)
  /// A file read as a scene whatever it says or is called (`--scene FILE`).
  case scene(String)

  /// What `operand` names: a built-in indicator if it is one's name (it wins
  /// over a file of the same name: write `./NAME` for the file); standard input
  /// for `-`; a file if it looks like a path (a `/`, a `.json` ending) or
  /// names something that exists; else nil.
  init?(operand: String) {
    if Indicator.builtInNames.contains(operand) {
      self = .builtIn(operand)
    } else if operand == DocumentInput.standardInputOperand || operand.contains("/") || operand.hasSuffix(".json")
      || FileSystem.exists(operand)
    {
      self = .file(operand)
    } else {
      return nil
    }
  }

  /// The sources `operands` name, in order, each once; unknown names are a
  /// usage error listing them with the known presets and `files`, what the
  /// command reads besides presets (`a scene file`), and for one unknown
  /// name the nearest presets.
  static func sources(_ operands: [String], files: String) throws(CommandError) -> [Source] {
    var sources: [Source] = []
    var unknown: [String] = []
    for operand in operands {
      if let source = Source(operand: operand) { sources.append(source) } else { unknown.append(operand) }
    }
    guard unknown.isEmpty else {
      let names = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
      // One name gets the nearest presets; for several, one list of guesses
      // would not say which is for which.
      let suggestion = unknown.count == 1 ? Suggestion.sentence(for: unknown[0], among: Indicator.builtInNames) : ""
      throw .usage(
        "unknown indicator\(unknown.count == 1 ? "" : "s") \(names); known presets: "
          + "\(Indicator.presetNames.joined(separator: ", ")); the catalogue's \(Indicator.catalogueNames.count) "
          + "indicators: loadmark list; or give the path of \(files)\(suggestion)")
    }
    try DocumentInput.requireStandardInputOnce(sources.map(\.operand))
    var seen: Set<String> = []
    return sources.filter { seen.insert($0.operand).inserted }
  }

  /// The operand as given.
  var operand: String {
    switch self {
    case .builtIn(let text), .file(let text), .scene(let text): return text
    }
  }

  /// The file read, for the rule that no output replaces an input; nil for
  /// a preset and for standard input.
  var path: String? {
    switch self {
    case .builtIn: return nil
    case .file(let path), .scene(let path): return path == DocumentInput.standardInputOperand ? nil : path
    }
  }

  /// Whether the source is standard input (`-`), which names no file for
  /// the rule that no output replaces an input, though it may be one.
  var isStandardInput: Bool {
    switch self {
    case .builtIn: return false
    case .file(let path), .scene(let path): return path == DocumentInput.standardInputOperand
    }
  }

  /// The name output files of a preset or document file start with: the
  /// preset, `stdin`, or the file's name without `.json` (a scene's files
  /// take the scene's `name`).
  var name: String {
    switch self {
    case .builtIn(let name): return name
    case .file(let path), .scene(let path):
      if path == DocumentInput.standardInputOperand { return "stdin" }
      let file = path.split(separator: "/").last.map(String.init) ?? path
      return file.hasSuffix(".json") && file.count > 5 ? String(file.dropLast(5)) : file
    }
  }
}
