import Foundation

/// A fresh directory under the system's temporary directory, removed with
/// everything in it when the value goes away.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("loadmark-json-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `name` in the directory, after writing `bytes` there.
  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let fileURL = url.appendingPathComponent(name)
    try Data(bytes).write(to: fileURL)
    return fileURL.path
  }
}
