import Foundation

/// The size of `bytes` after `/bin/gzip -9 -c`, as the size budgets count it.
func gzipSize(_ bytes: Data) throws -> Int {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/gzip")
  process.arguments = ["-9", "-c"]
  let input = Pipe()
  let output = Pipe()
  process.standardInput = input
  process.standardOutput = output
  try process.run()
  // Exports are far smaller than a pipe's buffer: writing all first cannot block.
  try input.fileHandleForWriting.write(contentsOf: bytes)
  try input.fileHandleForWriting.close()
  let compressed = try output.fileHandleForReading.readToEnd() ?? Data()
  process.waitUntilExit()
  return compressed.count
}
