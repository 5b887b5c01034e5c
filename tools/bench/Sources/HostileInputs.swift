import Foundation

/// The inputs of the memory benchmark: hostile files up to the 16 MiB
/// limit, and valid documents at the limits, written into a directory.
enum HostileInputs {
  /// One input file and what it is.
  struct Input {
    var name: String
    var summary: String
    var bytes: [UInt8]
  }

  static let sizeLimit = 16 * 1024 * 1024

  static var all: [Input] {
    [
      objects(), nestedArrays(), pathSegments(), numbers(), justUnderLimits(), validAtValueLimit(), validAtEveryLimit(),
      validNearSizeLimit(),
    ]
  }

  /// `[{},{},…]` filling 16 MiB: 5.6 million empty objects.
  static func objects() -> Input {
    let count = (sizeLimit - 1) / 3
    var bytes = [UInt8(ascii: "[")]
    bytes.reserveCapacity(sizeLimit)
    for index in 0..<count {
      bytes += index == 0 ? Array("{}".utf8) : Array(",{}".utf8)
    }
    bytes.append(UInt8(ascii: "]"))
    return Input(name: "objects.json", summary: "16 MiB of `[{},{},…]`", bytes: bytes)
  }

  /// 16 MiB of arrays nested 1000 deep, side by side: under Jansson's own
  /// depth limit of 2048, so it builds them all.
  static func nestedArrays() -> Input {
    let unit = Array(repeating: UInt8(ascii: "["), count: 1000) + Array(repeating: UInt8(ascii: "]"), count: 1000)
    let count = (sizeLimit - 2) / (unit.count + 1)
    var bytes = [UInt8(ascii: "[")]
    bytes.reserveCapacity(sizeLimit)
    for index in 0..<count {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes += unit
    }
    bytes.append(UInt8(ascii: "]"))
    return Input(name: "nested.json", summary: "16 MiB of arrays nested 1000 deep", bytes: bytes)
  }

  /// A document that was valid before the limits: one path of 1,000,000
  /// line segments, 15 MB.
  static func pathSegments() -> Input {
    var text = #"{"format":"loadmark","version":1,"preset":"p","fps":60,"width":10,"height":10,"#
      + #""layers":[{"id":"p","kind":"path","subpaths":[{"move":[0,0],"segments":["#
    let segment = #"{"line":[1,2]}"#
    text.reserveCapacity(16_000_000)
    for index in 0..<1_000_000 {
      if index > 0 { text += "," }
      text += segment
    }
    text += ##"]}],"stroke":"#ff0000"}],"clips":[{"name":"c","index":"time","frames":1,"duration":0,"loop":false,"##
      + #""tracks":{"p.strokeStart":0,"p.strokeEnd":1,"p.opacity":1}}]}"#
    return Input(name: "segments.json", summary: "a 15 MB document with one path of 1,000,000 segments", bytes: Array(text.utf8))
  }

  /// `[0,0,…]` filling 16 MiB: 8.4 million numbers in one array.
  static func numbers() -> Input {
    let count = (sizeLimit - 1) / 2
    var bytes = [UInt8(ascii: "[")]
    bytes.reserveCapacity(sizeLimit)
    for index in 0..<count {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(UInt8(ascii: "0"))
    }
    bytes.append(UInt8(ascii: "]"))
    return Input(name: "numbers.json", summary: "16 MiB of `[0,0,…]`", bytes: bytes)
  }

