extension AtomicFile {
  /// Writes each file atomically, staging all of them before renaming any,
  /// and reports each one written on stderr as `wrote PATH (N bytes)`.
  ///
  /// A failure while staging removes every staged file, so nothing is
  /// replaced; a failing rename removes the files not yet renamed.
  static func writeAll(_ files: [(path: String, text: String)]) throws(CommandError) {
    try writeAll(bytes: files.map { ($0.path, Array($0.text.utf8)) })
  }

  /// ``writeAll(_:)`` for files given as bytes.
  static func writeAll(bytes files: [(path: String, bytes: [UInt8])]) throws(CommandError) {
    var staged: [(file: AtomicFile, bytes: Int)] = []
    for (path, bytes) in files {
      do {
        staged.append((try AtomicFile.stage(bytes, at: path), bytes.count))
      } catch {
        for entry in staged { entry.file.discard() }
        throw .io(error.description)
      }
    }
    for (index, entry) in staged.enumerated() {
      do {
        try entry.file.commit()
      } catch {
        for later in staged[(index + 1)...] { later.file.discard() }
        throw .io(error.description)
      }
      Console.message("wrote \(entry.file.path) (\(entry.bytes) bytes)")
    }
  }
}
