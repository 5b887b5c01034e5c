import Foundation

/// A program run as a subprocess and waited for.
enum Subprocess {
  /// Runs `executable arguments` in `directory` with `input` as standard
  /// input (else /dev/null) and `environment` added to the test's, and
  /// returns its exit status and what it wrote. Output goes to files rather
  /// than pipes, so a large output cannot fill a pipe and stall the child
  /// while the test waits for it to exit.
  static func run(
    _ executable: URL, _ arguments: [String], in directory: URL, input: Data? = nil, environment: [String: String] = [:]
  ) throws -> (status: Int32, output: Data, error: Data) {
    let capture = FileManager.default.temporaryDirectory.appendingPathComponent("loadmark-capture-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: capture) }
    let outputURL = capture.appendingPathComponent("stdout")
    let errorURL = capture.appendingPathComponent("stderr")
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)
    let outputHandle = try FileHandle(forWritingTo: outputURL)
    let errorHandle = try FileHandle(forWritingTo: errorURL)

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let input {
      let inputURL = capture.appendingPathComponent("stdin")
      try input.write(to: inputURL)
      process.standardInput = try FileHandle(forReadingFrom: inputURL)
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    process.standardOutput = outputHandle
    process.standardError = errorHandle
    try process.run()
    process.waitUntilExit()
    try outputHandle.close()
    try errorHandle.close()
    return (process.terminationStatus, try Data(contentsOf: outputURL), try Data(contentsOf: errorURL))
  }
}
