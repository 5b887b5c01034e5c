import LoadmarkCore
import LoadmarkJSON
import LoadmarkPages
import LoadmarkSystem

/// `loadmark list`: the presets, or the scenes in a folder, and their clips.
struct ListCommand: Command {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "list",
      abstract: "List the presets, or the scenes in a folder, and their clips",
      usage: ["[--json]", "FOLDER [--json]"],
      discussion: """
        Lists every preset with its summary, then each of its clips: name, what
        it is sampled over (time or progress), duration, whether it loops, and
        how many frames it has at \(NumberText.exact(Preset.defaultFPS)) fps \
        (\(Preset.defaultProgressSamples) samples for progress clips). With a
        FOLDER, lists the scenes in it instead (its *.json files whose "format" is
        "loadmark-scene", by file name); a scene that does not read is reported on
        standard error with its position (as is any *.scene.json file that does
        not parse), and the exit code is 65. With --json, standard output holds
        the same as one JSON object (docs/CLI.md).
        """,
      operands: [Operand("FOLDER", summary: "a folder of scene files", completion: .directories)],
      options: [ReportOptions.json],
      exitCodes: [
        .success("everything was listed"), .usage, .dataError("a scene in the folder is not valid"),
        .ioError("the folder or a scene in it could not be read"),
      ],
      examples: [
        Example("List the presets and their clips", "list"),
        Example("List the scenes in the folder scenes", "list scenes"),
      ])
  }

  /// The folder of scenes; nil for the presets.
  var folder: String?
  var format: ReportFormat

  init(_ arguments: ParsedArguments) throws(CommandError) {
    format = try ReportFormat(arguments)
    guard arguments.operands.count <= 1 else {
      throw .usage("unexpected argument \"\(arguments.operands[1])\" (list takes at most one folder)")
    }
    folder = arguments.operands.first
    // Something that is not a folder is a wrong argument; a folder that is
    // not there is a failed read (exit 74), reported when it is listed.
    if let folder, let status = FileSystem.status(folder), !status.isDirectory {
      throw .usage("\"\(folder)\" is not a folder (list takes a folder of scenes)")
    }
  }

  func run() throws(CommandError) -> ExitCode {
    var entries: [(preset: Preset, file: String?)] = []
    var errors: [DocumentError] = []
    if let folder {
      (entries, errors) = try ListCommand.scenes(in: folder)
    } else {
      entries = Preset.names.map { (Preset.named($0)!, nil) }
    }
    for error in errors { Console.message("loadmark list: \(error.description)") }
    let code: ExitCode = errors.isEmpty ? .success : (errors.contains { $0.readFailure == nil } ? .dataError : .ioError)
    if format == .json {
      let indicators = entries.map { ListCommand.fields($0.preset, file: $0.file) }
      let report = JSONReport.envelope("list", code).merging([
        ("folder", folder.map { .string($0) } ?? .null), ("indicators", .array(indicators)),
        ("errors", .array(errors.map { JSONReport.error($0).adding("file", .string($0.source)) })),
      ])
      try Console.output(report.text())
    } else if let folder, entries.isEmpty {
      try Console.output(TerminalText.escaped("no scenes in \(folder)") + "\n")
    } else {
      try Console.output(ListCommand.listing(entries.map(\.preset)))
    }
    return code
  }

  /// The scenes in `folder`, sorted by file name, and the errors of those
  /// that do not read.
  static func scenes(in folder: String) throws(CommandError) -> ([(preset: Preset, file: String?)], [DocumentError]) {
    let names: [String]
    do {
      names = try FileSystem.entries(ofDirectory: folder).filter { $0.hasSuffix(".json") }.sorted()
    } catch {
      throw .io("cannot list \"\(folder)\": \(error.reason)")
    }
    var scenes: [(preset: Preset, file: String?)] = []
    var errors: [DocumentError] = []
    for file in names {
      let path = folder + (folder.hasSuffix("/") ? "" : "/") + file
      // Frame documents and other JSON files are not scenes; a file named
      // like a scene is reported even when it does not parse.
      guard file.hasSuffix(".scene.json") || LoadmarkFile.declaresScene(path: path) else { continue }
      do {
        if case .scene(let preset) = try LoadmarkFile.read(path: path) { scenes.append((preset, path)) }
      } catch {
        errors.append(error)
      }
    }
    return (scenes, errors)
  }

  /// The listing: per indicator a line with its summary, then a row per clip.
  ///
  /// Frame counts come from sampling each indicator at the defaults, so they
  /// are exactly what `export` writes.
  static func listing(_ presets: [Preset]) -> String {
    var text = ""
    for (index, preset) in presets.enumerated() {
      let document = preset.frames()
      if index > 0 { text += "\n" }
      text += TerminalText.escaped("\(preset.name): \(preset.summary)") + "\n"
      var rows: [[String]] = []
      for (definition, clip) in zip(preset.clips, document.clips) {
        let isTime = clip.index == .time
        rows.append([
          "  " + clip.name,
          clip.index.rawValue,
          isTime ? NumberText.exact(clip.duration) + " s" : "-",
          isTime ? (clip.loop ? "loop" : "one-shot") : "-",
          NumberText.counted(clip.frameCount, "frame"),
          definition.summary,
        ])
      }
      text += TextTable(rows: rows).text
    }
    return text
  }

  /// The `--json` report of one indicator: its name, summary, file and clips.
  static func fields(_ preset: Preset, file: String?) -> JSONReport {
    let document = preset.frames()
    let clips = zip(preset.clips, document.clips).map { definition, clip -> JSONReport in
      ["name": .string(clip.name), "index": .string(clip.index.rawValue),
       "duration": clip.index == .time ? .number(clip.duration) : .null, "loop": .boolean(clip.loop),
       "frames": .count(clip.frameCount), "summary": .string(definition.summary)]
    }
    return ["name": .string(preset.name), "summary": .string(preset.summary), "file": file.map { .string($0) } ?? .null,
            "clips": .array(clips)]
  }
}
