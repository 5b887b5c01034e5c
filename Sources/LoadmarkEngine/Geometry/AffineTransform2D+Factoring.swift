extension AffineTransform2D {
  /// The linear part [[a, c], [b, d]] of a transform as a rotation times an
  /// upper triangular matrix, its QR factorisation:
  ///
  ///     [[a, c], [b, d]] = R(angle) · [[scaleX, shear], [0, scaleY]]
  ///
  /// with R(θ) = [[cos θ, −sin θ], [sin θ, cos θ]]. The first column (a, b)
  /// is R(θ)·(scaleX, 0), so scaleX = √(a² + b²) ≥ 0 and θ = atan2(b, a);
  /// turning the second column (c, d) back by θ gives (shear, scaleY), so
  /// shear = (a·c + b·d)/scaleX and scaleY = (a·d − b·c)/scaleX, negative
  /// for a mirror (the first axis is never the one flipped, so θ moves
  /// continuously with the first column).
  ///
  /// The one factorisation that every writer of transforms as parts starts
  /// from: Lottie's R · K · S (skew before scale, `LottieWriter.Decomposition`)
  /// and CSS's R · S · Kx (`SVGTransformParts`) both read their skew off
  /// `shear` (−tan sk = shear/scaleY; tan φ = shear/scaleX).
  public struct LinearFactors: Equatable, Sendable {
    /// θ, in radians, counter-clockwise in y-up terms (clockwise on a y-down screen).
    public var angle: Double
    /// The length of the image of the x axis, ≥ 0.
    public var scaleX: Double
    /// The signed extent along the turned y axis: negative for a mirror.
    public var scaleY: Double
    /// The turned second column's component along the turned x axis.
    public var shear: Double

    /// Factors as given.
    ///
    /// - Parameters:
    ///   - angle: θ, in radians.
    ///   - scaleX: the first axis's length.
    ///   - scaleY: the signed extent along the turned y axis.
    ///   - shear: the second column's part along the turned x axis.
    public init(angle: Double, scaleX: Double, scaleY: Double, shear: Double) {
      self.angle = angle
      self.scaleX = scaleX
      self.scaleY = scaleY
      self.shear = shear
    }
  }

  /// The QR factorisation of the linear part (``LinearFactors``), or nil
  /// when its first column is zero (a = b = 0: the layer is squashed onto a
  /// line or a point, and draws nothing to see).
  public var linearFactors: LinearFactors? {
    let scaleX = (a * a + b * b).squareRoot()
    guard scaleX > 0 else { return nil }
    return LinearFactors(
      angle: Angle.arctangent2(b, a), scaleX: scaleX, scaleY: (a * d - b * c) / scaleX, shear: (a * c + b * d) / scaleX)
  }
}
