#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat` tells of a file: its kind, size, permissions, owner and
/// identity.
public struct FileStatus {
  /// The `struct stat` itself.
  var raw: stat

  public var isDirectory: Bool { raw.st_mode & S_IFMT == S_IFDIR }
  public var isRegularFile: Bool { raw.st_mode & S_IFMT == S_IFREG }
  public var isSymbolicLink: Bool { raw.st_mode & S_IFMT == S_IFLNK }
  /// The permission bits, set-id and sticky bits included.
  public var permissions: mode_t { raw.st_mode & 0o7777 }
  public var owner: uid_t { raw.st_uid }
  public var group: gid_t { raw.st_gid }

  /// The size of a regular file in bytes; nil for pipes, devices and
  /// anything else whose size is only known once read.
  public var regularFileSize: Int? {
    isRegularFile ? Int(raw.st_size) : nil
  }

  /// Whether both are the same file: the same device and inode.
  public func isSameFile(as other: FileStatus) -> Bool {
    raw.st_dev == other.raw.st_dev && raw.st_ino == other.raw.st_ino
  }
}
