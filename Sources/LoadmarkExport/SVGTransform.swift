import LoadmarkCore

/// A layer's transform (format version 3) as the animated SVG writes it:
/// CSS's individual transform properties `translate`, `rotate` and `scale`,
/// then `transform: skewX()`, which CSS applies in that order, so that the
/// drawn matrix is T(tx, ty) · R(rotation) · S(sx, sy) · Kx(skew).
///
/// Why not `transform: matrix(…)` keyframes: CSS interpolates two matrices
/// by decomposing them (CSS Transforms 2), not entry by entry, so a fit of
/// the six numbers is not what a browser draws between keys. Each of these
/// properties interpolates its own numbers linearly, so each is fitted like
/// any other value (``KeyframeFit``), and each animates on its own: a bar
/// scaled in y writes `scale` keys alone, a dot moving along a zig-zag
/// `translate` alone.
struct SVGTransformParts: Equatable {
  var tx: Double
  var ty: Double
  /// Degrees, clockwise on screen.
  var rotation: Double
  var sx: Double
  var sy: Double
  /// `skewX`'s angle in degrees.
  var skew: Double

  /// The parts of `m`, with the rotation chosen near `previous` (in
  /// degrees) so that a sequence of frames interpolates the short way and
  /// without a jump where a scale changes sign.
  ///
  /// With L = R(θ) · S(sx, sy) · Kx(φ), read off L's QR factorisation
  /// (`AffineTransform2D.linearFactors`, which Lottie's decomposition starts
  /// from too): L's first column is sx·(cos θ, sin θ),
  /// so sx = |(a, b)| and θ = atan2(b, a); turning (c, d) back by θ gives
  /// (sx·tan φ, sy), so sy = (a·d − b·c) / sx (negative for a mirror) and
  /// tan φ = (a·c + b·d) / sx². θ + 180° with −sx and −sy is the same matrix:
  /// whichever lies nearer `previous` is taken, so that a layer flipped by
  /// a scale going through 0 keeps its angle. With sx = 0 the matrix is
  /// singular and draws nothing; its angle is `previous` and its skew 0.
  /// - Parameters:
  ///   - m: the layer's transform at one frame.
  ///   - previous: the rotation of the frame before, in degrees, or nil.
  init(_ m: FrameDocument.LayerTransform, near previous: Double?) {
    tx = m.tx
    ty = m.ty
    guard let factors = m.linearFactors else {
      let angle = previous ?? 0
      let radians = angle * Double.pi / 180
      // Whatever is left of (c, d) along the turned y axis: still singular.
      sx = 0
      sy = -m.c * Angle.sine(radians) + m.d * Angle.cosine(radians)
      rotation = angle
      skew = 0
      return
    }
    // R(θ) · [[sx, shear], [0, sy]] = R(θ) · S · Kx with Kx = [[1, shear/sx], [0, 1]].
    var angle = factors.angle * 180 / Double.pi
    var scaleX = factors.scaleX
    var scaleY = factors.scaleY
    if let previous {
      let turned = SVGTransformParts.nearest(angle + 180, to: previous)
      angle = SVGTransformParts.nearest(angle, to: previous)
      if (turned - previous).magnitude < (angle - previous).magnitude {
        angle = turned
        scaleX = -scaleX
        scaleY = -scaleY
      }
    }
    rotation = angle
    sx = scaleX
    sy = scaleY
    skew = Angle.arctangent(factors.shear / factors.scaleX) * 180 / Double.pi
  }

  /// `angle` moved by whole turns to within half a turn of `target`.
  static func nearest(_ angle: Double, to target: Double) -> Double {
    angle - 360 * ((angle - target) / 360).rounded()
  }

  /// The matrix the parts draw: T · R · S · Kx, as CSS composes them.
  var matrix: FrameDocument.LayerTransform {
    let radians = rotation * Double.pi / 180
    let (cos, sin) = (Angle.cosine(radians), Angle.sine(radians))
    let skewRadians = skew * Double.pi / 180
    let t = Angle.sine(skewRadians) / Angle.cosine(skewRadians)
    // R · S = [[sx·cos, −sy·sin], [sx·sin, sy·cos]]; · Kx adds sx·t·column 1 to column 2.
    return FrameDocument.LayerTransform(
      a: sx * cos, b: sx * sin, c: sx * t * cos - sy * sin, d: sx * t * sin + sy * cos, tx: tx, ty: ty)
  }
}
