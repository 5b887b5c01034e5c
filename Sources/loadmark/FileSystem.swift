#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls the tool makes on paths, each wrapped once; calls on
/// open files are ``OpenFile``'s. Failures are ``SystemCallError``s naming
/// the file as the user named it (`reporting`).
enum FileSystem {
  /// What `stat` tells of a file: its kind, permissions, owner and identity.
  struct Status {
    var raw: stat

    var isDirectory: Bool { raw.st_mode & S_IFMT == S_IFDIR }
    var isRegularFile: Bool { raw.st_mode & S_IFMT == S_IFREG }
    var isSymbolicLink: Bool { raw.st_mode & S_IFMT == S_IFLNK }
    /// The permission bits, set-id and sticky bits included.
    var permissions: mode_t { raw.st_mode & 0o7777 }
    var owner: uid_t { raw.st_uid }
    var group: gid_t { raw.st_gid }

    /// Whether both are the same file: the same device and inode.
    func isSameFile(as other: Status) -> Bool {
      raw.st_dev == other.raw.st_dev && raw.st_ino == other.raw.st_ino
    }
  }

  /// The file at `path`, following symbolic links (`stat`); nil when there
  /// is none or it cannot be examined.
  static func status(_ path: String) -> Status? {
    var raw = stat()
    return stat(path, &raw) == 0 ? Status(raw: raw) : nil
  }

  /// The entry at `path` itself, a symbolic link not followed (`lstat`);
  /// nil when there is none.
  static func linkStatus(_ path: String, reporting: String) throws(SystemCallError) -> Status? {
    var raw = stat()
    do {
      _ = try OpenFile.retrying("lstat", reporting) { lstat(path, &raw) }
    } catch where error.code == ENOENT {
      return nil
    }
    return Status(raw: raw)
  }

  /// The target of the symbolic link at `path`, as written in the link
  /// (`readlink`).
  static func linkTarget(_ path: String, reporting: String) throws(SystemCallError) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = try OpenFile.retrying("readlink", reporting) { readlink(path, &buffer, buffer.count - 1) }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Creates the directory `path` (`mkdir`, mode 0777 less the umask).
  static func makeDirectory(_ path: String) throws(SystemCallError) {
    _ = try OpenFile.retrying("mkdir", path) { mkdir(path, 0o777) }
  }

  /// Whether the process runs as root (`geteuid`), and so can give a file
  /// any owner.
  static var isRoot: Bool { geteuid() == 0 }
}
