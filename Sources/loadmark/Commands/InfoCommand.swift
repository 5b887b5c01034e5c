import LoadmarkCore
import LoadmarkJSON
import LoadmarkPages

/// `loadmark info`: a human-readable summary of one document.
struct InfoCommand: Command {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "info",
      abstract: "Summarise a JSON document: canvas, layers, clips, tracks",
      usage: ["FILE [--json]"],
      discussion: """
        Reads FILE (- for standard input) as a Loadmark document and describes
        it: format version, preset, canvas size and fps; each layer's id, kind,
        geometry and style; each clip's name, index, frames, duration and
        looping; and for each track its constant value, or the range of its
        values when it varies. With --json, the same as one JSON object, every
        layer's values by name as diff compares them (docs/CLI.md).
        """,
      operands: [Operand("FILE", summary: "a frame document, or - for standard input", completion: .files)],
      options: [ReportOptions.json],
      exitCodes: [
        .success("the document was described"), .usage, .dataError("the document is not valid"),
        .ioError("the document could not be read"),
      ],
      examples: [
        Example("Describe a document: its canvas, layers and clips", "info success.json"),
      ])
  }

  var path: String
  var format: ReportFormat

  init(_ arguments: ParsedArguments) throws(CommandError) {
    format = try ReportFormat(arguments)
    guard arguments.operands.count == 1 else {
      throw .usage("expects one FILE, got \(arguments.operands.count)")
    }
    path = arguments.operands[0]
  }

  func run() throws(CommandError) -> ExitCode {
    let name = DocumentInput.name(path)
    let document: FrameDocument
    do {
      document = try DocumentInput.read(path)
    } catch {
      if format == .json {
        let code = error.commandError.exitCode
        try Console.output(JSONReport.envelope("info", code).merging([("file", .string(name)), ("error", .error(error))]).text())
      }
      throw error.commandError
    }
    if format == .json {
      try Console.output(JSONReport.envelope("info", .success).merging(InfoCommand.fields(of: document, path: name)).text())
    } else {
      try Console.output(InfoCommand.description(of: document, path: name))
    }
    return .success
  }

  /// The summary of `document`, read from `path`.
  static func description(of document: FrameDocument, path: String) -> String {
    var text = TextTable(rows: [
      ["file", path],
      ["format", "\(FrameDocument.formatName) version \(document.writtenVersion)"],
      ["preset", document.preset],
      ["canvas", "\(NumberText.exact(document.width)) x \(NumberText.exact(document.height)) points"],
      ["fps", NumberText.exact(document.fps)],
    ]).text

    text += "\nlayers (\(document.layers.count), back to front)\n"
    text += TextTable(rows: document.layers.map { layer in
      ["  " + layer.id, layer.shape.kind.rawValue, layer.geometrySummary, layer.styleSummary]
    }).text

    for (number, clip) in document.clips.enumerated() {
      var facts = [clip.index.rawValue, NumberText.counted(clip.frameCount, "frame")]
      if clip.index == .time {
        facts += [NumberText.exact(clip.duration) + " s", clip.loop ? "loop" : "one-shot"]
      } else {
        facts += PlayerPage.progressFacts(clip)
      }
      text += "\n" + TerminalText.escaped("clip \(number): \(clip.name) (\(facts.joined(separator: ", ")))") + "\n"
      text += TextTable(rows: clip.tracks.map { ["  " + $0.key] + valueSummary($0.values) }).text
    }
    return text
  }

  /// `["constant", "0"]` or `["varying", "-6.2832 to 0"]`.
  static func valueSummary(_ values: FrameDocument.TrackValues) -> [String] {
    let range = valueRange(values)
    return range.varies
      ? ["varying", "\(NumberText.exact(range.low)) to \(NumberText.exact(range.high))"]
      : ["constant", NumberText.exact(range.low)]
  }

  /// The lowest and highest value of a track, and whether it is written as
  /// varying.
  static func valueRange(_ values: FrameDocument.TrackValues) -> (low: Double, high: Double, varies: Bool) {
    switch values {
    case .constant(let value):
      return (value, value, false)
    case .frames(let frames), .periodic(let frames):
      return (frames.min() ?? 0, frames.max() ?? 0, true)
    }
  }

  /// The `--json` report's fields for `document`, read from `path`.
  static func fields(of document: FrameDocument, path: String) -> [(key: String, value: JSONReport)] {
    let layers = document.layers.map { layer -> JSONReport in
      let fields = layer.fields.dropFirst().map { field -> (key: String, value: JSONReport) in
        switch field.value {
        case .number(let number): return (field.name, .number(number))
        case .text(let text): return (field.name, .string(text))
        }
      }
      return ["id": .string(layer.id), "kind": .string(layer.shape.kind.rawValue), "accent": .boolean(layer.accent),
              "values": .object(fields)]
    }
    let clips = document.clips.map { clip -> JSONReport in
      let tracks = clip.tracks.map { track -> JSONReport in
        let range = valueRange(track.values)
        return ["key": .string(track.key), "constant": .boolean(!range.varies), "min": .number(range.low),
                "max": .number(range.high)]
      }
      var members: [(key: String, value: JSONReport)] = [
        ("name", .string(clip.name)), ("index", .string(clip.index.rawValue)), ("frames", .count(clip.frameCount)),
        ("duration", clip.index == .time ? .number(clip.duration) : .null), ("loop", .boolean(clip.loop)),
      ]
      if clip.index == .progress {
        // What the host does with the clip beyond [0, 1] (format version 2).
        members += [
          ("domain", .array([.number(clip.domain.lower), .number(clip.domain.upper)])),
          ("repeatFrom", clip.domain.repeatFrom.map { .number($0) } ?? .null),
          ("transition", clip.transition.map { ["frames": .count($0.frameCount), "duration": .number($0.duration)] } ?? .null),
          ("finish", clip.finish.map { .string($0) } ?? .null),
        ]
      }
      return .object(members + [("tracks", .array(tracks))])
    }
    return [
      ("file", .string(path)), ("format", .string(FrameDocument.formatName)),
      ("version", .count(document.writtenVersion)), ("preset", .string(document.preset)),
      ("width", .number(document.width)), ("height", .number(document.height)), ("fps", .number(document.fps)),
      ("layers", .array(layers)), ("clips", .array(clips)),
    ]
  }
}
