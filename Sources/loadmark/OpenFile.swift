import CLoadmarkSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file descriptor, closed when the value goes away.
///
/// Each method wraps one system call, retried when a signal interrupts it,
/// and reports failure as a ``SystemCallError`` that names the file as the
/// user named it (`reporting`), not the directory or temporary name the
/// call was made on.
final class OpenFile {
  /// The descriptor; -1 once closed.
  private(set) var raw: Int32
  /// The file as messages name it.
  let reporting: String

  private init(raw: Int32, reporting: String) {
    self.raw = raw
    self.reporting = reporting
  }

  /// Opens `path` (`open`).
  /// - Parameters:
  ///   - path: the file to open.
  ///   - flags: `O_…` flags; `O_CLOEXEC` is added.
  ///   - mode: permissions for a file `O_CREAT` creates, less the umask.
  ///   - reporting: the name messages use.
  convenience init(path: String, flags: Int32, mode: mode_t = 0o666, reporting: String) throws(SystemCallError) {
    let raw = try OpenFile.retrying("open", reporting) { open(path, flags | O_CLOEXEC, mode) }
    self.init(raw: raw, reporting: reporting)
  }

  /// Opens `name` in `directory` (`openat`).
  convenience init(
    name: String, in directory: OpenFile, flags: Int32, mode: mode_t = 0o666, reporting: String
  ) throws(SystemCallError) {
    let raw = try OpenFile.retrying("open", reporting) { openat(directory.raw, name, flags | O_CLOEXEC, mode) }
    self.init(raw: raw, reporting: reporting)
  }

  /// A new file with no name in `directory`, for writing
  /// (`openat` with `O_TMPFILE`, through `loadmark_open_unnamed`): nothing
  /// shows in the directory until ``link(as:in:)``, so a process killed
  /// before then leaves nothing behind. Nil where the system or the file
  /// system has no such files.
  static func unnamed(in directory: OpenFile, mode: mode_t, reporting: String) throws(SystemCallError) -> OpenFile? {
    do {
      let raw = try retrying("open", reporting) { loadmark_open_unnamed(directory.raw, UInt32(mode)) }
      return OpenFile(raw: raw, reporting: reporting)
    } catch {
      switch error.code {
      // No O_TMPFILE: an older kernel (EISDIR, EINVAL) or a file system
      // without it (EOPNOTSUPP).
      case EOPNOTSUPP, EISDIR, EINVAL: return nil
      default: throw error
      }
    }
  }

  /// Closes the descriptor if still open; a failure is not reported, since
  /// every write that matters was followed by ``close()``.
  deinit {
    if raw >= 0 { _ = Glibc.close(raw) }
  }

  /// Writes every byte (`write`), continuing after short writes.
  func write(_ bytes: [UInt8]) throws(SystemCallError) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { raw in Glibc.write(self.raw, raw.baseAddress! + written, raw.count - written) }
      if count < 0 {
        if errno == EINTR { continue }
        throw SystemCallError(call: "write", path: reporting, code: errno)
      }
      written += count
    }
  }

  /// Flushes the file's data, or a directory's entries, to disk (`fsync`).
  func synchronize() throws(SystemCallError) {
    _ = try OpenFile.retrying("fsync", reporting) { fsync(raw) }
  }

  /// Sets the permission bits (`fchmod`).
  func changeMode(_ mode: mode_t) throws(SystemCallError) {
    _ = try OpenFile.retrying("fchmod", reporting) { fchmod(raw, mode) }
  }

  /// Sets the owner and group (`fchown`).
  func changeOwner(user: uid_t, group: gid_t) throws(SystemCallError) {
    _ = try OpenFile.retrying("fchown", reporting) { fchown(raw, user, group) }
  }

  /// Gives this unnamed file the name `name` in `directory` (`linkat`):
  /// through its `/proc/self/fd` entry, which needs no privilege, else
  /// through `AT_EMPTY_PATH` where /proc is not mounted.
  func link(as name: String, in directory: OpenFile) throws(SystemCallError) {
    do {
      _ = try OpenFile.retrying("linkat", reporting) {
        linkat(AT_FDCWD, "/proc/self/fd/\(raw)", directory.raw, name, AT_SYMLINK_FOLLOW)
      }
    } catch where error.code == ENOENT {
      _ = try OpenFile.retrying("linkat", reporting) { linkat(raw, "", directory.raw, name, OpenFile.emptyPath) }
    }
  }

  /// Renames `old` to `new`, both in this directory (`renameat`).
  func rename(_ old: String, to new: String) throws(SystemCallError) {
    _ = try OpenFile.retrying("rename", reporting) { renameat(raw, old, raw, new) }
  }

  /// Removes `name` from this directory (`unlinkat`). Used on paths that
  /// already failed, so its own failure is not reported.
  func remove(_ name: String) {
    _ = unlinkat(raw, name, 0)
  }

  /// Closes the descriptor (`close`), which can report a deferred write
  /// error; not retried, since Linux closes the descriptor even then.
  func close() throws(SystemCallError) {
    let descriptor = raw
    raw = -1
    guard Glibc.close(descriptor) == 0 else { throw SystemCallError(call: "close", path: reporting, code: errno) }
  }

  /// `AT_EMPTY_PATH`, which Swift's Glibc module leaves out with the other
  /// GNU extensions; its value is fixed by the Linux ABI.
  private static let emptyPath: Int32 = 0x1000

  /// Runs `call` again while it fails with `EINTR`; any other failure
  /// (a negative result) is a ``SystemCallError`` for `name`.
  static func retrying<Result: BinaryInteger>(
    _ name: String, _ reporting: String, _ call: () -> Result
  ) throws(SystemCallError) -> Result {
    while true {
      let result = call()
      if result >= 0 { return result }
      guard errno == EINTR else { throw SystemCallError(call: name, path: reporting, code: errno) }
    }
  }
}
