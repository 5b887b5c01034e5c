import LoadmarkCore
import LoadmarkJSON

/// `loadmark diff`: compares two documents value by value.
enum DiffCommand: Subcommand {
  static let name = "diff"
  static let summary = "Compare two JSON documents track by track"

  static let tolerance = ArgumentParser.Option(
    "--tolerance", value: "X", expects: "a number 0 or above",
    summary: "largest difference between numbers that still counts as equal (default 0)")
  static let parser = ArgumentParser(command: name, options: [tolerance])

  static var help: String {
    helpText(
      usage: ["A B [--tolerance X]"],
      about: """
        Compares document A with document B (either may be - for standard
        input): preset, fps and canvas; layers and their geometry and style;
        clip names, indexes and frame counts; and for each track the largest
        absolute deviation and the first frame where it exceeds the tolerance.
        Prints the differences and a table per clip, and exits 0 when nothing
        exceeds the tolerance, 1 when something does.
        """,
      parser: parser, exitCodes: [.success, .differences, .usage, .dataError, .ioError])
  }

  static func run(_ arguments: [String]) throws(CommandError) -> ExitCode {
    guard let arguments = try parse(arguments, with: parser) else { return .success }
    guard arguments.operands.count == 2 else {
      throw .usage("expects two files A and B, got \(arguments.operands.count)")
    }
    let tolerance = try arguments.number(Self.tolerance, in: 0...Double.greatestFiniteMagnitude) ?? 0
    try DocumentInput.requireStandardInputOnce(arguments.operands)
    let paths = (a: arguments.operands[0], b: arguments.operands[1])
    let a = try read(paths.a)
    let b = try read(paths.b)
    let comparison = DocumentComparison(a, b, tolerance: tolerance)
    try Console.output(report(comparison, paths: (DocumentInput.name(paths.a), DocumentInput.name(paths.b))))
    return comparison.matches ? .success : .differences
  }

  /// The document at `path`; a read or format error becomes exit 74 or 65.
  static func read(_ path: String) throws(CommandError) -> FrameDocument {
    do {
      return try DocumentInput.read(path)
    } catch {
      throw error.commandError
    }
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
        let result: String
        if track.firstFrameOverTolerance != nil {
          result = "differs"
        } else {
          result = track.maximumDeviation == 0 ? "equal" : "within tolerance"
        }
        let frame = track.firstFrameOverTolerance.map(String.init) ?? "-"
        rows.append(["  " + track.key, NumberText.short(track.maximumDeviation), frame, result])
      }
      text += TextTable(rows: rows).text
    }
    let trackCount = comparison.clips.reduce(0) { $0 + $1.tracks.count }
    if comparison.matches {
      text += "\nmatch: no value differs by more than \(limit)\n"
    } else {
      var parts: [String] = []
      if !comparison.differences.isEmpty {
        parts.append(NumberText.counted(comparison.differences.count, "difference") + " listed above")
      }
      parts.append("\(comparison.tracksOverTolerance.count) of \(trackCount) compared tracks over the tolerance")
      text += "\ndiffer: " + parts.joined(separator: "; ") + "\n"
    }
    return text
  }
}
