import LoadmarkCore
import LoadmarkJSON
import Testing

@Suite("Reader structure and limits")
struct ReaderLimitTests {
  /// The decode error for `text`, which must fail.
  func failure(_ text: String, source: String = "doc.json") throws -> DocumentError {
    try #require(throws: DocumentError.self) { try DocumentReader.decode(text, source: source) }
  }

  /// A minimal document with `layers` and `clips` as given.
  func document(layers: String, clips: String) -> String {
    #"{"format":"loadmark","version":1,"preset":"p","fps":60,"width":10,"height":10,"layers":"#
      + layers + #","clips":"# + clips + "}"
  }

  static let box = #"{"id":"box","kind":"roundedRect","rect":[0,0,10,10],"cornerRadius":0}"#

  @Test("a truncated document is a parse error at the end of the text")
  func truncated() throws {
    let lines = BaseDocument.text.split(separator: "\n", omittingEmptySubsequences: false)
    // Up to the end of the first layer line, 121 characters long.
    let text = lines.prefix(9).joined(separator: "\n")
    let error = try failure(text, source: "success.json")
    #expect(error.location == .position(line: 9, column: 121))
    #expect(error.description == "success.json:9:121: ']' expected near end of file")
  }

  @Test("empty text and a root that is not an object")
  func rootShape() throws {
    #expect(try failure("").description == "doc.json:1:0: '[' or '{' expected near end of file")
    #expect(try failure("[1, 2]").description == "doc.json: expected an object, got an array")
    #expect(try failure("{}").description == #"doc.json: missing field "format""#)
  }

  @Test("layers and clips must not be empty")
  func emptyArrays() throws {
    let clip = #"[{"name":"c","index":"time","frames":1,"duration":0,"loop":false,"tracks":{"box.opacity":1}}]"#
    #expect(try failure(document(layers: "[]", clips: clip)).description == "doc.json: layers: expected at least one layer")
    #expect(
      try failure(document(layers: "[\(ReaderLimitTests.box)]", clips: "[]")).description
        == "doc.json: clips: expected at least one clip")
    #expect(try DocumentReader.decode(document(layers: "[\(ReaderLimitTests.box)]", clips: clip), source: "doc.json").clips.count == 1)
  }

  /// `count` one-frame clips over one rounded rectangle: one track each.
  func clips(_ count: Int) -> String {
    let clips = (0..<count).map { #"{"name":"c\#($0)","index":"time","frames":1,"duration":0,"loop":false,"tracks":{"box.opacity":1}}"# }
    return "[" + clips.joined(separator: ",") + "]"
  }

  @Test("at most 1000 tracks over all clips")
  func trackLimit() throws {
    let layers = "[\(ReaderLimitTests.box)]"
    let atLimit = try DocumentReader.decode(document(layers: layers, clips: clips(DocumentReader.maximumTracks)), source: "doc.json")
    #expect(atLimit.clips.count == 1000)
    let over = try failure(document(layers: layers, clips: clips(DocumentReader.maximumTracks + 1)))
    #expect(over.description == "doc.json: clips: 1001 tracks in all; the limit is 1000")
  }

  @Test("too many tracks from layers times clips, counted before any track is read")
  func trackLimitFromLayers() throws {
    var document = BaseDocument.document
    // 9 tracks per clip; 112 clips make 1008. The clips are all the same and
    // would each be valid on their own.
    document.clips = (0..<112).map { index in
      var clip = BaseDocument.document.clips[0]
      clip.name = "clip\(index)"
      return clip
    }
    let text = DocumentWriter.encode(document)
    #expect(try failure(text, source: "success.json").description == "success.json: clips: 1008 tracks in all; the limit is 1000")
  }

  @Test("a clip may have 100000 frames, not more")
  func frameLimit() throws {
    let values = "[" + Array(repeating: "0.5", count: DocumentReader.maximumFrames).joined(separator: ",") + "]"
    let clip = #"[{"name":"long","index":"progress","frames":100000,"loop":false,"tracks":{"box.opacity":"# + values + "}}]"
    let read = try DocumentReader.decode(document(layers: "[\(ReaderLimitTests.box)]", clips: clip), source: "doc.json")
    #expect(read.clips[0].frameCount == 100_000)
    #expect(read.clips[0].tracks[0].value(at: 99_999) == 0.5)
    let over = try clip.replacingOnce(#""frames":100000"#, with: #""frames":100001"#)
    #expect(
      try failure(document(layers: "[\(ReaderLimitTests.box)]", clips: over)).description
        == "doc.json: clips[0].frames: expected an integer from 1 to 100000, got 100001")
  }

  @Test("numbers written as integers or reals read the same; 90.0 frames are 90 frames")
  func integersAndReals() throws {
    let clip = #"[{"name":"c","index":"time","frames":2.0,"duration":1e-1,"loop":false,"tracks":{"box.opacity":[1.0,1]}}]"#
    let read = try DocumentReader.decode(document(layers: "[\(ReaderLimitTests.box)]", clips: clip), source: "doc.json")
    #expect(read.clips[0].frameCount == 2)
    #expect(read.clips[0].duration == 0.1)
    #expect(read.clips[0].tracks[0].values == .frames([1, 1]))
  }

  @Test("text over 16 MiB is refused before parsing")
  func textTooLarge() throws {
    let text = String(repeating: " ", count: DocumentReader.maximumFileSize + 1)
    #expect(try failure(text).description == "doc.json: file is 16777217 bytes; the limit is 16777216 (16 MiB)")
  }
}
