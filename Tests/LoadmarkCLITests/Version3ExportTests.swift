import Foundation
import LoadmarkCore
import Testing

@testable import loadmark

/// `loadmark export` of version 3 documents in the raster formats: drawn,
/// and a clip with periodic tracks played to its finite loop length, the
/// frames counting on past the clip's own (docs/FORMAT.md, "Reading a
/// track at a frame"). Every count and colour below is worked out by hand.
struct Version3ExportTests {
  /// Tests/Fixtures/valid/base-v3.json at `fps` frames per second.
  static func fixture(fps: Int) throws -> String {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/valid/base-v3.json")
    return try String(contentsOf: fixture, encoding: .utf8).replacingOccurrences(of: #""fps": 60"#, with: #""fps": \#(fps)"#)
  }

  /// A red dot of radius 4 at (5, 5) on 30 × 10 points at 50 fps, in a loop
  /// of `frames` frames whose opacity alternates 1, 0.5 and whose `tx` is
  /// periodic with `period` values 0, 10, 20, …: frame n shows the dot in
  /// the cell (n mod period) · 10 points across, at opacity 1 for even n.
  static func stepping(frames: Int = 2, period: Int = 3, width: Int = 30) -> String {
    let opacity = (0..<frames).map { $0 % 2 == 0 ? "1" : "0.5" }.joined(separator: ",")
    let tx = (0..<period).map { String($0 * 10) }.joined(separator: ",")
    return #"{"format":"loadmark","version":3,"preset":"step","fps":50,"width":\#(width),"height":10,"#
      + ##""layers":[{"id":"d","kind":"dot","center":[5,5],"radius":4,"fill":"#ff0000"}],"##
      + #""clips":[{"name":"move","index":"time","frames":\#(frames),"duration":\#(Double(frames) / 50),"loop":true,"#
      + #""tracks":{"d.scale":1,"d.opacity":[\#(opacity)],"d.tx":{"period":\#(period),"values":[\#(tx)]}}}]}"#
  }

  @Test(arguments: ["png", "sprite", "gif", "webp"])
  func aVersion3DocumentIsDrawnByEveryRasterFormat(format: String) throws {
    let sandbox = try Sandbox()
    // At 50 fps, so that GIF's frame rate is no reason to refuse it; a PNG is one frame.
    try sandbox.write(try Version3ExportTests.fixture(fps: 50), to: "grid.json")
    let frame = format == "png" ? ["--frame", "0"] : []
    let result = try sandbox.run(["export", "grid.json", "--format", format, "-o", "out/"] + frame)
    #expect(result.status == 0, "\(result.standardError)")
    let ending = format == "sprite" ? [".sprite.json", ".sprite.png"] : [".\(format)"]
    #expect(try sandbox.listing("out") == ["grid-spin", "grid-still"].flatMap { clip in ending.map { clip + $0 } })
    guard format == "sprite" else { return }
    // spin's 4 frames and its periodic tracks of 3 and 5: lcm(4, 3, 5) = 60
    // frames of 40 points, 2400 pixels wide; 60 / 50 fps = 1.2 s.
    #expect(try sandbox.text("out/grid-spin.sprite.json")
      == #"{"image":"grid-spin.sprite.png","frameWidth":40,"frameHeight":40,"frames":60,"columns":60,"fps":50,"duration":1.2,"loop":true}"# + "\n")
    #expect(Array(try sandbox.data("out/grid-spin.sprite.png")[16..<24]) == [0, 0, 0x09, 0x60, 0, 0, 0, 40])
    // The still has no periodic track: its own one frame.
    #expect(try sandbox.text("out/grid-still.sprite.json").contains(#""frames":1,"columns":1,"#))
  }

  @Test func eachFiniteFormatsFrameLimitComesFromItsBudgets() {
    // 40 × 40 = 1600 pixels a frame: 2^25 / 1600 = 20971.52 frames of the
    // GIF's and the sprite sheet's pixel budgets; 32767 / 40 = 819.2 frames
    // side by side; WebP's 5000 frames.
    #expect(ExportCommand.frameLimit(.gif, size: (40, 40)) == 20971)
    #expect(ExportCommand.frameLimit(.webp, size: (40, 40)) == 5000)
    #expect(ExportCommand.frameLimit(.sprite, size: (40, 40)) == 819)
    // 4096 × 4096 = 2^24: two frames of 2^25; 32767 / 4096 = 7.99 side by side.
    #expect(ExportCommand.frameLimit(.gif, size: (4096, 4096)) == 2)
    #expect(ExportCommand.frameLimit(.webp, size: (4096, 4096)) == 2)
    #expect(ExportCommand.frameLimit(.sprite, size: (4096, 4096)) == 2)
    #expect(ExportCommand.frameLimit(.sprite, size: (8000, 1)) == 4)
    // A still or a format that keeps the clip's own timing has none.
    for format in [ExportFormat.png, .svg, .lottie, .json] {
      #expect(ExportCommand.frameLimit(format, size: (40, 40)) == nil)
    }
  }

  @Test func aGIFShowsAPeriodicTracksValueNModuloItsPeriodAtFrameN() throws {
    let sandbox = try Sandbox()
    try sandbox.write(Version3ExportTests.stepping(), to: "step.json")
    let result = try sandbox.run("export", "step.json", "--format", "gif", "-o", "step.gif")
    #expect(result.status == 0, "\(result.standardError)")
    let gif = try DecodedGIF(path: sandbox.path("step.gif"))
    #expect(gif.width == 30 && gif.height == 10)
    // lcm(2, 3) = 6 frames of 2 cs before the loop repeats.
    #expect(gif.duration == 12)
    for n in 0..<6 {
      let pixels = try #require(gif.frame(n, centisecondsPerFrame: 2))
      // The dot's centre in each of the three cells; white (GIF's default
      // background for red) where the dot is not. Half opacity over white:
      // 255 · 0.5 = 127.5 of green and blue.
      for cell in 0..<3 {
        let shown = pixels[5 * 30 + 5 + cell * 10]
        if cell == n % 3 {
          if n % 2 == 0 {
            #expect(shown == 0xff0000, "frame \(n) cell \(cell)")
          } else {
            #expect(shown == 0xff7f7f || shown == 0xff8080, "frame \(n) cell \(cell): \(String(shown, radix: 16))")
          }
        } else {
          #expect(shown == 0xffffff, "frame \(n) cell \(cell)")
        }
      }
    }
    // Perturbed: frame 2 counts on (cell 2); wrapped at the clip's 2 frames
    // it would show frame 0's cell 0.
    let frame2 = try #require(gif.frame(2, centisecondsPerFrame: 2))
    #expect(frame2[5 * 30 + 5] != 0xff0000)
    #expect(gif.frame(6, centisecondsPerFrame: 2) == nil)
  }

  @Test func aStillAtATimeCountsOnPastTheClipsOwnFrames() throws {
    let sandbox = try Sandbox()
    try sandbox.write(Version3ExportTests.stepping(), to: "step.json")
    // 0.04 s and 0.16 s at 50 fps are frames 2 and 8: the same cell (2 and
    // 8 mod 3 are 2) and the same opacity (both even), so the same picture;
    // 0 s is frame 0, cell 0. Wrapped at the clip's 2 frames, frame 2 would
    // be frame 0.
    var pngs: [Data] = []
    for time in ["0", "0.04", "0.16"] {
      let result = try sandbox.run("export", "step.json", "--format", "png", "--time", time, "-o", "-")
      #expect(result.status == 0, "\(result.standardError)")
      pngs.append(result.standardOutput)
    }
    #expect(pngs[1] == pngs[2])
    #expect(pngs[1] != pngs[0])
  }

  @Test func aWebPPlaysTheLeastCommonMultipleOfItsPeriods() throws {
    let sandbox = try Sandbox()
    try sandbox.write(Version3ExportTests.stepping(), to: "step.json")
    #expect(try sandbox.run("export", "step.json", "--format", "webp", "-o", "step.webp").status == 0)
    let bytes = [UInt8](try sandbox.data("step.webp"))
    // RIFF chunks after "RIFF", its size and "WEBP": an ANMF per frame,
    // its duration the 3 bytes at 12 of its payload. Six frames differ
    // each from the one before, so none is merged: 6 of 20 ms.
    var durations: [Int] = []
    var i = 12
    while i + 8 <= bytes.count {
      let size = Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]) << 16 | Int(bytes[i + 7]) << 24
      if String(decoding: bytes[i..<(i + 4)], as: UTF8.self) == "ANMF" {
        durations.append(Int(bytes[i + 20]) | Int(bytes[i + 21]) << 8 | Int(bytes[i + 22]) << 16)
      }
      i += 8 + size + size % 2
    }
    #expect(durations == [20, 20, 20, 20, 20, 20])
  }

  @Test func aSpriteSheetPastItsFrameLimitHasASeamAtAWholeNumberOfTheClipsFrames() throws {
    let sandbox = try Sandbox()
    // A period of 1000 frames and the clip's 2: lcm 1000, past the 819
    // frames of 40 pixels a sheet holds (32767 / 40), so 819 rounded down
    // to a whole number of 2 frames: 818, 32720 pixels wide.
    var text = Version3ExportTests.stepping(period: 1000, width: 40)
    text = text.replacingOccurrences(of: #""height":10"#, with: #""height":40"#)
    try sandbox.write(text, to: "step.json")
    let result = try sandbox.run("export", "step.json", "--format", "sprite", "-o", "sheet.png")
    #expect(result.status == 0, "\(result.standardError)")
    #expect(try sandbox.text("sheet.json").contains(#""frames":818,"columns":818,"fps":50,"duration":16.36,"loop":true}"#))
    // 32720 = 0x7fd0.
    #expect(Array(try sandbox.data("sheet.png")[16..<24]) == [0, 0, 0x7f, 0xd0, 0, 0, 0, 40])
  }
}
