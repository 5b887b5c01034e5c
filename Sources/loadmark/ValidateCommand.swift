import LoadmarkCore
import LoadmarkJSON

/// `loadmark validate`: checks documents and scenes against their formats.
enum ValidateCommand: Subcommand {
  static let name = "validate"
  static let summary = "Check JSON documents and scenes against their formats"
  static let parser = ArgumentParser(command: name, options: [])

  static var help: String {
    helpText(
      usage: ["FILE..."],
      about: """
        Reads each FILE (- for standard input) as a Loadmark frame document or,
        when its "format" is "loadmark-scene", as a scene (docs/SCENE.md), and
        checks every rule of its format; a scene is compiled as export would, so
        what a format version 1 document cannot draw is reported too. Prints
        "FILE: ok (…)" on standard output for each valid file and the reader's
        message, with the line and column or the path of the value at fault, on
        standard error for each invalid one. Exits 65 if any file is invalid, else
        74 if any could not be read.
        """,
      parser: parser, exitCodes: [.success, .usage, .dataError, .ioError])
  }

  static func run(_ arguments: [String]) throws(CommandError) -> ExitCode {
    guard let arguments = try parse(arguments, with: parser) else { return .success }
    guard !arguments.operands.isEmpty else { throw .usage("expects at least one FILE") }
    try DocumentInput.requireStandardInputOnce(arguments.operands)
    var sawInvalid = false
    var sawUnreadable = false
    for path in arguments.operands {
      let file: LoadmarkFile
      do {
        file = try DocumentInput.readFile(path)
      } catch {
        Console.message("loadmark \(name): \(error.description)")
        if error.isReadFailure { sawUnreadable = true } else { sawInvalid = true }
        continue
      }
      let report: String
      switch file {
      case .document(let document): report = summary(document)
      case .scene(let preset): report = summary(preset)
      }
      try Console.output(TerminalText.escaped("\(DocumentInput.name(path)): ok (\(report))") + "\n")
    }
    if sawInvalid { return .dataError }
    return sawUnreadable ? .ioError : .success
  }

  /// `scene ring, 2 layers, 1 clip`.
  static func summary(_ preset: Preset) -> String {
    "scene \(preset.name), \(NumberText.counted(preset.figures.count, "layer")), "
      + NumberText.counted(preset.clips.count, "clip")
  }

  /// `preset success, 1 clip, 91 frames`: frames counted over all clips.
  static func summary(_ document: FrameDocument) -> String {
    let frames = document.clips.reduce(0) { $0 + $1.frameCount }
    return "preset \(document.preset), \(NumberText.counted(document.clips.count, "clip")), "
      + NumberText.counted(frames, "frame")
  }
}
