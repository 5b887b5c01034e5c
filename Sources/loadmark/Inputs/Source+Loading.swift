import LoadmarkCore
import LoadmarkJSON
import LoadmarkPages

/// A source loaded: the name its files are called by, a line about it, its
/// JSON text and its document.
struct LoadedSource {
  var source: Source
  /// The preset's or scene's name, or the document file's (``Source/name``).
  var name: String
  /// The preset's or scene's summary, or where the document came from.
  var caption: String
  /// The document's JSON text, as `export` writes it.
  var text: String
  /// The document the reader reads back from ``text``.
  var document: FrameDocument
  /// Whether the source is a frame document exported as it is, which the
  /// options did not shape: `--color` recolours it when drawn.
  var isDocumentFile: Bool = false

  /// The source as a page shows it.
  var page: PageDocument {
    PageDocument(name: name, caption: caption, document: document, json: text, sourcePath: source.path)
  }
}

extension Source {
  /// The indicator this names: the preset, or the scene the file holds,
  /// compiled (exit 74 when it cannot be read, 65 when it is not a valid
  /// scene, or is a frame document unless `documents` are accepted).
  func read() throws(CommandError) -> LoadmarkFile {
    switch self {
    case .builtIn(let name):
      // Source(operand:) takes only names that Indicator.named finds.
      return .scene(Indicator.named(name)!)
    case .file(let path):
      do {
        return try DocumentInput.readFile(path)
      } catch {
        throw error.commandError
      }
    case .scene(let path):
      do {
        return .scene(try DocumentInput.readScene(path))
      } catch {
        throw error.commandError
      }
    }
  }

  /// The scene this names, compiled: a preset, or a file that must be a
  /// scene (a frame document is not an indicator; exit 65).
  func scene() throws(CommandError) -> Indicator {
    switch try read() {
    case .scene(let preset):
      return preset
    case .document:
      throw .data("\(DocumentInput.name(operand)): a frame document, not a scene (docs/SCENE.md)")
    }
  }

  /// The source's name, caption, JSON text and document: a preset or a scene
  /// exported as `options` ask (``export(_:_:)``), or a document file read,
  /// validated and written again with `--precision` and `--tracks` (exit 74
  /// if unreadable, 65 if invalid).
  func load(_ options: DocumentOptions) throws(CommandError) -> LoadedSource {
    let text: String
    switch try read() {
    case .scene(let preset):
      let (text, document) = try Source.export(preset, options, from: DocumentInput.name(operand))
      let caption = preset.summary.isEmpty ? DocumentInput.name(operand) : preset.summary
      return LoadedSource(source: self, name: preset.name, caption: caption, text: text, document: document)
    case .document(let document):
      // The document as read lives only while it is written again, so that
      // it and the reader's tree of the rewritten text are never in memory
      // at once.
      text = DocumentWriter.encode(document, precision: options.precision, tracks: options.tracks)
    }
    do {
      return LoadedSource(
        source: self, name: name, caption: path ?? "standard input", text: text,
        document: try DocumentReader.decode(text, source: DocumentInput.name(operand)), isDocumentFile: true)
    } catch {
      // Compact rounding can take a value out of range (a canvas side of
      // 0.001 rounds to 0); full precision writes every value as read.
      throw .data("\(error.description) (after rounding to --precision \(options.precision.rawValue); try --precision full)")
    }
  }

  /// The JSON text of `preset` (a built-in one or a compiled scene) as
  /// `options` ask, and the document the reader reads back from it: export
  /// never writes what `validate` refuses (a canvas over 10000 points from
  /// --scale, a clip of too many frames, a file over 16 MiB).
  ///
  /// A refusal is the scene's own (exit 65, `file: clips[i]…`) unless an
  /// option that adds frames (--fps, --progress-samples, --speed) was given:
  /// `validate` samples at the defaults exactly this way, so an export after
  /// a passing `validate` is refused only for what its options ask.
  static func export(
    _ base: Indicator, _ options: DocumentOptions, from file: String
  ) throws(CommandError) -> (text: String, document: FrameDocument) {
    let name = base.name
    let defaults = DocumentOptions()
    var asked: [String] = []
    if options.fps != defaults.fps { asked.append("--fps") }
    if options.progressSamples != defaults.progressSamples { asked.append("--progress-samples") }
    if options.presetOptions.speed != defaults.presetOptions.speed { asked.append("--speed") }
    func refusal(_ field: String?, _ message: String, advice: String) -> CommandError {
      if asked.isEmpty {
        guard let field else { return .data("\(file): \(message)") }
        return .data(file, field: field, message)
      }
      let list = asked.count == 1 ? asked[0] : asked.dropLast().joined(separator: ", ") + " and " + asked.last!
      return .usage("with \(list), \(name) \(field.map { $0 + ": " } ?? "")\(message); \(advice)")
    }
    let preset: Indicator
    if options.presetOptions.isDefault {
      preset = base
    } else if options.presetOptions.canvas == .scene {
      preset = base.customized(options.presetOptions, frame: nil)
    } else {
      // The crop samples the scene at the defaults; a scene that cannot be
      // is refused now, as its own fault (exit 65), not sampled again below
      // to find so.
      do {
        let frame = try base.checkedContentFrame(lineWidth: options.presetOptions.lineWidth, canvas: options.presetOptions.canvas)
        preset = base.customized(options.presetOptions, frame: frame)
      } catch {
        guard case .field(let path) = error.location else { throw .data("\(file): \(error.message.string)") }
        throw .data(file, field: path, error.message.string)
      }
    }
    // Counted before sampling: such a clip is refused anyway, and sampling
    // millions of frames first (a scene may last 1e300 s) would only cost
    // time and memory, or not fit an Int at all.
    for (index, clip) in preset.clips.enumerated() {
      let count = preset.frameCount(of: clip, fps: options.fps, progressSamples: options.progressSamples)
      guard count <= Double(Indicator.maximumFrames) else {
        let frames = count.isFinite ? NumberText.exact(count) : "endless"
        throw refusal(
          "clips[\(index)]",
          "clip \(clip.name) would have \(frames) frames, more than the \(Indicator.maximumFrames) a document may hold",
          advice: "lower --fps or --progress-samples, or raise --speed")
      }
    }
    let document: FrameDocument
    do {
      document = try preset.checkedFrames(fps: options.fps, progressSamples: options.progressSamples)
    } catch {
      let field: String? = if case .field(let path) = error.location { path } else { nil }
      throw refusal(field, error.message.string, advice: "lower --fps or --progress-samples, or raise --speed")
    }
    let text = DocumentWriter.encode(document, precision: options.precision, tracks: options.tracks)
    do {
      return (text, try DocumentReader.decode(text, source: name + ".json"))
    } catch {
      let place = if case .field(let path) = error.location { path + ": " } else { "" }
      if asked.isEmpty && options.presetOptions == defaults.presetOptions && options.precision == defaults.precision
        && options.tracks == defaults.tracks
      {
        throw .data("\(file): exported at the defaults, it gives a document that readers refuse: \(place)\(error.message)")
      }
      throw .usage("these options give a \(name) document that readers refuse: \(place)\(error.message)")
    }
  }
}
