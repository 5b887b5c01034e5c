#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an output path really leads: its symbolic links followed to the
/// file they name, which is what gets replaced.
struct OutputTarget {
  /// The file replaced: `path` with every symbolic link resolved.
  var path: String
  /// The directory holding it (`.` for a bare name).
  var directory: String
  /// Its name in that directory.
  var name: String
  /// The file there now, if any; never a symbolic link.
  var existing: FileStatus?

  /// The most links followed, as the kernel allows (`ELOOP` beyond).
  static let maximumLinks = 40

  /// Resolves `path`. A link to a missing file resolves to that file, which
  /// is then created, as a shell's `>` would.
  init(_ path: String) throws(SystemCallError) {
    var current = path
    var links = 0
    while let status = try FileSystem.linkStatus(current, reporting: path), status.isSymbolicLink {
      links += 1
      guard links <= OutputTarget.maximumLinks else { throw SystemCallError(call: "open", path: path, code: ELOOP) }
      let target = try FileSystem.linkTarget(current, reporting: path)
      current = target.hasPrefix("/") ? target : OutputTarget.directory(of: current) + "/" + target
    }
    self.path = current
    directory = OutputTarget.directory(of: current)
    name = current.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? current
    existing = try FileSystem.linkStatus(current, reporting: path)
  }

  /// The directory part of `path`: `.` for a bare name, `/` for a name in
  /// the root.
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }
}
