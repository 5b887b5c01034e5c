import LoadmarkCore
import LoadmarkJSON
import LoadmarkPages

/// `loadmark validate`: checks documents and scenes against their formats.
struct ValidateCommand: Command {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "validate",
      abstract: "Check JSON documents and scenes against their formats",
      usage: ["FILE... [--json | --quiet]"],
      discussion: """
        Reads each FILE (- for standard input) as a Loadmark frame document or,
        when its "format" is "loadmark-scene", as a scene (docs/SCENE.md), and
        checks every rule of its format; a scene is compiled and sampled at the
        defaults as export would, so what export refuses (a budget of
        docs/SCENE.md's Limits, a value that is not a finite number) is reported
        too, with the clip's or item's path. Prints
        "FILE: ok (…)" on standard output for each valid file and the reader's
        message, with the line and column or the path of the value at fault, on
        standard error for each invalid one: every error of a scene, up to 20 and
        then how many more. A valid scene that draws nothing somewhere gets a
        warning ("FILE: PATH: warning: …") on standard error and is still valid.
        Exits 65 if any file is invalid, else 74 if any could not be read. With
        --json, standard output holds one JSON object instead (docs/CLI.md);
        with --quiet, only the errors and warnings are printed.
        """,
      operands: [Operand("FILE", summary: "a document or scene file, or - for standard input", repeats: true, completion: .files)],
      options: [ReportOptions.json, ReportOptions.quiet],
      exitCodes: [
        .success("every file is valid"), .usage, .dataError("a file is not valid"),
        .ioError("a file could not be read, and none is invalid"),
      ],
      examples: [
        Example("Check documents against the format", "validate success.json full/success.json"),
      ])
  }

  var paths: [String]
  var format: ReportFormat

  init(_ arguments: ParsedArguments) throws(CommandError) {
    format = try ReportFormat(arguments)
    guard !arguments.operands.isEmpty else { throw .usage("expects at least one FILE") }
    try DocumentInput.requireStandardInputOnce(arguments.operands)
    paths = arguments.operands
  }

  func run() throws(CommandError) -> ExitCode {
    var sawInvalid = false
    var sawUnreadable = false
    var reports: [JSONReport] = []
    for path in paths {
      let name = DocumentInput.name(path)
      let file: LoadmarkFile
      do {
        file = try DocumentInput.readFile(path, listingEveryError: true)
      } catch {
        // A scene's errors are listed, each as the reader gives the first.
        let listed = [error] + error.followingErrors
        for each in listed { Console.message("loadmark validate: \(each.description)") }
        if error.unlistedErrorCount > 0 {
          Console.message(
            "loadmark validate: \(name): and \(NumberText.counted(error.unlistedErrorCount, "more error"))"
              + " (the first \(SceneDiagnosis.maximumListed) are listed)")
        }
        if error.readFailure != nil { sawUnreadable = true } else { sawInvalid = true }
        reports.append([
          "file": .string(name), "valid": false, "error": .error(error), "errors": .array(listed.map { .error($0) }),
          "errorCount": .count(listed.count + error.unlistedErrorCount),
        ])
        continue
      }
      var warnings: [JSONReport] = []
      if case .scene(let preset) = file {
        // A scene is exported at the defaults as `export` would, so what
        // `export` refuses `validate` refuses, with the same message.
        do {
          let frames = try Source.export(preset, DocumentOptions(), from: name).document
          for warning in preset.warnings(frames: frames) {
            let message = warning.message.string
            var fields: [(key: String, value: JSONReport)] = []
            if case .field(let path) = warning.location {
              fields.append(("field", .string(path)))
              Console.message("loadmark validate: \(name): \(path): warning: \(message)")
            } else {
              Console.message("loadmark validate: \(name): warning: \(message)")
            }
            fields.append(("message", .string(message)))
            warnings.append(.object(fields))
          }
        } catch {
          Console.message("loadmark validate: \(error.message)")
          sawInvalid = true
          var fields: [(key: String, value: JSONReport)] = [("kind", "data"), ("message", .string(error.detail ?? error.message))]
          if let field = error.field { fields.append(("field", .string(field))) }
          reports.append([
            "file": .string(name), "valid": false, "error": .object(fields), "errors": .array([.object(fields)]),
            "errorCount": 1,
          ])
          continue
        }
      }
      let report = ValidateCommand.report(file)
      var fields = report.fields
      if case .scene = file { fields.append(("warnings", .array(warnings))) }
      reports.append((["file": .string(name), "valid": true] as JSONReport).merging(fields))
      if format == .text { try Console.output(TerminalText.escaped("\(name): ok (\(report.summary))") + "\n") }
    }
    let code: ExitCode = sawInvalid ? .dataError : (sawUnreadable ? .ioError : .success)
    if format == .json { try Console.output(JSONReport.envelope("validate", code).adding("files", .array(reports)).text()) }
    return code
  }

  /// What a valid file is: `preset success, 1 clip, 91 frames` or `scene
  /// ring, 1 layer, 2 clips` (frames counted over all clips), and the same
  /// as report fields.
  static func report(_ file: LoadmarkFile) -> (summary: String, fields: [(key: String, value: JSONReport)]) {
    switch file {
    case .document(let document):
      let frames = document.clips.reduce(0) { $0 + $1.frameCount }
      return (
        "preset \(document.preset), \(NumberText.counted(document.clips.count, "clip")), "
          + NumberText.counted(frames, "frame"),
        [("kind", "document"), ("preset", .string(document.preset)), ("clips", .count(document.clips.count)),
         ("frames", .count(frames))])
    case .scene(let preset):
      return (
        "scene \(preset.name), \(NumberText.counted(preset.figures.count, "layer")), "
          + NumberText.counted(preset.clips.count, "clip"),
        [("kind", "scene"), ("scene", .string(preset.name)), ("layers", .count(preset.figures.count)),
         ("clips", .count(preset.clips.count))])
    }
  }
}
