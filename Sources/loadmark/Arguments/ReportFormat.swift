/// How a command that reports (validate, info, diff, list) writes its
/// report: as text for people, as one JSON object (`--json`), or, where a
/// command takes `--quiet`, not at all.
enum ReportFormat: Equatable {
  case text
  case json
  case quiet

  /// The format `arguments` ask for; `--json` and `--quiet` together are a
  /// usage error, since one asks for a report and the other for none.
  init(_ arguments: ParsedArguments) throws(CommandError) {
    let json = arguments.isSet(ReportOptions.json)
    let quiet = arguments.isSet(ReportOptions.quiet)
    if json && quiet { throw .usage("--json and --quiet cannot be used together: one asks for a report, the other for none") }
    self = json ? .json : (quiet ? .quiet : .text)
  }
}
