import LoadmarkCore
import LoadmarkSystem

/// Why a document could not be read: the file, where in it, and what is wrong.
public struct DocumentError: Error, Equatable, CustomStringConvertible {
  /// The file name given to the reader, first in every message.
  public var source: String
  /// Where the problem is.
  public var location: Location
  /// What is wrong, without the source or location.
  public var message: String
  /// The system call that failed when the file could not be read at all;
  /// nil when it was read and found wrong (or too large). Callers tell an
  /// I/O failure from bad data by this, never by the message.
  public var readFailure: SystemCallError?
  /// The errors found after this one, when a reader was asked for every
  /// error of a scene (``LoadmarkFile/read(path:listingEveryError:)``):
  /// together with this one at most ``SceneDiagnosis/maximumListed``.
  public var followingErrors: [DocumentError] = []
  /// How many more errors were found than this one and
  /// ``followingErrors`` list.
  public var unlistedErrorCount = 0

  /// Where in a document a problem is (one type for documents and scenes).
  public typealias Location = SourceLocation

  /// An error at `location` in `source`.
  /// - Parameters:
  ///   - source: the file name given to the reader.
  ///   - location: where in the file the problem is.
  ///   - message: what is wrong.
  ///   - readFailure: the failed system call, when the file could not be read.
  public init(source: String, location: Location, message: String, readFailure: SystemCallError? = nil) {
    self.source = source
    self.location = location
    self.message = message
    self.readFailure = readFailure
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
