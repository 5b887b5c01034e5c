import LoadmarkCore
import LoadmarkJSON
import LoadmarkPages

/// `loadmark diff`: compares two documents value by value.
struct DiffCommand: Command {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "diff",
      abstract: "Compare two JSON documents track by track",
      usage: ["A B [--tolerance X] [--json | --quiet]"],
      discussion: """
        Compares document A with document B (either may be - for standard
        input): preset, fps and canvas; layers and their geometry and style;
        clip names, indexes and frame counts; and for each track the largest
        absolute deviation and the first frame where it exceeds the tolerance.
        Prints the differences and a table per clip, and exits 0 when nothing
        exceeds the tolerance, 1 when something does. With --json, standard
        output holds the same as one JSON object (docs/CLI.md); with --quiet,
        nothing: the exit code tells.
        """,
      operands: [
        Operand("A", summary: "a frame document, or - for standard input", completion: .files),
        Operand("B", summary: "a frame document, or - for standard input", completion: .files),
      ],
      options: [tolerance, ReportOptions.json, ReportOptions.quiet],
      exitCodes: [
        .success("the documents match within the tolerance"), ExitStatus(.differences, "the documents differ"),
        .usage, .dataError("a document is not valid"), .ioError("a document could not be read"),
      ],
      examples: [
        Example("Compare a compact document with the exact one, as equal within 0.0001", "diff --tolerance 0.0001 success.json full/success.json"),
      ])
  }

  static let tolerance = Option(
    "--tolerance", value: "X", expects: "a number 0 or above",
    summary: "largest difference between numbers that still counts as equal (default 0)")

  var paths: (a: String, b: String)
  var tolerance: Double
  var format: ReportFormat

  init(_ arguments: ParsedArguments) throws(CommandError) {
    format = try ReportFormat(arguments)
    guard arguments.operands.count == 2 else {
      throw .usage("expects two files A and B, got \(arguments.operands.count)")
    }
    tolerance = try arguments.number(Self.tolerance, in: 0...Double.greatestFiniteMagnitude) ?? 0
    try DocumentInput.requireStandardInputOnce(arguments.operands)
    paths = (a: arguments.operands[0], b: arguments.operands[1])
  }

  func run() throws(CommandError) -> ExitCode {
    let names = (a: DocumentInput.name(paths.a), b: DocumentInput.name(paths.b))
    let a = try read(paths.a, names: names)
    let b = try read(paths.b, names: names)
    let comparison = DocumentComparison(a, b, tolerance: tolerance)
    let code: ExitCode = comparison.matches ? .success : .differences
    switch format {
    case .text: try Console.output(DiffCommand.report(comparison, paths: names))
    case .json: try Console.output(JSONReport.envelope("diff", code).merging(DiffCommand.fields(comparison, paths: names)).text())
    case .quiet: break
    }
    return code
  }

  /// The document at `path`; a read or format error becomes exit 74 or 65
  /// (with `--json`, after its report).
  func read(_ path: String, names: (a: String, b: String)) throws(CommandError) -> FrameDocument {
    do {
      return try DocumentInput.read(path)
    } catch {
      if format == .json {
        let report = JSONReport.envelope("diff", error.commandError.exitCode).merging([
          ("a", .string(names.a)), ("b", .string(names.b)), ("tolerance", .number(tolerance)),
          ("error", JSONReport.error(error).adding("file", .string(DocumentInput.name(path)))),
        ])
        try Console.output(report.text())
      }
      throw error.commandError
    }
  }

  /// The result of a track's comparison, in words.
  static func result(_ track: DocumentComparison.TrackComparison) -> String {
    if track.firstFrameOverTolerance != nil { return "differs" }
    return track.maximumDeviation == 0 ? "equal" : "within tolerance"
  }

  /// The report: which file is A and B, the differences outside tracks, a
  /// table per compared clip, and a verdict.
  static func report(_ comparison: DocumentComparison, paths: (a: String, b: String)) -> String {
    let limit = NumberText.exact(comparison.tolerance)
    var text = TextTable(rows: [["A", paths.a], ["B", paths.b], ["tolerance", limit]]).text
    if !comparison.differences.isEmpty {
      text += "\ndifferences\n" + comparison.differences.map { "  " + TerminalText.escaped($0) + "\n" }.joined()
    }
    for clip in comparison.clips {
      text += "\n" + TerminalText.escaped("clip \(clip.name) (\(NumberText.counted(clip.frameCount, "frame")))") + "\n"
      var rows = [["  track", "max deviation", "first frame over \(limit)", "result"]]
      for track in clip.tracks {
        let frame = track.firstFrameOverTolerance.map(String.init) ?? "-"
        rows.append(["  " + track.key, NumberText.short(track.maximumDeviation), frame, result(track)])
      }
      text += TextTable(rows: rows).text
    }
    if comparison.matches {
      text += "\nmatch: no value differs by more than \(limit)\n"
    } else {
      var parts: [String] = []
      if !comparison.differences.isEmpty {
        parts.append(NumberText.counted(comparison.differences.count, "difference") + " listed above")
      }
      parts.append("\(comparison.tracksOverTolerance.count) of \(comparison.trackCount) compared tracks over the tolerance")
      text += "\ndiffer: " + parts.joined(separator: "; ") + "\n"
    }
    return text
  }

  /// The `--json` report's fields.
  static func fields(_ comparison: DocumentComparison, paths: (a: String, b: String)) -> [(key: String, value: JSONReport)] {
    let clips = comparison.clips.map { clip -> JSONReport in
      let tracks = clip.tracks.map { track -> JSONReport in
        ["key": .string(track.key), "maxDeviation": .number(track.maximumDeviation),
         "firstFrameOverTolerance": .numberOrNull(track.firstFrameOverTolerance.map(Double.init)),
         "result": .string(result(track))]
      }
      return ["name": .string(clip.name), "frames": .count(clip.frameCount), "tracks": .array(tracks)]
    }
    return [
      ("a", .string(paths.a)), ("b", .string(paths.b)), ("tolerance", .number(comparison.tolerance)),
      ("matches", .boolean(comparison.matches)), ("differences", .array(comparison.differences.map { .string($0) })),
      ("tracksCompared", .count(comparison.trackCount)),
      ("tracksOverTolerance", .count(comparison.tracksOverTolerance.count)), ("clips", .array(clips)),
    ]
  }
}
