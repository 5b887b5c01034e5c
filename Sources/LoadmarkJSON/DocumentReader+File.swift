import LoadmarkCore

extension DocumentReader {
  /// The bytes of the file at `path`, refused before reading when its size
  /// is over `limit` (a frame document's ``maximumFileSize``, or a scene's).
  static func contents(path: String, limit: Int = maximumFileSize) throws(DocumentError) -> [UInt8] {
    try contents(source: path, name: path.jsonQuoted, limit: limit) { () throws(FileDescriptor.Failure) in
      try FileDescriptor.contents(of: path, limit: limit)
    }
  }

  /// The bytes of standard input, refused once more than `limit` arrive;
  /// `source` names it in messages.
  static func standardInputContents(source: String, limit: Int = maximumFileSize) throws(DocumentError) -> [UInt8] {
    try contents(source: source, name: "standard input", limit: limit) { () throws(FileDescriptor.Failure) in
      try FileDescriptor.standardInputContents(limit: limit)
    }
  }

  /// The bytes `read` returns, its failure as a ``DocumentError`` for
  /// `source`, the file called `name` in "cannot read" messages.
  private static func contents(
    source: String, name: String, limit: Int, _ read: () throws(FileDescriptor.Failure) -> [UInt8]
  ) throws(DocumentError) -> [UInt8] {
    do {
      return try read()
    } catch {
      let message: String
      switch error {
      case .system(let errno):
        message = "cannot read \(name): \(FileDescriptor.Failure.reason(errno: errno))"
      case .tooLarge(let size):
        message = sizeMessage(bytes: size, limit: limit)
      case .overLimit(let limit):
        message = "file is over \(limit) bytes; the limit is \(limit) (\(limit >> 20) MiB)"
      }
      throw DocumentError(source: source, location: .file, message: message)
    }
  }
}
