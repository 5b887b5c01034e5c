import Testing
@testable import LoadmarkCore

/// Compiler and image reader agree: every image the compiler writes reads
/// back, and what the reader refuses the compiler refuses first, with a
/// message that says where.
struct SceneImageContractTests {
  /// A scene of one layer drawing `path` (JSON), played by a progress clip
  /// that sets `strokeEnd` to `expression`.
  static func scene(path: String = #"[{"arc": {"center": [20, 20], "radius": 16, "startAngle": 0, "endAngle": "1turn", "clockwise": true}}]"#,
                    expression: String = "p") -> [UInt8] {
    Array("""
      {"format": "loadmark-scene", "version": 1, "name": "contract", "size": [40, 40],
       "layers": [{"id": "ring", "class": "CAShapeLayer", "frame": [0, 0, 40, 40], "path": \(path),
                   "strokeColor": "#0a84ff", "lineWidth": 4}],
       "clips": [{"name": "progress", "index": "progress",
                  "script": [{"layer": "ring", "set": {"strokeEnd": "\(expression)"}}]}]}
      """.utf8)
  }

  static func compile(_ text: [UInt8]) throws(SceneError) -> Indicator {
    var result: Result<Indicator, SceneError> = .failure(SceneError(location: .file, message: ""))
    text.withUnsafeBytes { bytes in
      do throws(SceneError) { result = .success(try SceneText.compile(bytes)) } catch { result = .failure(error) }
    }
    return try result.get()
  }

  /// The preset the image of `preset` reads back as, or nil with the refusal.
  static func roundTrip(_ preset: Indicator) -> (Indicator?, SceneImage.Refusal) {
    let image = SceneImage.encode(preset)
    var refusal = SceneImage.Refusal.notAnImage
    let read = image.withUnsafeBytes { SceneImage.decode($0, refusal: &refusal) }
    return (read, refusal)
  }

  /// A path of `count` short line segments: each takes 3 bytes in an image,
  /// and the reader once asked for 17 per segment.
  @Test(arguments: [1, 5, 10, 100, 2_000])
  func shortLineSegmentsLoad(_ count: Int) throws {
    let lines = (1...count).map { "{\"line\": [\($0 % 40), \((2 * $0) % 40)]}" }.joined(separator: ", ")
    let preset = try Self.compile(Self.scene(path: "[{\"move\": [0, 0]}, \(lines)]"))
    let (read, _) = Self.roundTrip(preset)
    let figure = try #require(read?.figures.first)
    guard case .path(let path) = figure.shape else {
      Issue.record("not a path")
      return
    }
    #expect(path.subpaths.map(\.segments.count) == [count])
  }

  /// Many empty subpaths (a move each, 3 bytes in an image).
  @Test func manySubpathsLoad() throws {
    let moves = (0..<200).map { "{\"move\": [\($0 % 40), 1]}" }.joined(separator: ", ")
    let preset = try Self.compile(Self.scene(path: "[\(moves), {\"line\": [3, 3]}]"))
    #expect(Self.roundTrip(preset).0 != nil)
  }

  /// Keyframes of small whole numbers: one byte a value, where the reader
  /// once asked for eight.
  @Test func wholeNumberKeyframesLoad() throws {
    let values = (0..<1_000).map { "\($0 % 2)" }.joined(separator: ", ")
    let text = Array("""
      {"format": "loadmark-scene", "version": 1, "name": "k", "size": [40, 40],
       "layers": [{"id": "ring", "class": "CAShapeLayer", "frame": [0, 0, 40, 40],
                   "path": [{"move": [0, 0]}, {"line": [1, 1]}], "strokeColor": "#0a84ff", "lineWidth": 4}],
       "animations": {"blink": {"type": "keyframe", "keyPath": "opacity", "values": [\(values)],
                                "calculationMode": "discrete", "duration": 1}},
       "clips": [{"name": "main", "duration": 1, "script": [{"at": 0, "layer": "ring", "add": "blink"}]}]}
      """.utf8)
    #expect(Self.roundTrip(try Self.compile(text)).0 != nil)
  }

  /// A left-deep chain as tall as the parser allows loads, nested in a
  /// progress program; one more term is refused by the compiler, at the
  /// operator that makes it too tall.
  @Test func expressionChainsCompileOnlyAsTallAsTheReaderReads() throws {
    let tallest = "p" + String(repeating: "+0", count: Expression.maximumHeight - 1)
    let (read, _) = Self.roundTrip(try Self.compile(Self.scene(expression: tallest)))
    #expect(read != nil)
    do {
      _ = try Self.compile(Self.scene(expression: tallest + "+0"))
      Issue.record("a chain one taller compiled")
    } catch {
      #expect(error.text.string.hasSuffix("does not parse: more than 64 operations deep (character \(tallest.count + 1))"))
    }
  }

