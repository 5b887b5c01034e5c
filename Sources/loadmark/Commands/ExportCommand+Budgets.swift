import LoadmarkCore
import LoadmarkPages
import LoadmarkRaster

extension ExportCommand {
  /// The most pixels a PNG frame may have: 2^24 (4096 × 4096), 64 MiB of
  /// canvas, which the PNG is written from.
  static let pngPixelBudget = 1 << 24

  /// The most pixels a sprite sheet may have: 2^25, the 128 MiB sheet each
  /// frame is drawn into (no frame is kept besides it).
  static let spritePixelBudget = 1 << 25

  /// The most pixels of frames an animated export holds in memory (GIF and
  /// WebP): every frame's width × height, summed. 2^25 pixels are 128 MiB of
  /// frames, so that the encoders' own work (a GIF's palette and indexed
  /// frames, a WebP's encoder) keeps the whole export under 256 MB: at 2^26
  /// a GIF peaked at 356 MB.
  static let pixelBudget = 1 << 25

  /// The most frames one clip's finite export in `format` may play, for a
  /// document of `size` pixels: what its budgets hold of frames that size.
  /// A sprite sheet's are the frames side by side within
  /// ``RasterLimits/maximumSide`` and ``spritePixelBudget``; a GIF's the
  /// frames within ``pixelBudget``; a WebP's those and at most
  /// ``WebPEncoder/maximumFrames``. Nil for the other formats, which play a
  /// clip by its own frames or show one.
  ///
  /// The one limit a clip's ``FrameDocument/Clip/finiteLoopLength(limit:)``
  /// is taken at, by the budgets' check as by the export.
  static func frameLimit(_ format: ExportFormat, size: (width: Int, height: Int)) -> Int? {
    let frame = size.width * size.height
    switch format {
    case .sprite: return max(1, min(RasterLimits.maximumSide / size.width, spritePixelBudget / frame))
    case .gif: return max(1, pixelBudget / frame)
    case .webp: return max(1, min(WebPEncoder.maximumFrames, pixelBudget / frame))
    case .json, .svg, .png, .lottie: return nil
    }
  }

  /// How many frames the export of `clip` in `format` plays before it
  /// repeats: the clip's own frames, or for a finite format (sprite, GIF,
  /// WebP) its ``FrameDocument/Clip/finiteLoopLength(limit:)`` at
  /// ``frameLimit(_:size:)``, which is its own frames unless it has
  /// periodic tracks.
  static func playedFrames(_ clip: FrameDocument.Clip, in document: FrameDocument, format: ExportFormat) -> Int {
    guard let limit = frameLimit(format, size: rasterSize(document)) else { return clip.frameCount }
    return clip.finiteLoopLength(limit: limit)
  }