  /// Not a document, but just within every total of the pre-scan, so that
  /// Jansson builds all of it before the reader refuses it: 29,985 empty
  /// objects, 39,999 empty strings and 730,005 numbers in nine arrays
  /// (29,996 containers, 800,000 values).
  static func justUnderLimits() -> Input {
    func array(_ element: String, _ count: Int) -> String {
      "[" + Array(repeating: element, count: count).joined(separator: ",") + "]"
    }
    let numbers = Array(repeating: array("0", 100_000), count: 7) + [array("0", 30_005)]
    let text = "[" + ([array("{}", 29_985), array(#""""#, 39_999)] + numbers).joined(separator: ",") + "]"
    return Input(
      name: "just-under.json", summary: "not a document: every pre-scan total just met, 1.7 MB", bytes: Array(text.utf8))
  }

  /// The smallest valid document with as many values as the reader allows:
  /// 10 rounded rectangles and a progress clip of 79,986 frames, its ten
  /// delta tracks 2 bytes a value. The bound grows with the file, so the
  /// fewest bytes for the most values is the hardest valid case.
  static func validAtValueLimit() -> Input {
    // 135 values besides the deltas: 15 in the root and clip, 9 a layer and
    // 3 a delta track; 135 + 10 · 79,986 = 799,995, and 1 more frame would
    // pass 800,000.
    let frames = 79_986
    let deltas = "[10000" + String(repeating: ",0", count: frames - 1) + "]"
    let track = #"{"decimals":4,"deltas":"# + deltas + "}"
    return document(
      name: "valid-values.json",
      summary: "valid: 799,995 values (10 tracks × 79,986 frames), 1.6 MB",
      frames: frames, track: track)
  }

  /// A valid document near every limit at once: two paths of 10,000 and
  /// 4,900 segments (29,831 arrays and objects of the 30,000 allowed), a
  /// dot, and eight tracks of 92,000 frames (795,664 values of 800,000).
  static func validAtEveryLimit() -> Input {
    func path(_ id: String, segments: Int) -> String {
      #"{"id":"\#(id)","kind":"path","subpaths":[{"move":[0,0],"segments":["#
        + Array(repeating: #"{"line":[1,2]}"#, count: segments).joined(separator: ",")
        + ##"]}],"stroke":"#ff0000"}"##
    }
    let frames = 92_000
    let values = "[" + Array(repeating: "0", count: frames).joined(separator: ",") + "]"
    let keys = ["a.strokeStart", "a.strokeEnd", "a.opacity", "b.strokeStart", "b.strokeEnd", "b.opacity", "d.scale", "d.opacity"]
    let text = #"{"format":"loadmark","version":1,"preset":"p","fps":60,"width":10,"height":10,"layers":["#
      + path("a", segments: 10_000) + "," + path("b", segments: 4_900) + ","
      + #"{"id":"d","kind":"dot","center":[5,5],"radius":1}],"#
      + #""clips":[{"name":"c","index":"progress","frames":\#(frames),"loop":false,"tracks":{"#
      + keys.map { #""\#($0)":"# + values }.joined(separator: ",") + "}}]}"
    return Input(
      name: "valid-every.json", summary: "valid: 29,831 arrays and objects, 14,900 segments, 795,664 values, 1.7 MB",
      bytes: Array(text.utf8))
  }

  /// A valid document near 16 MiB: 10 plain tracks of 79,000 numbers of 17
  /// significant digits, 21 bytes each with the comma.
  static func validNearSizeLimit() -> Input {
    let frames = 79_000
    var track = "["
    track.reserveCapacity(frames * 21 + 2)
    for index in 0..<frames {
      if index > 0 { track += "," }
      track += "0.1234567890123" + String(10_000 + index % 90_000)
    }
    track += "]"
    return document(
      name: "valid-large.json", summary: "valid: 790,000 numbers of 17 digits, 16 MB",
      frames: frames, track: track)
  }

  /// A document of 10 rounded rectangles and one progress clip whose ten
  /// opacity tracks are each `track`.
  private static func document(name: String, summary: String, frames: Int, track: String) -> Input {
    let layers = (0..<10).map { #"{"id":"b\#($0)","kind":"roundedRect","rect":[0,0,10,10],"cornerRadius":0}"# }
    let tracks = (0..<10).map { #""b\#($0).opacity":"# + track }
    let text = #"{"format":"loadmark","version":1,"preset":"p","fps":60,"width":10,"height":10,"layers":["#
      + layers.joined(separator: ",")
      + #"],"clips":[{"name":"c","index":"progress","frames":\#(frames),"loop":false,"tracks":{"#
      + tracks.joined(separator: ",") + "}}]}"
    return Input(name: name, summary: summary, bytes: Array(text.utf8))
  }
}
