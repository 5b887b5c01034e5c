import Foundation
import LoadmarkCore
import LoadmarkJSON
import Testing

/// The example in docs/FORMAT.md must be a valid document that means what the
/// page says it means.
@Suite("FORMAT.md")
struct FormatDocTests {
  /// The first ```json block of docs/FORMAT.md.
  static func example() throws -> String {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/FORMAT.md")
    let page = try String(contentsOf: url, encoding: .utf8)
    let afterFence = try #require(page.components(separatedBy: "```json\n").dropFirst().first)
    return try #require(afterFence.components(separatedBy: "```").first)
  }

  /// What the example describes, built by hand.
  static let expected: FrameDocument = {
    func track(_ key: String, _ values: FrameDocument.TrackValues) -> Track {
      let parts = key.split(separator: ".")
      return Track(layer: String(parts[0]), property: FrameDocument.TrackProperty(rawValue: String(parts[1]))!, values: values)
    }
    let ring = Layer(
      id: "ring", shape: .arc(center: Point(20, 20), radius: 17),
      style: Style(stroke: Color(red: 0x34, green: 0x78, blue: 0xf6), lineWidth: 3, lineCap: .round), role: .accent)
    let check = Layer(
      id: "check",
      shape: .path(Path([Path.Subpath(start: Point(12, 21), segments: [.line(to: Point(18, 27)), .line(to: Point(29, 14))])])),
      style: Style(stroke: .white, lineWidth: 2.5, lineCap: .round, lineJoin: .round))
    let success = Clip(
      name: "success", index: .time, frameCount: 7, duration: 0.1, loop: false,
      tracks: [
        track("ring.start", .constant(4.7124)),
        track("ring.sweep", .frames([0, 1.0472, 2.0944, 3.1416, 4.1888, 5.236, 6.2832])),
        track("ring.opacity", .constant(1)),
        track("check.strokeStart", .constant(0)),
        track("check.strokeEnd", .frames([0, 0, 0, 0, 0.3333, 0.6667, 1])),
        track("check.opacity", .constant(1)),
      ])
    // The implicit animation at 60 fps, as the page's deltas give it.
    var sum = 0
    let steps = [0, 502, 1022, 1428, 1496, 1311, 1066, 847, 664, 516, 396, 296, 212, 141, 78, 25]
    let curve = steps.map { step -> Double in
      sum += step
      return Double(sum) / 10_000
    }
    let fill = Clip(
      name: "fill", index: .progress, frameCount: 3, duration: 0, loop: false,
      transition: FrameDocument.Transition(duration: 0.25, frameCount: 16, values: .frames(curve)),
      tracks: [
        track("ring.start", .constant(4.7124)),
        track("ring.sweep", .frames([0, 3.1416, 6.2832])),
        track("ring.opacity", .constant(1)),
        track("check.strokeStart", .constant(0)),
        track("check.strokeEnd", .constant(0)),
        track("check.opacity", .constant(0)),
      ])
    return FrameDocument(preset: "success", fps: 60, width: 40, height: 40, layers: [ring, check], clips: [success, fill])
  }()

  @Test("the example reads as the document the page describes")
  func exampleReads() throws {
    let read = try DocumentReader.decode(FormatDocTests.example(), source: "FORMAT.md")
    #expect(read == FormatDocTests.expected)
  }

  @Test("the example's transition is the progress preset's, as the engine samples it at 60 fps")
  func exampleTransition() throws {
    let engine = Indicator.named("progress")!.frames().rounded(to: .compact).clip("progress")!.transition
    #expect(FormatDocTests.expected.clip("fill")!.transition == engine)
  }

  @Test("the writer writes the example as the same fields in the same order")
  func exampleWrites() throws {
    let example = try FormatDocTests.example()
    // The page spreads the document over lines; the writer uses none.
    var squeezed = ""
    var inString = false
    for character in example {
      if character == "\"" { inString.toggle() }
      if inString || !character.isWhitespace { squeezed.append(character) }
    }
    #expect(DocumentWriter.encode(FormatDocTests.expected) == squeezed)
  }
}

/// The Limits table of docs/FORMAT.md states the reader's own numbers.
@Suite("FORMAT.md limits")
struct FormatLimitsTests {
  /// Each row of the Limits table: its first cell and the number that
  /// starts its second.
  static func rows() throws -> [String: Int] {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/FORMAT.md")
    let page = try String(contentsOf: url, encoding: .utf8)
    let section = try #require(page.components(separatedBy: "\n## Limits\n").dropFirst().first)
    var rows: [String: Int] = [:]
    for line in section.components(separatedBy: "\n## ")[0].split(separator: "\n") where line.hasPrefix("| ") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 2, let number = Int(cells[1].prefix { $0.isNumber }) else { continue }
      rows[cells[0]] = number
    }
    return rows
  }

  @Test("every limit in the table is the reader's")
  func table() throws {
    let rows = try FormatLimitsTests.rows()
    let limits = DocumentReader.limits
    let expected: [(String, Int)] = [
      ("bytes in the file", 16),
      ("nesting of arrays and objects", limits.maximumDepth),
      ("bytes of one string or key, as written between its quotes", limits.maximumStringBytes),
      ("members of one object", limits.maximumMembers),
      ("elements of one array", limits.maximumElements),
      ("values in all: numbers, strings, `true`, `false`, `null`, arrays and objects (keys are not values)", limits.maximumValues),
      ("strings in all, keys included", limits.maximumStrings),
      ("arrays and objects in all", limits.maximumContainers),
      ("layers", DocumentReader.maximumLayers),
      ("subpaths of one path", DocumentReader.maximumSubpaths),
      ("segments of one path, over all its subpaths", DocumentReader.maximumPathSegments),
      ("tracks in all (layer properties × clips)", DocumentReader.maximumTracks),
      ("frames of one clip", DocumentReader.maximumFrames),
      ("a shadow's `radius`, and the magnitude of each component of its `offset`", Int(DocumentReader.maximumShadowLength)),
    ]
    for (what, number) in expected {
      #expect(rows[what] == number, "\(what)")
    }
    #expect(limits.maximumBytes == 16 * 1024 * 1024)
    #expect(limits.maximumElements == DocumentReader.maximumFrames)
  }
}
