import CLoadmarkSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file descriptor, closed when the value goes away, or one of the
/// standard streams, which stay open.
///
/// Each method wraps one system call, retried when a signal interrupts it,
/// and reports failure as a ``SystemCallError`` that names the file as the
/// user named it (``reporting``), not the directory or temporary name the
/// call was made on.
public final class FileDescriptor {
  /// The descriptor; -1 once closed.
  public private(set) var raw: Int32
  /// The file as messages name it.
  public let reporting: String
  /// Whether this value closes the descriptor: not a standard stream's.
  private let owned: Bool

  private init(raw: Int32, reporting: String, owned: Bool = true) {
    self.raw = raw
    self.reporting = reporting
    self.owned = owned
  }

  /// Opens `path` (`open`).
  /// - Parameters:
  ///   - path: the file to open.
  ///   - flags: `O_…` flags; `O_CLOEXEC` is added.
  ///   - mode: permissions for a file `O_CREAT` creates, less the umask.
  ///   - reporting: the name messages use; `path` by default.
  public convenience init(path: String, flags: Int32, mode: mode_t = 0o666, reporting: String? = nil) throws(SystemCallError) {
    let name = reporting ?? path
    let raw = try SystemCallError.retrying("open", name) { open(path, flags | O_CLOEXEC, mode) }
    self.init(raw: raw, reporting: name)
  }

  /// Opens `path` for reading (`open` with `O_RDONLY`).
  /// - Parameter path: the file to read; messages name it so.
  public convenience init(reading path: String) throws(SystemCallError) {
    try self.init(path: path, flags: O_RDONLY)
  }

  /// Opens `name` in `directory` (`openat`).
  /// - Parameters:
  ///   - name: a name in `directory`.
  ///   - directory: an open directory.
  ///   - flags: `O_…` flags; `O_CLOEXEC` is added.
  ///   - mode: permissions for a file `O_CREAT` creates, less the umask.
  ///   - reporting: the name messages use.
  public convenience init(
    name: String, in directory: FileDescriptor, flags: Int32, mode: mode_t = 0o666, reporting: String
  ) throws(SystemCallError) {
    let raw = try SystemCallError.retrying("open", reporting) { openat(directory.raw, name, flags | O_CLOEXEC, mode) }
    self.init(raw: raw, reporting: reporting)
  }

  /// Standard input (descriptor 0), which stays open.
  /// - Parameter reporting: how messages name it, such as `<stdin>`.
  public static func standardInput(reporting: String) -> FileDescriptor {
    FileDescriptor(raw: STDIN_FILENO, reporting: reporting, owned: false)
  }

  /// Standard output (descriptor 1), which stays open.
  public static var standardOutput: FileDescriptor {
    FileDescriptor(raw: STDOUT_FILENO, reporting: "standard output", owned: false)
  }

  /// Standard error (descriptor 2), which stays open.
  public static var standardError: FileDescriptor {
    FileDescriptor(raw: STDERR_FILENO, reporting: "standard error", owned: false)
  }

  /// A new file with no name in `directory`, for writing
  /// (`openat` with `O_TMPFILE`, through `loadmark_open_unnamed`): nothing
  /// shows in the directory until ``link(as:in:)``, so a process killed
  /// before then leaves nothing behind. Nil where the system or the file
  /// system has no such files.
  /// - Parameters:
  ///   - directory: the open directory the file will be named in.
  ///   - mode: its permissions, less the umask.
  ///   - reporting: the name messages use.
  public static func unnamed(in directory: FileDescriptor, mode: mode_t, reporting: String) throws(SystemCallError) -> FileDescriptor? {
    do {
      let raw = try SystemCallError.retrying("open", reporting) { loadmark_open_unnamed(directory.raw, UInt32(mode)) }
      return FileDescriptor(raw: raw, reporting: reporting)
    } catch {
      switch error.code {
      // No O_TMPFILE: an older kernel (EISDIR, EINVAL) or a file system
      // without it (EOPNOTSUPP).
      case EOPNOTSUPP, EISDIR, EINVAL: return nil
      default: throw error
      }
    }
  }

  /// Closes the descriptor if this value owns it and it is still open; a
  /// failure is not reported, since every write that matters was followed
  /// by ``close()``, and a file only read loses nothing.
  deinit {
    if owned && raw >= 0 { _ = Glibc.close(raw) }
  }

  /// What `fstat` tells of the open file.
  public func status() throws(SystemCallError) -> FileStatus {
    var status = stat()
    _ = try SystemCallError.retrying("fstat", reporting) { fstat(raw, &status) }
    return FileStatus(raw: status)
  }

  /// Whether the descriptor is a terminal (`isatty`).
  public var isTerminal: Bool {
    isatty(raw) == 1
  }

