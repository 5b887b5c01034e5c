import LoadmarkCore

extension DocumentReader {
  /// The bytes of the file at `path`, refused before reading when its size
  /// is over ``maximumFileSize``.
  static func contents(path: String) throws(DocumentError) -> [UInt8] {
    do {
      return try FileDescriptor.contents(of: path, limit: maximumFileSize)
    } catch {
      let message: String
      switch error {
      case .system(let errno):
        message = "cannot read \(path.jsonQuoted): \(FileDescriptor.Failure.reason(errno: errno))"
      case .tooLarge(let size):
        message = sizeMessage(bytes: size)
      case .overLimit(let limit):
        message = "file is over \(limit) bytes; the limit is \(limit) (16 MiB)"
      }
      throw DocumentError(source: path, location: .file, message: message)
    }
  }
}
