import LoadmarkCore
import LoadmarkPages

extension GalleryCommand {
  /// The formats each clip is offered in, with their link texts, in order.
  static let downloadFormats: [(format: ExportFormat, label: String)] = [
    (.svg, "SVG"), (.gif, "GIF"), (.webp, "WebP"), (.lottie, "Lottie"), (.sprite, "Sprite"),
  ]

  /// The files of every download of every clip of `presets` (each exported
  /// as `export --format` writes it: GIF at most 50 fps, WebP at most 90, as
  /// those formats can play), and the links of each clip keyed
  /// `"<preset>/<clip>"`. On a terminal, a progress line follows the building.
  static func downloads(
    _ presets: [LoadedSource], options: DocumentOptions, quiet: Bool
  ) throws(CommandError) -> (files: [(path: String, bytes: [UInt8])], links: [String: [PageDownload]]) {
    var jobs: [(job: ExportCommand.Job, format: ExportFormat, label: String)] = []
    for preset in presets {
      for (format, label) in downloadFormats {
        var source = preset
        if let maximum = format.maximumFPS, options.fps > maximum {
          var slower = options
          slower.fps = maximum
          source = try preset.source.load(slower)
        }
        let document = source.document
        let clips: [FrameDocument.Clip?] = format.isPerClip ? document.clips.map { $0 } : [nil]
        for clip in clips {
          let name = try preset.fileName(clip: clip, ending: format.fileExtension)
          jobs.append((ExportCommand.Job(source: source, document: document, clip: clip, frame: nil, name: name), format, label))
        }
      }
    }
    var files: [(path: String, bytes: [UInt8])] = []
    var links: [String: [PageDownload]] = [:]
    let progress = ProgressLine(total: jobs.count, wanted: !quiet)
    defer { progress.finish() }
    for (job, format, label) in jobs {
      progress.start(job.name)
      for file in try ExportCommand.build(job, ExportCommand.Rendering(format: format), fileName: job.name) {
        files.append((file.name, file.bytes))
      }
      for shown in job.clip.map({ [$0.name] }) ?? job.document.clips.map(\.name) {
        links["\(job.source.name)/\(shown)", default: []].append(PageDownload(label: label, file: job.name))
      }
    }
    return (files, links)
  }
}
