/// Whether two paths name the same file, however they are spelled.
enum FileIdentity {
  /// Whether `a` and `b` both exist and are the same file: the same device
  /// and inode, links followed, so `x.json`, `./x.json` and a link to it agree.
  static func same(_ a: String, _ b: String) -> Bool {
    guard let first = FileSystem.status(a), let second = FileSystem.status(b) else { return false }
    return first.isSameFile(as: second)
  }
}
