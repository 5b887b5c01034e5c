import LoadmarkCore
import LoadmarkJSON
import Testing

@Suite("Round trip")
struct RoundTripTests {
  @Test("full precision reads back the identical document, bit for bit", arguments: ["sample", "awkward"])
  func fullRoundTrip(name: String) throws {
    let document = try #require(["sample": Samples.document, "awkward": Samples.awkward][name])
    let text = DocumentWriter.encode(document, precision: .full)
    let read = try DocumentReader.decode(text, source: "full.json")
    #expect(read == document)
    #expect(read.allNumbers.map(\.bitPattern) == document.allNumbers.map(\.bitPattern))
  }

  @Test("compact reads back the document rounded to compact precision")
  func compactRoundTrip() throws {
    let text = DocumentWriter.encode(Samples.document)
    let read = try DocumentReader.decode(text, source: "compact.json")
    let rounded = Samples.document.rounded(to: .compact)
    #expect(read == rounded)
    #expect(read.allNumbers.map(\.bitPattern) == rounded.allNumbers.map(\.bitPattern))
    // Rounding changed something, so the comparison above is not vacuous.
    #expect(rounded != Samples.document)
    // A compact document is a fixed point: writing what was read gives the same bytes.
    #expect(DocumentWriter.encode(read) == text)
    // Plain arrays instead of deltas read back as the same document.
    let plain = try DocumentReader.decode(DocumentWriter.encode(Samples.document, tracks: .plain), source: "plain.json")
    #expect(plain == rounded)
    #expect(plain.allNumbers.map(\.bitPattern) == rounded.allNumbers.map(\.bitPattern))
  }

  /// Draws from a fixed generator, so that every run sees the same values.
  struct Draws {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The next value, uniform in [0, 1).
    mutating func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
  }

  /// One-track documents whose values spread over magnitudes from 1e-6 to
  /// 1e11: every value a compact document can write to its 4 decimals in
  /// 15 significant digits.
  static let spread: [FrameDocument] = {
    var draws = Draws()
    var documents: [FrameDocument] = []
    var magnitude = 1e-6
    while magnitude <= 1e11 {
      defer { magnitude *= 10 }
      for _ in 0..<8 {
        let values = (0..<50).map { _ in (draws.next() * 2 - 1) * magnitude }
        documents.append(WriterTests.opacityDocument(values))
      }
    }
    return documents
  }()

  @Test("compact deltas and plain arrays both read back the rounded document bit for bit, at any magnitude")
  func compactSpread() throws {
    for document in RoundTripTests.spread {
      let rounded = document.rounded(to: .compact)
      let text = DocumentWriter.encode(document)
      #expect(text.contains(#""deltas""#))
      let read = try DocumentReader.decode(text, source: "spread.json")
      #expect(read.allNumbers.map(\.bitPattern) == rounded.allNumbers.map(\.bitPattern), "\(text)")
      let plain = try DocumentReader.decode(DocumentWriter.encode(document, tracks: .plain), source: "spread.json")
      #expect(plain.allNumbers.map(\.bitPattern) == rounded.allNumbers.map(\.bitPattern))
      #expect(DocumentWriter.encode(read) == text)
    }
  }

  @Test("near 2^53 − 1 ten-thousandths a track is deltas only where they give back every value exactly")
  func deltasNearTheLimit() throws {
    // From 2^51 ten-thousandths on, a rounded value times 10^4 may round to
    // a neighbour of its quanta; past 2^53 − 1 there are no deltas at all.
    var draws = Draws()
    var deltaTracks = 0
    var plainTracks = 0
    for _ in 0..<200 {
      let values = (0..<3).map { _ in 2e11 + draws.next() * 7.1e11 }
      let document = WriterTests.opacityDocument(values)
      let text = DocumentWriter.encode(document)
      guard text.contains(#""deltas""#) else {
        plainTracks += 1
        continue
      }
      deltaTracks += 1
      let read = try DocumentReader.decode(text, source: "large.json")
      #expect(read.allNumbers.map(\.bitPattern) == document.rounded(to: .compact).allNumbers.map(\.bitPattern), "\(text)")
    }
    // Both paths are taken.
    #expect(deltaTracks > 0)
    #expect(plainTracks > 0)
  }

  @Test("the reader keeps the shape it reads: an array of equal values stays per-frame")
  func shapeKept() throws {
    let text = DocumentWriter.encode(Samples.document)
    let read = try DocumentReader.decode(text, source: "compact.json")
    #expect(read.clip("spin")?.track("dot_1.scale")?.values == .frames([1, 1, 1, 1]))
    #expect(read.clip("spin")?.track("ring.opacity")?.values == .constant(1))
    // The same whether the equal values were written as deltas or as an array.
    #expect(text.contains(##""dot_1.scale":{"decimals":4,"deltas":[10000,0,0,0]}"##))
    let plain = try DocumentReader.decode(DocumentWriter.encode(Samples.document, tracks: .plain), source: "plain.json")
    #expect(plain.clip("spin")?.track("dot_1.scale")?.values == .frames([1, 1, 1, 1]))
  }

  @Test("tracks come back layer by layer in property order, whatever order the file has")
  func canonicalTrackOrder() throws {
    let text = """
      {"format":"loadmark","version":1,"preset":"p","fps":60,"width":10,"height":10,
       "layers":[{"id":"a","kind":"dot","center":[5,5],"radius":1},{"id":"b","kind":"roundedRect","rect":[0,0,10,10],"cornerRadius":2}],
       "clips":[{"name":"c","index":"progress","frames":2,"loop":false,
                 "tracks":{"b.opacity":0.5,"a.opacity":[0,1],"a.scale":2}}]}
      """
    let read = try DocumentReader.decode(text, source: "order.json")
    let clip = try #require(read.clips.first)
    #expect(clip.tracks.map(\.key) == ["a.scale", "a.opacity", "b.opacity"])
    #expect(clip.tracks[1].values == .frames([0, 1]))
    #expect(clip.duration == 0)
    #expect(read.layers[0].style == Style())
  }
}
