#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The directory `export -o DIR/` writes into.
enum OutputDirectory {
  /// Whether `path` names an existing directory, or a symbolic link to one (`stat`).
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// Whether `path` names an existing regular file, or a symbolic link to one (`stat`).
  static func isFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  /// Creates `path` and any missing parents, as `mkdir -p` does (`mkdir`,
  /// mode 0777 less the umask). An existing directory is fine.
  static func create(_ path: String) throws(SystemCallError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component
      if mkdir(prefix, 0o777) != 0 {
        let code = errno
        // EEXIST is fine for a directory, which stat then confirms; for a
        // file in the way, mkdir's EEXIST is the error to report.
        guard code == EEXIST, exists(prefix) else {
          throw SystemCallError(call: "mkdir", path: prefix, code: code)
        }
      }
      prefix += "/"
    }
  }
}
