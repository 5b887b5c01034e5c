import LoadmarkCore
import LoadmarkExport
import LoadmarkJSON
import LoadmarkPages
import LoadmarkRaster

extension ExportCommand {
  /// One file an export writes.
  struct OutputFile {
    /// The file's name in a directory: `success-main.gif`.
    var name: String
    var bytes: [UInt8]
  }

  /// One file to build: a document's clip (or the whole document for
  /// Lottie) in the request's format.
  struct Job {
    var source: LoadedSource
    var document: FrameDocument
    /// The clip; nil for Lottie, which holds every clip.
    var clip: FrameDocument.Clip?
    /// The still's frame, for a frame choice: frames since the clip's
    /// start, past its own frames for a loop with periodic tracks chosen
    /// by time.
    var frame: Int?
    /// `success-main.gif`.
    var name: String
  }

  /// `--format` other than json: builds every file, then writes them all.
  /// On a terminal, a progress line follows the drawing of raster files.
  func writeFiles() throws(CommandError) -> ExitCode {
    let jobs = try ExportCommand.plan(request)
    switch request.destination {
    case .standardOutput, .file:
      guard jobs.count == 1 else {
        let names = jobs.map(\.name).joined(separator: ", ")
        throw .usage(
          "--format \(request.format.rawValue) writes \(jobs.count) files (\(names)); give -o DIR"
            + (request.format.isPerClip ? ", or choose one clip with --clip" : ""))
      }
    case .directory:
      break
    }
    var files: [(path: String, bytes: [UInt8])] = []
    // Drawing is what takes long: a progress line for raster batches.
    let progress = ProgressLine(total: jobs.count, wanted: !quiet && request.format.isRaster)
    for job in jobs {
      let imagePath = ExportCommand.place(job.name, job: job, request: request)
      let imageName = imagePath.split(separator: "/").last.map(String.init) ?? imagePath
      progress.start(job.name)
      let built: [OutputFile]
      do {
        built = try ExportCommand.build(job, Rendering(request), fileName: imageName)
      } catch {
        // The message goes on a clean line.
        progress.finish()
        throw error
      }
      for file in built {
        files.append((ExportCommand.place(file.name, job: job, request: request), file.bytes))
      }
    }
    progress.finish()
    if request.destination == .standardOutput {
      try Console.output(bytes: files[0].bytes)
      return .success
    }
    try InputOutputOverlap.check(
      outputs: files.map(\.path), inputs: request.sources.compactMap(\.path),
      standardInput: request.sources.contains(where: \.isStandardInput))
    try request.destination.createDirectory()
    try OutputFiles.write(files, quiet: quiet)
    return .success
  }

  /// Where a built file goes: into the directory by its name; to `-o FILE`,
  /// and a sprite's sidecar beside that file with `.json` for its `.png`.
  static func place(_ name: String, job: Job, request: ExportRequest) -> String {
    guard case .file(let path) = request.destination else { return request.destination.path(forFile: name) ?? name }
    guard name != job.name else { return path }
    let stem = path.hasSuffix(".png") ? String(path.dropLast(4)) : path
    return stem + ".json"
  }

  /// Every file the request asks for, with each input loaded and each
  /// clip and frame checked, before anything is drawn.
  static func plan(_ request: ExportRequest) throws(CommandError) -> [Job] {
    var jobs: [Job] = []
    // In a directory the names are the files'; to -o FILE or standard
    // output they only label the output.
    let checked = if case .directory = request.destination { true } else { false }
    for source in try loadAll(request) {
      let document = source.document
      let firstJob = jobs.count
      if let maximum = request.format.maximumFPS, document.fps > maximum {
        throw .usage(
          "\(source.name) is sampled at \(NumberText.exact(document.fps)) fps; --format \(request.format.rawValue) "
            + "plays at most \(NumberText.exact(maximum)) (export the document again with --fps \(NumberText.exact(maximum)))")
      }
      guard request.format.isPerClip else {
        jobs.append(Job(
          source: source, document: document, clip: nil, frame: nil,
          name: try source.fileName(ending: request.format.fileExtension, checked: checked)))
        continue
      }
      var clips = document.clips
      if let name = request.clip {
        guard let clip = document.clip(name) else {
          let names = document.clips.map(\.name)
          throw .usage(
            "\(source.name) has no clip \"\(name)\"; its clips: \(names.joined(separator: ", "))"
              + Suggestion.sentence(for: name, among: names))
        }
        clips = [clip]
      }
      for clip in clips {
        var frame: Int?
        if let choice = request.frameChoice { frame = try ExportCommand.frame(choice, clip, in: document, source: source) }
        jobs.append(Job(
          source: source, document: document, clip: clip, frame: frame,
          name: try source.fileName(clip: clip, ending: request.format.fileExtension, checked: checked)))
      }
      try checkBudgets(Array(jobs[firstJob...]), source: source, request: request)
    }
    return jobs
  }

