/// Three numbers: a translation, scale factors, or a direction.
public struct Vector3: Equatable, Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var z: Double

  public init(_ x: Double, _ y: Double, _ z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }

  func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

  func cross(_ other: Vector3) -> Vector3 {
    Vector3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
  }

  var length: Double { dot(self).squareRoot() }

  func scaled(by k: Double) -> Vector3 { Vector3(x * k, y * k, z * k) }

  func adding(_ other: Vector3, times k: Double) -> Vector3 {
    Vector3(x + other.x * k, y + other.y * k, z + other.z * k)
  }

  static func axis(_ index: Int) -> Vector3 {
    index == 0 ? Vector3(1, 0, 0) : (index == 1 ? Vector3(0, 1, 0) : Vector3(0, 0, 1))
  }
}

/// A unit quaternion x·i + y·j + z·k + w: the rotation by 2·acos(w) about
/// (x, y, z), right-handed, as ``Transform3D/makeRotation(_:_:_:_:)`` turns.
public struct Quaternion: Equatable, Hashable, Sendable {
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

  /// No rotation.
  public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)

  func dot(_ other: Quaternion) -> Double { x * other.x + y * other.y + z * other.z + w * other.w }

  func normalized() -> Quaternion {
    let length = dot(self).squareRoot()
    guard length > 0 else { return .identity }
    return Quaternion(x: x / length, y: y / length, z: z / length, w: w / length)
  }
}

/// A `CATransform3D` taken apart as CSS Transforms Level 2 takes a 3D matrix
/// apart ("Decomposing a 3D matrix", after Graphics Gems II's `unmatrix`):
/// the matrix is scale, then skew, then rotation, then translation, then
/// perspective, applied to a point in that order.
///
/// In Core Animation's row-vector form, with the matrix first divided by m44:
/// M = N·P, where P is the identity with (m14 m24 m34 m44) replaced by
/// ``perspective`` and N = [A 0; t 1] has the rows of A equal to
/// sx·u0, sy·(u1 + skewXY·u0), sz·(u2 + skewXZ·u0 + skewYZ·u1) for the
/// orthonormal rows u0 u1 u2 of the rotation.
public struct DecomposedTransform3D: Equatable, Hashable, Sendable {
  public var translation: Vector3
  public var scale: Vector3
  /// The shear of y onto x (CSS's skew[0]).
  public var skewXY: Double
  /// The shear of z onto x (CSS's skew[1]).
  public var skewXZ: Double
  /// The shear of z onto y (CSS's skew[2]).
  public var skewYZ: Double
  /// The fourth column after the rest is divided out: (0, 0, 0, 1) for a
  /// matrix without perspective.
  public var perspective: Quaternion
  public var rotation: Quaternion

  public init(
    translation: Vector3, scale: Vector3, skewXY: Double, skewXZ: Double, skewYZ: Double,
    perspective: Quaternion, rotation: Quaternion
  ) {
    self.translation = translation
    self.scale = scale
    self.skewXY = skewXY
    self.skewXZ = skewXZ
    self.skewYZ = skewYZ
    self.perspective = perspective
    self.rotation = rotation
  }

  /// A row whose length is at most this, after the rows before it are taken
  /// out, is a zero scale: its direction is then completed from the others
  /// (`Rule.transformInterpolation`).
  static let degenerateLength = 1e-12

  /// The matrix these parts make: ``Transform3D`` = N·P as described above.
  public func recomposed() -> Transform3D {
    let q = rotation
    // The rows of the rotation for row vectors (the transpose of the
    // column-vector matrix of q).
    let u0 = Vector3(1 - 2 * (q.y * q.y + q.z * q.z), 2 * (q.x * q.y + q.z * q.w), 2 * (q.x * q.z - q.y * q.w))
    let u1 = Vector3(2 * (q.x * q.y - q.z * q.w), 1 - 2 * (q.x * q.x + q.z * q.z), 2 * (q.y * q.z + q.x * q.w))
    let u2 = Vector3(2 * (q.x * q.z + q.y * q.w), 2 * (q.y * q.z - q.x * q.w), 1 - 2 * (q.x * q.x + q.y * q.y))
    let r0 = u0.scaled(by: scale.x)
    let r1 = u1.adding(u0, times: skewXY).scaled(by: scale.y)
    let r2 = u2.adding(u0, times: skewXZ).adding(u1, times: skewYZ).scaled(by: scale.z)
    let t = translation
    let p = perspective
    let p3 = Vector3(p.x, p.y, p.z)
    return Transform3D(
      r0.x, r0.y, r0.z, r0.dot(p3),
      r1.x, r1.y, r1.z, r1.dot(p3),
      r2.x, r2.y, r2.z, r2.dot(p3),
      t.x, t.y, t.z, t.dot(p3) + p.w)
  }
}

