import Foundation
import LoadmarkCore
import LoadmarkJSON
import Testing

/// The presets' full-precision exports, bit for bit, against hashes captured
/// before the presets became scene files (Tests/Fixtures/reference.json). The
/// texts' hashes were captured again for format version 2 (its `version`,
/// `role` and progress clips' fields); every clip's values over progress 0
/// to 1 kept the hashes of version 1.
///
/// Every preset, at every frame rate and progress sample count the other
/// tests use, with every set of export options they use: the document's text
/// as `loadmark export --precision full` writes it (17 significant digits, so
/// equal text means equal Doubles, −0 included), and each clip's values.
/// Run with `LOADMARK_WRITE_REFERENCE=1` to rewrite the file, which is only
/// right when a change of the numbers is intended.
@Suite("Reference exports")
struct ReferenceTests {
  static let file = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/reference.json")

  /// One export: a label for messages and the options it was sampled with.
  struct Configuration {
    var label: String
    var preset: String
    var options: IndicatorOptions
    var fps: Double
    var progressSamples: Int
  }

  static let rates: [Double] = [25, 30, 60, 120, 240]

  /// The option sets of the tests and the README's tour.
  static let optionSets: [(String, IndicatorOptions)] = [
    ("default", IndicatorOptions()),
    ("scale 2", IndicatorOptions(scale: 2)),
    ("size 100x100", IndicatorOptions(size: (width: 100, height: 100))),
    ("size 100x50", IndicatorOptions(size: (width: 100, height: 50))),
    ("size 96x96", IndicatorOptions(size: (width: 96, height: 96))),
    ("color #0a84ff, line width 5", IndicatorOptions(color: Color(hex: "#0a84ff"), lineWidth: 5)),
    ("color #aabbcc", IndicatorOptions(color: Color(hex: "#aabbcc"))),
    ("speed 2", IndicatorOptions(speed: 2)),
    ("scale 2, color #34c759", IndicatorOptions(scale: 2, color: Color(hex: "#34c759"))),
    (
      "scale 2, color #34c759, line width 4, speed 2",
      IndicatorOptions(scale: 2, color: Color(hex: "#34c759"), lineWidth: 4, speed: 2)
    ),
  ]

  static var configurations: [Configuration] {
    var result: [Configuration] = []
    for preset in Indicator.presetNames {
      for (label, options) in optionSets {
        for fps in rates {
          let samples = Indicator.defaultProgressSamples
          result.append(Configuration(
            label: "\(preset) \(label) fps \(Int(fps)) samples \(samples)", preset: preset, options: options,
            fps: fps, progressSamples: samples))
        }
        // The other progress sample counts in use: 11 in the CLI tests,
        // 1001 in the live player.
        if label == "default" || label.hasPrefix("scale 2, color #34c759, line") {
          for samples in [11, 1001] {
            result.append(Configuration(
              label: "\(preset) \(label) fps 60 samples \(samples)", preset: preset, options: options, fps: 60,
              progressSamples: samples))
          }
        }
      }
    }
    return result
  }

  /// FNV-1a, 64 bits, over `bytes`, as 16 hex digits.
  static func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The hashes of one export: its full-precision text, and each clip's
  /// values (track after track, frame after frame, as little-endian bit
  /// patterns) so that a mismatch names the clip.
  static func hashes(_ configuration: Configuration) throws -> [String: String] {
    let preset = try #require(Indicator.named(configuration.preset, options: configuration.options))
    let document = preset.frames(fps: configuration.fps, progressSamples: configuration.progressSamples)
    var result = ["text": fnv1a(DocumentWriter.encode(document, precision: .full).utf8)]
    for clip in document.clips {
      // A progress clip's frames for progress 0 to 1 are what the seeds define and hash as they always did; frames
      // of a wider domain (the refresh pull past its threshold, format version 2) hash apart.
      let frames = 0..<clip.frameCount
      let inUnit = frames.filter { frame in
        clip.index == .time || (0...1).contains(clip.domain.progress(ofFrame: frame, frameCount: clip.frameCount))
      }
      result["clip " + clip.name] = hash(clip, frames: inUnit)
      if inUnit.count < clip.frameCount {
        result["clip " + clip.name + " outside progress 0 to 1"] = hash(clip, frames: frames.filter { !inUnit.contains($0) })
      }
    }
    return result
  }

  /// The clip's values at `frames`, track after track, frame after frame, as little-endian bit patterns.
  static func hash(_ clip: FrameDocument.Clip, frames: [Int]) -> String {
    var bytes: [UInt8] = []
    for track in clip.tracks {
      for frame in frames {
        withUnsafeBytes(of: track.value(at: frame).bitPattern.littleEndian) { bytes += $0 }
      }
    }
    return fnv1a(bytes)
  }

  @Test func everyExportIsBitIdenticalToTheReference() throws {
    let configurations = Self.configurations
    if ProcessInfo.processInfo.environment["LOADMARK_WRITE_REFERENCE"] == "1" {
      var all: [String: [String: String]] = [:]
      for configuration in configurations {
        all[configuration.label] = try Self.hashes(configuration)
      }
      let data = try JSONSerialization.data(withJSONObject: all, options: [.prettyPrinted, .sortedKeys])
      try data.write(to: Self.file)
    }
    let data = try Data(contentsOf: Self.file)
    let reference = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: String]])
    #expect(reference.count == configurations.count)
    for configuration in configurations {
      let expected = try #require(reference[configuration.label], "\(configuration.label) is not in the reference")
      let actual = try Self.hashes(configuration)
      for key in Set(expected.keys).union(actual.keys).sorted() {
        #expect(actual[key] == expected[key], "\(configuration.label): \(key)")
      }
    }
  }

  /// The comparison sees a one-ULP change in one value of one clip.
  @Test func aValueOneULPOffChangesItsClipHash() throws {
    let preset = try #require(Indicator.named("refresh"))
    var document = preset.frames()
    let original = Self.fnv1a(DocumentWriter.encode(document, precision: .full).utf8)
    guard case .frames(var values) = document.clips[1].tracks[1].values else {
      Issue.record("refresh spin arc1.start does not vary")
      return
    }
    values[7] = values[7].nextUp
    document.clips[1].tracks[1].values = .frames(values)
    #expect(Self.fnv1a(DocumentWriter.encode(document, precision: .full).utf8) != original)
  }
}