  /// The frame a choice picks in `clip`. A loop with periodic tracks
  /// (format version 3) is not wrapped at its own frames, since its
  /// periodic tracks go on past them: a time picks the frame the player
  /// shows then, counted from the start (docs/FORMAT.md, "Reading a track
  /// at a frame"), and `--frame` may pass the clip's frames.
  static func frame(_ choice: FrameChoice, _ clip: FrameDocument.Clip, in document: FrameDocument, source: LoadedSource) throws(CommandError) -> Int {
    let playback = ClipPlayback(clip, in: document)
    let periodic = playback.loop && clip.tracks.contains { $0.values.isPeriodic }
    switch choice {
    case .frame(let n):
      guard n < clip.frameCount || periodic else {
        throw .usage("--frame \(n) is past the end of \(source.name) clip \(clip.name) (frames 0 to \(clip.frameCount - 1))")
      }
      return n
    case .time(let seconds):
      return periodic ? FrameDocument.Clip.frameIndex(seconds: seconds, fps: document.fps) : playback.frame(atTime: seconds)
    // A progress clip's frame is the one the player shows at that progress
    // (its domain, repeat and clamping); a time clip's, P of the way through.
    case .progress(let p): return clip.index == .progress ? clip.frame(atProgress: p) : playback.frame(atProgress: p)
    }
  }

  /// A document's frame size in pixels, one per point, which cairo must accept.
  static func rasterSize(_ document: FrameDocument) -> (width: Int, height: Int) {
    let width = Int((document.width + 0.5).rounded(.down))
    let height = Int((document.height + 0.5).rounded(.down))
    return (max(1, width), max(1, height))
  }

  /// How a job is drawn: its format, background and theme colour.
  struct Rendering {
    var format: ExportFormat
    /// `--background`; nil for none.
    var background: Color?
    /// Whether `--background` was given; GIF's default depends on the clip.
    var backgroundGiven: Bool
    /// `--color` for a document file (a preset has it already).
    var accent: Color?

    init(format: ExportFormat, background: Color? = nil, backgroundGiven: Bool = false, accent: Color? = nil) {
      self.format = format
      self.background = background
      self.backgroundGiven = backgroundGiven
      self.accent = accent
    }

    /// What `request` asks for, for a preset (`accent` is set for files by ``build(_:_:fileName:)``).
    init(_ request: ExportRequest) {
      self.init(
        format: request.format, background: request.background, backgroundGiven: request.backgroundGiven,
        accent: request.options.presetOptions.color)
    }
  }

