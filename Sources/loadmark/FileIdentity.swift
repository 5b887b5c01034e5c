#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether two paths name the same file, however they are spelled.
enum FileIdentity {
  /// Whether `a` and `b` both exist and are the same file: the same device
  /// and inode (`stat`), so `x.json`, `./x.json` and a link to it agree.
  static func same(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }
}
