import LoadmarkCore

/// `loadmark gallery`: every preset and clip on one page, with controls,
/// plus the files a web page needs to play them.
enum GalleryCommand: Subcommand {
  static let name = "gallery"
  static let summary = "Write a gallery page of every preset and clip, with the JSON and scripts"

  static let title = ArgumentParser.Option(
    "--title", value: "T", expects: "a title that is not empty",
    summary: "the page's title and heading (default: Loadmark gallery)")
  static let output = ArgumentParser.Option(
    "--output", short: "-o", value: "DIR", expects: "a directory to write the gallery to",
    summary: "the directory to write to; created with its parents if missing")

  static let wasm = ArgumentParser.Option(
    "--wasm", value: "FILE", expects: "the path of loadmark.wasm",
    summary: "add a live section computed in the page by this WebAssembly engine (tools/wasm/build)")

  static let parser = ArgumentParser(command: name, options: [ExportCommand.fps, ExportCommand.color, title, wasm, output])

  /// The one line under the gallery's heading.
  static let introduction = """
    Loadmark reproduces iOS Core Animation loading, success and error indicators \
    frame by frame as JSON, and this page replays them on a canvas.
    """

  static var help: String {
    helpText(
      usage: ["-o DIR [options]"],
      about: """
        Exports every preset (\(Preset.names.joined(separator: ", "))) and writes:

          DIR/index.html           every clip of every preset, grouped by preset: a
                                   card per clip with its player, play/pause, a
                                   frame scrubber and a speed menu (a progress
                                   slider for progress clips) and its JSON; one
                                   theme colour for every player
          DIR/<preset>.json        each preset's document, as export writes it
          DIR/<preset>-<clip>.svg, .gif, .webp, .sprite.png, .sprite.json,
          DIR/<preset>.lottie.json each clip's downloads, as export --format
                                   writes them (GIF at most 50 fps, WebP 90),
                                   linked from its card
          DIR/loadmark-player.js   the web player and the scripts it comes with,
          DIR/loadmark-helpers.js  to copy into a site
          DIR/loadmark-gallery.js
          DIR/loadmark.wasm,       with --wasm: the engine and its module, and a
          DIR/loadmark-wasm.js     live section whose players compute their
                                   frames in the page

        index.html holds its documents and scripts inline and works when opened
        from a file, with no network; its Content-Security-Policy allows only
        those scripts and its style sheet, by their SHA-256. --color sets every
        preset's accent colour. Everything is built before any file is written,
        and each file is written atomically.
        """,
      parser: parser, exitCodes: [.success, .usage, .ioError])
  }

  static func run(_ arguments: [String]) throws(CommandError) -> ExitCode {
    guard let arguments = try parse(arguments, with: parser) else { return .success }
    if let operand = arguments.operands.first {
      throw .usage("unexpected argument \"\(operand)\" (gallery shows every preset; see loadmark html for some)")
    }
    let options = try DocumentOptions(arguments)
    let pageTitle = try arguments.value(title) { $0.isEmpty ? nil : $0 }
    guard let directory = try arguments.value(output, { $0.isEmpty ? nil : $0 }) else {
      throw .usage("expects -o DIR, the directory to write the gallery to")
    }
    guard directory != DocumentInput.standardInputOperand else {
      throw .usage("-o - cannot hold a gallery, which is a directory of files; name a directory")
    }

    let live = try arguments.text(wasm).map { path throws(CommandError) in try LiveEngine.read(path) }
    let documents = try PageDocument.load(Preset.names, options: options)
    let scripts: [(file: String, text: String)] = [
      ("loadmark-player.js", WebAssets.player),
      ("loadmark-helpers.js", WebAssets.helpers),
      ("loadmark-gallery.js", WebAssets.gallery),
    ] + (live == nil ? [] : [("loadmark-wasm.js", WebAssets.wasm)])
    let companions = documents.map { (file: $0.fileName, text: $0.json) } + scripts
    let downloads = try downloads(documents, options: options)
    let page = PlayerPage(
      kind: .gallery,
      title: pageTitle ?? "Loadmark gallery",
      introduction: introduction,
      documents: documents,
      accent: options.presetOptions.color,
      delivery: .inline,
      companionFiles: companions.map(\.file) + (live == nil ? [] : ["loadmark.wasm"]),
      live: live,
      downloads: downloads.links)

    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    let texts = [(prefix + "index.html", page.html)] + companions.map { (prefix + $0.file, $0.text) }
    let module = live.map { [(prefix + "loadmark.wasm", $0.module)] } ?? []
    let offered = downloads.files.map { (prefix + $0.path, $0.bytes) }
    try InputOutputOverlap.check(outputs: (texts.map(\.0) + offered.map(\.0) + module.map(\.0)), inputs: arguments.text(wasm).map { [$0] }?.filter { $0 != DocumentInput.standardInputOperand } ?? [])
    do {
      try OutputDirectory.create(directory)
    } catch {
      throw .io(error.description)
    }
    try AtomicFile.writeAll(bytes: texts.map { ($0.0, Array($0.1.utf8)) } + offered + module)
    return .success
  }
}
