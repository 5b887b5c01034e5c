/// A homogeneous three-dimensional transform, Core Animation's `CATransform3D`.
///
/// Points are row vectors multiplied on the left, as Apple's header writes it:
/// [x y z 1]·M = [x′ y′ z′ w′], and the point drawn is (x′/w′, y′/w′). So the
/// translation sits in the fourth row (m41 m42 m43) and perspective in the
/// fourth column (m14 m24 m34), and `a.concatenating(b)` (a·b) applies `a`
/// first, then `b` (`CATransform3DConcat(a, b)`). Angles are radians in y-down
/// layer space: a positive rotation about +z turns clockwise on an iOS screen.
///
/// Every operation is a fixed sequence of + − × ÷ and square roots (sines from
/// ``Angle``), so every platform computes the same bits.
public struct Transform3D: Equatable, Hashable, Sendable {
  public var m11: Double, m12: Double, m13: Double, m14: Double
  public var m21: Double, m22: Double, m23: Double, m24: Double
  public var m31: Double, m32: Double, m33: Double, m34: Double
  public var m41: Double, m42: Double, m43: Double, m44: Double

  /// A transform from its sixteen entries, row by row.
  public init(
    _ m11: Double, _ m12: Double, _ m13: Double, _ m14: Double,
    _ m21: Double, _ m22: Double, _ m23: Double, _ m24: Double,
    _ m31: Double, _ m32: Double, _ m33: Double, _ m34: Double,
    _ m41: Double, _ m42: Double, _ m43: Double, _ m44: Double
  ) {
    self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
    self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
    self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
    self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
  }

