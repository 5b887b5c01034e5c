#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file replaced all at once: its new contents go to a temporary file in
/// the same directory, are flushed to disk, then renamed over the target.
///
/// `rename` within one directory is atomic, so a reader sees either the old
/// file or the whole new one, and a failure at any step leaves the target as
/// it was and removes the temporary file. Writing is split into ``stage(_:at:)``
/// and ``commit()`` so that a caller writing several files can stage them
/// all before replacing any.
struct AtomicFile {
  /// The file to replace.
  let path: String
  /// The staged contents, `.<name>.tmp-<pid>` beside ``path``.
  let temporaryPath: String

  /// Writes `bytes` to a new temporary file beside `path` and flushes it to
  /// disk; `path` itself is not touched until ``commit()``.
  static func stage(_ bytes: [UInt8], at path: String) throws(SystemCallError) -> AtomicFile {
    let file = AtomicFile(path: path, temporaryPath: temporaryPath(for: path))
    let descriptor = try file.openTemporary()
    do {
      try file.writeAll(bytes, to: descriptor)
      try file.flush(descriptor)
    } catch {
      // The write already failed; a failure to close adds nothing to report.
      try? file.closeDescriptor(descriptor)
      file.discard()
      throw error
    }
    do {
      try file.closeDescriptor(descriptor)
    } catch {
      file.discard()
      throw error
    }
    return file
  }

  /// Renames the staged file over the target (`rename`); on failure the
  /// staged file is removed and the target is left as it was.
  func commit() throws(SystemCallError) {
    guard rename(temporaryPath, path) == 0 else {
      let error = SystemCallError(call: "rename", path: path, code: errno)
      discard()
      throw error
    }
  }

  /// Removes the staged file (`unlink`). Used on paths that already failed,
  /// so its own failure is not reported.
  func discard() {
    unlink(temporaryPath)
  }

  /// `.<name>.tmp-<pid>` in the directory of `path`: the same file system, so
  /// the rename is atomic; hidden, and distinct per process.
  static func temporaryPath(for path: String) -> String {
    let name = "." + (path.split(separator: "/").last.map(String.init) ?? path) + ".tmp-\(getpid())"
    guard let slash = path.lastIndex(of: "/") else { return name }
    return String(path[...slash]) + name
  }

  /// Creates the temporary file (`open` with `O_CREAT | O_EXCL`, mode 0666
  /// less the umask); `O_EXCL` refuses to follow or reuse whatever is there.
  private func openTemporary() throws(SystemCallError) -> Int32 {
    while true {
      let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 { return descriptor }
      if errno != EINTR { throw SystemCallError(call: "open", path: path, code: errno) }
    }
  }

  /// Writes every byte (`write`), continuing after short writes and signals.
  private func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemCallError) {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        write(descriptor, raw.baseAddress! + written, raw.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw SystemCallError(call: "write", path: path, code: errno)
      }
      written += count
    }
  }

  /// Flushes the file's data to disk (`fsync`) so that the rename cannot
  /// publish a file whose contents are still only in memory.
  private func flush(_ descriptor: Int32) throws(SystemCallError) {
    guard fsync(descriptor) == 0 else { throw SystemCallError(call: "fsync", path: path, code: errno) }
  }

  /// Closes the descriptor (`close`), which can report a deferred write error.
  private func closeDescriptor(_ descriptor: Int32) throws(SystemCallError) {
    guard close(descriptor) == 0 else { throw SystemCallError(call: "close", path: path, code: errno) }
  }
}
