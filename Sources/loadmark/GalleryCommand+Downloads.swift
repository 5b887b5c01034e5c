import LoadmarkCore

extension GalleryCommand {
  /// A file a gallery card offers beside its clip's JSON.
  struct Download {
    /// The link text: `SVG`, `GIF`, `WebP`, `Lottie`, `Sprite`.
    var label: String
    /// The file name beside the page.
    var file: String
  }

  /// The formats each clip is offered in, with their link texts, in order.
  static let downloadFormats: [(format: ExportFormat, label: String)] = [
    (.svg, "SVG"), (.gif, "GIF"), (.webp, "WebP"), (.lottie, "Lottie"), (.sprite, "Sprite"),
  ]

  /// The files of every download of every clip of `pages` (each preset
  /// exported as `export --format` writes it: GIF at most 50 fps, WebP at
  /// most 90, as those formats can play), and the links of each clip keyed
  /// `"<preset>/<clip>"`.
  static func downloads(
    _ pages: [PageDocument], options: DocumentOptions
  ) throws(CommandError) -> (files: [(path: String, bytes: [UInt8])], links: [String: [Download]]) {
    var files: [(path: String, bytes: [UInt8])] = []
    var links: [String: [Download]] = [:]
    for page in pages {
      let source = ExportCommand.LoadedSource(source: .preset(page.name), name: page.name, text: page.json, document: page.document)
      for (format, label) in downloadFormats {
        var job = source
        if let maximum = format.maximumFPS, options.fps > maximum {
          var slower = options
          slower.fps = maximum
          job = try ExportCommand.load(.preset(page.name), slower)
        }
        let document = job.document
        let clips: [FrameDocument.Clip?] = format.isPerClip ? document.clips.map { $0 } : [nil]
        for clip in clips {
          let name = clip.map { "\(page.name)-\($0.name)\(format.fileExtension)" } ?? page.name + format.fileExtension
          let exported = ExportCommand.Job(source: job, document: document, clip: clip, frame: nil, name: name)
          for file in try ExportCommand.build(exported, ExportCommand.Rendering(format: format), fileName: name) {
            files.append((file.name, file.bytes))
          }
          for shown in clip.map({ [$0.name] }) ?? document.clips.map(\.name) {
            links["\(page.name)/\(shown)", default: []].append(Download(label: label, file: name))
          }
        }
      }
    }
    return (files, links)
  }
}
