import CCairo
import LoadmarkCore

/// A cairo image surface and a drawing context on it, owned together: both
/// are destroyed with the object. Each cairo call the renderer makes is
/// wrapped here once.
final class CairoContext {
  /// The `cairo_surface_t *`.
  let surface: OpaquePointer
  /// The `cairo_t *`.
  let context: OpaquePointer
  let width: Int
  let height: Int

  /// A cleared surface of `width × height` pixels in `format`
  /// (`cairo_image_surface_create`, `cairo_create`).
  init(width: Int, height: Int, format: cairo_format_t = CAIRO_FORMAT_ARGB32) throws(RasterError) {
    guard width > 0, height > 0, width <= CairoContext.maximumSide, height <= CairoContext.maximumSide else {
      throw RasterError(
        library: "cairo", function: "cairo_image_surface_create",
        message: "\(width) × \(height) pixels: each side must be 1 to \(CairoContext.maximumSide)")
    }
    let surface = cairo_image_surface_create(format, Int32(width), Int32(height))!
    try CairoContext.check(cairo_surface_status(surface), "cairo_image_surface_create") {
      cairo_surface_destroy(surface)
    }
    let context = cairo_create(surface)!
    try CairoContext.check(cairo_status(context), "cairo_create") {
      cairo_destroy(context)
      cairo_surface_destroy(surface)
    }
    // Arcs become Bézier curves within this distance of the true circle;
    // cairo's default, 0.1 px, is coarser than Chromium's and ThorVG's.
    cairo_set_tolerance(context, CairoContext.tolerance)
    self.surface = surface
    self.context = context
    self.width = width
    self.height = height
  }

  /// Releases the context and the surface (`cairo_destroy`, `cairo_surface_destroy`).
  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// How far, in device pixels, a flattened curve may stray (`cairo_set_tolerance`).
  static let tolerance = 0.01

  /// The largest side cairo's image surfaces accept (pixman's limit).
  static let maximumSide = 32_767

  /// Throws the cairo status as a ``RasterError`` unless it is success
  /// (`cairo_status_to_string`), after running `cleanup`.
  static func check(
    _ status: cairo_status_t, _ function: String, cleanup: () -> Void = {}
  ) throws(RasterError) {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    cleanup()
    throw RasterError(library: "cairo", function: function, message: String(cString: cairo_status_to_string(status)))
  }

  /// The context's sticky error, if drawing failed (`cairo_status`).
  func checkStatus(_ function: String) throws(RasterError) {
    try CairoContext.check(cairo_status(context), function)
  }

  // MARK: State

  /// `cairo_save`.
  func save() { cairo_save(context) }
  /// `cairo_restore`.
  func restore() { cairo_restore(context) }
  /// `cairo_identity_matrix`: user space is device space again.
  func resetTransform() { cairo_identity_matrix(context) }
  /// `cairo_scale`.
  func scale(_ k: Double) { cairo_scale(context, k, k) }
  /// `cairo_translate`.
  func translate(_ x: Double, _ y: Double) { cairo_translate(context, x, y) }

  /// Composes `transform` after the current one, as canvas
  /// `ctx.transform(a, b, c, d, tx, ty)` does (`cairo_matrix_init`,
  /// `cairo_transform`). cairo refuses a singular matrix with a sticky
  /// error, so the caller passes only one ``FrameRenderer`` has checked.
  func transform(_ transform: AffineTransform2D) {
    var matrix = cairo_matrix_t()
    cairo_matrix_init(&matrix, transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty)
    cairo_transform(context, &matrix)
  }

  /// Every pixel transparent (`cairo_set_operator` CLEAR, `cairo_paint`).
  func clear() {
    save()
    cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
    cairo_paint(context)
    restore()
  }

  /// Every pixel `color` (`cairo_set_source_rgba`, `cairo_paint` with SOURCE).
  func fillAll(_ color: Color) {
    save()
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    setSource(color, alpha: 1)
    cairo_paint(context)
    restore()
  }

  /// `cairo_set_source_rgba` with the colour's alpha times `alpha`.
  func setSource(_ color: Color, alpha: Double) {
    cairo_set_source_rgba(
      context, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
      Double(color.alpha) / 255 * alpha)
  }

  // MARK: Paths

  /// `cairo_new_path`.
  func newPath() { cairo_new_path(context) }
  /// `cairo_new_sub_path`: the next arc starts a subpath with no line to it.
  func newSubpath() { cairo_new_sub_path(context) }
  /// `cairo_move_to`.
  func move(to point: Point) { cairo_move_to(context, point.x, point.y) }
  /// `cairo_line_to`.
  func line(to point: Point) { cairo_line_to(context, point.x, point.y) }
  /// `cairo_close_path`.
  func closePath() { cairo_close_path(context) }

