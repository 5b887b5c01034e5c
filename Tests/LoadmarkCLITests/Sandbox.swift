import Foundation

/// A fresh temporary directory for one test, removed when the test is done,
/// and the place `loadmark` runs in.
final class Sandbox {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("loadmark-cli-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The absolute path of `name` inside the sandbox.
  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// Runs `loadmark arguments` with the sandbox as working directory and
  /// `input`, if any, as standard input.
  func run(_ arguments: [String], input: Data? = nil) throws -> LoadmarkTool.Result {
    try LoadmarkTool.run(arguments, in: url, input: input)
  }

  /// Runs `loadmark arguments` with the sandbox as working directory.
  func run(_ arguments: String...) throws -> LoadmarkTool.Result {
    try run(arguments)
  }

  /// The bytes of `name`.
  func data(_ name: String) throws -> Data {
    try Data(contentsOf: url.appendingPathComponent(name))
  }

  /// The text of `name`.
  func text(_ name: String) throws -> String {
    String(decoding: try data(name), as: UTF8.self)
  }

  /// Writes `text` to `name`.
  func write(_ text: String, to name: String) throws {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
  }

  /// The names in directory `name` (the sandbox itself by default), sorted,
  /// hidden files included.
  func listing(_ name: String = ".") throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path(name)).sorted()
  }
}
