import LoadmarkCore
import LoadmarkJSON

/// `loadmark export`: presets and scenes sampled into frames and written as JSON documents.
enum ExportCommand: Subcommand {
  static let name = "export"
  static let summary = "Write presets' and scenes' frames as JSON documents"

  // Each range sits beside the option whose message states it.
  static let fpsRange = 1.0...1000.0
  static let speedRange = 0.01...100.0
  static let progressSamplesRange = 2...100_000
  /// The largest canvas side, the most a reader accepts.
  static let maximumSide = 10_000.0

  static let all = ArgumentParser.Option(flag: "--all", summary: "export every preset")
  static let scene = ArgumentParser.Option(
    "--scene", value: "FILE", expects: "the path of a scene file",
    summary: "export the scene in FILE (docs/SCENE.md), whatever its name")
  static let fps = ArgumentParser.Option(
    "--fps", value: "N", expects: "a number from 1 to 1000",
    summary: "frames per second of time clips (default 60)")
  static let size = ArgumentParser.Option(
    "--size", value: "WxH", expects: "a size WxH with sides above 0 and at most 10000, such as 100x100",
    summary: "canvas size in points; the indicator is scaled to fit and centred")
  static let scale = ArgumentParser.Option(
    "--scale", value: "K", expects: "a number above 0",
    summary: "scale the whole indicator by K (default 1); not with --size")
  static let color = ArgumentParser.Option(
    "--color", value: "HEX", expects: "a color #rgb, #rrggbb or #rrggbbaa",
    summary: "accent color, such as #34c759")
  static let lineWidth = ArgumentParser.Option(
    "--line-width", value: "W", expects: "a number above 0",
    summary: "stroke width of the indicator's lines, in points")
  static let speed = ArgumentParser.Option(
    "--speed", value: "S", expects: "a number from 0.01 to 100",
    summary: "playback rate; 2 plays twice as fast (default 1)")
  static let progressSamples = ArgumentParser.Option(
    "--progress-samples", value: "N", expects: "a whole number from 2 to 100000",
    summary: "frames of progress clips, from 0 to 1 (default 101)")
  static let precision = ArgumentParser.Option(
    "--precision", value: "P", expects: "compact or full",
    summary: "compact (values to 1e-4, the default) or full (every Double exact)")
  static let tracks = ArgumentParser.Option(
    "--tracks", value: "FORM", expects: "deltas or plain",
    summary: "how compact documents write varying tracks: deltas (the default) or plain arrays")
  static let output = ArgumentParser.Option(
    "--output", short: "-o", value: "PATH", expects: "a file, a directory or - for standard output",
    summary: "a file, a directory (existing, or ending in /), or - for standard output")

  static let parser = ArgumentParser(
    command: name,
    options: [all, scene, fps, size, scale, color, lineWidth, speed, progressSamples, precision, tracks, output])

  static var help: String {
    helpText(
      usage: [
        "(PRESET | SCENE.json)... [options] [-o FILE | -o DIR | -o -]", "--scene FILE [options]",
        "--all [options] -o DIR",
      ],
      about: """
        Samples each preset or scene file (docs/SCENE.md) into frames and writes it as
        a JSON document; the options apply to scenes as to presets. With one source
        and no -o, or -o -, the document goes to standard output. -o FILE writes one
        source to FILE; -o DIR writes DIR/<name>.json for each (the scene's "name"),
        and a DIR ending in / is created if missing. Every option is checked, every
        scene read and every document built before any file is written; each file
        is written to a temporary file and renamed into place, so a failed export
        leaves existing files as they were. A scene that does not read, or that
        asks for what a format version 1 document cannot draw, is refused with
        its file and the line and column or field at fault (exit 65). Presets:
        \(Preset.names.joined(separator: ", ")).
        """,
      parser: parser, exitCodes: [.success, .usage, .dataError, .ioError])
  }

  static func run(_ arguments: [String]) throws(CommandError) -> ExitCode {
    guard let arguments = try parse(arguments, with: parser) else { return .success }
    let request = try ExportRequest(arguments)
    var documents: [(preset: String, text: String)] = []
    for source in request.sources {
      let preset = try source.preset()
      guard !documents.contains(where: { $0.preset == preset.name }) || request.destination == .standardOutput else {
        throw .usage("two sources are called \"\(preset.name)\"; export them to different files")
      }
      documents.append((preset.name, try export(preset, request.options).text))
    }
    guard request.destination != .standardOutput else {
      try Console.output(documents[0].text)
      return .success
    }
    if case .directory(let directory) = request.destination {
      do {
        try OutputDirectory.create(directory)
      } catch {
        throw .io(error.description)
      }
    }
    // Not standard output, so every preset has a path.
    try AtomicFile.writeAll(documents.map { (request.destination.path(for: $0.preset)!, $0.text) })
    return .success
  }

  /// The JSON text of preset `name` as `options` ask; see ``export(_:_:)``.
  static func document(_ name: String, _ options: DocumentOptions) throws(CommandError) -> String {
    try export(name, options).text
  }

  /// The JSON text of preset `name` as `options` ask, and the document the
  /// reader reads back from it; see ``export(_:_:)-(Preset,_)``.
  static func export(_ name: String, _ options: DocumentOptions) throws(CommandError) -> (text: String, document: FrameDocument) {
    guard let preset = Preset.named(name) else {
      throw .usage("unknown preset \"\(name)\"")
    }
    return try export(preset, options)
  }

  /// The JSON text of `preset` (a built-in one or a compiled scene) as
  /// `options` ask, and the document the reader reads back from it: export
  /// never writes what `validate` refuses (a canvas over 10000 points from
  /// --scale, a clip of too many frames, a file over 16 MiB).
  static func export(_ base: Preset, _ options: DocumentOptions) throws(CommandError) -> (text: String, document: FrameDocument) {
    let preset = options.presetOptions.isDefault ? base : base.customized(options.presetOptions)
    let name = preset.name
    let document = preset.frames(fps: options.fps, progressSamples: options.progressSamples)
    // Checked before encoding: such a clip is refused anyway, and encoding
    // millions of values first would only cost time and memory.
    if let clip = document.clips.first(where: { $0.frameCount > DocumentReader.maximumFrames }) {
      throw .usage(
        "\(name) clip \(clip.name) would have \(clip.frameCount) frames, more than the "
          + "\(DocumentReader.maximumFrames) a document may hold; lower --fps or --progress-samples, or raise --speed")
    }
    let text = DocumentWriter.encode(document, precision: options.precision, tracks: options.tracks)
    do {
      return (text, try DocumentReader.decode(text, source: name + ".json"))
    } catch {
      let place = if case .field(let path) = error.location { path + ": " } else { "" }
      throw .usage("these options give a \(name) document that readers refuse: \(place)\(error.message)")
    }
  }
}
