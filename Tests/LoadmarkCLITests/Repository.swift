import Foundation
import LoadmarkTestSupport

extension Repository {
  /// The bytes of `path`, relative to the root.
  static func data(_ path: String) throws -> Data {
    try Data(contentsOf: root.appendingPathComponent(path))
  }
}
