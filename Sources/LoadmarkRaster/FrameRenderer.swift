import CCairo
import LoadmarkCore

/// Draws frames of a ``FrameDocument`` with cairo exactly as the web player
/// (`web/loadmark-player.js`, `draw`) draws them on a canvas, so that a PNG,
/// a sprite sheet, a GIF or a WebP shows the same geometry as the page.
///
/// What the player does, and so this renderer:
/// - layers back to front, each with `globalAlpha` = its opacity (0 skips
///   the layer; above 1 counts as 1);
/// - the accent colour, if given, replaces an accent layer's stroke, or its
///   fill when it has no stroke;
/// - the fill covers the whole path; the stroke covers the part between
///   `strokeStart` and `strokeEnd` (``LoadmarkCore/Path/trimmed(from:to:)``);
/// - arcs by the sign of their sweep, a full circle as two half arcs, an
///   empty sweep or radius as nothing; a dot is a circle of radius
///   `radius · scale`; a rounded rectangle as canvas `roundRect`;
/// - the shadow under both the fill and the stroke, offset in device pixels,
///   blurred by a Gaussian of σ = `shadow.radius` · pixels per point (canvas
///   `shadowBlur` is 2σ), coloured `shadow.color` at `shadow.opacity`, times
///   the layer's opacity.
public final class FrameRenderer {
  public let document: FrameDocument
  /// Device pixels per document point.
  public let pixelsPerPoint: Double
  /// The theme colour for accent layers, like the player's `color`.
  public let accent: Color?
  /// Painted under every frame; nil leaves the background transparent.
  public let background: Color?
  /// The frame size in pixels: the canvas size times ``pixelsPerPoint``, rounded.
  public let width: Int
  public let height: Int

  private let canvas: CairoContext
  /// The layers' paths once, in document order: the whole path of path layers.
  private let paths: [Path?]
  /// The last blurred shadow mask of each layer's fill (2·index) and stroke
  /// (2·index + 1), with the values it was drawn for: a static background's
  /// shadow is blurred once, not once per frame.
  private var shadowMasks: [Int: (values: LayerValues, mask: CairoContext)] = [:]

  /// A renderer for `document` at `pixelsPerPoint` device pixels per point.
  ///
  /// - Parameters:
  ///   - document: the frames to draw.
  ///   - pixelsPerPoint: device pixels per point (the player's `scale`).
  ///   - accent: a theme colour for accent layers, or nil for the document's.
  ///   - background: a colour painted under each frame, or nil for none.
  public init(
    document: FrameDocument, pixelsPerPoint: Double = 1, accent: Color? = nil, background: Color? = nil
  ) throws(RasterError) {
    self.document = document
    self.pixelsPerPoint = pixelsPerPoint
    self.accent = accent
    self.background = background
    width = FrameRenderer.pixels(document.width * pixelsPerPoint)
    height = FrameRenderer.pixels(document.height * pixelsPerPoint)
    canvas = try CairoContext(width: width, height: height)
    paths = document.layers.map { layer in
      if case .path(let path) = layer.shape { return path }
      return nil
    }
  }

  /// A side in whole pixels, as the player sizes its canvas (`Math.round`),
  /// at least 1.
  /// A side past cairo's limit stays past it (up to 2^31 − 1, clamped
  /// there), so that the surface refuses it with its size instead of the
  /// conversion trapping.
  static func pixels(_ side: Double) -> Int {
    guard side.isFinite else { return 0 }
    return max(1, (side + 0.5).clampedInteger(.down, in: 0...Int(Int32.max)))
  }

  /// Frame `frame` of `clip`.
  ///
  /// - Parameters:
  ///   - clip: one of the document's clips.
  ///   - frame: a frame index, clamped to the clip's frames as the player clamps it.
  public func render(_ clip: FrameDocument.Clip, frame: Int) throws(RasterError) -> RasterImage {
    let n = min(max(frame, 0), clip.frameCount - 1)
    canvas.resetTransform()
    if let background { canvas.fillAll(background) } else { canvas.clear() }
    canvas.scale(pixelsPerPoint)
    for (index, layer) in document.layers.enumerated() {
      canvas.save()
      let values = LayerValues { property in clip.track(layer.id, property)?.value(at: n) ?? 0 }
      try draw(layer, index: index, path: paths[index], values: values)
      canvas.restore()
    }
    try canvas.checkStatus("cairo_status")
    return canvas.image()
  }

