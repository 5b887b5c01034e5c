import Foundation

/// `/bin/gzip` ended with a status other than 0.
public struct GzipFailure: Error, CustomStringConvertible {
  public var status: Int32
  public var description: String { "gzip exited with status \(status)" }
}

/// The size of `bytes` after `/bin/gzip -9 -c`, as the size budgets count it.
/// - Parameter bytes: what to compress; far smaller than a pipe's buffer, so
///   writing all of it before reading any output cannot block.
public func gzipSize(_ bytes: Data) throws -> Int {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/gzip")
  process.arguments = ["-9", "-c"]
  let input = Pipe()
  let output = Pipe()
  process.standardInput = input
  process.standardOutput = output
  try process.run()
  try input.fileHandleForWriting.write(contentsOf: bytes)
  try input.fileHandleForWriting.close()
  let compressed = try output.fileHandleForReading.readToEnd() ?? Data()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { throw GzipFailure(status: process.terminationStatus) }
  return compressed.count
}
