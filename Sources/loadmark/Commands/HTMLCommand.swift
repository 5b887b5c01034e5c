import LoadmarkCore
import LoadmarkPages
import LoadmarkSystem

/// `loadmark html`: one page that plays presets and documents in a browser.
struct HTMLCommand: Command {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "html",
      abstract: "Write an HTML page that plays presets or JSON documents",
      usage: ["PRESET|FILE|-... -o FILE|- [options]"],
      discussion: """
        Writes one HTML page with a <loadmark-player> for every clip of each
        argument. An argument is a preset name, exported with the same options as
        export, or the path of a JSON document, which is read, validated and
        written again with --precision (the other export options apply to presets
        only). An argument that names a preset is the preset; write ./NAME for a
        file called like one; - reads a document from standard input, and -o -
        writes the page to standard output. Presets: \(Indicator.presetNames.joined(separator: ", "));
        and the catalogue's \(Indicator.catalogueNames.count) indicators (loadmark list).

        Time clips play at once; progress clips get a slider. Each player holds a
        poster, an inline SVG still of the frame it shows first (a one-shot's last
        under reduced motion), which shows until the player draws and when scripts
        never run. The documents, the player and its scripts are inside the page,
        so it works when opened from a file, with no network. The page's
        Content-Security-Policy allows only those scripts and its style sheet, by
        their SHA-256.

        With --external, the page loads <name>.json, loadmark-player.js (with
        loadmark-player-v3.js for format version 3) and loadmark-gallery.js,
        written beside it, by URL instead. Browsers refuse
        module scripts and fetch on file:// pages, so serve that directory over
        HTTP, for example with "python3 -m http.server".

        --color sets the presets' accent colour and the page's controls. Every
        argument is checked and every document built before any file is written;
        each file is written atomically.
        """,
      operands: [
        Operand(
          "PRESET|FILE", summary: "a preset's or catalogue indicator's name, a scene or frame document file, or - for standard input",
          repeats: true, completion: .wordsOrFiles(Indicator.builtInNames))
      ],
      options: [title, label, external, output, ReportOptions.quiet],
      groups: [DocumentOptions.group],
      exitCodes: [
        .success("the page was written"), .usage, .dataError("a scene or document file is not valid"),
        .ioError("a file could not be read or written"),
      ],
      examples: [
        Example("Write a page that plays the success and error presets", "html success error -o page.html"),
      ])
  }

  static let title = Option(
    "--title", value: "T", expects: "a title that is not empty",
    summary: "the page's title and heading (default: Loadmark: <names>)")
  static let label = Option(
    "--label", value: "L", expects: "a label that is not empty",
    summary: "accessible label of every player (default: <name> <clip>)")
  static let external = Option(
    flag: "--external",
    summary: "write the JSON and scripts beside the page and load them by URL (needs an HTTP server)")
  static let output = Option(
    "--output", short: "-o", value: "FILE",
    expects: "the path of the page to write, such as page.html, or - for standard output",
    summary: "the page to write, or - for standard output", completion: .files)

  var sources: [Source]
  var options: DocumentOptions
  var pageTitle: String?
  var playerLabel: String?
  /// The page's path; nil for standard output.
  var path: String?
  var isExternal: Bool
  var quiet: Bool

  init(_ arguments: ParsedArguments) throws(CommandError) {
    guard !arguments.operands.isEmpty else {
      throw .usage("expects preset names or JSON files (presets: \(Indicator.presetNames.joined(separator: ", ")))")
    }
    options = try DocumentOptions(arguments)
    pageTitle = try arguments.value(Self.title) { $0.isEmpty ? nil : $0 }
    playerLabel = try arguments.value(Self.label) { $0.isEmpty ? nil : $0 }
    guard let path = try arguments.value(Self.output, { $0.isEmpty ? nil : $0 }) else {
      throw .usage("expects -o FILE, the page to write")
    }
    let toStandardOutput = path == DocumentInput.standardInputOperand
    guard toStandardOutput || (!path.hasSuffix("/") && !FileSystem.isDirectory(path)) else {
      let directory = path.hasSuffix("/") ? path : path + "/"
      throw .usage("-o \(path) is a directory; name the page to write, such as -o \(directory)index.html")
    }
    self.path = toStandardOutput ? nil : path
    isExternal = arguments.isSet(Self.external)
    if isExternal && toStandardOutput {
      throw .usage("--external writes files beside the page; give -o FILE rather than -o -")
    }
    quiet = arguments.isSet(ReportOptions.quiet)
    try DocumentInput.requireStandardInputOnce(arguments.operands)
    // Before any input is read: a preset name is no file, whatever the
    // directory holds, since the preset wins; - is standard input.
    try InputOutputOverlap.check(
      outputs: self.path.map { [$0] } ?? [],
      inputs: arguments.operands.filter { !Indicator.builtInNames.contains($0) && $0 != DocumentInput.standardInputOperand },
      standardInput: arguments.operands.contains(DocumentInput.standardInputOperand))
    sources = try Source.sources(arguments.operands, files: "a JSON document or scene")
  }

  func run() throws(CommandError) -> ExitCode {
    var documents: [PageDocument] = []
    for source in sources { documents.append(try source.load(options).page) }
    documents = PageDocument.uniquelyNamed(documents)
    var page = PlayerPage(
      kind: .page,
      title: pageTitle ?? "Loadmark: " + documents.map(\.name).joined(separator: ", "),
      documents: documents,
      label: playerLabel,
      accent: options.presetOptions.color,
      delivery: isExternal ? .files : .inline,
      scripts: .embedded)
    var companions: [(file: String, text: String)] = []
    if isExternal {
      companions = documents.map { ($0.fileName, $0.json) }
        + WebScripts.embedded.pageScripts(withHelpers: false, version3: page.readsVersion3)
    }
    page.companionFiles = companions.map(\.file)

    guard let path else {
      try Console.output(TextFile.terminated(page.html))
      return .success
    }
    let files = [(path: path, text: page.html)] + (try HTMLCommand.besidePage(path, companions, readFrom: documents))
    try OutputFiles.write(texts: files, quiet: quiet)
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
      if let source = sources.first(where: { FileSystem.isSameFile($0, companionPath) }) {
        throw .usage("--external would write \(companionPath) over \(source); write the page to another directory")
      }
      files.append((companionPath, companion.text))
    }
    return files
  }
}
