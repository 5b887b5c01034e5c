extension Transform3D {
  /// The value of a `transform` animation between two `CATransform3D`
  /// keyframes at `fraction` (`Rule.transformInterpolation` in
  /// docs/FIDELITY.md).
  ///
  /// Both matrices are taken apart (``decomposed()``); translation, scale,
  /// skew and perspective are interpolated linearly and the rotations along
  /// the shorter great arc between their quaternions (spherical linear
  /// interpolation), then the parts are put back together. So halfway from
  /// the identity to a quarter turn is an eighth of a turn, not a shrunken
  /// matrix, and a rotation between keyframes never exceeds π: a turn of more
  /// than π, or several, needs the scalar key path `transform.rotation.z`,
  /// which interpolates its angle linearly. This is the algorithm of CSS
  /// Transforms Level 2 ("Interpolation of 3D matrices", from Graphics Gems
  /// II's `unmatrix`) and of WebKit's `TransformationMatrix::blend`, which
  /// also takes the shorter arc; Apple does not document how Core Animation
  /// interpolates a `CATransform3D` [obs].
  ///
  /// Where a matrix cannot be taken apart (m44 = 0, a non-finite entry,
  /// perspective over a singular matrix), the value is discrete as in CSS:
  /// `from` before halfway, `to` from halfway on. A fraction of exactly 0 or
  /// 1 gives the keyframe itself, bit for bit, and equal keyframes give
  /// themselves. Fractions outside [0, 1] (a timing curve that overshoots)
  /// extrapolate every part the same way.
  ///
  /// - Parameters:
  ///   - from: the keyframe at fraction 0.
  ///   - to: the keyframe at fraction 1.
  ///   - fraction: the progress between them, after timing functions.
  public static func interpolate(from: Transform3D, to: Transform3D, fraction: Double) -> Transform3D {
    if fraction == 0 || from == to { return from }
    if fraction == 1 { return to }
    guard let a = from.decomposed(), let b = to.decomposed() else {
      return fraction < 0.5 ? from : to
    }
    return DecomposedTransform3D.interpolate(from: a, to: b, fraction: fraction).recomposed()
  }
}

extension DecomposedTransform3D {
  /// The parts between `from` and `to` at `fraction`: linear for all but the
  /// rotation, the shorter spherical arc for it (see
  /// ``Transform3D/interpolate(from:to:fraction:)``).
  ///
  /// - Parameters:
  ///   - from: the parts at fraction 0.
  ///   - to: the parts at fraction 1.
  ///   - fraction: the progress between them.
  public static func interpolate(
    from: DecomposedTransform3D, to: DecomposedTransform3D, fraction t: Double
  ) -> DecomposedTransform3D {
    DecomposedTransform3D(
      translation: lerp(from.translation, to.translation, t),
      scale: lerp(from.scale, to.scale, t),
      skewXY: lerp(from.skewXY, to.skewXY, t),
      skewXZ: lerp(from.skewXZ, to.skewXZ, t),
      skewYZ: lerp(from.skewYZ, to.skewYZ, t),
      perspective: Quaternion(
        x: lerp(from.perspective.x, to.perspective.x, t),
        y: lerp(from.perspective.y, to.perspective.y, t),
        z: lerp(from.perspective.z, to.perspective.z, t),
        w: lerp(from.perspective.w, to.perspective.w, t)),
      rotation: Quaternion.slerp(from: from.rotation, to: to.rotation, fraction: t))
  }

  /// a + (b − a)·t, the form the rest of the engine interpolates with.
  static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

  static func lerp(_ a: Vector3, _ b: Vector3, _ t: Double) -> Vector3 {
    Vector3(lerp(a.x, b.x, t), lerp(a.y, b.y, t), lerp(a.z, b.z, t))
  }
}

extension Quaternion {
  /// Spherical linear interpolation along the shorter arc: when the two
  /// quaternions are more than 90° apart (a negative dot product) `to` is
  /// negated first, which is the same rotation, so the turn between them is
  /// at most π. Nearly equal rotations (sin θ < 10⁻⁹) interpolate linearly
  /// and renormalise, where the spherical weights would divide by almost 0.
  ///
  /// - Parameters:
  ///   - from: the rotation at fraction 0.
  ///   - to: the rotation at fraction 1.
  ///   - fraction: the progress between them.
  public static func slerp(from a: Quaternion, to target: Quaternion, fraction t: Double) -> Quaternion {
    var b = target
    var cosine = a.dot(b)
    if cosine < 0 {
      b = Quaternion(x: -b.x, y: -b.y, z: -b.z, w: -b.w)
      cosine = -cosine
    }
    if cosine > 1 { cosine = 1 }
    let sine = (1 - cosine * cosine).squareRoot()
    let weightA: Double
    let weightB: Double
    if sine < 1e-9 {
      weightA = 1 - t
      weightB = t
    } else {
      let theta = Angle.arctangent2(sine, cosine)
      weightA = Angle.sine((1 - t) * theta) / sine
      weightB = Angle.sine(t * theta) / sine
    }
    return Quaternion(
      x: a.x * weightA + b.x * weightB,
      y: a.y * weightA + b.y * weightB,
      z: a.z * weightA + b.z * weightB,
      w: a.w * weightA + b.w * weightB
    ).normalized()
  }
}
