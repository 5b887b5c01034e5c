import LoadmarkCore
import LoadmarkJSON
import Testing

/// Tracks written as `{"decimals": D, "deltas": [k0, d1, …]}`: how they read,
/// every way one can be broken, and that they give back the compact
/// document bit for bit.
@Suite("Delta tracks")
struct DeltaTrackTests {
  /// The base document's `ring.sweep`, 0 to 6 in steps of 0.5, as written there.
  static let sweepArray = "[0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6]"

  /// The same values as deltas of ten-thousandths.
  static let sweepDeltas = ["0"] + Array(repeating: "5000", count: 12)

  /// A delta track of `deltas`, spaced as a person might write it.
  static func deltaTrack(_ deltas: [String], decimals: String = "4") -> String {
    #"{"decimals": \#(decimals), "deltas": [\#(deltas.joined(separator: ", "))]}"#
  }

  /// ``sweepDeltas`` with element `index` set to `value`.
  static func sweepDeltas(_ index: Int, _ value: String) -> [String] {
    var deltas = sweepDeltas
    deltas[index] = value
    return deltas
  }

  /// An edit of the base document's `ring.sweep` into `track`.
  static func sweepEdit(_ name: String, _ track: String, _ message: String) -> BadEdit {
    BadEdit(name, sweepArray, track, ##"success.json: clips[0].tracks["ring.sweep"]"## + message)
  }

  @Test("a delta track reads as the values it stands for, at any number of decimals")
  func readsAsValues() throws {
    let tracks = [
      DeltaTrackTests.deltaTrack(DeltaTrackTests.sweepDeltas),
      DeltaTrackTests.deltaTrack(["0"] + Array(repeating: "5", count: 12), decimals: "1"),
      DeltaTrackTests.deltaTrack(["0"] + Array(repeating: "500000000", count: 12), decimals: "9"),
      // Members in either order, and integers written as reals.
      #"{"deltas": [0.0, 5e3, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000], "decimals": 4.0}"#,
    ]
    for track in tracks {
      let text = try BaseDocument.replacing(DeltaTrackTests.sweepArray, with: track)
      #expect(try DocumentReader.decode(text, source: "success.json") == BaseDocument.document, "\(track)")
    }
    // Whole numbers need no decimals at all: 0, 3 and 6 in the progress clip.
    let drag = try BaseDocument.replacing("[0, 3.0, 6.0]", with: DeltaTrackTests.deltaTrack(["0", "3", "3"], decimals: "0"))
    #expect(try DocumentReader.decode(drag, source: "success.json") == BaseDocument.document)
  }

  @Test("the example checked by hand reads back as 0, 0.1, 0.25 and −0.5 exactly")
  func handExample() throws {
    let text = try BaseDocument.replacing("[0, 3.0, 6.0]", with: #"{"decimals":4,"deltas":[0,1000,1500]}"#)
    let read = try DocumentReader.decode(text, source: "success.json")
    #expect(read.clip("drag")?.track("ring.sweep")?.values == .frames([0, 0.1, 0.25]))
    let document = WriterTests.opacityDocument([0, 0.1, 0.25, -0.5])
    let decoded = try DocumentReader.decode(DocumentWriter.encode(document), source: "hand.json")
    let values: [Double] = [0, 0.1, 0.25, -0.5]
    #expect(decoded.clips[0].tracks[0].values == .frames(values))
    #expect(decoded.allNumbers.map(\.bitPattern) == document.allNumbers.map(\.bitPattern))
  }

  @Test("running sums may reach ±(2^53 − 1) and pass through it by large steps")
  func sumsAtTheLimit() throws {
    let largest = 9_007_199_254_740_991.0
    let deltas = ["9007199254740991", "-9007199254740991", "-9007199254740991", "18014398509481982"]
    let text =
      #"{"format":"loadmark","version":1,"preset":"p","fps":60,"width":10,"height":10,"#
      + #""layers":[{"id":"box","kind":"roundedRect","rect":[0,0,10,10],"cornerRadius":0}],"#
      + #""clips":[{"name":"c","index":"progress","frames":4,"loop":false,"tracks":{"box.opacity":"#
      + DeltaTrackTests.deltaTrack(deltas) + "}}]}"
    let read = try DocumentReader.decode(text, source: "doc.json")
    let expected = [largest / 10_000, 0, -largest / 10_000, largest / 10_000]
    let values = try #require(read.clips.first?.tracks.first?.values)
    guard case .frames(let frames) = values else {
      Issue.record("expected per-frame values, got \(values)")
      return
    }
    #expect(frames.map(\.bitPattern) == expected.map(\.bitPattern))
  }

  static let edits: [BadEdit] = [
    sweepEdit(
      "fractional delta", deltaTrack(sweepDeltas(12, "1.5")), ".deltas[12]: expected an integer, got 1.5"),
    sweepEdit(
      "delta as a string", deltaTrack(sweepDeltas(3, #""x""#)), #".deltas[3]: expected an integer, got "x""#),
    sweepEdit("null delta", deltaTrack(sweepDeltas(0, "null")), ".deltas[0]: expected an integer, got null"),
    sweepEdit("array as a delta", deltaTrack(sweepDeltas(7, "[1]")), ".deltas[7]: expected an integer, got an array"),
    sweepEdit(
      "too many decimals", deltaTrack(sweepDeltas, decimals: "12"),
      ".decimals: expected an integer from 0 to 9, got 12"),
    sweepEdit(
      "negative decimals", deltaTrack(sweepDeltas, decimals: "-1"),
      ".decimals: expected an integer from 0 to 9, got -1"),
    sweepEdit(
      "fractional decimals", deltaTrack(sweepDeltas, decimals: "2.5"),
      ".decimals: expected an integer from 0 to 9, got 2.5"),
    sweepEdit(
      "decimals as a string", deltaTrack(sweepDeltas, decimals: #""4""#),
      #".decimals: expected an integer from 0 to 9, got "4""#),
    sweepEdit(
      "unknown field", #"{"decimals": 4, "foo": 1, "deltas": ["# + sweepDeltas.joined(separator: ", ") + "]}",
      #": unknown field "foo""#),
    sweepEdit(
      "missing decimals", #"{"deltas": [0, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000]}"#,
      #": missing field "decimals""#),
    sweepEdit("missing deltas", #"{"decimals": 4}"#, #": missing field "deltas""#),
    sweepEdit("empty object", "{}", #": missing field "decimals""#),
    sweepEdit(
      "one delta short", deltaTrack(Array(sweepDeltas.dropLast())), ".deltas: expected 13 values, got 12"),
    sweepEdit("one delta over", deltaTrack(sweepDeltas + ["0"]), ".deltas: expected 13 values, got 14"),
    sweepEdit(
      "deltas not an array", #"{"decimals": 4, "deltas": 5000}"#,
      ".deltas: expected an array of 13 integers, got 5000"),
    sweepEdit(
      "deltas as an object", #"{"decimals": 4, "deltas": {"0": 0}}"#,
      ".deltas: expected an array of 13 integers, got an object"),
    sweepEdit(
      "running sum over 2^53 − 1",
      deltaTrack(["9007199254740991", "0", "0", "1"] + Array(repeating: "0", count: 9)),
      ".deltas[3]: running sum exceeds 2^53 − 1 in magnitude"),
    sweepEdit(
      "first value over 2^53 − 1", deltaTrack(sweepDeltas(0, "9007199254740992")),
      ".deltas[0]: running sum exceeds 2^53 − 1 in magnitude"),
    sweepEdit(
      "running sum under −(2^53 − 1)", deltaTrack(["-9007199254740991", "-1"] + Array(repeating: "0", count: 11)),
      ".deltas[1]: running sum exceeds 2^53 − 1 in magnitude"),
    sweepEdit(
      "a huge integral delta", deltaTrack(sweepDeltas(5, "1e300")),
      ".deltas[5]: running sum exceeds 2^53 − 1 in magnitude"),
    BadEdit(
      "delta track in the progress clip too short", "[0, 3.0, 6.0]", deltaTrack(["0", "30000"]),
      ##"success.json: clips[1].tracks["ring.sweep"].deltas: expected 3 values, got 2"##),
  ]

  @Test("each broken delta track gives its exact message", arguments: edits)
  func badEdit(edit: BadEdit) throws {
    let text = try BaseDocument.replacing(edit.old, with: edit.new)
    let error = try #require(throws: DocumentError.self) {
      try DocumentReader.decode(text, source: "success.json")
    }
    #expect(error.description == edit.message)
  }
}