  /// The width of the terminal in columns (`ioctl` with `TIOCGWINSZ`,
  /// through `loadmark_terminal_columns`); nil when the descriptor is not a
  /// terminal or the terminal has no size.
  public var terminalColumns: Int? {
    let columns = loadmark_terminal_columns(raw)
    return columns > 0 ? Int(columns) : nil
  }

  /// Reads to the end of the file (`read`), expecting about `expected`
  /// bytes; nil as soon as more than `limit` have arrived, so that an
  /// endless stream costs at most `limit` bytes and one chunk.
  /// - Parameters:
  ///   - limit: the most bytes accepted.
  ///   - expected: how many bytes to reserve room for up front.
  public func readAll(limit: Int, expected: Int = 0) throws(SystemCallError) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(expected, limit))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = try SystemCallError.retrying("read", reporting) {
        chunk.withUnsafeMutableBytes { Glibc.read(raw, $0.baseAddress, $0.count) }
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
      // A regular file can grow after fstat, so the limit holds for all files.
      guard bytes.count <= limit else { return nil }
    }
  }

  /// Writes every byte (`write`), continuing after short writes.
  public func write(_ bytes: some Sequence<UInt8>) throws(SystemCallError) {
    let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(SystemCallError) in try write(UnsafeRawBufferPointer(buffer)) }
    }
    if let contiguous {
      try contiguous.get()
    } else {
      let copy = Array(bytes)
      let result = copy.withUnsafeBytes { raw in Result { () throws(SystemCallError) in try write(raw) } }
      try result.get()
    }
  }

  /// Writes the UTF-8 bytes of `text`.
  public func write(_ text: String) throws(SystemCallError) {
    var text = text
    let result = text.withUTF8 { utf8 in Result { () throws(SystemCallError) in try write(UnsafeRawBufferPointer(utf8)) } }
    try result.get()
  }

  /// Writes every byte of `buffer`, continuing after short writes.
  private func write(_ buffer: UnsafeRawBufferPointer) throws(SystemCallError) {
    var written = 0
    while written < buffer.count {
      written += try SystemCallError.retrying("write", reporting) {
        Glibc.write(raw, buffer.baseAddress! + written, buffer.count - written)
      }
    }
  }

  /// Flushes the file's data, or a directory's entries, to disk (`fsync`).
  public func synchronize() throws(SystemCallError) {
    _ = try SystemCallError.retrying("fsync", reporting) { fsync(raw) }
  }

  /// Sets the permission bits (`fchmod`).
  public func changeMode(_ mode: mode_t) throws(SystemCallError) {
    _ = try SystemCallError.retrying("fchmod", reporting) { fchmod(raw, mode) }
  }

  /// Sets the owner and group (`fchown`).
  public func changeOwner(user: uid_t, group: gid_t) throws(SystemCallError) {
    _ = try SystemCallError.retrying("fchown", reporting) { fchown(raw, user, group) }
  }

  /// Gives this unnamed file the name `name` in `directory` (`linkat`):
  /// through its `/proc/self/fd` entry, which needs no privilege, else
  /// through `AT_EMPTY_PATH` where /proc is not mounted.
  public func link(as name: String, in directory: FileDescriptor) throws(SystemCallError) {
    do {
      _ = try SystemCallError.retrying("linkat", reporting) {
        linkat(AT_FDCWD, "/proc/self/fd/\(raw)", directory.raw, name, AT_SYMLINK_FOLLOW)
      }
    } catch where error.code == ENOENT {
      _ = try SystemCallError.retrying("linkat", reporting) { linkat(raw, "", directory.raw, name, FileDescriptor.emptyPath) }
    }
  }

  /// Renames `old` to `new`, both in this directory (`renameat`).
  public func rename(_ old: String, to new: String) throws(SystemCallError) {
    _ = try SystemCallError.retrying("rename", reporting) { renameat(raw, old, raw, new) }
  }

  /// Removes `name` from this directory (`unlinkat`). Used on paths that
  /// already failed, so its own failure is not reported.
  public func remove(_ name: String) {
    _ = unlinkat(raw, name, 0)
  }

  /// Closes the descriptor (`close`), which can report a deferred write
  /// error; not retried, since Linux closes the descriptor even then.
  public func close() throws(SystemCallError) {
    let descriptor = raw
    raw = -1
    guard Glibc.close(descriptor) == 0 else { throw SystemCallError(call: "close", path: reporting, code: errno) }
  }

  /// `AT_EMPTY_PATH`, which Swift's Glibc module leaves out with the other
  /// GNU extensions; its value is fixed by the Linux ABI.
  private static let emptyPath: Int32 = 0x1000
}
