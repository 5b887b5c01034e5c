import CGif
import Foundation

/// A GIF read back with giflib (`DGifOpenFileName`, `DGifSlurp`), each of
/// its images composed over the ones before as a browser shows them (the
/// transparent index keeps what was there, a background disposal clears
/// the image's rectangle after it), so that a test can read the colour shown
/// at any frame of the export, however the encoder merged repeated frames.
struct DecodedGIF {
  let width: Int
  let height: Int
  /// Each picture shown, as 0xRRGGBB per pixel, with how long it is shown
  /// in centiseconds.
  let pictures: [(pixels: [UInt32], delay: Int)]

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Reads the GIF at `path`.
  /// - Parameter path: a GIF file.
  init(path: String) throws {
    var error: Int32 = 0
    guard let file = DGifOpenFileName(path, &error) else { throw Failure(description: "DGifOpenFileName: error \(error)") }
    defer { DGifCloseFile(file, &error) }
    guard DGifSlurp(file) == GIF_OK else { throw Failure(description: "DGifSlurp: error \(file.pointee.Error)") }
    width = Int(file.pointee.SWidth)
    height = Int(file.pointee.SHeight)
    var canvas = [UInt32](repeating: 0, count: width * height)
    var pictures: [(pixels: [UInt32], delay: Int)] = []
    for index in 0..<Int(file.pointee.ImageCount) {
      let image = file.pointee.SavedImages[index]
      var control = GraphicsControlBlock()
      if DGifSavedExtensionToGCB(file, Int32(index), &control) != GIF_OK {
        control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
      }
      guard let map = image.ImageDesc.ColorMap ?? file.pointee.SColorMap else { throw Failure(description: "no colour map") }
      let desc = image.ImageDesc
      let (left, top, w, h) = (Int(desc.Left), Int(desc.Top), Int(desc.Width), Int(desc.Height))
      for y in 0..<h {
        for x in 0..<w {
          let index = Int32(image.RasterBits[y * w + x])
          guard index != control.TransparentColor else { continue }
          let color = map.pointee.Colors[Int(index)]
          canvas[(top + y) * width + left + x] = UInt32(color.Red) << 16 | UInt32(color.Green) << 8 | UInt32(color.Blue)
        }
      }
      pictures.append((canvas, Int(control.DelayTime)))
      if control.DisposalMode == DISPOSE_BACKGROUND {
        for y in top..<(top + h) { for x in left..<(left + w) { canvas[y * width + x] = 0 } }
      }
    }
    self.pictures = pictures
  }

  /// The picture shown at tick `tick` of `ticks` centiseconds each, counting
  /// from the first picture: what frame `tick` of an export at
  /// 100 / `ticks` frames per second shows.
  /// - Parameters:
  ///   - tick: a frame number.
  ///   - ticks: centiseconds per frame.
  func frame(_ tick: Int, centisecondsPerFrame ticks: Int) -> [UInt32]? {
    var time = tick * ticks
    for picture in pictures {
      if time < picture.delay { return picture.pixels }
      time -= picture.delay
    }
    return nil
  }

  /// Centiseconds of one play, summed over the pictures.
  var duration: Int { pictures.reduce(0) { $0 + $1.delay } }
}