  /// One layer, as the player's `draw(ctx, layer, value, scale, accent)`.
  private func draw(_ layer: FrameDocument.Layer, index: Int, path: Path?, values: LayerValues) throws(RasterError) {
    let opacity = values.opacity
    // 0 means hidden; canvas ignores a globalAlpha above 1.
    guard opacity > 0 else { return }
    let alpha = min(opacity, 1)
    let style = layer.style
    var stroke = style.stroke
    var fill = style.fill
    if layer.accent, let accent {
      if stroke != nil { stroke = accent } else { fill = accent }
    }
    if let fill {
      // CAShapeLayer fills the untrimmed path.
      let outline = { (context: CairoContext) in self.outline(layer, pieces: path, values: values, on: context) }
      if let shadow = style.shadow {
        try castShadow(shadow, alpha: alpha, cache: 2 * index, values: values) { context in
          outline(context)
          context.fill()
        }
      }
      outline(canvas)
      canvas.setSource(fill, alpha: alpha)
      canvas.fill()
    }
    if let stroke {
      let pieces = path?.trimmed(from: values.strokeStart, to: values.strokeEnd)
      let outline = { (context: CairoContext) in
        self.outline(layer, pieces: pieces, values: values, on: context)
        context.setStroke(width: style.lineWidth, cap: style.lineCap, join: style.lineJoin, miterLimit: style.miterLimit)
        context.stroke()
      }
      if let shadow = style.shadow {
        try castShadow(shadow, alpha: alpha, cache: 2 * index + 1, values: values, paint: outline)
      }
      canvas.setSource(stroke, alpha: alpha)
      outline(canvas)
    }
  }

  /// The player's `outline(pieces)`: the kind's own shape, then `pieces`
  /// (path layers) subpath by subpath.
  private func outline(_ layer: FrameDocument.Layer, pieces: Path?, values: LayerValues, on context: CairoContext) {
    context.newPath()
    switch layer.shape {
    case .arc(let center, let radius):
      arc(center: center, radius: radius, start: values.start, sweep: values.sweep, on: context)
    case .dot(let center, let radius):
      arc(center: center, radius: radius * values.scale, start: 0, sweep: Angle.fullTurn, on: context)
    case .roundedRect(let rect, let cornerRadius):
      roundedRect(rect, cornerRadius: cornerRadius, on: context)
    case .path:
      break
    }
    for subpath in pieces?.subpaths ?? [] {
      context.move(to: subpath.start)
      for segment in subpath.segments {
        switch segment {
        case .line(let point): context.line(to: point)
        case .arc(let piece): arc(center: piece.center, radius: piece.radius, start: piece.start, sweep: piece.sweep, on: context)
        }
      }
    }
  }

  /// The player's `arc`: nothing for a radius or sweep of 0; a full circle
  /// (|sweep| ≥ 2π) as two half arcs, so that no end lands exactly 2π from
  /// its start (`arcArgs` in the player).
  private func arc(center: Point, radius: Double, start: Double, sweep: Double, on context: CairoContext) {
    guard radius > 0, sweep != 0 else { return }
    let negative = sweep < 0
    if sweep.magnitude < Angle.fullTurn {
      context.arc(center: center, radius: radius, from: start, to: start + sweep, negative: negative)
    } else {
      let half = negative ? -Double.pi : Double.pi
      context.arc(center: center, radius: radius, from: start, to: start + half, negative: negative)
      context.arc(center: center, radius: radius, from: start + half, to: start + 2 * half, negative: negative)
    }
  }

