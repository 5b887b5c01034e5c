import LoadmarkCore

extension DocumentReader {
  /// The bytes of the file at `path`, refused before reading when its size
  /// is over ``maximumFileSize``.
  static func contents(path: String) throws(DocumentError) -> [UInt8] {
    try contents(source: path, name: path.jsonQuoted) { () throws(FileDescriptor.Failure) in
      try FileDescriptor.contents(of: path, limit: maximumFileSize)
    }
  }

  /// The bytes of standard input, refused once more than
  /// ``maximumFileSize`` arrive; `source` names it in messages.
  static func standardInputContents(source: String) throws(DocumentError) -> [UInt8] {
    try contents(source: source, name: "standard input") { () throws(FileDescriptor.Failure) in
      try FileDescriptor.standardInputContents(limit: maximumFileSize)
    }
  }

  /// The bytes `read` returns, its failure as a ``DocumentError`` for
  /// `source`, the file called `name` in "cannot read" messages.
  private static func contents(
    source: String, name: String, _ read: () throws(FileDescriptor.Failure) -> [UInt8]
  ) throws(DocumentError) -> [UInt8] {
    do {
      return try read()
    } catch {
      let message: String
      switch error {
      case .system(let errno):
        message = "cannot read \(name): \(FileDescriptor.Failure.reason(errno: errno))"
      case .tooLarge(let size):
        message = sizeMessage(bytes: size)
      case .overLimit(let limit):
        message = "file is over \(limit) bytes; the limit is \(limit) (16 MiB)"
      }
      throw DocumentError(source: source, location: .file, message: message)
    }
  }
}
