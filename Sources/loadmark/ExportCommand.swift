import LoadmarkCore
import LoadmarkJSON

/// `loadmark export`: presets sampled into frames and written as JSON documents.
enum ExportCommand: Subcommand {
  static let name = "export"
  static let summary = "Write presets' frames as JSON, SVG, PNG, sprite sheets, GIF, WebP or Lottie"

  // Each range sits beside the option whose message states it.
  static let fpsRange = 1.0...1000.0
  static let speedRange = 0.01...100.0
  static let progressSamplesRange = 2...100_000
  /// The largest canvas side, the most a reader accepts.
  static let maximumSide = 10_000.0

  static let all = ArgumentParser.Option(flag: "--all", summary: "export every preset")
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
      all, format, fps, size, scale, color, lineWidth, speed, progressSamples, precision, tracks, clip, frame, time,
      progress, background, output,
    ])

  static var help: String {
    helpText(
      usage: ["PRESET|FILE... [options] [-o FILE | -o DIR | -o -]", "--all [options] -o DIR"],
      about: """
        Samples each preset into frames and writes it as a JSON document, or, with
        --format, as files other tools read. An argument that is not a preset is
        the path of a JSON document, exported as it is (the options that shape a
        preset do not apply to it; --color recolours its accent layers).

          json     DIR/<preset>.json: the frame document (docs/FORMAT.md)
          svg      DIR/<preset>-<clip>.svg: animated with CSS keyframes; a still
                   with --frame, --time or --progress
          png      DIR/<preset>-<clip>.png: one frame (--frame, --time or --progress)
          sprite   DIR/<preset>-<clip>.sprite.png: every frame in a row, and
                   DIR/<preset>-<clip>.sprite.json: frame size, count, fps
          gif      DIR/<preset>-<clip>.gif: at most 50 fps (the default for gif)
          webp     DIR/<preset>-<clip>.webp: lossless, with alpha; at most 90 fps
          lottie   DIR/<preset>.lottie.json: Lottie, a marker per clip

        Raster formats draw one pixel per point: --scale 2 doubles the pixels.
        One preset's one file may go to -o FILE, or to standard output with no -o
        or -o -; more need -o DIR, and a DIR ending in / is created if missing.
        Every option is checked and every file built before any is written; each
        file is written to a temporary file and renamed into place, so a failed
        export leaves existing files as they were.

        Presets: \(Preset.names.joined(separator: ", ")). See docs/EXPORT.md.
        """,
      parser: parser, exitCodes: [.success, .usage, .dataError, .ioError])
  }

  static func run(_ arguments: [String]) throws(CommandError) -> ExitCode {
    guard let arguments = try parse(arguments, with: parser) else { return .success }
    let request = try ExportRequest(arguments)
    guard request.format == .json else { return try writeFiles(request) }
    var documents: [(preset: String, text: String)] = []
    for source in request.sources {
      documents.append((source.name, try loaded(source, request.options).text))
    }
    guard request.destination != .standardOutput else {
      try Console.output(documents[0].text)
      return .success
    }
    try request.destination.createDirectory()
    // Not standard output, so every preset has a path.
    try AtomicFile.writeAll(documents.map { (request.destination.path(for: $0.preset)!, $0.text) })
    return .success
  }

  /// The JSON text and document of a source: a preset exported as
  /// `options` ask (``export(_:_:)``), or a document file read, validated
  /// and written again with `--precision` (exit 74 if unreadable, 65 if invalid).
  static func loaded(_ source: ExportSource, _ options: DocumentOptions) throws(CommandError) -> (text: String, document: FrameDocument) {
    switch source {
    case .preset(let name), .unknown(let name):
      return try export(name, options)
    case .file(let path):
      let read: FrameDocument
      do {
        read = try DocumentReader.read(path: path)
      } catch {
        throw error.commandError
      }
      let text = DocumentWriter.encode(read, precision: options.precision, tracks: options.tracks)
      do {
        return (text, try DocumentReader.decode(text, source: path))
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
  /// reader reads back from it: export never writes what `validate` refuses
  /// (a canvas over 10000 points from --scale, a clip of too many frames, a
  /// file over 16 MiB).
  static func export(_ name: String, _ options: DocumentOptions) throws(CommandError) -> (text: String, document: FrameDocument) {
    guard let preset = Preset.named(name, options: options.presetOptions) else {
      throw .usage("unknown preset \"\(name)\"")
    }
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
