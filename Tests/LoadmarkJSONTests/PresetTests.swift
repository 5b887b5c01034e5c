import LoadmarkCore
import LoadmarkJSON
import Testing

/// The documents the real presets produce: what `loadmark export` writes.
@Suite("Presets")
struct PresetTests {
  /// The preset's frames at the default rates.
  func frames(_ name: String) throws -> FrameDocument {
    try #require(Preset.named(name)).frames()
  }

  @Test("every preset's document passes the reader and reads back, compact and full", arguments: Preset.names)
  func roundTrip(name: String) throws {
    let document = try frames(name)
    let compact = try DocumentReader.decode(DocumentWriter.encode(document), source: "\(name).json")
    #expect(compact == document.rounded(to: .compact))
    let full = try DocumentReader.decode(DocumentWriter.encode(document, precision: .full), source: "\(name).json")
    #expect(full == document)
    #expect(full.allNumbers.map(\.bitPattern) == document.allNumbers.map(\.bitPattern))
  }
}
