/// The options that choose how a command reports, declared once and included
/// by the commands that take them.
enum ReportOptions {
  /// `--json`: one JSON object on standard output instead of the report
  /// (validate, info, diff, list; the schemas are in docs/CLI.md).
  static let json = Option(
    flag: "--json", summary: "write one JSON object for scripts and CI instead of the report (docs/CLI.md)")

  /// `--quiet`: nothing on standard error but errors, and for validate and
  /// diff nothing on standard output: the exit code says it all.
  static let quiet = Option(flag: "--quiet", short: "-q", summary: "print nothing but errors")
}
