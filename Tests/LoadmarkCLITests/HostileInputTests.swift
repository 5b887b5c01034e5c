import Foundation
import Testing

/// Files made to cost memory or to slip past the reader get exit 65 and a
/// message with their line and column from `validate`, `info` and `html`,
/// before Jansson builds anything. Peak memory itself is measured by
/// tools/bench/memory, not here.
struct HostileInputTests {
  /// A hostile file and the message every reading command must give for it.
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var make: @Sendable () -> [UInt8]
    var message: String
    var testDescription: String { name }
  }

  static let sixteenMiB = 16 * 1024 * 1024

  static let cases: [Case] = [
    Case(
      name: "16 MiB of [{},{},…]",
      make: {
        var bytes = Array("[{}".utf8)
        bytes.reserveCapacity(sixteenMiB)
        while bytes.count + 4 <= sixteenMiB { bytes += Array(",{}".utf8) }
        return bytes + Array("]".utf8)
      },
      // The outer array and 29999 objects fill the 30000 allowed.
      message: "hostile.json:1:89999: more than 30000 arrays and objects; the limit is 30000"),
    Case(
      name: "16 MiB of arrays nested 1000 deep",
      make: {
        let unit = Array(repeating: UInt8(ascii: "["), count: 1000) + Array(repeating: UInt8(ascii: "]"), count: 1000)
        var bytes = Array("[".utf8) + unit
        while bytes.count + unit.count + 2 <= sixteenMiB { bytes += Array(",".utf8) + unit }
        return bytes + Array("]".utf8)
      },
      message: "hostile.json:1:17: arrays and objects nested more than 16 deep; the limit is 16"),
    Case(
      name: "a 15 MB document with one path of 1,000,000 segments",
      make: {
        let head = #"{"format":"loadmark","version":1,"preset":"p","fps":60,"width":10,"height":10,"#
          + #""layers":[{"id":"p","kind":"path","subpaths":[{"move":[0,0],"segments":["#
        let tail = ##"]}],"stroke":"#ff0000"}],"clips":[{"name":"c","index":"time","frames":1,"duration":0,"##
          + #""loop":false,"tracks":{"p.strokeStart":0,"p.strokeEnd":1,"p.opacity":1}}]}"#
        let segments = Array(repeating: #"{"line":[1,2]}"#, count: 1_000_000).joined(separator: ",")
        return Array((head + segments + tail).utf8)
      },
      // Root, layers, layer, subpaths, subpath, move and segments are 7
      // containers, then two a segment: the array of the 14997th segment is
      // the 30001st. The segments start after 150 characters, 15 each, and
      // the array is the 9th character of `{"line":[1,2]}`:
      // 150 + 15 · 14996 + 9.
      message: "hostile.json:1:225099: more than 30000 arrays and objects; the limit is 30000"),
    Case(
      name: "a NUL byte after a number, which Jansson 2.14 accepts",
      make: {
        // Without the NUL, a valid document; Jansson read it as one.
        let text = #"{"format":"loadmark","version":1,"preset":"p","fps":60"#
        let rest = #","width":10,"height":10,"layers":[{"id":"box","kind":"roundedRect","rect":[0,0,10,10],"#
          + #""cornerRadius":0}],"clips":[{"name":"c","index":"time","frames":1,"duration":0,"loop":false,"#
          + #""tracks":{"box.opacity":1}}]}"#
        return Array(text.utf8) + [0] + Array(rest.utf8)
      },
      message: "hostile.json:1:55: NUL byte; JSON text cannot contain one"),
  ]

  @Test(arguments: cases)
  func refusedWithAPositionedMessage(_ hostile: Case) throws {
    let sandbox = try Sandbox()
    try Data(hostile.make()).write(to: sandbox.url.appendingPathComponent("hostile.json"))
    for arguments in [["validate", "hostile.json"], ["info", "hostile.json"], ["html", "hostile.json", "-o", "page.html"]] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 65, "\(arguments[0])")
      #expect(result.standardError == "loadmark \(arguments[0]): \(hostile.message)\n", "\(arguments[0])")
      #expect(result.standardOutput.isEmpty)
    }
    #expect(try sandbox.listing() == ["hostile.json"])
  }

  /// A valid scene whose clip lasts too long for any document: refused
  /// from the frame count before a frame is sampled (1e300 s used to crash
  /// converting the count to an Int, 100000 s to sample for a minute).
  @Test(arguments: [("1e300", "6e+301"), ("100000", "6000001")])
  func aSceneTooLongForADocumentIsRefusedBeforeSampling(_ duration: String, _ frames: String) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("new", "ring.scene.json").status == 0)
    let starter = try sandbox.text("ring.scene.json")
    // The one-shot variant of the starter's spin clip: a clip of its own.
    let long = starter.replacingOccurrences(
      of: #""name": "spin","#, with: #""name": "spin", "comment": "long","#)
      .replacingOccurrences(of: #""duration": 1,\#n      "loop": true,"#, with: #""duration": \#(duration),\#n      "loop": false,"#)
    #expect(long != starter)
    try sandbox.write(long, to: "long.scene.json")
    // The scene's own duration is at fault, not an option: exit 65 with
    // the clip's path, and `validate` says the same.
    let result = try sandbox.run("export", "long.scene.json", "-o", "long.json")
    #expect(result.status == 65)
    #expect(result.standardError == "loadmark export: long.scene.json: clips[0]: clip spin would have \(frames) frames, more than the 100000 a document may hold\n")
    let validated = try sandbox.run("validate", "long.scene.json")
    #expect(validated.status == 65)
    #expect(validated.standardError == "loadmark validate: long.scene.json: clips[0]: clip spin would have \(frames) frames, more than the 100000 a document may hold\n")
    // With an option that adds frames, the option is named (exit 64).
    let faster = try sandbox.run("export", "long.scene.json", "--fps", "120", "-o", "long.json")
    #expect(faster.status == 64)
    #expect(faster.standardError.hasPrefix("loadmark export: with --fps, ring clips[0]: clip spin would have "))
    #expect(try sandbox.listing() == ["long.scene.json", "ring.scene.json"])
  }
}
