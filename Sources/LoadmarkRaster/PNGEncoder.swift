/// PNG files through cairo (`cairo_surface_write_to_png_stream`): 8-bit
/// RGBA with straight alpha, or RGB when every pixel is opaque.
public enum PNGEncoder {
  /// `image` as PNG bytes.
  public static func encode(_ image: RasterImage) throws(RasterError) -> [UInt8] {
    let surface = try CairoContext(width: image.width, height: image.height)
    surface.place(image, x: 0, y: 0)
    return try surface.pngBytes()
  }
}

/// Every frame of a clip side by side in one image, for CSS `steps()`
/// playback: frame i at x = i · frame width, one row.
public enum SpriteSheet {
  /// The frames in one row, as PNG bytes.
  ///
  /// - Parameter frames: frames of equal size, in order.
  public static func png(_ frames: [RasterImage]) throws(RasterError) -> [UInt8] {
    guard let first = frames.first else {
      throw RasterError(library: "cairo", function: "cairo_image_surface_create", message: "a sprite sheet needs a frame")
    }
    let sheet = try CairoContext(width: first.width * frames.count, height: first.height)
    for (index, frame) in frames.enumerated() {
      sheet.place(frame, x: index * first.width, y: 0)
    }
    return try sheet.pngBytes()
  }
}
