#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls Loadmark makes on paths, each wrapped once; calls on
/// open files are ``FileDescriptor``'s. Failures are ``SystemCallError``s
/// naming the file as the user named it (`reporting`).
public enum FileSystem {
  /// The file at `path`, following symbolic links (`stat`); nil when there
  /// is none or it cannot be examined.
  public static func status(_ path: String) -> FileStatus? {
    var raw = stat()
    return stat(path, &raw) == 0 ? FileStatus(raw: raw) : nil
  }

  /// The entry at `path` itself, a symbolic link not followed (`lstat`);
  /// nil when there is none.
  public static func linkStatus(_ path: String, reporting: String) throws(SystemCallError) -> FileStatus? {
    var raw = stat()
    do {
      _ = try SystemCallError.retrying("lstat", reporting) { lstat(path, &raw) }
    } catch where error.code == ENOENT {
      return nil
    }
    return FileStatus(raw: raw)
  }

  /// Whether `path` names an existing file of any kind, links followed.
  public static func exists(_ path: String) -> Bool {
    status(path) != nil
  }

  /// Whether `path` names an existing directory, or a symbolic link to one.
  public static func isDirectory(_ path: String) -> Bool {
    status(path)?.isDirectory == true
  }

  /// Whether `a` and `b` both exist and are the same file: the same device
  /// and inode, links followed, so `x.json`, `./x.json` and a link to it agree.
  public static func isSameFile(_ a: String, _ b: String) -> Bool {
    guard let first = status(a), let second = status(b) else { return false }
    return first.isSameFile(as: second)
  }

  /// The target of the symbolic link at `path`, as written in the link
  /// (`readlink`).
  public static func linkTarget(_ path: String, reporting: String) throws(SystemCallError) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = try SystemCallError.retrying("readlink", reporting) { readlink(path, &buffer, buffer.count - 1) }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Creates the directory `path` (`mkdir`, mode 0777 less the umask).
  public static func makeDirectory(_ path: String) throws(SystemCallError) {
    _ = try SystemCallError.retrying("mkdir", path) { mkdir(path, 0o777) }
  }

  /// Creates `path` and any missing parents, as `mkdir -p` does (mode 0777
  /// less the umask). An existing directory is fine.
  public static func makeDirectories(_ path: String) throws(SystemCallError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component
      do {
        try makeDirectory(prefix)
      } catch {
        // EEXIST is fine for a directory, which stat then confirms; for a
        // file in the way, mkdir's EEXIST is the error to report.
        guard error.code == EEXIST, isDirectory(prefix) else { throw error }
      }
      prefix += "/"
    }
  }

  /// The names in the directory `path` (`opendir`, `readdir`, `closedir`),
  /// without `.` and `..`, in the order the directory gives them.
  public static func entries(ofDirectory path: String) throws(SystemCallError) -> [String] {
    guard let directory = opendir(path) else { throw SystemCallError(call: "opendir", path: path, code: errno) }
    defer { closedir(directory) }
    var names: [String] = []
    while true {
      errno = 0
      guard let entry = readdir(directory) else {
        if errno != 0 { throw SystemCallError(call: "readdir", path: path, code: errno) }
        return names
      }
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
  }

  /// Whether the process runs as root (`geteuid`), and so can give a file
  /// any owner.
  public static var isRoot: Bool { geteuid() == 0 }
}
