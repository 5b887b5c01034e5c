import LoadmarkCore

/// Sizes that bound the work and memory of shadows (`Rule.shadowBlur`).
///
/// A shadow's mask is the canvas plus the blur's reach and the offset on
/// every side, one byte a pixel, and blurring it takes four bytes a pixel
/// more for a moment (``ShadowBlur``). So a 2000 × 2000 canvas with a
/// shadow radius of 1000 needs a mask of 8004 × 8004 pixels: 64 MB, and
/// about five times that while it is blurred.
public enum ShadowLimits {
  /// The most pixels one shadow mask may have: 2^24 (4096 × 4096), 16 MiB,
  /// 80 MiB while it is blurred.
  public static let maskPixels = 1 << 24
  /// The most mask pixels one export may blur, summed over its frames and
  /// layers (a mask kept from the frame before, or shared by layers with
  /// the same outline, counts once): 2^25, about a second of blurring on
  /// one core.
  public static let blurredPixels = 1 << 25
  /// The most bytes of blurred masks kept between layers and frames: 32 MiB.
  public static let retainedBytes = 32 << 20
}

/// What drawing some frames costs in shadow masks (``FrameRenderer/shadowCost(_:frames:)``).
public struct ShadowCost: Equatable, Sendable {
  /// The largest mask, in pixels (one byte each); 0 for none.
  public var largestMask: Int
  /// The index of the layer whose shadow needs the largest mask.
  public var largestMaskLayer: Int?
  /// Every mask blurred, in pixels, summed.
  public var blurredPixels: Int
}

/// Which layers' shadows are drawn from the same outline: for a fill, the
/// same shape; for a stroke, the same shape stroked the same way. Each
/// layer's fill and stroke are named by the first layer like them, so that
/// repeated layers share their masks.
struct ShadowOutlines {
  /// The first layer with the same shape, for each layer.
  let fill: [Int]
  /// The first layer with the same shape and stroke parameters, for each layer.
  let stroke: [Int]

  init(_ layers: [FrameDocument.Layer]) {
    var fill: [Int] = []
    var stroke: [Int] = []
    fill.reserveCapacity(layers.count)
    stroke.reserveCapacity(layers.count)
    // Distinct outlines only are compared, so a document of one layer
    // repeated costs one comparison a layer.
    var distinctFills: [Int] = []
    var distinctStrokes: [Int] = []
    for (index, layer) in layers.enumerated() {
      if let same = distinctFills.first(where: { layers[$0].shape == layer.shape }) {
        fill.append(same)
      } else {
        distinctFills.append(index)
        fill.append(index)
      }
      let sameStroke = distinctStrokes.first { other in
        let style = layers[other].style
        return layers[other].shape == layer.shape && style.lineWidth == layer.style.lineWidth
          && style.lineCap == layer.style.lineCap && style.lineJoin == layer.style.lineJoin
          && style.miterLimit == layer.style.miterLimit
      }
      if let sameStroke {
        stroke.append(sameStroke)
      } else {
        distinctStrokes.append(index)
        stroke.append(index)
      }
    }
    self.fill = fill
    self.stroke = stroke
  }
}

/// What a blurred shadow mask is drawn from: its pixels depend on nothing
/// else, so two uses with the same key can share one mask.
struct ShadowMaskKey: Hashable {
  /// The first layer with the same outline (``ShadowOutlines``).
  var outline: Int
  /// The stroke's shadow, else the fill's.
  var stroke: Bool
  /// The layer's track values but opacity, which only tints the mask. They
  /// hold its transform and a polygon's vertices: the mask is the shape
  /// drawn under the layer's transform (the shadow's offset and blur are
  /// not transformed), so a layer that moves, turns or scales has a mask
  /// for each transform it shows, and never shares one with another.
  var geometry: LayerValues
  /// The blur in device pixels.
  var sigma: Double
  /// The mask's margin past each side of the canvas, in pixels.
  var margin: Int
}

/// One frame's layer values and the shadow masks it draws, in drawing order.
struct ShadowFrame {
  /// One shadow mask a layer draws.
  struct Mask {
    var layer: Int
    var key: ShadowMaskKey
    /// The mask's pixels: (width + 2 · margin) · (height + 2 · margin),
    /// saturated at `Int.max`.
    var pixels: Int
  }

  /// Each layer's values at the frame.
  var values: [LayerValues]
  var masks: [Mask]