  /// `CATransform3DIdentity`: [1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1].
  public static let identity = Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)

  /// `CATransform3DMakeTranslation`: [1 0 0 0; 0 1 0 0; 0 0 1 0; tx ty tz 1].
  ///
  /// - Parameters:
  ///   - tx: the move along x, in points.
  ///   - ty: the move along y (down on screen), in points.
  ///   - tz: the move along z (toward the viewer), in points.
  public static func makeTranslation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
    Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, tx, ty, tz, 1)
  }

  /// `CATransform3DMakeScale`: [sx 0 0 0; 0 sy 0 0; 0 0 sz 0; 0 0 0 1].
  ///
  /// - Parameters:
  ///   - sx: the factor along x (negative mirrors).
  ///   - sy: the factor along y.
  ///   - sz: the factor along z.
  public static func makeScale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
    Transform3D(sx, 0, 0, 0, 0, sy, 0, 0, 0, 0, sz, 0, 0, 0, 0, 1)
  }

  /// `CATransform3DMakeRotation`: a rotation by `angle` about the axis
  /// (x, y, z), right-handed (counter-clockwise seen from the axis' tip toward
  /// the origin). About +z in y-down layer space that is clockwise on screen:
  /// (1, 0) goes to (cos, sin), the matrix Apple gives for
  /// `CGAffineTransformMakeRotation` (a = cos, b = sin, c = −sin, d = cos;
  /// its "counterclockwise on iOS" wording pictures the axes y-up, and
  /// `CGContext.rotate(by:)` notes positive angles appear clockwise in
  /// UIKit's flipped space). The axis is normalised first; an
  /// axis of length zero gives the identity, as Apple's header states.
  ///
  /// - Parameters:
  ///   - angle: the rotation in radians.
  ///   - x: the axis' x component.
  ///   - y: the axis' y component.
  ///   - z: the axis' z component.
  public static func makeRotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return .identity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = Angle.cosine(angle)
    let s = Angle.sine(angle)
    let t = 1 - c
    // The transpose of the column-vector (Rodrigues) matrix, since points are rows.
    return Transform3D(
      t * ux * ux + c, t * ux * uy + uz * s, t * ux * uz - uy * s, 0,
      t * ux * uy - uz * s, t * uy * uy + c, t * uy * uz + ux * s, 0,
      t * ux * uz + uy * s, t * uy * uz - ux * s, t * uz * uz + c, 0,
      0, 0, 0, 1)
  }

  /// `CATransform3DMakeAffineTransform`: the 3D transform with the same effect
  /// on the z = 0 plane as `affine`.
  ///
  /// - Parameters:
  ///   - affine: a `CGAffineTransform`'s six numbers.
  public init(affine: AffineTransform2D) {
    self.init(
      affine.a, affine.b, 0, 0,
      affine.c, affine.d, 0, 0,
      0, 0, 1, 0,
      affine.tx, affine.ty, 0, 1)
  }

  /// `CATransform3DConcat(self, other)`: self·other, `self` applied first.
  ///
  /// Each entry sums its four products left to right, the same order on every
  /// platform.
  ///
  /// - Parameters:
  ///   - other: the transform applied after this one.
  public func concatenating(_ other: Transform3D) -> Transform3D {
    let b = other
    return Transform3D(
      m11 * b.m11 + m12 * b.m21 + m13 * b.m31 + m14 * b.m41,
      m11 * b.m12 + m12 * b.m22 + m13 * b.m32 + m14 * b.m42,
      m11 * b.m13 + m12 * b.m23 + m13 * b.m33 + m14 * b.m43,
      m11 * b.m14 + m12 * b.m24 + m13 * b.m34 + m14 * b.m44,
      m21 * b.m11 + m22 * b.m21 + m23 * b.m31 + m24 * b.m41,
      m21 * b.m12 + m22 * b.m22 + m23 * b.m32 + m24 * b.m42,
      m21 * b.m13 + m22 * b.m23 + m23 * b.m33 + m24 * b.m43,
      m21 * b.m14 + m22 * b.m24 + m23 * b.m34 + m24 * b.m44,
      m31 * b.m11 + m32 * b.m21 + m33 * b.m31 + m34 * b.m41,
      m31 * b.m12 + m32 * b.m22 + m33 * b.m32 + m34 * b.m42,
      m31 * b.m13 + m32 * b.m23 + m33 * b.m33 + m34 * b.m43,
      m31 * b.m14 + m32 * b.m24 + m33 * b.m34 + m34 * b.m44,
      m41 * b.m11 + m42 * b.m21 + m43 * b.m31 + m44 * b.m41,
      m41 * b.m12 + m42 * b.m22 + m43 * b.m32 + m44 * b.m42,
      m41 * b.m13 + m42 * b.m23 + m43 * b.m33 + m44 * b.m43,
      m41 * b.m14 + m42 * b.m24 + m43 * b.m34 + m44 * b.m44)
  }

  /// `CATransform3DTranslate(self, tx, ty, tz)`: translate(tx, ty, tz)·self,
  /// so the translation happens first, in the space `self` then transforms.
  ///
  /// - Parameters:
  ///   - tx: the move along x.
  ///   - ty: the move along y.
  ///   - tz: the move along z.
  public func translated(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
    Transform3D.makeTranslation(tx, ty, tz).concatenating(self)
  }

  /// `CATransform3DScale(self, sx, sy, sz)`: scale(sx, sy, sz)·self.
  ///
  /// - Parameters:
  ///   - sx: the factor along x.
  ///   - sy: the factor along y.
  ///   - sz: the factor along z.
  public func scaled(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
    Transform3D.makeScale(sx, sy, sz).concatenating(self)
  }

  /// `CATransform3DRotate(self, angle, x, y, z)`: rotation(angle, x, y, z)·self.
  ///
  /// - Parameters:
  ///   - angle: the rotation in radians.
  ///   - x: the axis' x component.
  ///   - y: the axis' y component.
  ///   - z: the axis' z component.
  public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
    Transform3D.makeRotation(angle, x, y, z).concatenating(self)
  }

  /// `CATransform3DIsAffine`: the transform maps the z = 0 plane without
  /// perspective and keeps z apart, so ``affine`` describes it exactly.
  public var isAffine: Bool {
    m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0
      && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0
      && m43 == 0 && m44 == 1
  }

  /// Whether the transform only moves points: its 3 × 3 part the identity
  /// and no perspective (a translation along z, which changes nothing drawn
  /// without perspective, allowed).
  public var isTranslation: Bool {
    m11 == 1 && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m22 == 1 && m23 == 0 && m24 == 0
      && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m44 == 1
  }

  /// `CATransform3DIsIdentity`.
  public var isIdentity: Bool { self == .identity }

  /// `CATransform3DGetAffineTransform`: a = m11, b = m12, c = m21, d = m22,
  /// tx = m41, ty = m42. Exact when ``isAffine``; otherwise it is only the
  /// transform's action on x and y before perspective, as Apple leaves the
  /// result undefined.
  public var affine: AffineTransform2D {
    AffineTransform2D(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
  }

  /// How the transform draws the z = 0 plane, when that is affine: with
  /// m14 = m24 = 0 every point of the plane has w = m44, so the plane is
  /// drawn by the affine map of the first two rows and the fourth, divided
  /// by m44, whatever the z entries are (a layer's content has z = 0, and a
  /// flattened tree drops z, see ``LayerGeometry``). Nil when the plane is
  /// seen in perspective (its drawing needs ``Projection``) or m44 is 0.
  public var planeAffine: AffineTransform2D? {
    guard m14 == 0, m24 == 0, m44 != 0 else { return nil }
    if m44 == 1 { return affine }
    return AffineTransform2D(a: m11 / m44, b: m12 / m44, c: m21 / m44, d: m22 / m44, tx: m41 / m44, ty: m42 / m44)
  }

  /// The 2×2 minors of rows 1–2 (`s`) and rows 3–4 (`c`), from which
  /// ``determinant`` and ``inverted()`` both expand (Laplace expansion).
  struct Minors {
    var s0, s1, s2, s3, s4, s5: Double
    var c0, c1, c2, c3, c4, c5: Double

    /// The determinant they expand to.
    var determinant: Double { s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0 }
  }

  var minors: Minors {
    Minors(
      s0: m11 * m22 - m21 * m12, s1: m11 * m23 - m21 * m13, s2: m11 * m24 - m21 * m14,
      s3: m12 * m23 - m22 * m13, s4: m12 * m24 - m22 * m14, s5: m13 * m24 - m23 * m14,
      c0: m31 * m42 - m41 * m32, c1: m31 * m43 - m41 * m33, c2: m31 * m44 - m41 * m34,
      c3: m32 * m43 - m42 * m33, c4: m32 * m44 - m42 * m34, c5: m33 * m44 - m43 * m34)
  }

  /// The determinant, by Laplace expansion on the 2×2 minors of rows 1–2
  /// and rows 3–4 (the same minors ``inverted()`` uses).
  public var determinant: Double { minors.determinant }

  /// The inverse, or nil when the transform is singular: its determinant is 0
  /// or the inverse has an entry that is not finite (a determinant so small
  /// its reciprocal overflows). `CATransform3DInvert` returns its argument
  /// unchanged in that case [doc]; a caller that needs that behaviour writes
  /// `t.inverted() ?? t`, and one that draws can say why it cannot.
  public func inverted() -> Transform3D? {
    // The adjugate from 2×2 minors of rows 1–2 and rows 3–4 (Laplace expansion).
    let minors = self.minors
    let (s0, s1, s2, s3, s4, s5) = (minors.s0, minors.s1, minors.s2, minors.s3, minors.s4, minors.s5)
    let (c0, c1, c2, c3, c4, c5) = (minors.c0, minors.c1, minors.c2, minors.c3, minors.c4, minors.c5)
    let det = minors.determinant
    guard det != 0, det.isFinite else { return nil }
    let k = 1 / det
    let inverse = Transform3D(
      (m22 * c5 - m23 * c4 + m24 * c3) * k,
      (-m12 * c5 + m13 * c4 - m14 * c3) * k,
      (m42 * s5 - m43 * s4 + m44 * s3) * k,
      (-m32 * s5 + m33 * s4 - m34 * s3) * k,
      (-m21 * c5 + m23 * c2 - m24 * c1) * k,
      (m11 * c5 - m13 * c2 + m14 * c1) * k,
      (-m41 * s5 + m43 * s2 - m44 * s1) * k,
      (m31 * s5 - m33 * s2 + m34 * s1) * k,
      (m21 * c4 - m22 * c2 + m24 * c0) * k,
      (-m11 * c4 + m12 * c2 - m14 * c0) * k,
      (m41 * s4 - m42 * s2 + m44 * s0) * k,
      (-m31 * s4 + m32 * s2 - m34 * s0) * k,
      (-m21 * c3 + m22 * c1 - m23 * c0) * k,
      (m11 * c3 - m12 * c1 + m13 * c0) * k,
      (-m41 * s3 + m42 * s1 - m43 * s0) * k,
      (m31 * s3 - m32 * s1 + m33 * s0) * k)
    guard inverse.isFinite else { return nil }
    return inverse
  }

  /// Every entry is finite.
  public var isFinite: Bool {
    m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite
      && m21.isFinite && m22.isFinite && m23.isFinite && m24.isFinite
      && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
      && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
  }

  /// The homogeneous image [x y z 1]·M of a point, before the divide.
  ///
  /// - Parameters:
  ///   - x: the point's x.
  ///   - y: the point's y.
  ///   - z: the point's z (0 for anything a layer draws).
  public func homogeneousImage(x: Double, y: Double, z: Double = 0) -> HomogeneousPoint {
    HomogeneousPoint(
      x: x * m11 + y * m21 + z * m31 + m41,
      y: x * m12 + y * m22 + z * m32 + m42,
      z: x * m13 + y * m23 + z * m33 + m43,
      w: x * m14 + y * m24 + z * m34 + m44)
  }
}