  /// Canvas `roundRect(x, y, w, h, r)` with one radius: corners scaled down
  /// together when two radii would overlap, clockwise from the top edge.
  private func roundedRect(_ rect: Rect, cornerRadius: Double, on context: CairoContext) {
    let x = rect.origin.x
    let y = rect.origin.y
    let w = rect.width
    let h = rect.height
    var r = max(cornerRadius, 0)
    let limit = min(w, h) / 2
    if r > limit { r = limit }
    let halfPi = Double.pi / 2
    context.newSubpath()
    if r > 0 {
      context.arc(center: Point(x + w - r, y + r), radius: r, from: -halfPi, to: 0, negative: false)
      context.arc(center: Point(x + w - r, y + h - r), radius: r, from: 0, to: halfPi, negative: false)
      context.arc(center: Point(x + r, y + h - r), radius: r, from: halfPi, to: Double.pi, negative: false)
      context.arc(center: Point(x + r, y + r), radius: r, from: Double.pi, to: 3 * halfPi, negative: false)
    } else {
      context.move(to: Point(x, y))
      context.line(to: Point(x + w, y))
      context.line(to: Point(x + w, y + h))
      context.line(to: Point(x, y + h))
    }
    context.closePath()
  }

  /// Paints the shadow of what `paint` draws: its coverage in an alpha mask,
  /// blurred with σ = radius · pixels per point, offset, in the shadow's colour.
  /// Like canvas, nothing when the colour is transparent or there is neither
  /// blur nor offset.
  ///
  /// The blurred mask is kept in slot `cache` and reused while the layer's
  /// geometry (`values` but opacity) stays the same.
  private func castShadow(
    _ shadow: Shadow, alpha: Double, cache: Int, values: LayerValues, paint: (CairoContext) -> Void
  ) throws(RasterError) {
    let k = pixelsPerPoint
    let sigma = shadow.radius * k
    let dx = shadow.offset.x * k
    let dy = shadow.offset.y * k
    guard shadow.color.alpha > 0, shadow.opacity > 0, sigma > 0 || dx != 0 || dy != 0 else { return }
    // The mask reaches past the canvas by the blur's reach and the offset,
    // so that a shape beyond an edge casts its shadow in as on an unbounded
    // canvas.
    // Clamped to 2^31 − 1, far past cairo's largest side: a reach no surface
    // can hold is refused with the mask's size, and `2 * margin` cannot
    // overflow.
    let reach = ShadowBlur.reach(sigma: sigma) + max(dx.magnitude, dy.magnitude)
    let margin = reach.clampedInteger(.up, in: 0...Int(Int32.max))
    var geometry = values
    geometry.opacity = 0
    let mask: CairoContext
    if let cached = shadowMasks[cache], cached.values == geometry {
      mask = cached.mask
    } else {
      mask = try CairoContext(width: width + 2 * margin, height: height + 2 * margin, format: CAIRO_FORMAT_A8)
      mask.translate(Double(margin), Double(margin))
      mask.scale(k)
      mask.setSource(.black, alpha: 1)
      paint(mask)
      try mask.checkStatus("cairo_status")
      mask.withPixels { data, stride in
        ShadowBlur.blur(data, width: mask.width, height: mask.height, stride: stride, sigma: sigma)
      }
      shadowMasks[cache] = (geometry, mask)
    }
    canvas.setSource(shadow.color, alpha: shadow.opacity * alpha)
    canvas.mask(with: mask, atDeviceX: dx - Double(margin), y: dy - Double(margin))
  }
}

/// One layer's track values at one frame.
struct LayerValues: Equatable {
  var start: Double
  var sweep: Double
  var strokeStart: Double
  var strokeEnd: Double
  var scale: Double
  var opacity: Double

  /// The values `value` gives for each property.
  init(_ value: (FrameDocument.TrackProperty) -> Double) {
    start = value(.start)
    sweep = value(.sweep)
    strokeStart = value(.strokeStart)
    strokeEnd = value(.strokeEnd)
    scale = value(.scale)
    opacity = value(.opacity)
  }
}
