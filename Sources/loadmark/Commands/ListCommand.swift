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
        how many frames it has at \(NumberText.exact(Indicator.defaultFPS)) fps \
        (\(Indicator.defaultProgressSamples) samples for progress clips). With a
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
    var entries: [(preset: Indicator, file: String?)] = []
    var errors: [DocumentError] = []
    if let folder {
      (entries, errors) = try ListCommand.scenes(in: folder)
    } else {
      entries = Indicator.builtInNames.map { (Indicator.named($0)!, nil) }
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
  static func scenes(in folder: String) throws(CommandError) -> ([(preset: Indicator, file: String?)], [DocumentError]) {
    let names: [String]
    do {
      names = try FileSystem.entries(ofDirectory: folder).filter { $0.hasSuffix(".json") }.sorted()
    } catch {
      throw .io("cannot list \"\(folder)\": \(error.reason)")
    }
    var scenes: [(preset: Indicator, file: String?)] = []
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
  /// Frame counts are the sampler's at the defaults (counted, not sampled:
  /// listing costs nothing whatever a scene asks), so they are exactly what
  /// `export` writes.
  static func listing(_ presets: [Indicator]) -> String {
    var text = ""
    for (index, preset) in presets.enumerated() {
      if index > 0 { text += "\n" }
      text += TerminalText.escaped("\(preset.name): \(preset.summary)") + "\n"
      var rows: [[String]] = []
      for clip in preset.clips {
        let timing = ListCommand.timing(of: clip, in: preset)
        rows.append([
          "  " + clip.name,
          timing.duration == nil ? "progress" : "time",
          timing.duration.map { NumberText.exact($0) + " s" } ?? "-",
          timing.duration == nil ? "-" : (clip.loops ? "loop" : "one-shot"),
          timing.frames.map { NumberText.counted($0, "frame") } ?? "too many frames",
          clip.summary,
        ])
      }
      text += TextTable(rows: rows).text
    }
    return text
  }

  /// The `--json` report of one indicator: its name, summary, file and clips.
  static func fields(_ preset: Indicator, file: String?) -> JSONReport {
    let clips = preset.clips.map { clip -> JSONReport in
      let timing = ListCommand.timing(of: clip, in: preset)
      return ["name": .string(clip.name), "index": .string(timing.duration == nil ? "progress" : "time"),
       "duration": timing.duration.map { .number($0) } ?? .null, "loop": .boolean(clip.loops),
       "frames": timing.frames.map { .count($0) } ?? .null, "summary": .string(clip.summary)]
    }
    return ["name": .string(preset.name), "summary": .string(preset.summary), "file": file.map { .string($0) } ?? .null,
            "clips": .array(clips)]
  }

  /// A clip's duration in seconds (nil for a progress clip) and its frames
  /// at the defaults (nil past the most a document holds), as the sampler
  /// counts them.
  static func timing(of clip: ClipDefinition, in preset: Indicator) -> (duration: Double?, frames: Int?) {
    let count = preset.frameCount(of: clip, fps: Indicator.defaultFPS, progressSamples: Indicator.defaultProgressSamples)
    let frames = count <= Double(Indicator.maximumFrames) ? Int(count) : nil
    guard case .time(let duration, _, _, _) = clip.kind else { return (nil, frames) }
    return (duration / preset.speed, frames)
  }
}
