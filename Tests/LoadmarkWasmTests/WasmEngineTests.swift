import Foundation
import LoadmarkCore
import LoadmarkJSON
import Testing
@testable import LoadmarkWasm

/// The ABI's logic on the host: the same numbers as the native sampler, bit
/// for bit, whatever way they are asked for.
@Suite(.serialized)
struct WasmEngineTests {
  func select(_ index: Int32, scale: Double = -1, width: Double = -1, height: Double = -1, color: Int64 = -1, lineWidth: Double = -1, speed: Double = 1) {
    #expect(WasmEngine.select(index, scale: scale, width: width, height: height, color: color, lineWidth: lineWidth, speed: speed) == .ok)
  }

  @Test(arguments: 0..<5, [30.0, 60, 240])
  func wholeClipsEqualTheNativeSamplerBitForBit(_ preset: Int, _ fps: Double) {
    select(Int32(preset))
    let native = Indicator.named(Indicator.presetNames[preset])!
    for (index, clip) in native.clips.enumerated() {
      let sampled = native.sample(clip, fps: fps, progressSamples: 101)
      let frames = WasmEngine.sampleClip(index, fps: fps, progressSamples: 101)
      #expect(frames == sampled.frameCount)
      let tracks = WasmEngine.trackCount()
      #expect(tracks == sampled.tracks.count)
      for (t, track) in sampled.tracks.enumerated() {
        for frame in 0..<frames {
          let value = WasmEngine.output[frame * tracks + t]
          #expect(value.bitPattern == track.value(at: frame).bitPattern, "\(track.key) frame \(frame)")
        }
      }
    }
  }

  @Test func instantsEqualFrames() {
    select(3)
    let frames = WasmEngine.sampleClip(0, fps: 60, progressSamples: 101)
    let tracks = WasmEngine.trackCount()
    var expected: [Double] = []
    for t in 0..<tracks { expected.append(WasmEngine.output[15 * tracks + t]) }
    #expect(frames == 45)
    #expect(WasmEngine.sampleInstant(0, at: 15.0 / 60) == tracks)
    for t in 0..<tracks { #expect(WasmEngine.output[t] == expected[t]) }
    // dot0 peaks at 1.5 in the middle of its pulse.
    #expect(WasmEngine.output[0] == 1.5)
  }

  @Test func optionsReachThePreset() {
    select(0, scale: 2, color: 0x0A84_FFFF, lineWidth: 5, speed: 2)
    let preset = WasmEngine.preset!
    #expect(preset.width == 100)
    #expect(preset.figures[1].style.stroke == Color(red: 0x0A, green: 0x84, blue: 0xFF))
    #expect(preset.figures[1].style.lineWidth == 5)
    #expect(WasmEngine.frameCount(0, fps: 60, progressSamples: 101) == 46)
    #expect(WasmEngine.select(9, scale: -1, width: -1, height: -1, color: -1, lineWidth: -1, speed: 1) == .unknownPreset)
    #expect(WasmEngine.select(0, scale: -1, width: -1, height: -1, color: -1, lineWidth: -1, speed: 0) == .badOption)
    select(0)
  }

  /// Requests out of range are refused with their status, whatever the
  /// number, and leave the selection as it was (tools/wasm/abi.test.mjs
  /// calls the module itself the same way).
  @Test func requestsOutOfRangeAreRefused() {
    select(2)
    for fps in [Double.nan, .infinity, -.infinity, 0, -1, 1000.5, 1e308] {
      #expect(WasmEngine.frameCount(0, fps: fps, progressSamples: 101) == -6, "\(fps)")
      #expect(WasmEngine.sampleClip(0, fps: fps, progressSamples: 101) == -6, "\(fps)")
    }
    for samples in [Int.min, -1, 0, 1, 100_001, Int(Int32.max)] {
      #expect(WasmEngine.frameCount(1, fps: 60, progressSamples: samples) == -7, "\(samples)")
    }
    #expect(WasmEngine.frameCount(1, fps: 60, progressSamples: 100_000) == 100_000)
    #expect(WasmEngine.frameCount(3, fps: 60, progressSamples: 101) == -5)
    #expect(WasmEngine.frameCount(-1, fps: 60, progressSamples: 101) == -5)
    for x in [Double.nan, .infinity, -1, 1.0000001] {
      #expect(WasmEngine.sampleInstant(1, at: x) == -10, "\(x)")
    }
    #expect(WasmEngine.sampleInstant(1, at: 1) == WasmEngine.trackCount())
    for speed in [Double.nan, 1e-9, 0.0099, 100.01, .infinity] {
      #expect(WasmEngine.select(0, scale: -1, width: -1, height: -1, color: -1, lineWidth: -1, speed: speed) == .badOption)
    }
    for (scale, width, height, color, lineWidth) in [
      (1e308, -1.0, -1.0, Int64(-1), -1.0), (.nan, -1, -1, -1, -1), (0, -1, -1, -1, -1), (-2, -1, -1, -1, -1),
      (-1, 50, -1, -1, -1), (-1, 10_001, 50, -1, -1), (2, 50, 50, -1, -1), (-1, -1, -1, -2, -1),
      (-1, -1, -1, 0x1_0000_0000, -1), (-1, -1, -1, -1, .infinity), (-1, -1, -1, -1, 0),
    ] {
      #expect(
        WasmEngine.select(0, scale: scale, width: width, height: height, color: color, lineWidth: lineWidth, speed: 1)
          == .badOption, "\(scale) \(width) \(height) \(color) \(lineWidth)")
    }
    // The selection is still the progress preset.
    #expect(WasmEngine.preset?.name == "progress")
    // 1.5 s at a hundredth of the speed, 1000 fps: 150,001 frames.
    #expect(WasmEngine.select(0, scale: -1, width: -1, height: -1, color: -1, lineWidth: -1, speed: 0.01) == .ok)
    #expect(WasmEngine.frameCount(0, fps: 1000, progressSamples: 101) == -8)
    #expect(WasmEngine.frameCount(0, fps: 600, progressSamples: 101) == 90_001)
    select(0)
  }

