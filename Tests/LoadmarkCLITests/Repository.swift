import Foundation

/// Files of this repository, found from this source file's path.
enum Repository {
  /// The package root: two levels above Tests/LoadmarkCLITests.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The bytes of `path`, relative to the root.
  static func data(_ path: String) throws -> Data {
    try Data(contentsOf: root.appendingPathComponent(path))
  }
}
