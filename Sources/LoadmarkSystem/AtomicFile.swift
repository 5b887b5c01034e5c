#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file replaced all at once, keeping what the file it replaces had.
///
/// The new contents go to a file with no name in the target's directory
/// (Linux `O_TMPFILE`), are flushed to disk, then get a short temporary
/// name and are renamed over the target, and the directory is flushed too.
/// A new file, with nothing to replace, gets its own name directly.
/// `rename` within one directory is atomic, so a reader sees the old file
/// or the whole new one; a process killed while writing leaves nothing, as
/// the file has no name yet. Where unnamed files are not available, the
/// contents go to a named temporary file `.loadmark-XXXXXXXX` instead.
///
/// The rules (docs/CLI.md, "Output files"):
/// - a symbolic link is written through: its destination is replaced, and
///   the link stays;
/// - the replaced file's permissions are kept, and its owner and group when
///   running as root;
/// - a target that exists and is not a regular file or a directory (a
///   device such as /dev/null, a FIFO) is written in place;
/// - temporary names are short and random, so a target name of 255 bytes
///   works and a leftover temporary file is never in the way.
///
/// Writing is split into ``stage(_:at:)`` and ``commit()`` so that a caller
/// writing several files can stage them all before replacing any.
public final class AtomicFile {
  /// The file to replace, as the user named it.
  public let path: String

  /// How the staged contents wait for ``commit()``.
  private enum Staging {
    /// In a file with no name yet, still open; whether a file was there
    /// to replace when it was staged.
    case unnamed(FileDescriptor, replacing: Bool)
    /// In a file with this temporary name in the directory.
    case named(String)
    /// Bytes for a device or FIFO, written at commit.
    case inPlace(String, [UInt8])
    /// Committed or discarded.
    case finished
  }

  /// The directory of the file replaced; nil when writing in place.
  private let directory: FileDescriptor?
  /// The replaced file's name in ``directory``, links resolved.
  private let name: String
  private var staging: Staging

  private init(path: String, directory: FileDescriptor?, name: String, staging: Staging) {
    self.path = path
    self.directory = directory
    self.name = name
    self.staging = staging
  }

  /// Writes `bytes` to a new file beside the file `path` resolves to and
  /// flushes it to disk; `path` itself is not touched until ``commit()``.
  /// - Parameters:
  ///   - bytes: the new contents.
  ///   - path: the file to replace or create, as the user named it.
  public static func stage(_ bytes: [UInt8], at path: String) throws(SystemCallError) -> AtomicFile {
    let target = try OutputTarget(path)
    if let existing = target.existing, !existing.isRegularFile, !existing.isDirectory {
      return AtomicFile(path: path, directory: nil, name: target.path, staging: .inPlace(target.path, bytes))
    }
    let directory = try FileDescriptor(path: target.directory, flags: O_RDONLY | O_DIRECTORY, reporting: path)
    if let file = try FileDescriptor.unnamed(in: directory, mode: 0o666, reporting: path) {
      try prepare(file, with: bytes, like: target.existing)
      return AtomicFile(
        path: path, directory: directory, name: target.name, staging: .unnamed(file, replacing: target.existing != nil))
    }
    let (file, temporaryName) = try createNamed(in: directory, reporting: path)
    do {
      try prepare(file, with: bytes, like: target.existing)
      try file.close()
    } catch {
      directory.remove(temporaryName)
      throw error
    }
    return AtomicFile(path: path, directory: directory, name: target.name, staging: .named(temporaryName))
  }

  /// Replaces the target with the staged file: names it, renames it over
  /// the target and flushes the directory. On failure the staged file is
  /// removed and the target is left as it was.
  public func commit() throws(SystemCallError) {
    let staged = staging
    staging = .finished
    switch staged {
    case .finished:
      return
    case .inPlace(let target, let bytes):
      let file = try FileDescriptor(path: target, flags: O_WRONLY | O_TRUNC, reporting: path)
      try file.write(bytes)
      try file.close()
    case .unnamed(let file, let replacing):
      // Non-optional whenever the contents were staged in the directory.
      guard let directory else { return }
      if !replacing {
        // Nothing to replace: the file gets its name directly, so no
        // temporary name ever shows. linkat never replaces, so a file
        // created there since is kept, and this one takes the long way.
        do {
          try file.link(as: name, in: directory)
          try directory.synchronize()
          return
        } catch where error.code == EEXIST {}
      }
      let temporaryName = try AtomicFile.link(file, in: directory, reporting: path)
      try replace(with: temporaryName, in: directory)
    case .named(let temporaryName):
      guard let directory else { return }
      try replace(with: temporaryName, in: directory)
    }
  }

  /// Drops the staged contents: an unnamed file vanishes when closed, a
  /// named one is removed. Used on paths that already failed, so nothing
  /// is reported.
  public func discard() {
    if case .named(let temporaryName) = staging { directory?.remove(temporaryName) }
    staging = .finished
  }

  /// Renames `temporaryName` over the target and flushes the directory so
  /// that the rename itself survives a crash.
  private func replace(with temporaryName: String, in directory: FileDescriptor) throws(SystemCallError) {
    do {
      try directory.rename(temporaryName, to: name)
    } catch {
      directory.remove(temporaryName)
      throw error
    }
    try directory.synchronize()
  }

  /// Writes the contents, gives the file the permissions (and, as root,
  /// the owner) of the file it will replace, and flushes it to disk.
  private static func prepare(_ file: FileDescriptor, with bytes: [UInt8], like existing: FileStatus?) throws(SystemCallError) {
    try file.write(bytes)
    if let existing {
      // Owner first: changing it can clear the set-id bits.
      if FileSystem.isRoot { try file.changeOwner(user: existing.owner, group: existing.group) }
      try file.changeMode(existing.permissions)
    }
    try file.synchronize()
  }

  /// Creates a new file with a random temporary name in `directory`
  /// (`O_CREAT | O_EXCL`, which follows nothing and reuses nothing);
  /// another name is tried when one is taken.
  private static func createNamed(in directory: FileDescriptor, reporting: String) throws(SystemCallError) -> (FileDescriptor, String) {
    var attempt = 0
    while true {
      let temporaryName = randomName()
      do {
        let file = try FileDescriptor(
          name: temporaryName, in: directory, flags: O_WRONLY | O_CREAT | O_EXCL, reporting: reporting)
        return (file, temporaryName)
      } catch where error.code == EEXIST && attempt < 100 {
        attempt += 1
      }
    }
  }

  /// Names the unnamed `file` in `directory` with a random temporary name,
  /// another when one is taken; returns the name.
  private static func link(_ file: FileDescriptor, in directory: FileDescriptor, reporting: String) throws(SystemCallError) -> String {
    var attempt = 0
    while true {
      let temporaryName = randomName()
      do {
        try file.link(as: temporaryName, in: directory)
        return temporaryName
      } catch where error.code == EEXIST && attempt < 100 {
        attempt += 1
      }
    }
  }

  /// `.loadmark-` and eight random letters and digits: hidden, short,
  /// telling what left it should it ever be left.
  static func randomName() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    var generator = SystemRandomNumberGenerator()
    return ".loadmark-" + String((0..<8).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
  }
}