/// A point in homogeneous coordinates: what a ``Transform3D`` makes of a
/// point before the perspective divide.
public struct HomogeneousPoint: Equatable, Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var z: Double
  public var w: Double

  public init(x: Double, y: Double, z: Double, w: Double) {
    self.x = x
    self.y = y
    self.z = z
    self.w = w
  }
}

/// A 2D affine transform with `CGAffineTransform`'s six numbers: a point
/// (x, y) goes to (a·x + c·y + tx, b·x + d·y + ty).
public struct AffineTransform2D: Equatable, Hashable, Sendable {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  /// An affine transform from `CGAffineTransform`'s six numbers.
  ///
  /// - Parameters:
  ///   - a: x's contribution to x′.
  ///   - b: x's contribution to y′.
  ///   - c: y's contribution to x′.
  ///   - d: y's contribution to y′.
  ///   - tx: the move along x.
  ///   - ty: the move along y.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// `CGAffineTransformIdentity`.
  public static let identity = AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// Whether this is the identity, bit for bit but for the sign of a zero:
  /// every point stays where its geometry puts it.
  public var isIdentity: Bool { self == .identity }

  /// The image of `point`.
  ///
  /// - Parameters:
  ///   - point: a point in the transform's source space.
  public func applied(to point: Point) -> Point {
    Point(a * point.x + c * point.y + tx, b * point.x + d * point.y + ty)
  }
}