  /// The bytes of one job: one file, or a sprite sheet and its sidecar,
  /// which names the sheet by `fileName`, the name it is written under.
  static func build(_ job: Job, _ rendering: Rendering, fileName: String) throws(CommandError) -> [OutputFile] {
    let accent = job.source.isDocumentFile ? rendering.accent : nil
    let document = job.document
    guard let clip = job.clip else {
      return [OutputFile(name: job.name, bytes: OutputFiles.bytes(ofText: LottieWriter.encode(document, accent: accent)))]
    }
    let background = try rendering.backgroundGiven
      ? rendering.background : defaultBackground(job, clip: clip, accent: accent, format: rendering.format)
    if rendering.format == .svg {
      let text = job.frame.map { SVGWriter.still(document, clip: clip, frame: $0, accent: accent, background: background) }
        ?? SVGWriter.animated(document, clip: clip, accent: accent, background: background)
      return [OutputFile(name: job.name, bytes: OutputFiles.bytes(ofText: text))]
    }
    do {
      let renderer = try FrameRenderer(document: document, accent: accent, background: background)
      // A clip with periodic tracks plays on past its own frames, to its
      // finite loop length, the same count the budgets were checked for.
      let count = playedFrames(clip, in: document, format: rendering.format)
      let playback = ClipPlayback(clip, in: document, frames: count)
      switch rendering.format {
      case .png:
        return [OutputFile(name: job.name, bytes: try renderer.png(clip, frame: job.frame ?? 0))]
      case .sprite:
        let sheet = try renderer.spriteSheet(clip, frames: count)
        let sidecar = try spriteSidecar(
          job, image: fileName, clip: clip, playback: playback, width: renderer.width, height: renderer.height)
        let sidecarName = String(job.name.dropLast(4)) + ".json"
        return [OutputFile(name: job.name, bytes: sheet), OutputFile(name: sidecarName, bytes: OutputFiles.bytes(ofText: sidecar))]
      case .gif:
        let frames = try (0..<count).map { frame throws(RasterError) in try renderer.render(clip, frame: frame) }
        let bytes = try GIFEncoder.encode(frames, delays: playback.durations(unitsPerSecond: 100), loop: playback.loop)
        return [OutputFile(name: job.name, bytes: bytes)]
      case .webp:
        let frames = try (0..<count).map { frame throws(RasterError) in try renderer.render(clip, frame: frame) }
        let bytes = try WebPEncoder.encode(frames, durations: playback.durations(unitsPerSecond: 1000), loop: playback.loop)
        return [OutputFile(name: job.name, bytes: bytes)]
      case .json, .svg, .lottie:
        return []
      }
    } catch let error as RasterError {
      throw .io("cannot write \(job.name): \(error.description)")
    } catch let error as CommandError {
      throw error
    } catch {
      throw .io("cannot write \(job.name): \(error)")
    }
  }

  /// The background of a job without `--background` (`Rule.exportBackground`):
  /// one that shows every colour of its clip; GIF has no transparency to
  /// fall back on, so a clip that no plain background shows is refused.
  static func defaultBackground(
    _ job: Job, clip: FrameDocument.Clip, accent: Color?, format: ExportFormat
  ) throws(CommandError) -> Color? {
    switch ExportBackground.choice(for: job.document, clip: clip, accent: accent, opaque: format == .gif) {
    case .color(let color):
      return color
    case .none(let hiddenOnWhite, let hiddenOnBlack):
      func names(_ colors: [Color]) -> String { colors.map(\.hex).joined(separator: ", ") }
      throw .data(
        "\(job.source.name) clip \(clip.name): no plain background shows every colour of the clip in a GIF "
          + "(white hides \(names(hiddenOnWhite)), black hides \(names(hiddenOnBlack))); give --background COLOR")
    }
  }

  /// The sprite sheet's sidecar: the image, frame size and count, columns,
  /// fps, duration and looping, for CSS `steps()` playback.
  static func spriteSidecar(
    _ job: Job, image: String, clip: FrameDocument.Clip, playback: ClipPlayback, width: Int, height: Int
  ) throws(CommandError) -> String {
    func number(_ value: Double) throws(JanssonError) -> JSONValue {
      value == value.rounded() && value.magnitude < 1e15 ? try .integer(Int64(value)) : try .real(value)
    }
    do {
      let object = try JSONValue.object()
      try object.set("image", .string(image))
      try object.set("frameWidth", .integer(Int64(width)))
      try object.set("frameHeight", .integer(Int64(height)))
      // The frames in the sheet: a clip with periodic tracks has more than its own.
      try object.set("frames", .integer(Int64(playback.frameCount)))
      try object.set("columns", .integer(Int64(playback.frameCount)))
      try object.set("fps", number(job.document.fps))
      try object.set("duration", number(playback.duration))
      try object.set("loop", .boolean(playback.loop))
      return try object.compactText(realDigits: 15)
    } catch {
      throw .io("cannot write the sidecar of \(job.name): \(error)")
    }
  }
}
