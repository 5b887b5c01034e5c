import LoadmarkCore
import LoadmarkJSON

/// `loadmark export`: presets and scenes sampled into frames and written as JSON documents.
enum ExportCommand: Subcommand {
  static let name = "export"
  static let summary = "Write presets' and scenes' frames as JSON, SVG, PNG, sprite sheets, GIF, WebP or Lottie"

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
    "--color", value: "COLOR", expects: "a color #rgb, #rrggbb, #rrggbbaa or a CSS color name such as teal",
    summary: "accent color: #rgb, #rrggbb, #rrggbbaa or a CSS name, such as #34c759 or teal")
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
  static let format = ArgumentParser.Option(
    "--format", value: "F", expects: "one of \(ExportFormat.names)",
    summary: "json (default), svg, png, sprite, gif, webp or lottie")
  static let clip = ArgumentParser.Option(
    "--clip", value: "NAME", expects: "a clip name",
    summary: "only this clip of each preset (formats written per clip)")
  static let frame = ArgumentParser.Option(
    "--frame", value: "N", expects: "a whole number 0 or above",
    summary: "png, svg: a still of frame N of each clip")
  static let time = ArgumentParser.Option(
    "--time", value: "S", expects: "a number of seconds 0 or above",
    summary: "png, svg: a still of the frame S seconds into each clip")
  static let progress = ArgumentParser.Option(
    "--progress", value: "P", expects: "a number from 0 to 1",
    summary: "png, svg: a still of the frame at P of each clip (0 first, 1 last)")
  static let background = ArgumentParser.Option(
    "--background", value: "COLOR", expects: "a color #rgb, #rrggbb, #rrggbbaa or a CSS color name, or none",
    summary: "svg, png, sprite, gif, webp: paint under the frames (default none; gif white, or black under light colours)")
  static let output = ArgumentParser.Option(
    "--output", short: "-o", value: "PATH", expects: "a file, a directory or - for standard output",
    summary: "a file, a directory (existing, or ending in /), or - for standard output")

  static let parser = ArgumentParser(
    command: name,
    options: [
      all, scene, format, fps, size, scale, color, lineWidth, speed, progressSamples, precision, tracks, clip, frame,
      time, progress, background, output,
    ])

  static var help: String {
    helpText(
      usage: [
        "(PRESET | SCENE.json | DOCUMENT.json)... [options] [-o FILE | -o DIR | -o -]",
        "--scene FILE [options]", "--all [options] -o DIR",
      ],
      about: """
        Samples each preset or scene file (docs/SCENE.md) into frames and writes it
        as a JSON document, or, with --format, as files other tools read; the
        options apply to scenes as to presets. A JSON file that is not a scene is
        read as a frame document and exported as it is (the options that shape a
        preset do not apply to it; --color recolours its accent layers).

          json     DIR/<name>.json: the frame document (docs/FORMAT.md)
          svg      DIR/<name>-<clip>.svg: animated with CSS keyframes; a still
                   with --frame, --time or --progress
          png      DIR/<name>-<clip>.png: one frame (--frame, --time or --progress)
          sprite   DIR/<name>-<clip>.sprite.png: every frame in a row, and
                   DIR/<name>-<clip>.sprite.json: frame size, count, fps
          gif      DIR/<name>-<clip>.gif: at most 50 fps (the default for gif)
          webp     DIR/<name>-<clip>.webp: lossless, with alpha; at most 90 fps
          lottie   DIR/<name>.lottie.json: Lottie, a marker per clip

        <name> is the preset's name, the scene's "name", or a document file's name
        without .json. Raster formats draw one pixel per point: --scale 2 doubles
        the pixels. One source's one file may go to -o FILE, or to standard output
        with no -o or -o -; more need -o DIR, and a DIR ending in / is created if
        missing. Every option is checked, every scene read and every file built
        before any is written; each file is written to a temporary file and renamed
        into place, so a failed export leaves existing files as they were. A scene
        that does not read, or that asks for what a format version 1 document cannot
        draw, is refused with its file and the line and column or field at fault
        (exit 65).

        Presets: \(Preset.names.joined(separator: ", ")). See docs/EXPORT.md.
        """,
      parser: parser, exitCodes: [.success, .usage, .dataError, .ioError])
  }

  static func run(_ arguments: [String]) throws(CommandError) -> ExitCode {
    guard let arguments = try parse(arguments, with: parser) else { return .success }
    let request = try ExportRequest(arguments)
    guard request.format == .json else { return try writeFiles(request) }
    let documents = try loadAll(request).map { (preset: $0.name, text: $0.text) }
    guard request.destination != .standardOutput else {
      try Console.output(documents[0].text)
      return .success
    }
    try request.destination.createDirectory()
    // Not standard output, so every preset has a path.
    try AtomicFile.writeAll(documents.map { (request.destination.path(for: $0.preset)!, $0.text) })
    return .success
  }

  /// A source loaded: the name its files are called by, its JSON text and
  /// its document.
  struct LoadedSource {
    var source: ExportSource
    var name: String
    var text: String
    var document: FrameDocument
    /// Whether the source is a frame document exported as it is, which the
    /// options did not shape: `--color` recolours it when drawn.
    var isDocumentFile: Bool = false
  }

  /// Every source of `request` loaded, in order; two that would be written
  /// under one name are refused unless the one output is standard output.
  static func loadAll(_ request: ExportRequest) throws(CommandError) -> [LoadedSource] {
    var loaded: [LoadedSource] = []
    var operands: [String: String] = [:]
    for source in request.sources {
      let next = try load(source, request.options)
      if let other = operands[next.name], request.destination != .standardOutput {
        throw .usage("\(other) and \(source.operand) would both be written as \(next.name); export them separately")
      }
      operands[next.name] = source.operand
      loaded.append(next)
    }
    return loaded
  }

  /// A source's name, JSON text and document: a preset or a scene exported as
  /// `options` ask (``export(_:_:)-(Preset,_)``), or a document file read,
  /// validated and written again with `--precision` (exit 74 if unreadable,
  /// 65 if invalid).
  static func load(_ source: ExportSource, _ options: DocumentOptions) throws(CommandError) -> LoadedSource {
    let file: LoadmarkFile
    switch source {
    case .preset(let name):
      let (text, document) = try export(name, options)
      return LoadedSource(source: source, name: name, text: text, document: document)
    case .scene(let path):
      do {
        file = .scene(try SceneReader.read(path: path))
      } catch {
        throw error.commandError
      }
    case .file(let path):
      do {
        file = try LoadmarkFile.read(path: path)
      } catch {
        throw error.commandError
      }
    }
    switch file {
    case .scene(let preset):
      let (text, document) = try export(preset, options)
      return LoadedSource(source: source, name: preset.name, text: text, document: document)
    case .document(let read):
      let text = DocumentWriter.encode(read, precision: options.precision, tracks: options.tracks)
      do {
        return LoadedSource(
          source: source, name: source.name, text: text,
          document: try DocumentReader.decode(text, source: source.operand), isDocumentFile: true)
      } catch {
        throw .data("\(error.description) (after rounding to --precision \(options.precision.rawValue); try --precision full)")
      }
    }
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
