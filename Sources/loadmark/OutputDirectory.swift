#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The directory `export -o DIR/` writes into.
enum OutputDirectory {
  /// Whether `path` names an existing directory, or a symbolic link to one.
  static func exists(_ path: String) -> Bool {
    FileSystem.status(path)?.isDirectory == true
  }

  /// Whether `path` names an existing regular file, or a symbolic link to one.
  static func isFile(_ path: String) -> Bool {
    FileSystem.status(path)?.isRegularFile == true
  }

  /// Creates `path` and any missing parents, as `mkdir -p` does (mode 0777
  /// less the umask). An existing directory is fine.
  static func create(_ path: String) throws(SystemCallError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component
      do {
        try FileSystem.makeDirectory(prefix)
      } catch {
        // EEXIST is fine for a directory, which stat then confirms; for a
        // file in the way, mkdir's EEXIST is the error to report.
        guard error.code == EEXIST, exists(prefix) else { throw error }
      }
      prefix += "/"
    }
  }
}
