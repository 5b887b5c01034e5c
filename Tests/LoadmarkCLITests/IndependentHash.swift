import Foundation

/// SHA-256 in Base64 computed without the tool's code: `/usr/bin/sha256sum`
/// for the digest and Foundation for the Base64.
enum IndependentHash {
  /// Why the digest could not be computed.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// `'sha256-<base64>'` for the UTF-8 bytes of `text`.
  static func source(of text: String) throws -> String {
    let input = FileManager.default.temporaryDirectory.appendingPathComponent("loadmark-hash-\(UUID().uuidString)")
    try Data(text.utf8).write(to: input)
    defer { try? FileManager.default.removeItem(at: input) }
    let output = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [input.path]
    process.standardOutput = output
    try process.run()
    // A digest line is short: reading before waiting cannot fill the pipe.
    let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0, let hex = line.split(separator: " ").first, hex.count == 64 else {
      throw Failure(description: "sha256sum failed: \(line)")
    }
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      guard let byte = UInt8(hex[index..<next], radix: 16) else { throw Failure(description: "not hex: \(hex)") }
      bytes.append(byte)
      index = next
    }
    return "'sha256-" + Data(bytes).base64EncodedString() + "'"
  }
}
