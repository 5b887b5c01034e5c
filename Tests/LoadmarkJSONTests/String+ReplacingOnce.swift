import Testing

extension String {
  /// The string with `old`, which must occur exactly once, replaced by `new`;
  /// an edit that misses would test the unedited text.
  func replacingOnce(_ old: String, with new: String) throws -> String {
    let parts = split(separator: old, omittingEmptySubsequences: false)
    try #require(parts.count == 2, "\(old) occurs \(parts.count - 1) times")
    return parts.joined(separator: new)
  }
}