  /// An arc from `start` to `end` radians, increasing (clockwise on screen,
  /// `cairo_arc`) or decreasing (`cairo_arc_negative`); like canvas `arc`,
  /// a line joins the current point, if any, to the arc's start.
  func arc(center: Point, radius: Double, from start: Double, to end: Double, negative: Bool) {
    if negative {
      cairo_arc_negative(context, center.x, center.y, radius, start, end)
    } else {
      cairo_arc(context, center.x, center.y, radius, start, end)
    }
  }

  // MARK: Painting

  /// `cairo_fill` with the non-zero winding rule, canvas's default.
  func fill() {
    cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    cairo_fill(context)
  }

  /// Sets the stroke parameters (`cairo_set_line_width`, `cairo_set_line_cap`,
  /// `cairo_set_line_join`, `cairo_set_miter_limit`).
  func setStroke(width: Double, cap: LineCap, join: LineJoin, miterLimit: Double) {
    cairo_set_line_width(context, width)
    switch cap {
    case .butt: cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
    case .round: cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
    case .square: cairo_set_line_cap(context, CAIRO_LINE_CAP_SQUARE)
    }
    switch join {
    case .miter: cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
    case .round: cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    case .bevel: cairo_set_line_join(context, CAIRO_LINE_JOIN_BEVEL)
    }
    cairo_set_miter_limit(context, miterLimit)
  }

  /// `cairo_stroke`.
  func stroke() { cairo_stroke(context) }

  /// Paints the current source through `mask`'s alpha placed at (`x`, `y`)
  /// in device pixels (`cairo_mask_surface`).
  func mask(with mask: CairoContext, atDeviceX x: Double, y: Double) {
    save()
    resetTransform()
    cairo_mask_surface(context, mask.surface, x, y)
    restore()
  }

  // MARK: Pixels

  /// Bytes per row (`cairo_image_surface_get_stride`).
  var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

  /// Runs `body` on the surface's pixel memory after pending drawing is
  /// done (`cairo_surface_flush`, `cairo_image_surface_get_data`) and tells
  /// cairo afterwards that it may have changed (`cairo_surface_mark_dirty`).
  func withPixels<Result>(_ body: (UnsafeMutablePointer<UInt8>, Int) -> Result) -> Result {
    cairo_surface_flush(surface)
    let data = cairo_image_surface_get_data(surface)!
    defer { cairo_surface_mark_dirty(surface) }
    return body(data, stride)
  }

  /// The ARGB32 pixels as a ``RasterImage``.
  func image() -> RasterImage {
    withPixels { data, stride in
      var pixels = [UInt32](repeating: 0, count: width * height)
      pixels.withUnsafeMutableBytes { target in
        for row in 0..<height {
          (target.baseAddress! + row * width * 4).copyMemory(from: data + row * stride, byteCount: width * 4)
        }
      }
      return RasterImage(width: width, height: height, pixels: pixels)
    }
  }

  /// Copies `image` into the surface at (`x`, `y`) pixels (for sprite sheets).
  func place(_ image: RasterImage, x: Int, y: Int) {
    withPixels { data, stride in
      image.pixels.withUnsafeBytes { source in
        for row in 0..<image.height {
          (data + (y + row) * stride + x * 4).update(
            from: source.baseAddress!.assumingMemoryBound(to: UInt8.self) + row * image.width * 4, count: image.width * 4)
        }
      }
    }
  }

  /// Copies every pixel of `other`, an ARGB32 surface, into this one at
  /// (`x`, `y`) pixels (for sprite sheets drawn frame by frame).
  func place(_ other: CairoContext, x: Int, y: Int) {
    other.withPixels { source, sourceStride in
      withPixels { data, stride in
        for row in 0..<other.height {
          (data + (y + row) * stride + x * 4).update(from: source + row * sourceStride, count: other.width * 4)
        }
      }
    }
  }

  /// The surface as PNG bytes (`cairo_surface_write_to_png_stream`), which
  /// un-premultiplies the colours.
  func pngBytes() throws(RasterError) -> [UInt8] {
    final class Sink { var bytes: [UInt8] = [] }
    let sink = Sink()
    let status = withExtendedLifetime(sink) {
      cairo_surface_write_to_png_stream(surface, { closure, data, length in
      let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
      sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
      return CAIRO_STATUS_SUCCESS
      }, Unmanaged.passUnretained(sink).toOpaque())
    }
    try CairoContext.check(status, "cairo_surface_write_to_png_stream")
    return sink.bytes
  }
}
