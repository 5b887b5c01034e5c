import LoadmarkCore
import LoadmarkJSON
import Testing

@Suite("Pre-scan: structure checked before Jansson parses")
struct PreScanTests {
  /// The decode error for `text`, which must fail.
  func failure(_ text: String) throws -> DocumentError {
    try #require(throws: DocumentError.self) { try DocumentReader.decode(text, source: "doc.json") }
  }

  /// The pre-scan's verdict on `text` under `limits`: nil when it passes.
  func violation(_ text: String, _ limits: JSONLimits) -> JSONStructure.Violation? {
    var text = text
    let result = text.withUTF8 { utf8 in
      Result { () throws(JSONStructure.Violation) in try JSONStructure.check(UnsafeRawBufferPointer(utf8), limits: limits) }
    }
    if case .failure(let violation) = result { return violation }
    return nil
  }

  /// Small limits, so that each can be reached with a few bytes.
  static let small = JSONLimits(
    maximumBytes: 1000, maximumDepth: 3, maximumStringBytes: 4, maximumMembers: 2, maximumElements: 3,
    maximumValues: 11, maximumStrings: 6, maximumContainers: 4)

  /// The dots preset as the writer writes it, one line.
  static let dots = DocumentWriter.encode(Indicator.named("dots")!.frames())

  @Test("a NUL byte after a number or a literal, which Jansson 2.14 accepts, is refused")
  func nulAfterTokens() throws {
    let afterNumber = try #require(PreScanTests.dots.range(of: #""fps":60"#))
    var text = PreScanTests.dots
    text.insert("\u{0}", at: afterNumber.upperBound)
    let column = PreScanTests.dots.distance(from: PreScanTests.dots.startIndex, to: afterNumber.upperBound) + 1
    #expect(try failure(text).description == "doc.json:1:\(column): NUL byte; JSON text cannot contain one")

    for literal in ["true", "false", "null"] {
      let nul = "[" + literal + "\u{0}]"
      #expect(try failure(nul).description == "doc.json:1:\(literal.count + 2): NUL byte; JSON text cannot contain one")
    }
  }

  @Test("a NUL byte inside a string, or after the document, is refused; a \\u0000 escape is Jansson's to judge")
  func nulElsewhere() throws {
    #expect(try failure("{\"a\u{0}\": 1}").description == "doc.json:1:4: NUL byte; JSON text cannot contain one")
    #expect(try failure(PreScanTests.dots + "\n\u{0}").description == "doc.json:2:1: NUL byte; JSON text cannot contain one")
    #expect(try failure(#"{"a\u0000": 1}"#).description.hasPrefix("doc.json:1:"))
    #expect(try failure(#"{"a\u0000": 1}"#).message != "NUL byte; JSON text cannot contain one")
  }

  @Test("the document's limits")
  func documentLimits() {
    let limits = DocumentReader.limits
    #expect(limits.maximumBytes == 16_777_216)
    #expect(limits.maximumDepth == 16)
    #expect(limits.maximumStringBytes == 1_024)
    #expect(limits.maximumMembers == 1_000)
    #expect(limits.maximumElements == 100_000)
    #expect(limits.maximumValues == 800_000)
    #expect(limits.maximumStrings == 40_000)
    #expect(limits.maximumContainers == 30_000)
  }

