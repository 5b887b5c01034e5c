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
///
/// Format version 3 (docs/FORMAT.md, "Transforms", "Polygons", "Reading a
/// track at a frame"):
/// - every track is read by ``FrameDocument/Clip/value(of:atFrame:)`` at
///   the frame asked for, counting on from the clip's start: a loop's
///   periodic tracks wrap each at its own period, a one-shot holds its
///   last frame;
/// - each layer's transform (``FrameDocument/Clip/transform(of:atFrame:)``)
///   is composed after the pixels-per-point scale, as `ctx.transform(a, b,
///   c, d, tx, ty)` after the player's `scale`, before the outline: the
///   stroke's width, caps and joins are transformed with the path (a scale
///   of 0.5 halves the line width, a negative scale mirrors the layer);
/// - the shadow is not transformed: its mask is the shape drawn under the
///   transform (and keyed by it, ``ShadowMaskKey``), offset and blurred in
///   device pixels as without one;
/// - a singular transform (a·d − b·c = 0, in points or in pixels, or one
///   whose inverse is past the doubles) draws nothing of the layer, shadow
///   included, and is no error; a transform with a number that is not
///   finite is ignored, as canvas ignores such a `transform` call;
/// - a polygon is its vertices of the frame, closed (a join, no caps),
///   filled non-zero and stroked with the layer's style, untrimmed.
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
  /// Which shadow masks are drawn from the same outline (``ShadowMasks``).
  private let outlines: ShadowOutlines
  /// The blurred shadow masks kept between layers and frames, within
  /// ``ShadowMaskCache/retainedBudget`` bytes.
  let shadowMasks = ShadowMaskCache()
  /// The last clip drawn or costed and each layer's tracks in it.
  private var clipTracks: (clip: FrameDocument.Clip, layers: [LayerTracks])?

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
    outlines = ShadowOutlines(document.layers)
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
  ///   - frame: frames since the clip started, not wrapped, read as the
  ///     player reads it (``FrameDocument/Clip/value(of:atFrame:)``): a
  ///     frame before the first is the first, a one-shot holds its last,
  ///     and a loop's tracks wrap each at its own length.
  public func render(_ clip: FrameDocument.Clip, frame: Int) throws(RasterError) -> RasterImage {
    try drawFrame(clip, frame: frame)
    return canvas.image()
  }

  /// Frame `frame` of `clip` as PNG bytes, written from the canvas itself:
  /// the same bytes as `PNGEncoder.encode(render(clip, frame:))` without
  /// two more copies of the frame.
  ///
  /// - Parameters:
  ///   - clip: one of the document's clips.
  ///   - frame: frames since the clip started, read as ``render(_:frame:)`` reads it.
  public func png(_ clip: FrameDocument.Clip, frame: Int) throws(RasterError) -> [UInt8] {
    try drawFrame(clip, frame: frame)
    return try canvas.pngBytes()
  }

  /// Every frame of `clip` side by side in one row, as PNG bytes.
  ///
  /// - Parameter clip: one of the document's clips.
  public func spriteSheet(_ clip: FrameDocument.Clip) throws(RasterError) -> [UInt8] {
    try spriteSheet(clip, frames: clip.frameCount)
  }

  /// Frames 0 to `count` − 1 of `clip` side by side in one row, as PNG
  /// bytes: the same bytes as `SpriteSheet.png` of those frames rendered,
  /// with each frame drawn on the canvas and copied into the sheet, so that
  /// memory holds the sheet and one frame, not every frame twice. A finite
  /// export of a clip with periodic tracks draws
  /// ``FrameDocument/Clip/finiteLoopLength(limit:)`` frames, counting on
  /// past the clip's own.
  /// - Parameters:
  ///   - clip: one of the document's clips.
  ///   - count: how many frames, at least 1.
  public func spriteSheet(_ clip: FrameDocument.Clip, frames count: Int) throws(RasterError) -> [UInt8] {
    let sheet = try CairoContext(width: width * count, height: height)
    for n in 0..<count {
      try drawFrame(clip, frame: n)
      sheet.place(canvas, x: n * width, y: 0)
    }
    return try sheet.pngBytes()
  }

  /// Frame `n` on the canvas: the background, then every layer.
  private func drawFrame(_ clip: FrameDocument.Clip, frame n: Int) throws(RasterError) {
    canvas.resetTransform()
    if let background { canvas.fillAll(background) } else { canvas.clear() }
    canvas.scale(pixelsPerPoint)
    try drawLayers(clip, frame: n)
    try canvas.checkStatus("cairo_status")
  }

  /// Each layer's tracks in `clip`, found once while the same clip is drawn.
  private func tracks(of clip: FrameDocument.Clip) -> [LayerTracks] {
    if let clipTracks, clipTracks.clip == clip { return clipTracks.layers }
    let layers = LayerTracks.of(document, clip: clip)
    clipTracks = (clip, layers)
    return layers
  }

  /// Every layer of frame `n`, back to front, with the frame's shadow masks
  /// announced first so that the cache keeps only what this frame uses.
  private func drawLayers(_ clip: FrameDocument.Clip, frame n: Int) throws(RasterError) {
    let frame = ShadowFrame(
      document, clip: clip, tracks: tracks(of: clip), frame: n, outlines: outlines, accent: accent,
      pixelsPerPoint: pixelsPerPoint, width: width, height: height)
    shadowMasks.begin(frame.masks.map(\.key))
    var masks = frame.masks[...]
    for (index, layer) in document.layers.enumerated() {
      canvas.save()
      defer { canvas.restore() }
      var fillMask: ShadowFrame.Mask?
      var strokeMask: ShadowFrame.Mask?
      while let mask = masks.first, mask.layer == index {
        if mask.key.stroke { strokeMask = mask } else { fillMask = mask }
        masks = masks.dropFirst()
      }
      try draw(layer, path: paths[index], values: frame.values[index], fillMask: fillMask, strokeMask: strokeMask)
    }
  }

  /// What drawing frames `frames` of `clip` in order costs in shadow masks,
  /// worked out from the tracks without drawing: the same keys and the same
  /// cache as ``render(_:frame:)``, with no mask made. Counting stops once
  /// the cost is past ``ShadowLimits``, which is all a caller needs to know.
  public func shadowCost(_ clip: FrameDocument.Clip, frames: Range<Int>) -> ShadowCost {
    let cache = ShadowMaskCache(retainedBudget: shadowMasks.retainedBudget)
    var largest: (pixels: Int, layer: Int)?
    let layerTracks = tracks(of: clip)
    for n in frames {
      let frame = ShadowFrame(
        document, clip: clip, tracks: layerTracks, frame: n, outlines: outlines, accent: accent,
        pixelsPerPoint: pixelsPerPoint, width: width, height: height, everyLayer: false)
      cache.begin(frame.masks.map(\.key))
      for mask in frame.masks {
        cache.account(mask.key, pixels: mask.pixels)
        if mask.pixels > largest?.pixels ?? 0 { largest = (mask.pixels, mask.layer) }
      }
      if cache.blurredPixels > ShadowLimits.blurredPixels || largest?.pixels ?? 0 > ShadowLimits.maskPixels { break }
    }
    return ShadowCost(largestMask: largest?.pixels ?? 0, largestMaskLayer: largest?.layer, blurredPixels: cache.blurredPixels)
  }

  /// One layer, as the player's `draw(ctx, layer, value, scale, accent)`.
  private func draw(
    _ layer: FrameDocument.Layer, path: Path?, values: LayerValues, fillMask: ShadowFrame.Mask?, strokeMask: ShadowFrame.Mask?
  ) throws(RasterError) {
    let opacity = values.opacity
    // 0 means hidden; canvas ignores a globalAlpha above 1. A singular
    // transform draws the layer as a line or a point: nothing to see.
    guard opacity > 0, values.isDrawable(pixelsPerPoint: pixelsPerPoint) else { return }
    // After the renderer's scale, as the player's `ctx.transform` after its
    // `scale`: the outline and the stroke's width, cap and joins are drawn
    // in the layer's coordinates. The shadow masks apply it themselves, and
    // are placed in device pixels, untransformed.
    canvas.transform(values.transform)
    let alpha = min(opacity, 1)
    let style = layer.style
    let (fill, stroke) = ShadowFrame.paints(layer, accent: accent)
    if let fill {
      // CAShapeLayer fills the untrimmed path.
      let outline = { (context: CairoContext) in self.outline(layer, pieces: path, values: values, on: context) }
      if let shadow = style.shadow, let fillMask {
        try castShadow(shadow, alpha: alpha, mask: fillMask) { context in
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
      if let shadow = style.shadow, let strokeMask {
        try castShadow(shadow, alpha: alpha, mask: strokeMask, paint: outline)
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
    case .polygon:
      // Closed, so its stroke joins the last vertex to the first with the
      // layer's join rather than two caps.
      if let first = values.vertices.first {
        context.move(to: first)
        for vertex in values.vertices.dropFirst() { context.line(to: vertex) }
        context.closePath()
      }
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
  /// ``ShadowFrame`` has left out what canvas does not draw: a transparent
  /// colour, or neither blur nor offset.
  ///
  /// The blurred mask comes from ``shadowMasks`` while its key (outline,
  /// geometry, σ and margin) is kept there, and is blurred anew otherwise.
  private func castShadow(
    _ shadow: Shadow, alpha: Double, mask use: ShadowFrame.Mask, paint: (CairoContext) -> Void
  ) throws(RasterError) {
    let k = pixelsPerPoint
    let margin = use.key.margin
    let sigma = use.key.sigma
    let mask = try shadowMasks.mask(use.key, pixels: use.pixels) { () throws(RasterError) in
      let mask = try CairoContext(width: width + 2 * margin, height: height + 2 * margin, format: CAIRO_FORMAT_A8)
      mask.translate(Double(margin), Double(margin))
      mask.scale(k)
      // The shape as drawn, transformed; the offset and blur stay in pixels.
      mask.transform(use.key.geometry.transform)
      mask.setSource(.black, alpha: 1)
      paint(mask)
      try mask.checkStatus("cairo_status")
      mask.withPixels { data, stride in
        ShadowBlur.blur(data, width: mask.width, height: mask.height, stride: stride, sigma: sigma)
      }
      return mask
    }
    canvas.setSource(shadow.color, alpha: shadow.opacity * alpha)
    canvas.mask(with: mask, atDeviceX: shadow.offset.x * k - Double(margin), y: shadow.offset.y * k - Double(margin))
  }
}

/// One layer's track values at one frame.
struct LayerValues: Hashable {
  var start: Double
  var sweep: Double
  var strokeStart: Double
  var strokeEnd: Double
  var scale: Double
  var opacity: Double
  /// The layer's transform (format version 3), the identity without one.
  var transform: FrameDocument.LayerTransform
  /// A polygon's vertices in the layer's coordinates; empty for other kinds.
  var vertices: [Point]

  /// The values `value` gives for each property, with `transform` and a
  /// polygon's `vertices`.
  /// - Parameters:
  ///   - transform: the layer's transform.
  ///   - vertices: a polygon's vertices, else none.
  ///   - value: each property's value.
  init(
    transform: FrameDocument.LayerTransform = .identity, vertices: [Point] = [],
    _ value: (FrameDocument.TrackProperty) -> Double
  ) {
    start = value(.start)
    sweep = value(.sweep)
    strokeStart = value(.strokeStart)
    strokeEnd = value(.strokeEnd)
    scale = value(.scale)
    opacity = value(.opacity)
    self.transform = transform
    self.vertices = vertices
  }

  /// The values `layer` shows at frame `n` of `clip`, every track read by
  /// ``FrameDocument/Clip/value(of:atFrame:)`` (periodic tracks at n modulo
  /// their period, a one-shot holding its last frame); a property without
  /// a track reads 0.
  /// - Parameters:
  ///   - layer: one of the document's layers.
  ///   - tracks: the layer's tracks in `clip` (``LayerTracks/of(_:clip:)``).
  ///   - clip: the clip drawn.
  ///   - n: frames since the clip started.
  init(_ layer: FrameDocument.Layer, tracks: LayerTracks, clip: FrameDocument.Clip, frame n: Int) {
    var vertices: [Point] = []
    if case .polygon(let count) = layer.shape {
      vertices.reserveCapacity(count)
      for vertex in 0..<count {
        let x = tracks.x[vertex].map { clip.value(of: $0, atFrame: n) } ?? 0
        let y = tracks.y[vertex].map { clip.value(of: $0, atFrame: n) } ?? 0
        vertices.append(Point(x, y))
      }
    }
    // Canvas `ctx.transform` ignores a call with a number that is not
    // finite, so the layer is drawn untransformed (no reader accepts one).
    let transform = tracks.hasTransform ? clip.transform(of: layer.id, atFrame: n) : .identity
    self.init(transform: transform.isFinite ? transform : .identity, vertices: vertices) { property in
      tracks.properties[property].map { clip.value(of: $0, atFrame: n) } ?? 0
    }
  }

  /// Whether cairo can draw under the layer's transform at `pixelsPerPoint`:
  /// false for a singular one (a·d − b·c = 0 in points or, after the scale,
  /// in pixels, or an inverse past the doubles), which draws the layer as a
  /// line or a point, nothing to see on a canvas, and which cairo would
  /// refuse with a sticky error rather than draw.
  func isDrawable(pixelsPerPoint k: Double) -> Bool {
    let t = transform
    // As cairo tests a matrix before it composes it, and the product after.
    func invertible(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Bool {
      let determinant = a * d - b * c
      return determinant != 0 && determinant.isFinite && (1 / determinant).isFinite
    }
    return invertible(t.a, t.b, t.c, t.d) && invertible(k * t.a, k * t.b, k * t.c, k * t.d)
  }
}

/// A clip's tracks of one layer, found once for the clip rather than once a
/// frame: a document of many layers has many tracks, which each of a
/// layer's dozen properties would otherwise search, frame after frame.
struct LayerTracks {
  /// The track of each property but a polygon's vertices.
  var properties: [FrameDocument.TrackProperty: FrameDocument.Track] = [:]
  /// A polygon's vertex tracks, one of each coordinate a vertex.
  var x: [FrameDocument.Track?] = []
  var y: [FrameDocument.Track?] = []
  /// Whether the layer has a transform track in the clip.
  var hasTransform = false

  /// Each layer's tracks in `clip`, in layer order; as
  /// ``FrameDocument/Clip/track(_:_:)`` finds them, the first of a key.
  /// - Parameters:
  ///   - document: the clip's document.
  ///   - clip: one of its clips.
  static func of(_ document: FrameDocument, clip: FrameDocument.Clip) -> [LayerTracks] {
    var index: [String: Int] = [:]
    var layers: [LayerTracks] = []
    for layer in document.layers {
      var tracks = LayerTracks()
      if case .polygon(let count) = layer.shape {
        tracks.x = Array(repeating: nil, count: count)
        tracks.y = tracks.x
      }
      if index[layer.id] == nil { index[layer.id] = layers.count }
      layers.append(tracks)
    }
    for track in clip.tracks {
      guard let i = index[track.layer] else { continue }
      if let vertex = track.vertex {
        switch track.property {
        case .x where layers[i].x.indices.contains(vertex) && layers[i].x[vertex] == nil: layers[i].x[vertex] = track
        case .y where layers[i].y.indices.contains(vertex) && layers[i].y[vertex] == nil: layers[i].y[vertex] = track
        default: break
        }
      } else if layers[i].properties[track.property] == nil {
        layers[i].properties[track.property] = track
        if track.property.isTransform { layers[i].hasTransform = true }
      }
    }
    // Layers share an id only in documents no reader accepts; each then
    // reads the first one's tracks, as a search by id would find them.
    return document.layers.map { layers[index[$0.id]!] }
  }
}

extension AffineTransform2D {
  /// Whether all six numbers are finite.
  fileprivate var isFinite: Bool {
    a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
  }
}
