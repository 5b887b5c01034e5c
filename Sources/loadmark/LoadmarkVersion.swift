/// The version of Loadmark: the one place it is written, which `--version`,
/// the manual page and the completions read.
enum LoadmarkVersion {
  /// `MAJOR.MINOR.PATCH`.
  static let text = "0.2.0"
}
