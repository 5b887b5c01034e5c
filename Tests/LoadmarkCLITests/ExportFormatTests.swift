import Foundation
import LoadmarkCore
import LoadmarkExport
import LoadmarkJSON
import Testing

@testable import loadmark

/// `loadmark export --format`: the files each format writes, where, and
/// the refusals, with nothing written on any failure.
struct ExportFormatTests {
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

  @Test(arguments: [
    ("svg", [".svg"]), ("gif", [".gif"]), ("webp", [".webp"]), ("sprite", [".sprite.png", ".sprite.json"]),
  ])
  func allPresetsWriteAFilePerClip(format: String, endings: [String]) throws {
    let sandbox = try Sandbox()
    let export = try sandbox.run("export", "--all", "--format", format, "-o", "out/")
    #expect(export.status == 0, "\(export.standardError)")
    var expected: [String] = []
    for name in Indicator.builtInNames {
      for clip in Indicator.named(name)!.clips {
        expected += endings.map { "\(name)-\(clip.name)\($0)" }
      }
    }
    #expect(try sandbox.listing("out") == expected.sorted())
    #expect(export.standardError.split(separator: "\n").count == expected.count)
  }

  @Test func lottieIsOneFilePerPreset() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "--all", "--format", "lottie", "-o", "out/").status == 0)
    #expect(try sandbox.listing("out") == Indicator.builtInNames.map { $0 + ".lottie.json" }.sorted())
    let text = try sandbox.text("out/progress.lottie.json")
    // The CLI's default canvas is auto (`Rule.contentCanvas`); the writer's
    // text, ended as a text file is.
    let progress = Indicator.named("progress", options: IndicatorOptions(canvas: .auto))!
    #expect(text == LottieWriter.encode(progress.frames().rounded(to: .compact)) + "\n")
  }

  @Test func theSVGIsTheWritersAnimationOfTheCompactDocument() throws {
    let sandbox = try Sandbox()
    let export = try sandbox.run("export", "success", "--format", "svg")
    #expect(export.status == 0)
    let document = Indicator.named("success")!.frames().rounded(to: .compact)
    #expect(export.output == SVGWriter.animated(document, clip: document.clips[0]))
  }

  @Test func aStillByFrameTimeOrProgressIsTheSameFrame() throws {
    let sandbox = try Sandbox()
    // Frame 30 is at 0.5 s, and 30 of 90 frames in.
    let byFrame = try sandbox.run("export", "success", "--format", "png", "--frame", "30", "-o", "-")
    let byTime = try sandbox.run("export", "success", "--format", "png", "--time", "0.5", "-o", "-")
    let byProgress = try sandbox.run("export", "success", "--format", "png", "--progress", "0.3333", "-o", "-")
    #expect(byFrame.status == 0 && byTime.status == 0 && byProgress.status == 0)
    #expect(Array(byFrame.standardOutput.prefix(8)) == ExportFormatTests.pngSignature)
    #expect(byTime.standardOutput == byFrame.standardOutput)
    #expect(byProgress.standardOutput == byFrame.standardOutput)
    let other = try sandbox.run("export", "success", "--format", "png", "--frame", "31", "-o", "-")
    #expect(other.standardOutput != byFrame.standardOutput)
  }

  /// On a progress clip, --progress is the host's progress, as the player's
  /// `progress` attribute: the refresh pull spans 0 to 2 in 201 frames and
  /// repeats from 1, so 0.5 is frame 50, 1.5 frame 150, and 2.5 frame 150
  /// again (1 + (2.5 − 1) mod 1 = 1.5).
  @Test func aProgressClipsStillIsTheFrameThePlayerShowsAtThatProgress() throws {
    let sandbox = try Sandbox()
    func still(_ choice: String, _ value: String) throws -> Data {
      let result = try sandbox.run("export", "refresh", "--clip", "pull", "--format", "svg", choice, value, "-o", "-")
      #expect(result.status == 0, "\(choice) \(value): \(result.standardError)")
      return result.standardOutput
    }
    #expect(try still("--progress", "0.5") == (try still("--frame", "50")))
    #expect(try still("--progress", "1.5") == (try still("--frame", "150")))
    #expect(try still("--progress", "2.5") == (try still("--frame", "150")))
    #expect(try still("--progress", "0.5") != (try still("--frame", "100")))
  }

  @Test func pixelsFollowTheScale() throws {
    let sandbox = try Sandbox()
    let png = try sandbox.run("export", "dots", "--format", "png", "--frame", "0", "--scale", "2", "-o", "-")
    // IHDR: 120 × 40 points at scale 2.
    #expect(Array(png.standardOutput[16..<24]) == [0, 0, 0, 240, 0, 0, 0, 80])
  }

  @Test func aSpriteSheetHasItsSidecar() throws {
    let sandbox = try Sandbox()
    let export = try sandbox.run("export", "refresh", "--format", "sprite", "--clip", "spin", "-o", "spin.png")
    #expect(export.status == 0, "\(export.standardError)")
    #expect(try sandbox.listing() == ["spin.json", "spin.png"])
    #expect(try sandbox.text("spin.json") == #"{"image":"spin.png","frameWidth":51,"frameHeight":51,"frames":48,"columns":48,"fps":60,"duration":0.8,"loop":true}"# + "\n")
    #expect(Array(try sandbox.data("spin.png")[16..<24]) == [0, 0, 0x09, 0x90, 0, 0, 0, 51])
  }

  @Test func aGIFDefaultsTo50FramesPerSecond() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "success", "--format", "gif", "-o", "a.gif").status == 0)
    let bytes = [UInt8](try sandbox.data("a.gif"))
    #expect(String(decoding: bytes.prefix(6), as: UTF8.self) == "GIF89a")
    // 1.5 s at 50 fps: 76 frames of 2 cs, the last one too; frames that repeat merge.
    var delays = 0
    for i in 0..<(bytes.count - 5) where bytes[i] == 0x21 && bytes[i + 1] == 0xf9 && bytes[i + 2] == 4 {
      delays += Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8
    }
    #expect(delays == 152)
  }

  @Test func documentFilesExportLikePresets() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "dots", "-o", "dots.json").status == 0)
    let fromFile = try sandbox.run("export", "dots.json", "--format", "svg", "-o", "-")
    let fromPreset = try sandbox.run("export", "dots", "--format", "svg", "-o", "-")
    #expect(fromFile.status == 0)
    #expect(fromFile.standardOutput == fromPreset.standardOutput)
    let themed = try sandbox.run("export", "dots.json", "--format", "svg", "--color", "#0a84ff", "-o", "-")
    #expect(themed.output.contains(##"fill="#0a84ff""##))
  }

  /// A command line the export refuses, and its exact message.
  struct Refusal: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var status: Int32 = 64
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let refusals: [Refusal] = [
    Refusal(arguments: ["export", "success", "--format", "bmp"],
            message: "loadmark export: --format expects one of json, svg, png, sprite, gif, webp, lottie, got \"bmp\""),
    Refusal(arguments: ["export", "success", "--format", "png", "-o", "out/"],
            message: "loadmark export: --format png writes one frame: choose it with --frame N, --time S or --progress P (--format sprite writes every frame of a clip)"),
    Refusal(arguments: ["export", "success", "--format", "gif", "--fps", "60", "-o", "out/"],
            message: "loadmark export: --format gif plays at most 50 frames per second (GIF frame delays are whole centiseconds and browsers show delays under 2 cs as 10 cs); got --fps 60"),
    Refusal(arguments: ["export", "success", "--format", "webp", "--fps", "120", "-o", "out/"],
            message: "loadmark export: --format webp plays at most 90 frames per second (WebP frame durations are whole milliseconds and browsers show 10 ms or less as 100 ms); got --fps 120"),
    Refusal(arguments: ["export", "success", "--format", "gif", "--frame", "3", "-o", "out/"],
            message: "loadmark export: --frame 3 chooses a still; it applies to --format png and svg, not gif"),
    Refusal(arguments: ["export", "success", "--format", "png", "--frame", "91", "-o", "out/"],
            message: "loadmark export: --frame 91 is past the end of success clip main (frames 0 to 90)"),
    Refusal(arguments: ["export", "success", "--format", "png", "--frame", "1", "--time", "1", "-o", "out/"],
            message: "loadmark export: --frame, --time and --progress each choose the frame; give one of them"),
    Refusal(arguments: ["export", "success", "--format", "svg", "--clip", "spin", "-o", "out/"],
            message: "loadmark export: success has no clip \"spin\"; its clips: main"),
    Refusal(arguments: ["export", "progress", "--format", "svg", "-o", "progress.svg"],
            message: "loadmark export: --format svg writes 3 files (progress-demo.svg, progress-progress.svg, progress-done.svg); give -o DIR, or choose one clip with --clip"),
    Refusal(arguments: ["export", "refresh", "--format", "sprite", "--clip", "spin"],
            message: "loadmark export: --format sprite writes a PNG and its JSON sidecar; give -o FILE.png or -o DIR"),
    Refusal(arguments: ["export", "success", "--background", "#fff", "-o", "out/"],
            message: "loadmark export: --background applies to svg, png, sprite, gif and webp, not json"),
    Refusal(arguments: ["export", "success", "--format", "lottie", "--clip", "main", "-o", "out/"],
            message: "loadmark export: --clip applies to formats written per clip (svg, png, sprite, gif, webp), not lottie"),
    Refusal(arguments: ["export", "success", "--format", "gif", "--scale", "100", "-o", "out/"],
            message: "loadmark export: success would need 1900000000 pixels of frames in memory (5000 × 5000 pixels × 76 frames), more than 33554432 for --format gif; lower --scale"),
    Refusal(arguments: ["export", "--all", "--format", "png", "--frame", "0", "--size", "10000x10000", "-o", "out/"],
            message: "loadmark export: success is 10000 × 10000 pixels, more than the 16777216 a PNG may have; lower --size"),
    Refusal(arguments: ["export", "refresh", "--format", "png", "--frame", "0", "--size", "3000x3000", "-o", "out/"],
            message: "loadmark export: refresh layers[0].shadow (radius 294.12, offset 176.47, 176.47) on 3000 × 3000 pixels needs a shadow mask of 26234884 pixels, more than 16777216; lower --size"),
    Refusal(arguments: ["export", "progress", "--format", "sprite", "--clip", "progress", "--progress-samples", "2", "--size", "5792x5792", "-o", "out/"],
            message: "loadmark export: progress would need 67094528 pixels of frames in memory (5792 × 5792 pixels × 2 frames), more than 33554432 for --format sprite; lower --size or --progress-samples"),
    Refusal(arguments: ["export", "refresh", "--format", "webp", "--clip", "pull", "--progress-samples", "6000", "-o", "out/"],
            message: "loadmark export: refresh clip pull has 11999 frames, more than the 5000 a WebP may hold; lower --progress-samples"),
  ]

  @Test(arguments: refusals)
  func refusedBeforeAnythingIsWritten(_ refusal: Refusal) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(refusal.arguments)
    #expect(result.status == refusal.status)
    #expect(result.standardError == refusal.message + "\n")
    #expect(result.standardOutput.isEmpty)
    #expect(try sandbox.listing() == [])
  }

  /// A document file past a budget with no option to blame: bad data
  /// (65), naming the document's fields, never an option, and not the I/O
  /// error (74) that cairo's refusal of the size once was.
  @Test func aDocumentPastABudgetIsBadDataNamingItsFields() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "dots", "--size", "5000x5000", "-o", "big.json").status == 0)
    let png = try sandbox.run("export", "big.json", "--format", "png", "--frame", "0", "-o", "out/")
    #expect(png.status == 65)
    #expect(png.standardError == "loadmark export: big is 5000 × 5000 pixels, more than the 16777216 a PNG may have: the document's width, height\n")
    #expect(try sandbox.run("export", "refresh", "-o", "refresh.json").status == 0)
    let text = try sandbox.text("refresh.json").replacingOccurrences(of: "\"radius\":5", with: "\"radius\":1000")
    try sandbox.write(text, to: "shadow.json")
    let shadow = try sandbox.run("export", "shadow.json", "--format", "png", "--clip", "spin", "--frame", "0", "-o", "out/")
    #expect(shadow.status == 65)
    #expect(shadow.standardError == "loadmark export: shadow layers[0].shadow (radius 1000, offset 3, 3) on 51 × 51 pixels needs a shadow mask of 36735721 pixels, more than 16777216: the document's layers[0].shadow.radius, layers[0].shadow.offset, width, height\n")
    #expect(try sandbox.listing() == ["big.json", "refresh.json", "shadow.json"])
  }

  /// Layers that share an outline share one blurred mask, so 100 copies of
  /// the refresh background (as in the finding, which had 990), each with a
  /// radius-100 shadow on 1000 × 1000, blur once; 100 different outlines
  /// would blur 100 masks of 1610 × 1610 pixels, past
  /// ShadowLimits.blurredPixels, and are refused before drawing.
  @Test func manyShadowsAreBlurredOnceOrRefused() throws {
    let sandbox = try Sandbox()
    func layers(_ count: Int, distinct: Bool) -> String {
      (0..<count).map { index in
        let x = distinct ? 8 + Double(index) / 100 : 8
        return ##"{"id":"bg\##(index)","kind":"roundedRect","rect":[\##(x),8,35,35],"cornerRadius":17.5,"fill":"#ffffff","shadow":{"color":"#000000","opacity":0.1,"offset":[3,3],"radius":100}}"##
      }.joined(separator: ",")
    }
    func document(_ count: Int, distinct: Bool) -> String {
      let tracks = (0..<count).map { #""bg\#($0).opacity":1"# }.joined(separator: ",")
      return #"{"format":"loadmark","version":2,"preset":"many","fps":60,"width":1000,"height":1000,"layers":[\#(layers(count, distinct: distinct))],"clips":[{"name":"still","index":"time","frames":1,"duration":0,"loop":false,"tracks":{\#(tracks)}}]}"#
    }
    try sandbox.write(document(100, distinct: false), to: "same.json")
    try sandbox.write(document(100, distinct: true), to: "distinct.json")
    let same = try sandbox.run("export", "same.json", "--format", "png", "--frame", "0", "-o", "same.png")
    #expect(same.status == 0, "\(same.standardError)")
    let distinct = try sandbox.run("export", "distinct.json", "--format", "png", "--frame", "0", "-o", "distinct.png")
    #expect(distinct.status == 65)
    #expect(distinct.standardError.hasPrefix("loadmark export: distinct would blur "))
    #expect(distinct.standardError.hasSuffix("pixels of shadow masks (100 layers with a shadow on 1000 × 1000 pixels), more than 33554432: the document's layers[0].shadow, layers[1].shadow, layers[2].shadow, …\n"))
  }

  @Test func aDocumentAbove50FramesPerSecondIsRefusedForGIF() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "success", "-o", "success.json").status == 0)
    let result = try sandbox.run("export", "success.json", "--format", "gif", "-o", "out/")
    #expect(result.status == 64)
    #expect(result.standardError == "loadmark export: success is sampled at 60 fps; --format gif plays at most 50 (export the document again with --fps 50)\n")
    #expect(try sandbox.listing() == ["success.json"])
  }

  /// The SVG export draws version 3: the fixture's still of frame 1 has
  /// the ring's matrix at that frame (a quarter turn, 0 1 −1 0, moved to
  /// (20, 20.25)), the dot's constant mirror and the polygon's first vertex
  /// at y 11; the animation plays the dot's periodic tracks on their own
  /// periods, 3 and 5 frames at 60 fps.
  @Test func aVersion3DocumentIsDrawnAsSVG() throws {
    let sandbox = try Sandbox()
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/valid/base-v3.json")
    try sandbox.write(try String(contentsOf: fixture, encoding: .utf8), to: "grid.json")
    let still = try sandbox.run("export", "grid.json", "--format", "svg", "--clip", "spin", "--frame", "1", "-o", "frame1.svg")
    #expect(still.status == 0)
    let text = try sandbox.text("frame1.svg")
    #expect(text.contains(#"<g transform="matrix(0 1 -1 0 20 20.25)"><circle cx="0" cy="0" r="17""#))
    #expect(text.contains(#"<g transform="matrix(0.5 0 0 -0.5 0 0)"><circle cx="20" cy="20""#))
    #expect(text.contains(##"<path d="M10 11L30 10L20 30Z" fill="#ffffff"/>"##))
    let animated = try sandbox.run("export", "grid.json", "--format", "svg", "--clip", "spin", "-o", "spin.svg")
    #expect(animated.status == 0)
    #expect(try sandbox.text("spin.svg").contains("animation-duration:0.05s,0.0833s"))
    #expect(try sandbox.listing() == ["frame1.svg", "grid.json", "spin.svg"])
    // 0.1 s in at 60 fps is frame 6 of the play, past the clip's 4 frames:
    // the ring reads frame 6 mod 4 = 2 (a half turn, moved to (20, 20.5)),
    // the dot its periodic tracks' 6 mod 3 = 0 (scale 1, r 2) and 6 mod 5
    // = 1 (opacity 0.8). Wrapped at the clip's frames, it would show frame 2,
    // whose dot has r 0.5 and opacity 0.6.
    let later = try sandbox.run("export", "grid.json", "--format", "svg", "--clip", "spin", "--time", "0.1", "-o", "-")
    #expect(later.status == 0)
    #expect(later.output.contains(#"<g transform="matrix(-1 0 0 -1 20 20.5)">"#))
    #expect(later.output.contains(##"<circle cx="20" cy="20" fill="#ff0000" fill-opacity="0.8" r="2" opacity="0.8"/>"##))
    let frame6 = try sandbox.run("export", "grid.json", "--format", "svg", "--clip", "spin", "--frame", "6", "-o", "-")
    #expect(frame6.output == later.output)
  }

  /// The Lottie export draws version 3: the fixture's spin clip, whose
  /// periodic tracks have periods 3 and 5 against its 4 frames, plays
  /// lcm(4, 3, 5) = 60 frames; its polygon is a closed path; its ring turns.
  @Test func aVersion3DocumentIsDrawnAsLottie() throws {
    let sandbox = try Sandbox()
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/valid/base-v3.json")
    try sandbox.write(try String(contentsOf: fixture, encoding: .utf8), to: "grid.json")
    let result = try sandbox.run("export", "grid.json", "--format", "lottie", "-o", "out/")
    #expect(result.status == 0, "\(result.standardError)")
    let text = try sandbox.text("out/grid.lottie.json")
    let lottie = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let markers = (lottie["markers"] as! [[String: Any]]).map { ($0["cm"] as! String, $0["tm"] as! Int, $0["dr"] as! Int) }
    #expect(markers.map(\.0) == ["spin", "still"])
    #expect(markers.map(\.1) == [0, 60])
    #expect(markers.map(\.2) == [60, 1])
    #expect(lottie["op"] as? Int == 61)
    let layers = lottie["layers"] as! [[String: Any]]
    let face = try #require(layers.first { $0["nm"] as? String == "face" })
    // Fill and stroke: two groups, each with the closed path first.
    let group = try #require((face["shapes"] as? [[String: Any]])?.first)
    let path = try #require((group["it"] as? [[String: Any]])?.first)
    #expect(path["ty"] as? String == "sh")
    let first = try #require(((path["ks"] as? [String: Any])?["k"] as? [[String: Any]])?.first)
    let shape = try #require((first["s"] as? [[String: Any]])?.first)
    #expect(shape["c"] as? Bool == true)
    #expect(shape["v"] as? [[Double]] == [[10, 10], [30, 10], [20, 30]])
    let ring = try #require(layers.first { $0["nm"] as? String == "ring" })
    #expect(((ring["ks"] as? [String: Any])?["r"] as? [String: Any])?["a"] as? Int == 1)
  }

  @Test func anInvalidDocumentIsBadDataAndAMissingOneAnIOError() throws {
    let sandbox = try Sandbox()
    try sandbox.write("{\"format\":\"loadmark\",\"version\":1}", to: "bad.json")
    let bad = try sandbox.run("export", "bad.json", "--format", "svg", "-o", "out/")
    #expect(bad.status == 65)
    #expect(bad.standardError == "loadmark export: bad.json: missing field \"preset\"\n")
    let missing = try sandbox.run("export", "missing.json", "--format", "svg", "-o", "out/")
    #expect(missing.status == 74)
    #expect(try sandbox.listing() == ["bad.json"])
  }

  @Test func aFailedRenameLeavesNoPartialFile() throws {
    // A directory where the second file goes: the first is renamed, the
    // others are removed, and no temporary file stays.
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path("out/error-main.gif"), withIntermediateDirectories: true)
    let export = try sandbox.run("export", "--all", "--format", "gif", "-o", "out/")
    #expect(export.status == 74)
    #expect(export.standardError.hasSuffix("out/error-main.gif: rename: Is a directory\n"))
    #expect(try sandbox.listing("out") == ["error-main.gif", "success-main.gif"])
  }
}
