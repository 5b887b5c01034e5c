/// A rendered frame: `width × height` pixels, row by row from the top,
/// each a premultiplied ARGB word in native byte order (cairo's
/// `CAIRO_FORMAT_ARGB32`).
public struct RasterImage: Equatable, Sendable {
  public var width: Int
  public var height: Int
  /// `width · height` premultiplied 0xAARRGGBB words.
  public var pixels: [UInt32]

  public init(width: Int, height: Int, pixels: [UInt32]) {
    precondition(pixels.count == width * height, "a RasterImage needs width · height pixels")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// A fully transparent image.
  public init(width: Int, height: Int) {
    self.init(width: width, height: height, pixels: [UInt32](repeating: 0, count: width * height))
  }

  /// The pixels as straight (not premultiplied) RGBA bytes, the layout
  /// giflib's caller, libwebp's `WebPPictureImportRGBA` and PNG readers use.
  /// A channel is un-premultiplied with rounding: c · 255 / a, to the nearest.
  public var straightRGBA: [UInt8] {
    var bytes = [UInt8](repeating: 0, count: pixels.count * 4)
    for (index, pixel) in pixels.enumerated() {
      let alpha = pixel >> 24
      guard alpha > 0 else { continue }
      let base = index * 4
      bytes[base] = RasterImage.unpremultiplied(pixel >> 16 & 0xff, alpha)
      bytes[base + 1] = RasterImage.unpremultiplied(pixel >> 8 & 0xff, alpha)
      bytes[base + 2] = RasterImage.unpremultiplied(pixel & 0xff, alpha)
      bytes[base + 3] = UInt8(alpha)
    }
    return bytes
  }

  /// Whether every pixel is opaque.
  public var isOpaque: Bool {
    pixels.allSatisfy { $0 >> 24 == 0xff }
  }

  static func unpremultiplied(_ channel: UInt32, _ alpha: UInt32) -> UInt8 {
    alpha == 255 ? UInt8(channel) : UInt8(min(255, (channel * 255 + alpha / 2) / alpha))
  }
}

/// Sizes the raster exports can hold.
public enum RasterLimits {
  /// The widest or tallest image cairo draws (pixman's limit), which is
  /// also the widest sprite sheet.
  public static let maximumSide = CairoContext.maximumSide
}
