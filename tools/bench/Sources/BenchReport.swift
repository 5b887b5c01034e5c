import Foundation
import LoadmarkCore
import LoadmarkJSON

/// Runs every measurement and renders docs/benchmarks.md.
struct BenchReport {
  let quick: Bool
  let lottieDirectory: String?

  var rounds: Int { quick ? 2 : 5 }

  func totalFrames(_ document: FrameDocument) -> Int {
    document.clips.reduce(0) { $0 + $1.frameCount }
  }

  func formatted(_ value: Double, _ digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
  }

  func gzipSize(_ data: Data) -> Int {
    let input = Pipe()
    let output = Pipe()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-9", "-c"]
    process.standardInput = input
    process.standardOutput = output
    try! process.run()
    input.fileHandleForWriting.write(data)
    try! input.fileHandleForWriting.close()
    let compressed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return compressed.count
  }

  func presetRows(fps: Double) -> [String] {
    var rows: [String] = []
    for name in Indicator.presetNames {
      let preset = Indicator.named(name)!
      let document = preset.frames(fps: fps)
      let frames = totalFrames(document)
      let text = DocumentWriter.encode(document)
      let bytes = text.utf8.count
      let iterations = quick ? 20 : max(20, Int(20_000 / Double(frames)))
      let sample = Stopwatch.seconds(rounds: rounds, iterations: iterations) { _ = preset.frames(fps: fps) }
      let encode = Stopwatch.seconds(rounds: rounds, iterations: iterations) { _ = DocumentWriter.encode(document) }
      let codable = FoundationEncoders.codable(document)
      let plist = FoundationEncoders.propertyList(document)
      let encoder = Stopwatch.seconds(rounds: rounds, iterations: iterations) { _ = FoundationEncoders.jsonEncoder(codable) }
      let serialization = Stopwatch.seconds(rounds: rounds, iterations: iterations) { _ = FoundationEncoders.jsonSerialization(plist) }
      let total = sample + encode
      rows.append(
        "| \(name) | \(Int(fps)) | \(frames) | \(bytes) | \(formatted(Double(frames) / total / 1000)) k | "
          + "\(formatted(Double(bytes) / total / 1e6, 2)) | \(formatted(sample * 1e6)) | \(formatted(encode * 1e6)) | "
          + "\(formatted(encoder / encode, 2))× | \(formatted(serialization / encode, 2))× |")
    }
    return rows
  }

  func batchRow() -> String {
    let count = 1_000
    var frames = 0
    var bytes = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for i in 0..<count {
      let name = Indicator.presetNames[i % Indicator.presetNames.count]
      let options = IndicatorOptions(
        scale: 1 + Double(i % 7) / 4,
        color: Color(red: UInt8(i % 256), green: UInt8((i * 7) % 256), blue: UInt8((i * 13) % 256)),
        lineWidth: i % 3 == 0 ? 2 + Double(i % 5) : nil,
        speed: 0.5 + Double(i % 4) / 4)
      let document = Indicator.named(name, options: options)!.frames(fps: i % 2 == 0 ? 60 : 120)
      frames += totalFrames(document)
      bytes += DocumentWriter.encode(document).utf8.count
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return "| 1,000 variants (5 presets × scale, colour, line width, speed; 60/120 fps) | \(frames) | \(bytes) | "
      + "\(formatted(seconds, 2)) s | \(formatted(Double(frames) / seconds / 1000)) k | \(formatted(Double(bytes) / seconds / 1e6, 2)) |"
  }

  func sizeRows() -> [String] {
    Indicator.presetNames.map { name in
      let document = Indicator.named(name)!.frames()
      let compact = Data(DocumentWriter.encode(document).utf8)
      let full = Data(DocumentWriter.encode(document, precision: .full).utf8)
      let codable = FoundationEncoders.jsonEncoder(FoundationEncoders.codable(document))
      return "| \(name) | \(compact.count) | \(gzipSize(compact)) | \(full.count) | \(gzipSize(full)) | \(codable.count) |"
    }
  }

  func lottieRows() -> [String] {
    guard let directory = lottieDirectory,
      let files = try? FileManager.default.contentsOfDirectory(atPath: directory)
    else { return [] }
    return files.filter { $0.hasSuffix(".json") }.sorted().compactMap { file in
      guard let data = FileManager.default.contents(atPath: directory + "/" + file),
        let object = try? JSONSerialization.jsonObject(with: data),
        let minified = try? JSONSerialization.data(withJSONObject: object)
      else { return nil }
      return "| \(file) | \(data.count) | \(minified.count) | \(gzipSize(minified)) |"
    }
  }

  func machine() -> String {
    let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
      .split(separator: "\n").first { $0.hasPrefix("model name") }?
      .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, release build"
  }

  func markdown() -> String {
    var lines: [String] = []
    lines.append("# Benchmarks")
    lines.append("")
    lines.append("Generated by `tools/bench` (the `loadmark-bench` target, release build) on \(machine()).")
    lines.append("Times are the best of \(rounds) rounds; ratios come from the same run, so they")
    lines.append("compare like with like. Sizes are deterministic; `gzip -9` bytes.")
    lines.append("")
    lines.append("## Export throughput per preset")
    lines.append("")
    lines.append("Sample = replaying the Core Animation model into frames; encode = Jansson")
    lines.append("writing compact JSON. Throughput counts both. The last two columns are how")
    lines.append("many times longer Foundation's `JSONEncoder` and `JSONSerialization` take to")
    lines.append("encode the same frames (full-precision Doubles, sorted keys; no quantisation).")
    lines.append("")
    lines.append("| preset | fps | frames | bytes | frames/s | MB/s | sample µs | encode µs | JSONEncoder | JSONSerialization |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|")
    lines += presetRows(fps: 60)
    lines += presetRows(fps: 240)
    lines.append("")
    lines.append("## Batch export")
    lines.append("")
    lines.append("| batch | frames | bytes | time | frames/s | MB/s |")
    lines.append("|---|---|---|---|---|---|")
    lines.append(batchRow())
    lines.append("")
    lines.append("## Document size at 60 fps")
    lines.append("")
    lines.append("Budget (enforced by `LoadmarkJSONTests`): compact ≤ 6,144 bytes raw and ≤ 1,536 gzipped.")
    lines.append("")
    lines.append("| preset | compact | gzip | full precision | gzip | JSONEncoder (full) |")
    lines.append("|---|---|---|---|---|---|")
    lines += sizeRows()
    let lottie = lottieRows()
    if !lottie.isEmpty {
      lines.append("")
      lines.append("## Comparable Lottie files")
      lines.append("")
      lines.append("Public Lottie animations of the same kind, for scale (not shipped).")
      lines.append("")
      lines.append("| file | as published | minified | gzip |")
      lines.append("|---|---|---|---|")
      lines += lottie
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
