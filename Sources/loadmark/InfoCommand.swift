import LoadmarkCore
import LoadmarkJSON

/// `loadmark info`: a human-readable summary of one document.
enum InfoCommand: Subcommand {
  static let name = "info"
  static let summary = "Summarise a JSON document: canvas, layers, clips, tracks"
  static let parser = ArgumentParser(command: name, options: [])

  static var help: String {
    helpText(
      usage: ["FILE"],
      about: """
        Reads FILE (- for standard input) as a Loadmark document and describes
        it: format version, preset, canvas size and fps; each layer's id, kind,
        geometry and style; each clip's name, index, frames, duration and
        looping; and for each track its constant value, or the range of its
        values when it varies.
        """,
      parser: parser, exitCodes: [.success, .usage, .dataError, .ioError])
  }

  static func run(_ arguments: [String]) throws(CommandError) -> ExitCode {
    guard let arguments = try parse(arguments, with: parser) else { return .success }
    guard arguments.operands.count == 1 else {
      throw .usage("expects one FILE, got \(arguments.operands.count)")
    }
    let path = arguments.operands[0]
    let document: FrameDocument
    do {
      document = try DocumentInput.read(path)
    } catch {
      throw error.commandError
    }
    try Console.output(description(of: document, path: DocumentInput.name(path)))
    return .success
  }

  /// The summary of `document`, read from `path`.
  static func description(of document: FrameDocument, path: String) -> String {
    var text = TextTable(rows: [
      ["file", path],
      ["format", "\(FrameDocument.formatName) version \(FrameDocument.formatVersion)"],
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
    switch values {
    case .constant(let value):
      return ["constant", NumberText.exact(value)]
    case .frames(let frames):
      let low = frames.min() ?? 0
      let high = frames.max() ?? 0
      return ["varying", "\(NumberText.exact(low)) to \(NumberText.exact(high))"]
    }
  }
}
