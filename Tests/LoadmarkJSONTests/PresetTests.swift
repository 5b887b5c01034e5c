import LoadmarkCore
import LoadmarkJSON
import Testing

/// The documents the real presets produce: what `loadmark export` writes.
@Suite("Presets")
struct PresetTests {
  /// The preset's frames at `fps`, progress clips at the default samples.
  func frames(_ name: String, fps: Double = Indicator.defaultFPS) throws -> FrameDocument {
    try #require(Indicator.named(name)).frames(fps: fps)
  }

  @Test(
    "every preset's document passes the reader and reads back, compact and full",
    arguments: Indicator.presetNames, [30.0, 60, 240])
  func roundTrip(name: String, fps: Double) throws {
    let document = try frames(name, fps: fps)
    let rounded = document.rounded(to: .compact)
    let text = DocumentWriter.encode(document)
    let compact = try DocumentReader.decode(text, source: "\(name).json")
    #expect(compact == rounded)
    #expect(compact.allNumbers.map(\.bitPattern) == rounded.allNumbers.map(\.bitPattern))
    // Plain arrays of the same values read back as the same document.
    let plain = try DocumentReader.decode(DocumentWriter.encode(document, tracks: .plain), source: "\(name).json")
    #expect(plain.allNumbers.map(\.bitPattern) == rounded.allNumbers.map(\.bitPattern))
    #expect(plain == compact)
    // A compact document is a fixed point of reading and writing.
    #expect(DocumentWriter.encode(compact) == text)
    let full = try DocumentReader.decode(DocumentWriter.encode(document, precision: .full), source: "\(name).json")
    #expect(full == document)
    #expect(full.allNumbers.map(\.bitPattern) == document.allNumbers.map(\.bitPattern))
  }

  @Test("every varying track of every preset is written as deltas, none as a plain array", arguments: Indicator.presetNames)
  func allDeltas(name: String) throws {
    let document = try frames(name)
    let varying = document.clips.reduce(0) { count, clip in
      count + clip.tracks.filter { if case .frames = $0.values { true } else { false } }.count
    }
    // A transition's values are a track too.
    let transitions = document.clips.filter { $0.transition != nil }.count
    let domains = document.clips.filter { $0.index == .progress && ($0.domain.lower != 0 || $0.domain.upper != 1) }.count
    #expect(varying > 0)
    let text = DocumentWriter.encode(document)
    #expect(text.split(separator: #"{"decimals":4,"deltas":["#, omittingEmptySubsequences: false).count - 1 == varying + transitions)
    // In the clips, the only arrays left are the deltas and the domains.
    let clips = try #require(text.split(separator: #""clips":"#).last)
    #expect(clips.split(separator: #"":["#, omittingEmptySubsequences: false).count - 1 == varying + transitions + domains)
  }
}
