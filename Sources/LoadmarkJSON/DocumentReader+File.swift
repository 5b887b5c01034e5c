import LoadmarkCore
import LoadmarkSystem

extension DocumentReader {
  /// The bytes of the file at `path`, refused before reading when its size
  /// is over `limit` (a frame document's ``maximumFileSize``, or a scene's).
  static func contents(path: String, limit: Int = maximumFileSize) throws(DocumentError) -> [UInt8] {
    try contents(source: path, name: path.jsonQuoted, limit: limit) { () throws(SystemCallError) in
      try FileDescriptor(reading: path)
    }
  }

  /// The bytes of standard input, refused once more than `limit` arrive;
  /// `source` names it in messages.
  static func standardInputContents(source: String, limit: Int = maximumFileSize) throws(DocumentError) -> [UInt8] {
    try contents(source: source, name: "standard input", limit: limit) { () throws(SystemCallError) in
      FileDescriptor.standardInput(reporting: source)
    }
  }

  /// The bytes of the file `open` returns, for `source`, the file called
  /// `name` in "cannot read" messages. A regular file over `limit` bytes is
  /// refused before any is read; any other file once more than `limit`
  /// arrive. A failed system call is a ``DocumentError`` whose
  /// ``DocumentError/readFailure`` says so.
  private static func contents(
    source: String, name: String, limit: Int, _ open: () throws(SystemCallError) -> FileDescriptor
  ) throws(DocumentError) -> [UInt8] {
    func unreadable(_ error: SystemCallError) -> DocumentError {
      DocumentError(source: source, location: .file, message: "cannot read \(name): \(error.reason)", readFailure: error)
    }
    let file: FileDescriptor
    let size: Int?
    do {
      file = try open()
      size = try file.status().regularFileSize
    } catch {
      throw unreadable(error)
    }
    if let size, size > limit {
      throw DocumentError(source: source, location: .file, message: sizeMessage(bytes: size, limit: limit))
    }
    let bytes: [UInt8]?
    do {
      bytes = try file.readAll(limit: limit, expected: size ?? 0)
    } catch {
      throw unreadable(error)
    }
    guard let bytes else {
      throw DocumentError(
        source: source, location: .file, message: "file is over \(limit) bytes; the limit is \(limit) (\(limit >> 20) MiB)")
    }
    return bytes
  }
}
