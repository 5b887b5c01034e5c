import Foundation
import LoadmarkCore
import LoadmarkJSON
import Testing

/// Format version 3 (docs/FORMAT.md): transform tracks, the `polygon` kind
/// and periodic tracks, read from Tests/Fixtures/valid/base-v3.json and held
/// to the values of Tests/Fixtures/reading-v3.json, derived by hand, which
/// web/test/decode.test.mjs holds the web player's reader to as well.
@Suite("Format version 3")
struct Version3Tests {
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  static func base() throws -> FrameDocument {
    try DocumentReader.read(path: fixtures.appendingPathComponent("valid/base-v3.json").path)
  }

  /// The shared readings, as JSON objects.
  static func readings() throws -> [String: Any] {
    let data = try Data(contentsOf: fixtures.appendingPathComponent("reading-v3.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// `entry[key]` as a `T`, or a test failure naming it.
  static func field<T>(_ entry: [String: Any], _ key: String) throws -> T {
    try #require(entry[key] as? T, "\(key) in \(entry)")
  }

  @Test("the version 3 base reads: a polygon, transform tracks, periodic tracks")
  func baseReads() throws {
    let document = try Self.base()
    #expect(document.layers.map(\.shape.kind) == [.arc, .polygon, .dot])
    #expect(document.layers[1].shape == .polygon(vertexCount: 3))
    let spin = try #require(document.clip("spin"))
    #expect(spin.track("face", .y, vertex: 0)?.values == .frames([10, 11, 12, 13]))
    #expect(spin.track("dot", .scale)?.values == .periodic([1, 0.5, 0.25]))
    #expect(spin.track("dot", .opacity)?.values == .periodic([1, 0.8, 0.6, 0.4, 0.2]))
    #expect(spin.track("ring", .b)?.values == .frames([0, 1, 0, -1]))
    // Absent transform tracks are absent, not identity tracks.
    #expect(spin.track("dot", .b) == nil)
    #expect(try #require(document.clip("still")).tracks.filter(\.property.isTransform).isEmpty)
    #expect(document.writtenVersion == 3)
  }

  @Test("every track reads at any frame as the shared fixture has it")
  func sharedValues() throws {
    let document = try Self.base()
    let values: [[String: Any]] = try Self.field(try Self.readings(), "values")
    #expect(values.count >= 15)
    for entry in values {
      let clipName: String = try Self.field(entry, "clip"), key: String = try Self.field(entry, "track")
      let clip = try #require(document.clip(clipName))
      let track = try #require(clip.track(key))
      let frame: Int = try Self.field(entry, "frame")
      #expect(clip.value(of: track, atFrame: frame) == (entry["value"] as? Double), "\(entry)")
    }
  }

  @Test("every layer's transform reads as the shared fixture has it, the identity where its tracks are absent")
  func sharedTransforms() throws {
    let document = try Self.base()
    let transforms: [[String: Any]] = try Self.field(try Self.readings(), "transforms")
    for entry in transforms {
      let clipName: String = try Self.field(entry, "clip"), layer: String = try Self.field(entry, "layer")
      let clip = try #require(document.clip(clipName))
      let t = clip.transform(of: layer, atFrame: try Self.field(entry, "frame"))
      #expect([t.a, t.b, t.c, t.d, t.tx, t.ty] == (entry["transform"] as? [Double]), "\(entry)")
    }
  }

  @Test("a time is read as its frame as the shared fixture has it")
  func sharedFrameIndexes() throws {
    let indexes: [[String: Any]] = try Self.field(try Self.readings(), "frameIndexes")
    for entry in indexes {
      let seconds: Double = try Self.field(entry, "seconds"), fps: Double = try Self.field(entry, "fps")
      #expect(FrameDocument.Clip.frameIndex(seconds: seconds, fps: fps) == (entry["frame"] as? Int), "\(entry)")
    }
  }

  @Test("a version 3 document writes and reads back the same, compact and full, in version 3")
  func roundTrip() throws {
    let document = try Self.base()
    for precision in Precision.allCases {
      let text = DocumentWriter.encode(document, precision: precision)
      #expect(text.contains(#""version":3,"#))
      #expect(try DocumentReader.decode(text, source: "v3.json") == document.rounded(to: precision))
    }
    let compact = DocumentWriter.encode(document)
    // Written order: a polygon's vertices, then opacity, then the transform; periodic tracks wrap their values.
    #expect(compact.contains(#""face.x0":10,"face.y0":{"decimals":4,"deltas":[100000,10000,10000,10000]},"face.x1":30"#))
    #expect(compact.contains(#""ring.opacity":1,"ring.a":{"decimals":4,"deltas":[10000,-10000,-10000,10000]}"#))
    #expect(compact.contains(#""dot.scale":{"period":3,"values":{"decimals":4,"deltas":[10000,-5000,-2500]}}"#))
    #expect(compact.contains(#"{"id":"face","kind":"polygon","vertices":3,"#))
  }

  @Test("a document without version 3's additions is written as version 2, byte for byte as before")
  func lowestVersion() throws {
    let text = try String(contentsOf: Self.fixtures.appendingPathComponent("success.json"), encoding: .utf8)
    let document = try DocumentReader.decode(text, source: "success.json")
    #expect(document.writtenVersion == 2)
    #expect(DocumentWriter.encode(document) + "\n" == text)
    // Perturbed: one transform track, one periodic track, one polygon each make it version 3.
    var turned = document
    turned.clips[0].tracks.append(FrameDocument.Track(layer: document.layers[0].id, property: .tx, values: .constant(1)))
    #expect(turned.writtenVersion == 3)
    var periodic = document
    periodic.clips[0].tracks[0].values = .periodic([1, 2])
    #expect(periodic.writtenVersion == 3)
    var polygon = document
    polygon.layers[0].shape = .polygon(vertexCount: 3)
    #expect(polygon.writtenVersion == 3)
    #expect(polygon.version3Feature == "layer \"\(document.layers[0].id)\" is a polygon")
  }

  @Test("a one-shot clip holds its last frame; a loop wraps at its frames, a periodic track at its period")
  func readingRule() {
    let track = FrameDocument.Track(layer: "l", property: .opacity, values: .frames([0.1, 0.2, 0.3]))
    let periodic = FrameDocument.Track(layer: "l", property: .scale, values: .periodic([5, 6]))
    let loop = FrameDocument.Clip(name: "loop", index: .time, frameCount: 3, duration: 0.05, loop: true, tracks: [track, periodic])
    let once = FrameDocument.Clip(name: "once", index: .time, frameCount: 3, duration: 0.0333, loop: false, tracks: [track])
    #expect([0, 1, 2, 3, 4, 7].map { loop.value(of: track, atFrame: $0) } == [0.1, 0.2, 0.3, 0.1, 0.2, 0.2])
    #expect([0, 1, 2, 3, 4, 7].map { loop.value(of: periodic, atFrame: $0) } == [5, 6, 5, 6, 5, 6])
    #expect([-1, 0, 2, 3, 100].map { once.value(of: track, atFrame: $0) } == [0.1, 0.1, 0.3, 0.3, 0.3])
  }
}

@Suite("Finite loops of periodic tracks")
struct FiniteLoopTests {
  /// A loop of `frames` frames with periodic tracks of the given periods.
  static func clip(frames: Int, periods: [Int]) -> FrameDocument.Clip {
    let tracks = periods.enumerated().map { n, period in
      FrameDocument.Track(
        layer: "dot\(n)", property: .opacity, values: .periodic((0..<period).map { Double($0) / Double(period) }))
    }
    return FrameDocument.Clip(name: "loop", index: .time, frameCount: frames, duration: Double(frames) / 60, loop: true, tracks: tracks)
  }

  @Test("without periodic tracks, a clip's own frames")
  func ownFrames() {
    #expect(Self.clip(frames: 48, periods: []).finiteLoopLength(limit: 10) == 48)
  }

  @Test("the least common multiple of the frames and every period, within the limit")
  func leastCommonMultiple() {
    // BallGridPulse's 0.72 s and 1.02 s at 60 fps are 216 and 306 frames:
    // 216 = 2³·3³, 306 = 2·3²·17, lcm = 2³·3³·17 = 3672; with a clip of 87
    // (1.45 s: 87 = 3·29), lcm = 3672·29 = 106488.
    #expect(Self.clip(frames: 216, periods: [306]).finiteLoopLength(limit: 10_000) == 3672)
    #expect(Self.clip(frames: 4, periods: [6, 10]).finiteLoopLength(limit: 60) == 60)
    #expect(Self.clip(frames: 4, periods: [2]).finiteLoopLength(limit: 60) == 4)
  }

  @Test("past the limit, the limit rounded down to whole clips, and never fewer than the clip's frames")
  func pastTheLimit() {
    #expect(Self.clip(frames: 87, periods: [216, 306]).finiteLoopLength(limit: 100_000) == 99_963)  // 1149 · 87
    #expect(Self.clip(frames: 4, periods: [6, 10]).finiteLoopLength(limit: 59) == 56)
    #expect(Self.clip(frames: 100, periods: [7]).finiteLoopLength(limit: 50) == 100)
    // Counts whose product overflows an Int stop past the limit, not a trap.
    #expect(FrameDocument.Clip.leastCommonMultiple(3_037_000_499, 3_037_000_507, limit: 1_000) == 1_001)
    #expect(FrameDocument.Clip.leastCommonMultiple(Int.max, 2, limit: Int.max - 1) == Int.max)
    #expect(FrameDocument.Clip.leastCommonMultiple(12, 18, limit: 36) == 36)
    #expect(FrameDocument.Clip.leastCommonMultiple(12, 18, limit: 35) == 36)
  }
}
