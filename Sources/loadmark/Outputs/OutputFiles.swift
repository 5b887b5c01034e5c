import LoadmarkSystem

/// The files a command writes: each replaced atomically (``AtomicFile``),
/// all of them staged before the first replaces its target, and each one
/// written reported on standard error as `wrote PATH (N bytes)`.
enum OutputFiles {
  /// Writes `files`. A failure while staging removes every staged file, so
  /// nothing is replaced; a failing rename removes the files not yet renamed.
  /// With `quiet`, nothing is reported.
  static func write(_ files: [(path: String, bytes: [UInt8])], quiet: Bool) throws(CommandError) {
    var staged: [(file: AtomicFile, bytes: Int)] = []
    for (path, bytes) in files {
      do {
        staged.append((try AtomicFile.stage(bytes, at: path), bytes.count))
      } catch {
        for entry in staged { entry.file.discard() }
        throw error.commandError
      }
    }
    for (index, entry) in staged.enumerated() {
      do {
        try entry.file.commit()
      } catch {
        for later in staged[(index + 1)...] { later.file.discard() }
        throw error.commandError
      }
      if !quiet { Console.message("wrote \(entry.file.path) (\(entry.bytes) bytes)") }
    }
  }

  /// ``write(_:quiet:)`` for files given as text, each ending with one
  /// newline (``TextFile``).
  static func write(texts files: [(path: String, text: String)], quiet: Bool) throws(CommandError) {
    try write(files.map { ($0.path, bytes(ofText: $0.text)) }, quiet: quiet)
  }

  /// The bytes of a text file of `text`: UTF-8, ending with one newline.
  static func bytes(ofText text: String) -> [UInt8] {
    Array(TextFile.terminated(text).utf8)
  }

  /// Creates the directory `path` and its parents if missing (exit 74 on failure).
  static func makeDirectory(_ path: String) throws(CommandError) {
    do {
      try FileSystem.makeDirectories(path)
    } catch {
      throw error.commandError
    }
  }
}