  /// A refusal that states a range says it with the constant the check
  /// uses: the message ABIVocabulary renders from it, word for word.
  @Test func refusalsStateTheRangesTheyCheck() {
    /// The message of the last refusal.
    func said() -> String {
      let text = WasmEngine.error
      return String(decoding: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), as: UTF8.self)
    }
    let messages = Dictionary(uniqueKeysWithValues: ABIVocabulary.messages(.init()).map { ($0.name, $0.text) })
    select(2)
    #expect(WasmEngine.select(0, scale: -1, width: -1, height: -1, color: -1, lineWidth: -1, speed: 101) == .badOption)
    #expect(said() == messages["speed"])
    #expect(WasmEngine.select(5, scale: -1, width: -1, height: -1, color: -1, lineWidth: -1, speed: 1) == .unknownPreset)
    #expect(said() == messages["presetIndex"])
    #expect(WasmEngine.frameCount(0, fps: 1001, progressSamples: 101) == -6)
    #expect(said() == messages["fps"])
    #expect(WasmEngine.frameCount(1, fps: 60, progressSamples: 1) == -7)
    #expect(said() == messages["samples"])
    #expect(messages["speed"] == "speed: expected a number from 0.01 to 100")
    select(0)
  }

  @Test func describeListsLayersAndClips() {
    select(4)
    let count = WasmEngine.describe()
    let values = (0..<count).map { WasmEngine.output[$0] }
    #expect(Array(values.prefix(3)) == [51, 51, 3])
    // background: roundedRect (3), the surface role (3), id "background" (10 bytes).
    #expect(values[3] == 3 && values[4] == 3 && values[5] == 10)
    let id = String(decoding: values[6..<16].map { UInt8($0) }, as: UTF8.self)
    #expect(id == "background")
    // The last clip is `spin`: time (0), loops (1), 0.8 s.
    #expect(Array(values.suffix(3)) == [0, 1, 0.8])
    // Before it, `pull`: progress (1), 0, 0, domain [0, 2], repeating from 1, no finish, no transition.
    #expect(Array(values.suffix(16).prefix(8)) == [1, 0, 0, 0, 2, 1, 0, 0])
  }

  @Test func describeGivesProgressClipsTheirFinishAndTransition() {
    select(2)
    let count = WasmEngine.describe()
    let values = (0..<count).map { WasmEngine.output[$0] }
    // The clips: demo (time), progress, done (time, 1 s). `progress` finishes with clip 2 (written 3) and has a
    // transition; its domain is [0, 1], which repeats nowhere (written as its end).
    #expect(Array(values.suffix(16)) == [1, 0, 0, 0, 1, 1, 3, 1, /* "done" */ 4, 100, 111, 110, 101, 0, 0, 1])
    // The transition at 60 fps: the native sampler's, value for value.
    let frames = WasmEngine.transition(fps: 60)
    let native = Indicator.named("progress")!.transition(fps: 60)
    #expect(frames == native.frameCount)
    #expect(WasmEngine.output[0] == native.duration)
    #expect((0..<frames).map { WasmEngine.output[$0 + 1] } == (0..<frames).map { native.values.value(at: $0) })
  }

  @Test func clipHashIsFNV1aOfTheBitPatterns() {
    select(0)
    let frames = WasmEngine.sampleClip(0, fps: 60, progressSamples: 101)
    let tracks = WasmEngine.trackCount()
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for i in 0..<(frames * tracks) {
      for byte in withUnsafeBytes(of: WasmEngine.output[i].bitPattern.littleEndian, Array.init) {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      }
    }
    #expect(frames * tracks == 91 * 9)
    #expect(WasmEngine.clipHash(0, fps: 60, progressSamples: 101) == hash)
  }
}

