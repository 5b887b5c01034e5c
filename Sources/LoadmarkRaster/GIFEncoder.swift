import CGif

/// Animated GIF through giflib: one global palette (``Palette``), frame
/// delays in centiseconds, loop forever or play once.
///
/// Opaque frames are written as the rectangle that changed since the frame
/// before, with the pixels that did not change set to a transparent index
/// and drawn over the previous frame (disposal "do not dispose"); a frame
/// identical to the one before only lengthens its delay. Frames with
/// transparency have 1-bit alpha (a pixel shows if its alpha is at least
/// 50 %) and are written whole over a cleared canvas (disposal "restore to
/// background").
public enum GIFEncoder {
  /// The GIF of `frames`, shown `delays[i]` centiseconds each.
  ///
  /// - Parameters:
  ///   - frames: equal-sized frames, in order.
  ///   - delays: each frame's display time in centiseconds (≥ 2, since
  ///     browsers show shorter delays as 10).
  ///   - loop: repeat forever (the NETSCAPE2.0 extension), or play once and
  ///     stay on the last frame.
  public static func encode(_ frames: [RasterImage], delays: [Int], loop: Bool) throws(RasterError) -> [UInt8] {
    precondition(frames.count == delays.count && !frames.isEmpty, "one delay per frame, at least one frame")
    let width = frames[0].width
    let height = frames[0].height
    let opaque = frames.allSatisfy(\.isOpaque)
    // Colours, and for frames with alpha, which pixels show. Runs of one
    // colour are counted once: most of a frame is its background.
    let color = { (pixel: UInt32) in opaque ? pixel & 0xff_ffff : GIFEncoder.visibleColor(pixel) }
    var histogram: [UInt32: Int] = [:]
    for frame in frames {
      var run = (pixel: UInt32(0), count: 0)
      for pixel in frame.pixels {
        if pixel == run.pixel && run.count > 0 {
          run.count += 1
          continue
        }
        if run.count > 0 { histogram[color(run.pixel), default: 0] += run.count }
        run = (pixel, 1)
      }
      if run.count > 0 { histogram[color(run.pixel), default: 0] += run.count }
    }
    histogram[GIFEncoder.hidden] = nil
    if histogram.isEmpty { histogram[0] = 1 }
    // One index is kept for transparency.
    let palette = Palette(histogram: histogram, maximum: 255)
    let transparent = UInt8(palette.colors.count)
    let indexed: [[UInt8]] = frames.map { frame in
      var last = (pixel: UInt32(0), index: palette.index(of: color(0)))
      return frame.pixels.map { pixel in
        if pixel != last.pixel { last = (pixel, palette.index(of: color(pixel))) }
        return last.index
      }
    }

    let gif = try GIFWriter(width: width, height: height, palette: palette.colors)
    if loop { try gif.putLoopExtension() }
    var shown: [UInt8] = []
    var pending: (rect: GIFWriter.Rect, pixels: [UInt8], delay: Int, dispose: Int32, transparent: Int)?
    for (index, frame) in indexed.enumerated() {
      if opaque, index > 0 {
        guard let rect = GIFEncoder.changed(from: shown, to: frame, width: width, height: height) else {
          pending!.delay += delays[index]
          continue
        }
        try pending.map(gif.putFrame)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<(rect.y + rect.height) {
          for x in rect.x..<(rect.x + rect.width) {
            let i = y * width + x
            pixels.append(frame[i] == shown[i] ? transparent : frame[i])
          }
        }
        pending = (rect, pixels, delays[index], DISPOSE_DO_NOT, Int(transparent))
      } else {
        if index > 0 && frame == shown {
          pending!.delay += delays[index]
          continue
        }
        try pending.map(gif.putFrame)
        let rect = GIFWriter.Rect(x: 0, y: 0, width: width, height: height)
        pending = (rect, frame, delays[index], opaque ? DISPOSE_DO_NOT : DISPOSE_BACKGROUND,
                   opaque ? Int(NO_TRANSPARENT_COLOR) : Int(transparent))
      }
      shown = frame
    }
    try pending.map(gif.putFrame)
    return try gif.close()
  }

  /// A colour no opaque pixel has: marks a pixel that does not show.
  static let hidden: UInt32 = 0xff00_0000

  /// The straight colour of a premultiplied pixel whose alpha is at least
  /// half, else ``hidden``.
  static func visibleColor(_ pixel: UInt32) -> UInt32 {
    let alpha = pixel >> 24
    guard alpha >= 128 else { return hidden }
    let r = UInt32(RasterImage.unpremultiplied(pixel >> 16 & 0xff, alpha))
    let g = UInt32(RasterImage.unpremultiplied(pixel >> 8 & 0xff, alpha))
    let b = UInt32(RasterImage.unpremultiplied(pixel & 0xff, alpha))
    return r << 16 | g << 8 | b
  }

