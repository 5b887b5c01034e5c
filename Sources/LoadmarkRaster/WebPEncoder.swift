import CWebP

/// Animated WebP with alpha through libwebp's animation encoder
/// (`WebPAnimEncoder`), lossless: flat vector art compresses better
/// lossless than lossy and keeps every edge pixel.
public enum WebPEncoder {
  /// The most frames one WebP holds: 5000 (55 s at 90 fps). libwebp's
  /// muxer walks its list of frames for every frame added, so encoding
  /// time grows with the square of the frames: 0.2 ms a frame at 10,000,
  /// 4.3 ms at 100,000.
  public static let maximumFrames = 5000

  /// The animated WebP of `frames`, each shown `durations[i]` milliseconds.
  ///
  /// - Parameters:
  ///   - frames: equal-sized frames, in order.
  ///   - durations: each frame's display time in milliseconds.
  ///   - loop: repeat forever, or play once (loop count 1).
  public static func encode(_ frames: [RasterImage], durations: [Int], loop: Bool) throws(RasterError) -> [UInt8] {
    precondition(frames.count == durations.count && !frames.isEmpty, "one duration per frame, at least one frame")
    let encoder = try WebPAnimation(width: frames[0].width, height: frames[0].height, loop: loop)
    var timestamp = 0
    for (frame, duration) in zip(frames, durations) {
      try encoder.add(frame, at: timestamp)
      timestamp += duration
    }
    return try encoder.assemble(endingAt: timestamp)
  }
}

/// One `WebPAnimEncoder`, deleted with the object; each libwebp call wrapped once.
final class WebPAnimation {
  private let encoder: OpaquePointer
  private var config = WebPConfig()
  private let width: Int
  private let height: Int

  /// `WebPAnimEncoderOptionsInit`, `WebPAnimEncoderNew`, `WebPConfigInit`
  /// (lossless).
  init(width: Int, height: Int, loop: Bool) throws(RasterError) {
    var options = WebPAnimEncoderOptions()
    guard WebPAnimEncoderOptionsInit(&options) != 0 else {
      throw RasterError(library: "libwebp", function: "WebPAnimEncoderOptionsInit", message: "library version mismatch")
    }
    options.anim_params.loop_count = loop ? 0 : 1
    guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
      throw RasterError(library: "libwebp", function: "WebPAnimEncoderNew", message: "cannot encode \(width) × \(height) (out of memory or too large)")
    }
    self.encoder = encoder
    self.width = width
    self.height = height
    guard WebPConfigInit(&config) != 0 else {
      WebPAnimEncoderDelete(encoder)
      throw RasterError(library: "libwebp", function: "WebPConfigInit", message: "library version mismatch")
    }
    config.lossless = 1
    config.quality = 75
  }

  /// `WebPAnimEncoderDelete`.
  deinit {
    WebPAnimEncoderDelete(encoder)
  }

  /// Adds a frame shown from `timestamp` ms (`WebPPictureInit`,
  /// `WebPPictureImportRGBA`, `WebPAnimEncoderAdd`, `WebPPictureFree`).
  func add(_ image: RasterImage, at timestamp: Int) throws(RasterError) {
    var picture = WebPPicture()
    guard WebPPictureInit(&picture) != 0 else {
      throw RasterError(library: "libwebp", function: "WebPPictureInit", message: "library version mismatch")
    }
    defer { WebPPictureFree(&picture) }
    picture.use_argb = 1
    picture.width = Int32(width)
    picture.height = Int32(height)
    let rgba = image.straightRGBA
    guard WebPPictureImportRGBA(&picture, rgba, Int32(width * 4)) != 0 else {
      throw RasterError(library: "libwebp", function: "WebPPictureImportRGBA", message: WebPAnimation.message(picture.error_code))
    }
    guard WebPAnimEncoderAdd(encoder, &picture, try WebPAnimation.milliseconds(timestamp), &config) != 0 else {
      throw failure("WebPAnimEncoderAdd")
    }
  }

  /// `timestamp` as libwebp's 32-bit milliseconds, or an error past them
  /// (about 24 days), which a clip of tiny `fps` reaches.
  static func milliseconds(_ timestamp: Int) throws(RasterError) -> Int32 {
    guard let value = Int32(exactly: timestamp) else {
      throw RasterError(
        library: "libwebp", function: "WebPAnimEncoderAdd",
        message: "a frame at \(timestamp) ms: timestamps must be at most \(Int32.max) ms")
    }
    return value
  }

  /// Ends the animation at `timestamp` ms, which fixes the last frame's
  /// duration, and returns the file (`WebPAnimEncoderAdd` with no frame,
  /// `WebPAnimEncoderAssemble`, `WebPDataClear`).
  func assemble(endingAt timestamp: Int) throws(RasterError) -> [UInt8] {
    guard WebPAnimEncoderAdd(encoder, nil, try WebPAnimation.milliseconds(timestamp), nil) != 0 else {
      throw failure("WebPAnimEncoderAdd")
    }
    var data = WebPData()
    WebPDataInit(&data)
    defer { WebPDataClear(&data) }
    guard WebPAnimEncoderAssemble(encoder, &data) != 0 else { throw failure("WebPAnimEncoderAssemble") }
    return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
  }

  /// The encoder's last error (`WebPAnimEncoderGetError`).
  private func failure(_ function: String) -> RasterError {
    let message = WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "failed"
    return RasterError(library: "libwebp", function: function, message: message.isEmpty ? "failed" : message)
  }

  /// A `WebPEncodingError` by name.
  static func message(_ code: WebPEncodingError) -> String {
    switch code {
    case VP8_ENC_ERROR_OUT_OF_MEMORY: return "out of memory"
    case VP8_ENC_ERROR_BAD_DIMENSION: return "bad picture dimension"
    default: return "encoding error \(code.rawValue)"
    }
  }
}
