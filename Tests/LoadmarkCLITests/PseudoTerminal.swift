import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `loadmark` with one of its streams on a pseudo-terminal, as when a
/// person runs it, to see what it does only on a terminal.
enum PseudoTerminal {
  /// Which stream is the terminal.
  enum Stream {
    case standardOutput, standardError
  }

  /// What one run produced.
  struct Result {
    var status: Int32
    /// What the terminal received, with its `\r\n` line ends read as `\n`.
    var terminal: String
    /// The other stream, captured in a file.
    var other: String
  }

  /// Why the pseudo-terminal could not be opened.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `loadmark arguments` in `directory` with `stream` on a new
  /// pseudo-terminal and standard input from /dev/null.
  static func run(_ arguments: [String], in directory: URL, terminal stream: Stream) throws -> Result {
    var master: Int32 = -1
    var slave: Int32 = -1
    guard openpty(&master, &slave, nil, nil, nil) == 0 else {
      throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    let terminal = master
    defer { close(terminal) }

    // The terminal is read while the command runs, so that it never fills.
    let received = Received()
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(terminal, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        received.append(buffer[0..<count])
      }
      received.finish()
    }
    reader.start()

    let otherURL = FileManager.default.temporaryDirectory.appendingPathComponent("loadmark-pty-\(UUID().uuidString)")
    try Data().write(to: otherURL)
    defer { try? FileManager.default.removeItem(at: otherURL) }
    let otherHandle = try FileHandle(forWritingTo: otherURL)
    let terminalHandle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)

    let process = Process()
    process.executableURL = try LoadmarkTool.executable.get()
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = stream == .standardOutput ? terminalHandle : otherHandle
    process.standardError = stream == .standardError ? terminalHandle : otherHandle
    try process.run()
    process.waitUntilExit()
    // With the last slave descriptor closed, reading the master ends.
    close(slave)
    try otherHandle.close()
    let bytes = received.wait()
    return Result(
      status: process.terminationStatus,
      terminal: String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"),
      other: String(decoding: try Data(contentsOf: otherURL), as: UTF8.self))
  }

  /// The bytes the reader thread collects, handed over when it is done.
  private final class Received: @unchecked Sendable {
    private let condition = NSCondition()
    private var bytes: [UInt8] = []
    private var done = false

    func append(_ chunk: ArraySlice<UInt8>) {
      condition.lock()
      bytes += chunk
      condition.unlock()
    }

    func finish() {
      condition.lock()
      done = true
      condition.signal()
      condition.unlock()
    }

    /// The bytes, once the terminal has closed (at most 30 seconds).
    func wait() -> [UInt8] {
      condition.lock()
      defer { condition.unlock() }
      let deadline = Date().addingTimeInterval(30)
      while !done && condition.wait(until: deadline) {}
      return bytes
    }
  }
}
