import LoadmarkCore

/// `loadmark html`: one page that plays presets and documents in a browser.
enum HTMLCommand: Subcommand {
  static let name = "html"
  static let summary = "Write an HTML page that plays presets or JSON documents"

  static let title = ArgumentParser.Option(
    "--title", value: "T", expects: "a title that is not empty",
    summary: "the page's title and heading (default: Loadmark: <names>)")
  static let label = ArgumentParser.Option(
    "--label", value: "L", expects: "a label that is not empty",
    summary: "accessible label of every player (default: <name> <clip>)")
  static let external = ArgumentParser.Option(
    flag: "--external",
    summary: "write the JSON and scripts beside the page and load them by URL (needs an HTTP server)")
  static let output = ArgumentParser.Option(
    "--output", short: "-o", value: "FILE", expects: "the path of the page to write, such as page.html, or - for standard output",
    summary: "the page to write, or - for standard output")

  static let parser = ArgumentParser(
    command: name,
    options: [
      ExportCommand.fps, ExportCommand.size, ExportCommand.scale, ExportCommand.color, ExportCommand.lineWidth,
      ExportCommand.speed, ExportCommand.progressSamples, ExportCommand.precision, title, label, external, output,
    ])

  static var help: String {
    helpText(
      usage: ["PRESET|FILE|-... -o FILE|- [options]"],
      about: """
        Writes one HTML page with a <loadmark-player> for every clip of each
        argument. An argument is a preset name, exported with the same options as
        export, or the path of a JSON document, which is read, validated and
        written again with --precision (the other export options apply to presets
        only). An argument that names a preset is the preset; write ./NAME for a
        file called like one; - reads a document from standard input, and -o -
        writes the page to standard output. Presets: \(Preset.names.joined(separator: ", ")).

        Time clips play at once; progress clips get a slider. The documents, the
        player and its scripts are inside the page, so it works when opened from
        a file, with no network. The page's Content-Security-Policy allows only
        those scripts and its style sheet, by their SHA-256.

        With --external, the page loads <name>.json, loadmark-player.js and
        loadmark-gallery.js, written beside it, by URL instead. Browsers refuse
        module scripts and fetch on file:// pages, so serve that directory over
        HTTP, for example with "python3 -m http.server".

        --color sets the presets' accent colour and the page's controls. Every
        argument is checked and every document built before any file is written;
        each file is written atomically.
        """,
      parser: parser, exitCodes: [.success, .usage, .dataError, .ioError])
  }

  static func run(_ arguments: [String]) throws(CommandError) -> ExitCode {
    guard let arguments = try parse(arguments, with: parser) else { return .success }
    guard !arguments.operands.isEmpty else {
      throw .usage("expects preset names or JSON files (presets: \(Preset.names.joined(separator: ", ")))")
    }
    let options = try DocumentOptions(arguments)
    let pageTitle = try arguments.value(title) { $0.isEmpty ? nil : $0 }
    let playerLabel = try arguments.value(label) { $0.isEmpty ? nil : $0 }
    guard let path = try arguments.value(output, { $0.isEmpty ? nil : $0 }) else {
      throw .usage("expects -o FILE, the page to write")
    }
    let toStandardOutput = path == DocumentInput.standardInputOperand
    guard toStandardOutput || (!path.hasSuffix("/") && !OutputDirectory.exists(path)) else {
      let directory = path.hasSuffix("/") ? path : path + "/"
      throw .usage("-o \(path) is a directory; name the page to write, such as -o \(directory)index.html")
    }
    let isExternal = arguments.isSet(external)
    if isExternal && toStandardOutput {
      throw .usage("--external writes files beside the page; give -o FILE rather than -o -")
    }
    try DocumentInput.requireStandardInputOnce(arguments.operands)
    // Before any input is read: a preset name is no file, whatever the
    // directory holds, since the preset wins; - is standard input.
    try InputOutputOverlap.check(
      outputs: toStandardOutput ? [] : [path],
      inputs: arguments.operands.filter { Preset.named($0) == nil && $0 != DocumentInput.standardInputOperand })

    let documents = try PageDocument.load(arguments.operands, options: options)
    var companions: [(file: String, text: String)] = []
    if isExternal {
      companions = documents.map { ($0.fileName, $0.json) } + PlayerPage.scripts.map { ($0.file, $0.text) }
    }
    let page = PlayerPage(
      kind: .page,
      title: pageTitle ?? "Loadmark: " + documents.map(\.name).joined(separator: ", "),
      documents: documents,
      label: playerLabel,
      accent: options.presetOptions.color,
      delivery: isExternal ? .files : .inline,
      companionFiles: companions.map(\.file))

    if toStandardOutput {
      try Console.output(page.html)
      return .success
    }
    try AtomicFile.writeAll([(path, page.html)] + (try besidePage(path, companions, readFrom: documents)))
    return .success
  }

  /// Where each of `companions` goes: beside the page at `path`, which none
  /// may replace, nor any file of `documents` was read from, since the copy
  /// is rewritten with --precision.
  static func besidePage(
    _ path: String, _ companions: [(file: String, text: String)], readFrom documents: [PageDocument]
  ) throws(CommandError) -> [(path: String, text: String)] {
    let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    let sources = documents.compactMap(\.sourcePath)
    var files: [(path: String, text: String)] = []
    for companion in companions {
      let companionPath = directory + companion.file
      guard companionPath != path else {
        throw .usage("-o \(path) is where --external writes \(companion.file); name the page otherwise")
      }
      if let source = sources.first(where: { FileIdentity.same($0, companionPath) }) {
        throw .usage("--external would write \(companionPath) over \(source); write the page to another directory")
      }
      files.append((companionPath, companion.text))
    }
    return files
  }
}
