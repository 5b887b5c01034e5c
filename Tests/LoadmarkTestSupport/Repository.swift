import Foundation

/// Files of this repository, found from this source file's path.
public enum Repository {
  /// The package root: two levels above Tests/LoadmarkTestSupport.
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