  /// Frame `n`'s values and masks, each layer's read from its `tracks` in
  /// `clip` (``LayerTracks/of(_:clip:)``); with `everyLayer` false, the
  /// values of layers without a shadow are left at 0 (what counting the
  /// masks needs).
  init(
    _ document: FrameDocument, clip: FrameDocument.Clip, tracks: [LayerTracks], frame n: Int, outlines: ShadowOutlines,
    accent: Color?,
    pixelsPerPoint k: Double, width: Int, height: Int, everyLayer: Bool = true
  ) {
    values = []
    values.reserveCapacity(document.layers.count)
    masks = []
    for (index, layer) in document.layers.enumerated() {
      guard everyLayer || layer.style.shadow != nil else {
        values.append(LayerValues { _ in 0 })
        continue
      }
      let layerValues = LayerValues(layer, tracks: tracks[index], clip: clip, frame: n)
      values.append(layerValues)
      // A singular transform draws nothing, and so casts no shadow.
      guard let shadow = layer.style.shadow, layerValues.opacity > 0, layerValues.isDrawable(pixelsPerPoint: k) else {
        continue
      }
      let sigma = shadow.radius * k
      let dx = shadow.offset.x * k
      let dy = shadow.offset.y * k
      // Canvas draws no shadow of a transparent colour, or with neither blur nor offset.
      guard shadow.color.alpha > 0, shadow.opacity > 0, sigma > 0 || dx != 0 || dy != 0 else { continue }
      // The mask reaches past the canvas by the blur's reach and the offset,
      // so that a shape beyond an edge casts its shadow in as on an unbounded
      // canvas.
      // Clamped to 2^31 − 1, far past cairo's largest side: a reach no surface
      // can hold is refused with the mask's size, and `2 * margin` cannot
      // overflow.
      let reach = ShadowBlur.reach(sigma: sigma) + max(dx.magnitude, dy.magnitude)
      let margin = reach.clampedInteger(.up, in: 0...Int(Int32.max))
      var geometry = layerValues
      geometry.opacity = 0
      let side = { (canvas: Int) in canvas + 2 * margin }
      let product = side(width).multipliedReportingOverflow(by: side(height))
      let pixels = product.overflow ? Int.max : product.partialValue
      let (fill, stroke) = ShadowFrame.paints(layer, accent: accent)
      if fill != nil {
        masks.append(Mask(
          layer: index, key: ShadowMaskKey(outline: outlines.fill[index], stroke: false, geometry: geometry, sigma: sigma, margin: margin),
          pixels: pixels))
      }
      if stroke != nil {
        masks.append(Mask(
          layer: index, key: ShadowMaskKey(outline: outlines.stroke[index], stroke: true, geometry: geometry, sigma: sigma, margin: margin),
          pixels: pixels))
      }
    }
  }

  /// The layer's fill and stroke colours as drawn: the accent colour, if
  /// given, replaces an accent layer's stroke, or its fill when it has no
  /// stroke.
  static func paints(_ layer: FrameDocument.Layer, accent: Color?) -> (fill: Color?, stroke: Color?) {
    var stroke = layer.style.stroke
    var fill = layer.style.fill
    if layer.accent, let accent {
      if stroke != nil { stroke = accent } else { fill = accent }
    }
    return (fill, stroke)
  }
}

/// The blurred shadow masks a renderer keeps, so that a static layer's
/// shadow is blurred once, not once a frame, and layers with the same
/// outline share one mask, while the masks kept never pass
/// ``retainedBudget`` bytes.
///
/// Each frame first names every mask it draws (``begin(_:)``): masks it
/// does not use are freed then. A mask is kept after a use while it fits
/// the budget, the ones a later layer of the frame still needs first; a
/// mask that does not fit is freed as soon as it is drawn, and blurred
/// again when needed. So memory is at most the budget and the one mask in
/// use.
final class ShadowMaskCache {
  /// The most bytes (one a pixel) of masks kept.
  let retainedBudget: Int
  private var kept: [ShadowMaskKey: (pixels: Int, mask: CairoContext?)] = [:]
  /// Uses of each key left in the current frame.
  private var pending: [ShadowMaskKey: Int] = [:]
  /// The bytes of the masks kept.
  private(set) var retainedBytes = 0
  /// Every mask blurred so far, in pixels, summed.
  private(set) var blurredPixels = 0
  /// How many masks were blurred.
  private(set) var blurs = 0

  init(retainedBudget: Int = ShadowLimits.retainedBytes) {
    self.retainedBudget = retainedBudget
  }

  /// How many masks are kept.
  var count: Int { kept.count }

  /// Starts a frame that uses `keys`, in drawing order (a key once for
  /// each use): masks the frame does not use are freed.
  func begin(_ keys: [ShadowMaskKey]) {
    pending = [:]
    for key in keys { pending[key, default: 0] += 1 }
    for (key, entry) in kept where pending[key] == nil {
      kept[key] = nil
      retainedBytes -= entry.pixels
    }
  }

  /// The mask of `key`: the one kept, or one `make` blurs, kept afterwards
  /// if it fits.
  func mask(
    _ key: ShadowMaskKey, pixels: Int, make: () throws(RasterError) -> CairoContext
  ) throws(RasterError) -> CairoContext {
    if let mask = kept[key]?.mask {
      used(key, pixels: pixels, made: nil)
      return mask
    }
    let mask = try make()
    used(key, pixels: pixels, made: mask)
    return mask
  }

  /// Counts a use of `key` as ``mask(_:pixels:make:)`` would, with no mask
  /// made: what a render would blur and keep.
  func account(_ key: ShadowMaskKey, pixels: Int) {
    used(key, pixels: pixels, made: nil)
  }

  private func used(_ key: ShadowMaskKey, pixels: Int, made mask: CairoContext?) {
    let left = max(0, (pending[key] ?? 1) - 1)
    pending[key] = left
    guard kept[key] == nil else { return }
    blurs += 1
    let sum = blurredPixels.addingReportingOverflow(pixels)
    blurredPixels = sum.overflow ? Int.max : sum.partialValue
    guard pixels <= retainedBudget else { return }
    if retainedBytes + pixels > retainedBudget && left > 0 {
      // A mask this frame still needs goes before one it is done with.
      for (other, entry) in kept where pending[other] ?? 0 == 0 && retainedBytes + pixels > retainedBudget {
        kept[other] = nil
        retainedBytes -= entry.pixels
      }
    }
    guard retainedBytes + pixels <= retainedBudget else { return }
    kept[key] = (pixels, mask)
    retainedBytes += pixels
  }
}