  /// The smallest rectangle holding every pixel that differs, or nil.
  static func changed(from old: [UInt8], to new: [UInt8], width: Int, height: Int) -> GIFWriter.Rect? {
    var minX = width
    var minY = height
    var maxX = -1
    var maxY = -1
    for y in 0..<height {
      let row = y * width
      for x in 0..<width where old[row + x] != new[row + x] {
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = y
      }
    }
    guard maxX >= 0 else { return nil }
    return GIFWriter.Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }
}

/// A giflib encoder writing into memory; each giflib call wrapped once.
final class GIFWriter {
  struct Rect: Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
  }

  /// What giflib writes, collected by the output function.
  final class Sink {
    var bytes: [UInt8] = []
  }

  private var file: UnsafeMutablePointer<GifFileType>?
  private let sink = Sink()

  /// Opens an encoder (`EGifOpen`), sets GIF89a (`EGifSetGifVersion`) and
  /// writes the screen with `palette` as its global colour table
  /// (`GifMakeMapObject`, `EGifPutScreenDesc`, `GifFreeMapObject`). The table
  /// has a power-of-two size; entries past the palette are black.
  init(width: Int, height: Int, palette: [UInt32]) throws(RasterError) {
    var error: Int32 = 0
    let opened = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), { file, data, length in
      let sink = Unmanaged<GIFWriter.Sink>.fromOpaque(file!.pointee.UserData).takeUnretainedValue()
      sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
      return length
    }, &error)
    guard let opened else { throw GIFWriter.failure("EGifOpen", error) }
    file = opened
    EGifSetGifVersion(opened, true)
    var size = 2
    while size < palette.count + 1 { size *= 2 }
    var entries = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
    for (index, color) in palette.enumerated() {
      entries[index] = GifColorType(Red: UInt8(color >> 16 & 0xff), Green: UInt8(color >> 8 & 0xff), Blue: UInt8(color & 0xff))
    }
    guard let map = GifMakeMapObject(Int32(size), entries) else {
      throw RasterError(library: "giflib", function: "GifMakeMapObject", message: "out of memory")
    }
    defer { GifFreeMapObject(map) }
    try check(EGifPutScreenDesc(opened, Int32(width), Int32(height), 8, 0, map), "EGifPutScreenDesc")
  }

  /// Closes the encoder if ``close()`` was not reached (`EGifCloseFile`).
  deinit {
    if let file {
      var error: Int32 = 0
      EGifCloseFile(file, &error)
    }
  }

  /// The NETSCAPE2.0 application extension with a loop count of 0: repeat
  /// forever (`EGifPutExtensionLeader`, `EGifPutExtensionBlock`,
  /// `EGifPutExtensionTrailer`).
  func putLoopExtension() throws(RasterError) {
    try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE), "EGifPutExtensionLeader")
    let name = Array("NETSCAPE2.0".utf8)
    try check(EGifPutExtensionBlock(file, Int32(name.count), name), "EGifPutExtensionBlock")
    let count: [UInt8] = [1, 0, 0]
    try check(EGifPutExtensionBlock(file, 3, count), "EGifPutExtensionBlock")
    try check(EGifPutExtensionTrailer(file), "EGifPutExtensionTrailer")
  }

  /// One frame: its graphic control extension (`EGifGCBToExtension`,
  /// `EGifPutExtension`), image descriptor (`EGifPutImageDesc`) and pixels
  /// (`EGifPutLine`).
  func putFrame(
    _ frame: (rect: Rect, pixels: [UInt8], delay: Int, dispose: Int32, transparent: Int)
  ) throws(RasterError) {
    var control = GraphicsControlBlock(
      DisposalMode: frame.dispose, UserInputFlag: false, DelayTime: Int32(min(frame.delay, 65_535)),
      TransparentColor: Int32(frame.transparent))
    var extensionBytes = [GifByteType](repeating: 0, count: 4)
    let length = EGifGCBToExtension(&control, &extensionBytes)
    try check(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes), "EGifPutExtension")
    let r = frame.rect
    try check(EGifPutImageDesc(file, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height), false, nil), "EGifPutImageDesc")
    var pixels = frame.pixels
    try check(EGifPutLine(file, &pixels, Int32(pixels.count)), "EGifPutLine")
  }

  /// Writes the trailer and frees the encoder (`EGifCloseFile`); the bytes.
  func close() throws(RasterError) -> [UInt8] {
    var error: Int32 = 0
    let status = EGifCloseFile(file, &error)
    file = nil
    guard status == GIF_OK else { throw GIFWriter.failure("EGifCloseFile", error) }
    return sink.bytes
  }

  /// Throws unless giflib returned `GIF_OK`, with the file's error code.
  private func check(_ status: Int32, _ function: String) throws(RasterError) {
    guard status == GIF_OK else { throw GIFWriter.failure(function, file?.pointee.Error ?? 0) }
  }

  /// giflib's message for `code` (`GifErrorString`).
  static func failure(_ function: String, _ code: Int32) -> RasterError {
    let message = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    return RasterError(library: "giflib", function: function, message: message)
  }
}