extension Transform3D {
  /// The matrix taken apart as CSS Transforms Level 2 specifies, or nil when
  /// it cannot be: m44 is 0, an entry is not finite, or the matrix has
  /// perspective and its non-perspective part is singular, so the
  /// perspective cannot be solved for (`Rule.transformInterpolation`).
  ///
  /// Where CSS gives up on any singular matrix, a zero scale without
  /// perspective is taken apart: a row that vanishes has scale 0 and takes
  /// the direction that completes the others to a right-handed orthonormal
  /// basis (the next standard axis made orthogonal to them when two or three
  /// vanish), so `scale(0)` is a rotation of 0 at scale 0 and animates to
  /// `scale(1)` as `transform.scale` 0 → 1 does. A vanishing row's shears are 0.
  public func decomposed() -> DecomposedTransform3D? {
    guard isFinite, m44 != 0 else { return nil }
    let k = m44
    let m = Transform3D(
      m11 / k, m12 / k, m13 / k, m14 / k,
      m21 / k, m22 / k, m23 / k, m24 / k,
      m31 / k, m32 / k, m33 / k, m34 / k,
      m41 / k, m42 / k, m43 / k, 1)
    // N: the matrix without its perspective column.
    let n = Transform3D(
      m.m11, m.m12, m.m13, 0, m.m21, m.m22, m.m23, 0,
      m.m31, m.m32, m.m33, 0, m.m41, m.m42, m.m43, 1)
    var perspective = Quaternion.identity
    if m.m14 != 0 || m.m24 != 0 || m.m34 != 0 {
      // M = N·P, so P's column is N⁻¹ times M's fourth column.
      guard let inverse = n.inverted() else { return nil }
      let c = (m.m14, m.m24, m.m34, 1.0)
      perspective = Quaternion(
        x: inverse.m11 * c.0 + inverse.m12 * c.1 + inverse.m13 * c.2 + inverse.m14 * c.3,
        y: inverse.m21 * c.0 + inverse.m22 * c.1 + inverse.m23 * c.2 + inverse.m24 * c.3,
        z: inverse.m31 * c.0 + inverse.m32 * c.1 + inverse.m33 * c.2 + inverse.m34 * c.3,
        w: inverse.m41 * c.0 + inverse.m42 * c.1 + inverse.m43 * c.2 + inverse.m44 * c.3)
    }
    let rows = (Vector3(m.m11, m.m12, m.m13), Vector3(m.m21, m.m22, m.m23), Vector3(m.m31, m.m32, m.m33))
    let limit = DecomposedTransform3D.degenerateLength

    // Gram–Schmidt: each row's length is its scale once the rows before it
    // are taken out; what it had along them is its shear.
    var scaleX = rows.0.length
    var u0: Vector3? = nil
    if scaleX > limit { u0 = rows.0.scaled(by: 1 / scaleX) } else { scaleX = 0 }
    var shearXY = 0.0
    var row1 = rows.1
    if let u0 {
      shearXY = u0.dot(rows.1)
      row1 = rows.1.adding(u0, times: -shearXY)
    }
    var scaleY = row1.length
    var u1: Vector3? = nil
    if scaleY > limit { u1 = row1.scaled(by: 1 / scaleY) } else { scaleY = 0 }
    var shearXZ = 0.0
    var shearYZ = 0.0
    var row2 = rows.2
    if let u0 {
      shearXZ = u0.dot(row2)
      row2 = row2.adding(u0, times: -shearXZ)
    }
    if let u1 {
      shearYZ = u1.dot(row2)
      row2 = row2.adding(u1, times: -shearYZ)
    }
    var scaleZ = row2.length
    var u2: Vector3? = nil
    if scaleZ > limit { u2 = row2.scaled(by: 1 / scaleZ) } else { scaleZ = 0 }

    Transform3D.completeBasis(&u0, &u1, &u2)
    guard var e0 = u0, var e1 = u1, var e2 = u2 else { return nil }
    // A left-handed basis is a mirror: negate the scales and the basis, as CSS does.
    if e0.dot(e1.cross(e2)) < 0 {
      scaleX = -scaleX
      scaleY = -scaleY
      scaleZ = -scaleZ
      e0 = e0.scaled(by: -1)
      e1 = e1.scaled(by: -1)
      e2 = e2.scaled(by: -1)
    }
    return DecomposedTransform3D(
      translation: Vector3(m.m41, m.m42, m.m43),
      scale: Vector3(scaleX, scaleY, scaleZ),
      skewXY: scaleY != 0 ? shearXY / scaleY : 0,
      skewXZ: scaleZ != 0 ? shearXZ / scaleZ : 0,
      skewYZ: scaleZ != 0 ? shearYZ / scaleZ : 0,
      perspective: perspective,
      rotation: Transform3D.quaternion(rows: e0, e1, e2))
  }

