import Foundation
import LoadmarkCore
import Testing

@testable import LoadmarkRaster

/// The encoders' files, read back byte by byte where the formats are
/// simple enough (PNG's header, GIF's blocks, WebP's chunks). Their pixels
/// are decoded by Pillow in tools/pixels/check.py.
struct EncoderTests {
  /// Two 4 × 2 frames: red, then its left half blue.
  static var frames: [RasterImage] {
    let red = RasterImage(width: 4, height: 2, pixels: [UInt32](repeating: 0xffff_0000, count: 8))
    var half = red
    for y in 0..<2 { for x in 0..<2 { half.pixels[y * 4 + x] = 0xff00_00ff } }
    return [red, half]
  }

  @Test func pngHasItsSignatureAndSize() throws {
    let bytes = try PNGEncoder.encode(EncoderTests.frames[0])
    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    // IHDR: width and height, big-endian, after the chunk's length and type.
    #expect(Array(bytes[16..<24]) == [0, 0, 0, 4, 0, 0, 0, 2])
  }

  @Test func aSpriteSheetPutsFramesSideBySide() throws {
    let bytes = try SpriteSheet.png(EncoderTests.frames + EncoderTests.frames)
    #expect(Array(bytes[16..<24]) == [0, 0, 0, 16, 0, 0, 0, 2])
  }

  /// The GIF's blocks: screen size, whether it loops, and each frame's delay
  /// and rectangle.
  struct GIFBlocks {
    var width = 0
    var height = 0
    var loops = false
    var frames: [(delay: Int, x: Int, y: Int, width: Int, height: Int)] = []
    /// Each frame's disposal method and transparent index (nil for none).
    var controls: [(disposal: Int, transparent: Int?)] = []