  /// Refuses, before anything is drawn, the jobs of one input that would
  /// pass a budget: a PNG's pixels (``pngPixelBudget``), the frames of an
  /// animation (``pixelBudget``, ``spritePixelBudget``), a shadow's mask
  /// and the blurring of every mask (``ShadowLimits``).
  ///
  /// A refusal names the options given that make the frames larger
  /// (exit 64); when none was given, or the input is a document file,
  /// which the options do not reshape, the cost is the document's own and
  /// the refusal names its fields (exit 65).
  static func checkBudgets(_ jobs: [Job], source: LoadedSource, request: ExportRequest) throws(CommandError) {
    let document = source.document
    let blame = BudgetBlame(source: source, request: request)
    let size = rasterSize(document)
    let canvas = "\(size.width) × \(size.height) pixels"
    let clips = jobs.compactMap(\.clip)
    let played = { (clip: FrameDocument.Clip) in playedFrames(clip, in: document, format: request.format) }
    switch request.format {
    case .png:
      let pixels = size.width * size.height
      if pixels > pngPixelBudget {
        throw blame.refusal(
          "\(source.name) is \(canvas), more than the \(pngPixelBudget) a PNG may have",
          fields: "width, height", options: ["--size", "--scale", "--canvas", "--line-width"])
      }
    case .sprite, .gif, .webp:
      for clip in clips where request.format == .sprite && size.width * played(clip) > RasterLimits.maximumSide {
        throw blame.refusal(
          "a sprite sheet of \(source.name) clip \(clip.name) would be \(size.width * played(clip)) pixels wide, "
            + "more than \(RasterLimits.maximumSide)",
          fields: "width, clips[\(document.clips.firstIndex(of: clip) ?? 0)].frames",
          options: ["--size", "--scale", "--canvas", "--line-width", "--fps", "--progress-samples", "--speed"])
      }
      for clip in clips where request.format == .webp && played(clip) > WebPEncoder.maximumFrames {
        throw blame.refusal(
          "\(source.name) clip \(clip.name) has \(played(clip)) frames, more than the \(WebPEncoder.maximumFrames) a WebP may hold",
          fields: "clips[\(document.clips.firstIndex(of: clip) ?? 0)].frames",
          options: ["--fps", "--progress-samples", "--speed"])
      }
      let budget = request.format == .sprite ? spritePixelBudget : pixelBudget
      let pixels = clips.reduce(0) { $0 + size.width * size.height * played($1) }
      if pixels > budget {
        throw blame.refusal(
          "\(source.name) would need \(pixels) pixels of frames in memory (\(canvas) × \(clips.map { String(played($0)) }.joined(separator: " + ")) frames), "
            + "more than \(budget) for --format \(request.format.rawValue)",
          fields: "width, height, " + clips.map { "clips[\(document.clips.firstIndex(of: $0) ?? 0)].frames" }.joined(separator: ", "),
          options: ["--size", "--scale", "--canvas", "--line-width", "--fps", "--progress-samples", "--speed"],
          advice: clips.count > 1 ? "choose one clip with --clip" : nil)
      }
    case .json, .svg, .lottie:
      return
    }
    let accent = source.isDocumentFile ? request.options.presetOptions.color : nil
    var blurred = 0
    for job in jobs {
      guard let clip = job.clip else { continue }
      let renderer: FrameRenderer
      do {
        renderer = try FrameRenderer(document: document, accent: accent)
      } catch {
        throw blame.refusal(
          "\(source.name) is \(canvas): \(error.description)", fields: "width, height",
          options: ["--size", "--scale", "--canvas", "--line-width"])
      }
      let frames = job.frame.map { $0..<($0 + 1) } ?? 0..<played(clip)
      let cost = renderer.shadowCost(clip, frames: frames)
      if cost.largestMask > ShadowLimits.maskPixels, let layer = cost.largestMaskLayer {
        let shadow = document.layers[layer].style.shadow
        throw blame.refusal(
          "\(source.name) layers[\(layer)].shadow (radius \(NumberText.exact(shadow?.radius ?? 0)), "
            + "offset \(NumberText.exact(shadow?.offset.x ?? 0)), \(NumberText.exact(shadow?.offset.y ?? 0))) "
            + "on \(canvas) needs a shadow mask of \(cost.largestMask) pixels, more than \(ShadowLimits.maskPixels)",
          fields: "layers[\(layer)].shadow.radius, layers[\(layer)].shadow.offset, width, height",
          options: ["--size", "--scale", "--canvas", "--line-width"])
      }
      blurred += cost.blurredPixels
      if blurred > ShadowLimits.blurredPixels {
        let shadowed = document.layers.indices.filter { document.layers[$0].style.shadow != nil }
        let named = shadowed.prefix(3).map { "layers[\($0)].shadow" }.joined(separator: ", ")
        throw blame.refusal(
          "\(source.name) would blur \(blurred) or more pixels of shadow masks (\(shadowed.count) layers with a shadow on \(canvas)), "
            + "more than \(ShadowLimits.blurredPixels)",
          fields: named + (shadowed.count > 3 ? ", …" : ""),
          options: ["--size", "--scale", "--canvas", "--line-width", "--fps", "--progress-samples", "--speed"],
          advice: clips.count > 1 ? "choose one clip with --clip" : nil)
      }
    }
  }
}

/// Who a budget's refusal is for: the options given that reshape the
/// input's frames (exit 64), else the document's own fields (exit 65).
struct BudgetBlame {
  var source: LoadedSource
  var request: ExportRequest

  /// `what`, followed by the options among `options` given for a preset or
  /// scene (a usage error), or by the document's `fields` (a data error),
  /// with `advice` if any.
  func refusal(_ what: String, fields: String, options: [String], advice: String? = nil) -> CommandError {
    let given = source.isDocumentFile ? [] : request.shapingOptions.filter(options.contains)
    guard given.isEmpty else {
      let lower = "lower " + given.joined(separator: " or ")
      return .usage("\(what); \(advice.map { "\(lower), or \($0)" } ?? lower)")
    }
    return .data("\(what): the document's \(fields)" + (advice.map { "; \($0)" } ?? ""))
  }
}