/// The presets compiled into the module are what the native reader makes of
/// presets/*.scene.json today.
struct PresetImageTests {
  static let file = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/LoadmarkWasm/PresetImages.swift")

  /// The generated source for the current scenes.
  static var source: String {
    let images = Indicator.presetNames.map { SceneImage.encode(Indicator.named($0)!) }
    var ends: [Int] = []
    for image in images { ends.append((ends.last ?? 0) + image.count) }
    let bytes = images.flatMap { $0 }
    let lines = stride(from: 0, to: bytes.count, by: 24).map { start in
      "    " + bytes[start..<min(start + 24, bytes.count)].map { String(format: "0x%02X", $0) }.joined(separator: ", ") + ","
    }
    return """
      // Generated by tools/update-presets. Edit presets/*.scene.json and run the
      // tool again; LoadmarkWasmTests fails when this is stale.

      /// The built-in presets' compiled scene images, one after another in
      /// `Indicator.presetNames` order.
      enum PresetImages {
        /// Where each image ends in ``bytes``.
        static let ends: [Int] = [\(ends.map(String.init).joined(separator: ", "))]
        static let bytes: [UInt8] = [
      \(lines.joined(separator: "\n"))
        ]
      }

      """
  }

  @Test func embeddedImagesAreTheCurrentScenes() throws {
    if ProcessInfo.processInfo.environment["LOADMARK_WRITE_PRESET_IMAGES"] == "1" {
      try Data(Self.source.utf8).write(to: Self.file)
    }
    let written = try String(contentsOf: Self.file, encoding: .utf8)
    #expect(written == Self.source, "Sources/LoadmarkWasm/PresetImages.swift is stale: run tools/update-presets")
  }

  @Test func anImageReadsBackAsThePresetItWasMadeOf() throws {
    for name in Indicator.presetNames {
      let preset = Indicator.named(name)!
      let image = SceneImage.encode(preset)
      let decoded = try #require(image.withUnsafeBytes { SceneImage.decode($0) })
      #expect(decoded.frames(fps: 60) == preset.frames(fps: 60), "\(name)")
      #expect(SceneImage.encode(decoded) == image, "\(name)")
      // Any truncation is refused, never trapping.
      for cut in stride(from: 0, to: image.count, by: max(1, image.count / 97)) {
        #expect(Array(image.prefix(cut)).withUnsafeBytes { SceneImage.decode($0) } == nil)
      }
    }
  }
}
