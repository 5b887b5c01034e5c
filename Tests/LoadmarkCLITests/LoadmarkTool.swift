import Foundation
import Testing

/// The built `loadmark` executable, run as a subprocess the way a user runs it.
enum LoadmarkTool {
  /// What one run produced.
  struct Result {
    var status: Int32
    var standardOutput: Data
    var standardError: String

    /// Standard output as UTF-8 text.
    var output: String { String(decoding: standardOutput, as: UTF8.self) }
  }

  /// Why the executable could not be found.
  struct NotFound: Error, CustomStringConvertible {
    var searched: [String]
    var description: String {
      "no loadmark executable in \(searched.joined(separator: ", ")); build it, or set LOADMARK_EXECUTABLE"
    }
  }

  /// The executable: `LOADMARK_EXECUTABLE` if set, else `loadmark` beside the
  /// test binary. SwiftPM puts every product of a build, this test bundle and
  /// the `loadmark` it depends on, in one directory, whatever --scratch-path
  /// says; on Linux the test binary is the running process, on macOS the
  /// `.xctest` bundle that the runner loaded.
  static let executable: Swift.Result<URL, NotFound> = {
    if let path = ProcessInfo.processInfo.environment["LOADMARK_EXECUTABLE"] {
      return .success(URL(fileURLWithPath: path))
    }
    var directories: [URL] = []
    if let running = Bundle.main.executableURL {
      directories.append(running.resolvingSymlinksInPath().deletingLastPathComponent())
    }
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    for directory in directories {
      let candidate = directory.appendingPathComponent("loadmark")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return .success(candidate) }
    }
    return .failure(NotFound(searched: directories.map(\.path)))
  }()

  /// Runs `loadmark arguments` in `directory` and waits for it, with
  /// `input` as standard input (else /dev/null).
  static func run(_ arguments: [String], in directory: URL, input: Data? = nil) throws -> Result {
    let run = try Subprocess.run(try executable.get(), arguments, in: directory, input: input)
    return Result(
      status: run.status, standardOutput: run.output, standardError: String(decoding: run.error, as: UTF8.self))
  }
}
