import LoadmarkCore

extension DocumentReader {
  /// The bytes of the file at `path`, refused before reading when its size
  /// is over `limit` (a frame document's ``maximumFileSize``, or a scene's).
  static func contents(path: String, limit: Int = maximumFileSize) throws(DocumentError) -> [UInt8] {
    do {
      return try FileDescriptor.contents(of: path, limit: limit)
    } catch {
      let message: String
      switch error {
      case .system(let errno):
        message = "cannot read \(path.jsonQuoted): \(FileDescriptor.Failure.reason(errno: errno))"
      case .tooLarge(let size):
        message = sizeMessage(bytes: size, limit: limit)
      case .overLimit(let limit):
        message = "file is over \(limit) bytes; the limit is \(limit) (\(limit >> 20) MiB)"
      }
      throw DocumentError(source: path, location: .file, message: message)
    }
  }
}