    init(_ bytes: [UInt8]) {
      func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
      width = u16(6)
      height = u16(8)
      var i = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0)
      var delay = 0
      func skipSubBlocks() { while bytes[i] != 0 { i += Int(bytes[i]) + 1 }; i += 1 }
      while i < bytes.count && bytes[i] != 0x3b {
        if bytes[i] == 0x21 {
          if bytes[i + 1] == 0xf9 {
            delay = u16(i + 4)
            controls.append((Int(bytes[i + 3] >> 2 & 7), bytes[i + 3] & 1 == 1 ? Int(bytes[i + 6]) : nil))
          }
          if bytes[i + 1] == 0xff && String(decoding: bytes[(i + 3)..<(i + 14)], as: UTF8.self) == "NETSCAPE2.0" { loops = true }
          i += 2
          skipSubBlocks()
        } else if bytes[i] == 0x2c {
          frames.append((delay, u16(i + 1), u16(i + 3), u16(i + 5), u16(i + 7)))
          i += 10 + (bytes[i + 9] & 0x80 != 0 ? 3 << (Int(bytes[i + 9] & 7) + 1) : 0)
          i += 1  // LZW minimum code size
          skipSubBlocks()
        } else {
          break
        }
      }
    }
  }

  @Test func gifFramesCarryTheirDelaysAndOnlyWhatChanged() throws {
    let frames = EncoderTests.frames
    let bytes = try GIFEncoder.encode([frames[0], frames[0], frames[1]], delays: [2, 3, 2], loop: true)
    #expect(String(decoding: bytes.prefix(6), as: UTF8.self) == "GIF89a")
    #expect(bytes.last == 0x3b)
    let gif = GIFBlocks(bytes)
    #expect(gif.width == 4 && gif.height == 2)
    #expect(gif.loops)
    // The repeated frame lengthens the first; the third draws its changed left half.
    #expect(gif.frames.count == 2)
    #expect(gif.frames[0].delay == 5)
    #expect(gif.frames[0].width == 4)
    #expect(gif.frames[1].delay == 2)
    #expect(gif.frames[1].x == 0 && gif.frames[1].width == 2 && gif.frames[1].height == 2)
  }

  @Test func alphaIsOneBitAndFramesReplaceTheLastWhole() throws {
    // Straight alpha 100 does not show, 200 does (premultiplied words).
    let faint = RasterImage(width: 2, height: 1, pixels: [0x6464_0000, 0xc8c8_0000])
    let clear = RasterImage(width: 2, height: 1)
    let gif = GIFBlocks(try GIFEncoder.encode([faint, clear], delays: [2, 2], loop: true))
    #expect(gif.frames.count == 2)
    #expect(gif.frames.allSatisfy { $0.width == 2 })
    // Restore to background, with a transparent index: the palette has one colour (red), index 1 is clear.
    #expect(gif.controls.map(\.disposal) == [2, 2])
    #expect(gif.controls.map(\.transparent) == [1, 1])
  }

  @Test func opaqueFramesDrawOverTheOneBefore() throws {
    let frames = EncoderTests.frames
    let gif = GIFBlocks(try GIFEncoder.encode(frames, delays: [2, 2], loop: false))
    #expect(gif.controls.map(\.disposal) == [1, 1])
    #expect(gif.controls[0].transparent == nil)
    #expect(gif.controls[1].transparent != nil)
  }

  @Test func aOneShotGIFHasNoLoopExtension() throws {
    let gif = GIFBlocks(try GIFEncoder.encode(EncoderTests.frames, delays: [2, 2], loop: false))
    #expect(!gif.loops)
    #expect(gif.frames.map(\.delay) == [2, 2])
  }

  @Test func aPaletteKeepsEveryColourWhenTheyFit() {
    let histogram: [UInt32: Int] = [0xff0000: 10, 0x00ff00: 1, 0x123456: 3]
    let palette = Palette(histogram: histogram, maximum: 255)
    for color in histogram.keys {
      #expect(palette.colors[Int(palette.index(of: color))] == color)
    }
  }

  @Test func medianCutBoundsThePaletteAndMapsToTheNearest() {
    var histogram: [UInt32: Int] = [:]
    for v in 0..<1000 { histogram[UInt32(v % 256) << 16 | UInt32(v / 4)] = 1 + v % 3 }
    let palette = Palette(histogram: histogram, maximum: 16)
    #expect(palette.colors.count == 16)
    for color in histogram.keys {
      let chosen = palette.colors[Int(palette.index(of: color))]
      let distance = { (entry: UInt32) in
        [16, 8, 0].reduce(0) { sum, shift in
          let d = Int(color >> UInt32(shift) & 0xff) - Int(entry >> UInt32(shift) & 0xff)
          return sum + d * d
        }
      }
      #expect(palette.colors.allSatisfy { distance($0) >= distance(chosen) })
    }
  }

  @Test func webpIsAnAnimationWithItsLoopCount() throws {
    for loop in [true, false] {
      let bytes = try WebPEncoder.encode(EncoderTests.frames, durations: [20, 20], loop: loop)
      #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
      #expect(String(decoding: bytes[8..<16], as: UTF8.self) == "WEBPVP8X")
      guard let anim = (0..<(bytes.count - 4)).first(where: { String(decoding: bytes[$0..<($0 + 4)], as: UTF8.self) == "ANIM" }) else {
        Issue.record("no ANIM chunk")
        continue
      }
      // ANIM: background colour (4 bytes), then the loop count.
      let count = Int(bytes[anim + 12]) | Int(bytes[anim + 13]) << 8
      #expect(count == (loop ? 0 : 1))
    }
  }

  @Test func shadowBoxesMatchTheFilterEffectsSizes() {
    // d = ⌊σ·3·√(2π)/4 + 0.5⌋: σ = 10 gives 19 (odd: three centred boxes).
    var line: [Float] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    var output = line
    ShadowBlur.box(&line, into: &output, length: line.count, size: 3, leftward: true)
    #expect(Array(output[9...11]) == [85, 85, 85])
    var even: [Float] = [0, 0, 60, 0, 0]
    var evenOutput = even
    ShadowBlur.box(&even, into: &evenOutput, length: 5, size: 2, leftward: true)
    // Taps i−1 and i: the value spreads to itself and the pixel after it.
    #expect(evenOutput == [0, 0, 30, 30, 0])
  }
}
