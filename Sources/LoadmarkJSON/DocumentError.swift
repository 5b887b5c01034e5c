import LoadmarkCore

/// Why a document could not be read: the file, where in it, and what is wrong.
public struct DocumentError: Error, Equatable, CustomStringConvertible {
  /// The file name given to the reader, first in every message.
  public var source: String
  /// Where the problem is.
  public var location: Location
  /// What is wrong, without the source or location.
  public var message: String

  /// Where in a document a problem is (one type for documents and scenes).
  public typealias Location = SourceLocation

  /// An error at `location` in `source`.
  public init(source: String, location: Location, message: String) {
    self.source = source
    self.location = location
    self.message = message
  }

  /// `<source>: <message>`, `<source>:<line>:<column>: <message>` or
  /// `<source>: <path>: <message>`, the shapes compilers use so editors can
  /// jump to the place.
  public var description: String {
    switch location {
    case .file:
      return "\(source): \(message)"
    case .position(let line, let column):
      return "\(source):\(line):\(column): \(message)"
    case .field(let path):
      return "\(source): \(path): \(message)"
    }
  }
}