  /// Every way of growing a tree counts: calls, unary operators, `? :` and
  /// right-hand sides in parentheses.
  @Test(arguments: ["min(p, ", "-(", "p ? 1 : (", "1 + (", "!("])
  func everyNodeCountsTowardsTheHeight(_ opening: String) throws {
    // Each level adds at least one node; 70 levels of a chain inside them
    // would be over, within the parentheses' own limit of 32.
    let chain = "p" + String(repeating: "*1", count: 40)
    let text = String(repeating: opening, count: 30) + chain + String(repeating: ")", count: 30)
    #expect(throws: SceneError.self) { try Self.compile(Self.scene(expression: text)) }
    // Whatever does compile at the bound loads.
    let short = String(repeating: opening, count: 10) + "p" + String(repeating: ")", count: 10)
    #expect(Self.roundTrip(try Self.compile(Self.scene(expression: short))).0 != nil)
  }

  /// A still rotation adds one level to a drawn arc's angles; the tallest
  /// angle the parser allows still loads.
  @Test func aRotatedArcWithTheTallestAngleLoads() throws {
    let angle = "0" + String(repeating: "+0", count: Expression.maximumHeight - 1)
    let text = Array("""
      {"format": "loadmark-scene", "version": 1, "name": "r", "size": [40, 40],
       "layers": [{"id": "ring", "class": "CALayer", "frame": [0, 0, 40, 40], "transform": {"rotation": "90deg"},
                   "draw": [{"id": "a", "path": [{"arc": {"center": [20, 20], "radius": 16, "startAngle": "\(angle)",
                                                         "endAngle": "1turn", "clockwise": true}}],
                             "strokeColor": "#0a84ff", "lineWidth": 4}]}],
       "clips": [{"name": "main", "duration": 1, "script": []}]}
      """.utf8)
    let preset = try Self.compile(text)
    guard case .arc(_, _, let start, _, _) = try #require(preset.figures.first).shape,
      case .binary(.add, _, .constant) = start
    else {
      Issue.record("not an arc whose start angle adds the rotation")
      return
    }
    #expect(Self.roundTrip(preset).0 != nil)
  }

  /// Why an image is refused: no image, another version, damaged.
  @Test func refusalsSayWhy() throws {
    let image = SceneImage.encode(try Self.compile(Self.scene()))
    func refusal(_ bytes: [UInt8]) -> SceneImage.Refusal? {
      var refusal = SceneImage.Refusal.notAnImage
      let read = bytes.withUnsafeBytes { SceneImage.decode($0, refusal: &refusal) }
      return read == nil ? refusal : nil
    }
    #expect(refusal(image) == nil)
    #expect(refusal([1, 2, 3]) == .notAnImage)
    #expect(refusal([]) == .notAnImage)
    var other = image
    other[4] = UInt8(SceneImage.version + 1)
    #expect(refusal(other) == .otherVersion)
    #expect(refusal(Array(image.dropLast())) == .malformed)
    #expect(refusal(image + [0]) == .malformed)
  }

  /// The writer stops at the engine's limit, so a scene whose script repeats
  /// a large animation is refused without building its image.
  @Test func imagesOverTheLimitAreRefusedByTheWriter() throws {
    let values = (0..<10_000).map { "\(0.05 + 0.9 * Double($0 % 2))" }.joined(separator: ", ")
    let text = Array("""
      {"format": "loadmark-scene", "version": 1, "name": "big", "size": [40, 40],
       "layers": [{"id": "ring", "class": "CAShapeLayer", "frame": [0, 0, 40, 40],
                   "path": [{"move": [0, 0]}, {"line": [1, 1]}], "strokeColor": "#0a84ff", "lineWidth": 4}],
       "animations": {"big": {"type": "keyframe", "keyPath": "strokeEnd", "values": [\(values)],
                              "calculationMode": "paced", "duration": 1, "repeatCount": "infinity"}},
       "clips": [{"name": "main", "duration": 1,
                  "script": [{"every": 1e-6, "count": 2000, "do": [{"layer": "ring", "add": "big"}]}]}]}
      """.utf8)
    let preset = try Self.compile(text)
    #expect(SceneImage.encode(preset, limit: SceneImage.maximumSize) == nil)
    #expect(SceneImage.tooLargeMessage.string.hasPrefix("the compiled scene would be more than 1048576 bytes"))
  }
}