  /// Fills in the rows of a rotation that a zero scale left undefined, so
  /// the three are a right-handed orthonormal basis: one missing row is the
  /// cross product of the other two; otherwise the first missing one is the
  /// first standard axis not along the rows present, made orthogonal to them.
  static func completeBasis(_ u0: inout Vector3?, _ u1: inout Vector3?, _ u2: inout Vector3?) {
    var missing = (u0 == nil ? 1 : 0) + (u1 == nil ? 1 : 0) + (u2 == nil ? 1 : 0)
    while missing > 1 {
      var filled = Vector3(0, 0, 1)
      var axisIndex = 0
      while axisIndex < 3 {
        var candidate = Vector3.axis(axisIndex)
        if let row = u0 { candidate = candidate.adding(row, times: -row.dot(candidate)) }
        if let row = u1 { candidate = candidate.adding(row, times: -row.dot(candidate)) }
        if let row = u2 { candidate = candidate.adding(row, times: -row.dot(candidate)) }
        // At most one row is present here, so some axis keeps at least
        // 1/√3 of its length; 0.5 picks the first that clearly does.
        let length = candidate.length
        if length > 0.5 {
          filled = candidate.scaled(by: 1 / length)
          break
        }
        axisIndex += 1
      }
      if u0 == nil { u0 = filled } else if u1 == nil { u1 = filled } else { u2 = filled }
      missing -= 1
    }
    if missing == 1 {
      if u0 == nil, let a = u1, let b = u2 { u0 = a.cross(b) }
      if u1 == nil, let a = u2, let b = u0 { u1 = a.cross(b) }
      if u2 == nil, let a = u0, let b = u1 { u2 = a.cross(b) }
    }
  }

  /// The unit quaternion of the rotation whose rows (for row vectors) are
  /// `u0 u1 u2`, by Shepperd's method: the largest of |w|, |x|, |y|, |z| is
  /// found from the diagonal and the others from the off-diagonal entries,
  /// so no component is the small difference of two large ones. The sign is
  /// chosen so that w ≥ 0 (a rotation by at most π).
  static func quaternion(rows u0: Vector3, _ u1: Vector3, _ u2: Vector3) -> Quaternion {
    // R = the column-vector matrix, the transpose of the rows: R_ij = u_j[i].
    let r00 = u0.x, r11 = u1.y, r22 = u2.z
    let r01 = u1.x, r10 = u0.y
    let r02 = u2.x, r20 = u0.z
    let r12 = u2.y, r21 = u1.z
    let trace = r00 + r11 + r22
    var q: Quaternion
    if trace > 0 {
      let w = 0.5 * (1 + trace).squareRoot()
      let f = 0.25 / w
      q = Quaternion(x: (r21 - r12) * f, y: (r02 - r20) * f, z: (r10 - r01) * f, w: w)
    } else if r00 >= r11 && r00 >= r22 {
      let x = 0.5 * (1 + r00 - r11 - r22).squareRoot()
      let f = 0.25 / x
      q = Quaternion(x: x, y: (r01 + r10) * f, z: (r02 + r20) * f, w: (r21 - r12) * f)
    } else if r11 >= r22 {
      let y = 0.5 * (1 - r00 + r11 - r22).squareRoot()
      let f = 0.25 / y
      q = Quaternion(x: (r01 + r10) * f, y: y, z: (r12 + r21) * f, w: (r02 - r20) * f)
    } else {
      let z = 0.5 * (1 - r00 - r11 + r22).squareRoot()
      let f = 0.25 / z
      q = Quaternion(x: (r02 + r20) * f, y: (r12 + r21) * f, z: z, w: (r10 - r01) * f)
    }
    if q.w < 0 { q = Quaternion(x: -q.x, y: -q.y, z: -q.z, w: -q.w) }
    return q.normalized()
  }
}
