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
  }

  @Test("the reader keeps the shape it reads: an array of equal values stays per-frame")
  func shapeKept() throws {
    let text = DocumentWriter.encode(Samples.document)
    let read = try DocumentReader.decode(text, source: "compact.json")
    #expect(read.clip("spin")?.track("dot_1.scale")?.values == .frames([1, 1, 1, 1]))
    #expect(read.clip("spin")?.track("ring.opacity")?.values == .constant(1))
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