  @Test("nesting: 16 levels pass the pre-scan, 17 are refused at the 17th bracket")
  func depth() throws {
    let sixteen = String(repeating: "[", count: 16) + String(repeating: "]", count: 16)
    #expect(try failure(sixteen).description == "doc.json: expected an object, got an array")
    let deep = String(repeating: "[", count: 17) + String(repeating: "]", count: 17)
    #expect(
      try failure(deep).description == "doc.json:1:17: arrays and objects nested more than 16 deep; the limit is 16")
    // Closing brackets bring the depth back down.
    let wide = "[" + String(repeating: "[[[[[[[[[[[[[[[]]]]]]]]]]]]]]],", count: 3) + "0]"
    #expect(try failure(wide).description == "doc.json: expected an object, got an array")
  }

  @Test("strings and keys: 1024 bytes as written pass, 1025 are refused at the opening quote")
  func stringLength() throws {
    let limit = String(repeating: "a", count: 1024)
    #expect(try failure(#"{"format":"\#(limit)"}"#).description == #"doc.json: format: expected "loadmark", got a string of 1024 characters"#)
    let over = try failure(#"{"format":"\#(limit)a"}"#)
    #expect(over.description == "doc.json:1:11: string of more than 1024 bytes; the limit is 1024")
    let key = try failure(#"{"\#(limit)a":1}"#)
    #expect(key.description == "doc.json:1:2: string of more than 1024 bytes; the limit is 1024")
    // Escapes count as written: 513 escaped quotes are 1026 bytes.
    let escapes = try failure(#"["\#(String(repeating: #"\""#, count: 513))"]"#)
    #expect(escapes.description == "doc.json:1:2: string of more than 1024 bytes; the limit is 1024")
  }

  @Test("an object of 1001 members is refused at the 1001st key")
  func members() throws {
    let members = (0..<1001).map { #""k\#($0)":0"# }
    let text = "{" + members.joined(separator: ",") + "}"
    let column = ("{" + members.prefix(1000).joined(separator: ",") + ",").count + 1
    #expect(try failure(text).description == "doc.json:1:\(column): object with more than 1000 members; the limit is 1000")
    let atLimit = "{" + members.prefix(1000).joined(separator: ",") + "}"
    #expect(try failure(atLimit).description == #"doc.json: missing field "format""#)
  }

  @Test("an array of 100001 elements is refused at the 100001st")
  func elements() throws {
    let text = "[" + Array(repeating: "7", count: 100_001).joined(separator: ",") + "]"
    #expect(try failure(text).description == "doc.json:1:200002: array with more than 100000 elements; the limit is 100000")
  }

  @Test("totals: values, strings with keys, arrays and objects in all")
  func totals() throws {
    // Eight arrays of 100000 numbers. The outer array is value 1 and each
    // inner array with its numbers 100001 more, so the 8th inner array is
    // value 700009 and its 99992nd number is value 800001.
    let hundredThousand = "[" + Array(repeating: "0", count: 100_000).joined(separator: ",") + "]"
    let values = "[" + Array(repeating: hundredThousand, count: 8).joined(separator: ",") + "]"
    let column = 1 + 7 * (hundredThousand.count + 1) + 1 + 2 * (99_992 - 1) + 1
    #expect(try failure(values).description == "doc.json:1:\(column): more than 800000 values; the limit is 800000")

    let strings = "[" + Array(repeating: "[" + Array(repeating: #""""#, count: 20_000).joined(separator: ",") + "]", count: 3)
      .joined(separator: ",") + "]"
    #expect(try failure(strings).message == "more than 40000 strings, keys included; the limit is 40000")

    let objects = "[" + Array(repeating: "{}", count: 30_000).joined(separator: ",") + "]"
    #expect(try failure(objects).message == "more than 30000 arrays and objects; the limit is 30000")
    // The outer array and 29999 objects fill the limit; the 30000th object,
    // at column 2 + 3 · 29999, passes it.
    #expect(try failure(objects).location == .position(line: 1, column: 2 + 3 * 29_999))
  }

  @Test("each limit at its edge, with limits of a reader's own")
  func ownLimits() {
    let limits = PreScanTests.small
    #expect(violation(#"[[["abcd"]]]"#, limits) == nil)
    #expect(violation("[[[[]]]]", limits)?.message == "arrays and objects nested more than 3 deep; the limit is 3")
    #expect(violation(#"["abcde"]"#, limits)?.offset == 1)
    #expect(violation(#"{"a":1,"b":2}"#, limits) == nil)
    #expect(violation(#"{"a":1,"b":2,"c":3}"#, limits)?.offset == 13)
    #expect(violation("[1,2,3]", limits) == nil)
    #expect(violation("[1,2,3,4]", limits)?.offset == 7)
    #expect(violation("[[1,2,3],[4,5,6],[7]]", limits) == nil)
    #expect(violation("[[1,2,3],[4,5,6],[7,8]]", limits)?.message == "more than 11 values; the limit is 11")
    #expect(violation(#"[{"a":"b"},{"c":"d"},{"e":"f"},"g"]"#, limits)?.message
      == "more than 6 strings, keys included; the limit is 6")
    #expect(violation("[[[]],[[]]]", limits)?.message == "more than 4 arrays and objects; the limit is 4")
    #expect(violation(String(repeating: " ", count: 1001), limits)?.message == "text of more than 1000 bytes; the limit is 1000")
  }

  @Test("positions agree with Jansson's: lines by \\n, columns in characters")
  func positions() throws {
    let prefix = "[\n  \"é✓\", 12,\n  true, "
    let nul = try failure(prefix + "\u{0}]")
    let jansson = try failure(prefix + "@]")
    #expect(jansson.description == "doc.json:3:9: invalid token near '@'")
    #expect(nul.location == jansson.location)
  }

  @Test("a path of 10000 segments is read, 10001 are refused, over all its subpaths")
  func pathSegments() throws {
    func document(_ counts: [Int]) -> String {
      let subpaths = counts.map { count in
        #"{"move":[0,0],"segments":["# + Array(repeating: #"{"line":[1,2]}"#, count: count).joined(separator: ",") + "]}"
      }
      return #"{"format":"loadmark","version":1,"preset":"p","fps":60,"width":10,"height":10,"layers":[{"id":"p","kind":"path","subpaths":["#
        + subpaths.joined(separator: ",")
        + #"]}],"clips":[{"name":"c","index":"time","frames":1,"duration":0,"loop":false,"tracks":{"p.strokeStart":0,"p.strokeEnd":1,"p.opacity":1}}]}"#
    }
    let read = try DocumentReader.decode(document([10_000]), source: "doc.json")
    guard case .path(let path) = read.layers[0].shape else { throw Unexpected() }
    #expect(path.subpaths[0].segments.count == 10_000)
    #expect(
      try failure(document([10_001])).description
        == "doc.json: layers[0].subpaths[0].segments: 10001 segments; the limit is 10000 per path")
    #expect(
      try failure(document([6_000, 4_001])).description
        == "doc.json: layers[0].subpaths[1].segments: 10001 segments with the subpaths before; the limit is 10000 per path")
    let manySubpaths = try failure(document(Array(repeating: 0, count: 1_001)))
    #expect(manySubpaths.description == "doc.json: layers[0].subpaths: 1001 subpaths; the limit is 1000 per path")
  }

  @Test("at most 1000 layers, counted before any is read")
  func layers() throws {
    let layers = "[" + (0...1000).map { #"{"id":"b\#($0)","kind":"dot","center":[0,0],"radius":1}"# }.joined(separator: ",") + "]"
    let text = #"{"format":"loadmark","version":1,"preset":"p","fps":60,"width":10,"height":10,"layers":"# + layers + #","clips":[]}"#
    #expect(try failure(text).description == "doc.json: layers: 1001 layers; the limit is 1000")
  }

  struct Unexpected: Error {}
}
