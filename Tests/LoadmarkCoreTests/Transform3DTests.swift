import Testing
@testable import LoadmarkCore

/// `Transform3D` against `CATransform3D`'s definitions, and the inverse
/// trigonometry it needs.
struct Transform3DTests {
  let pi = Double.pi

  func close(_ a: Transform3D, _ b: Transform3D, within tolerance: Double = 1e-12) -> Bool {
    let pairs = [
      (a.m11, b.m11), (a.m12, b.m12), (a.m13, b.m13), (a.m14, b.m14),
      (a.m21, b.m21), (a.m22, b.m22), (a.m23, b.m23), (a.m24, b.m24),
      (a.m31, b.m31), (a.m32, b.m32), (a.m33, b.m33), (a.m34, b.m34),
      (a.m41, b.m41), (a.m42, b.m42), (a.m43, b.m43), (a.m44, b.m44),
    ]
    return pairs.allSatisfy { abs($0.0 - $0.1) <= tolerance }
  }

  func image(_ m: Transform3D, _ x: Double, _ y: Double) -> Point {
    let h = m.homogeneousImage(x: x, y: y)
    return Point(h.x / h.w, h.y / h.w)
  }

  // Values of Python's math.atan / math.atan2 / math.acos (glibc), printed
  // with repr. Loadmark's series stays within 2 ulps of glibc's atan over
  // [−20, 20] in steps of 0.001 (measured by the same operations in Python).
  @Test func inverseTrigonometryMatchesKnownValues() {
    let atanValues: [(Double, Double)] = [
      (0.1, 0.09966865249116204), (0.3, 0.2914567944778671), (0.5, 0.4636476090008061),
      (0.75, 0.6435011087932844), (1.0, 0.7853981633974483), (2.0, 1.1071487177940904),
      (10.0, 1.4711276743037347), (1e6, 1.5707953267948966),
    ]
    for (x, expected) in atanValues {
      #expect(abs(Angle.arctangent(x) - expected) <= 2 * expected.ulp, "atan(\(x))")
      #expect(abs(Angle.arctangent(-x) + expected) <= 2 * expected.ulp, "atan(-\(x))")
    }
    #expect(Angle.arctangent(0) == 0)
    #expect(Angle.arctangent(.infinity) == pi / 2)
    #expect(Angle.arctangent(.nan).isNaN)
    // atan2 in every quadrant and on the axes.
    #expect(abs(Angle.arctangent2(1, -1) - 2.356194490192345) <= 2 * pi.ulp)
    #expect(abs(Angle.arctangent2(-1, -1) + 2.356194490192345) <= 2 * pi.ulp)
    #expect(abs(Angle.arctangent2(-2, 1) + 1.1071487177940904) <= 2 * pi.ulp)
    #expect(Angle.arctangent2(1e-300, -1) == pi)
    #expect(Angle.arctangent2(1, 0) == pi / 2)
    #expect(Angle.arctangent2(-1, 0) == -pi / 2)
    #expect(Angle.arctangent2(0, 0) == 0)
    #expect(Angle.arctangent2(0, -1) == pi)
    // acos, clamped to [−1, 1].
    #expect(abs(Angle.arccosine(0.5) - 1.0471975511965979) <= 2 * pi.ulp)
    #expect(abs(Angle.arccosine(-0.3) - 1.8754889808102941) <= 2 * pi.ulp)
    #expect(abs(Angle.arccosine(0.999) - 0.044725087168733454) <= 1e-15)
    #expect(Angle.arccosine(1 + 1e-15) == 0)
    #expect(Angle.arccosine(-1) == pi)
  }

  @Test func makeFunctionsAreApplesMatrices() {
    // CATransform3D.h: translation in the fourth row, scale on the diagonal.
    let t = Transform3D.makeTranslation(3, -4, 5)
    #expect(t == Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, -4, 5, 1))
    #expect(Transform3D.makeScale(2, -1, 0.5) == Transform3D(2, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1))
    #expect(image(t, 1, 1) == Point(4, -3))
    // A zero axis gives the identity (CATransform3D.h).
    #expect(Transform3D.makeRotation(1, 0, 0, 0) == .identity)
  }

  @Test func positiveRotationAboutZTurnsClockwiseOnScreen() {
    // y-down: +x toward +y is clockwise. A quarter turn takes (1, 0) to (0, 1)
    // and (0, 1) to (−1, 0); the entries are CGAffineTransformMakeRotation's
    // a = cos, b = sin, c = −sin, d = cos.
    let quarter = Transform3D.makeRotation(pi / 2, 0, 0, 1)
    let right = image(quarter, 1, 0)
    let down = image(quarter, 0, 1)
    #expect(abs(right.x) < 1e-15 && abs(right.y - 1) < 1e-15)
    #expect(abs(down.x + 1) < 1e-15 && abs(down.y) < 1e-15)
    let affine = Transform3D.makeRotation(0.3, 0, 0, 1).affine
    #expect(abs(affine.a - 0.955336489125606) < 1e-15)  // cos 0.3
    #expect(abs(affine.b - 0.29552020666133955) < 1e-15)  // sin 0.3
    #expect(abs(affine.c + 0.29552020666133955) < 1e-15)
    #expect(abs(affine.d - 0.955336489125606) < 1e-15)
  }

  @Test func rotationsAboutXAndYAreRightHanded() {
    // About +x, y turns toward z; about +y, z turns toward x.
    let aboutX = Transform3D.makeRotation(pi / 2, 1, 0, 0).homogeneousImage(x: 0, y: 1)
    #expect(abs(aboutX.y) < 1e-15 && abs(aboutX.z - 1) < 1e-15)
    let aboutY = Transform3D.makeRotation(pi / 2, 0, 1, 0).homogeneousImage(x: 1, y: 0)
    #expect(abs(aboutY.x) < 1e-15 && abs(aboutY.z + 1) < 1e-15)
    // An unnormalised axis is normalised: (0, 0, 5) is +z.
    #expect(close(Transform3D.makeRotation(0.7, 0, 0, 5), Transform3D.makeRotation(0.7, 0, 0, 1), within: 0))
    // About (1, 1, 1) by 2π/3 the axes cycle x → y → z.
    let cycle = Transform3D.makeRotation(2 * pi / 3, 1, 1, 1).homogeneousImage(x: 1, y: 0)
    #expect(abs(cycle.x) < 1e-15 && abs(cycle.y - 1) < 1e-15 && abs(cycle.z) < 1e-15)
  }

  @Test func concatAppliesTheFirstTransformFirst() {
    // Translate by (10, 0) then turn a quarter: (0, 0) → (10, 0) → (0, 10).
    let moveThenTurn = Transform3D.makeTranslation(10, 0, 0).concatenating(.makeRotation(pi / 2, 0, 0, 1))
    let p = image(moveThenTurn, 0, 0)
    #expect(abs(p.x) < 1e-14 && abs(p.y - 10) < 1e-14)
    // CATransform3DTranslate(t, …) = translate·t: the translation comes first.
    let turned = Transform3D.makeRotation(pi / 2, 0, 0, 1)
    #expect(turned.translated(10, 0, 0) == moveThenTurn)
    #expect(turned.scaled(2, 3, 1) == Transform3D.makeScale(2, 3, 1).concatenating(turned))
    #expect(turned.rotated(0.5, 1, 0, 0) == Transform3D.makeRotation(0.5, 1, 0, 0).concatenating(turned))
  }

  @Test func affineExtractionAndDetection() {
    let affine = AffineTransform2D(a: 2, b: 0.5, c: -1, d: 3, tx: 7, ty: -2)
    let lifted = Transform3D(affine: affine)
    #expect(lifted.isAffine)
    #expect(lifted.affine == affine)
    // (1, 1) → (2 − 1 + 7, 0.5 + 3 − 2).
    #expect(affine.applied(to: Point(1, 1)) == Point(8, 1.5))
    #expect(image(lifted, 1, 1) == Point(8, 1.5))
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 100
    #expect(!perspective.isAffine)
    #expect(!Transform3D.makeRotation(0.1, 1, 0, 0).isAffine)
    #expect(Transform3D.makeRotation(0.1, 0, 0, 1).isAffine)
  }

  @Test func inversionAndSingularity() {
    // The inverse of translate·scale is the inverse scale then the opposite move.
    let m = Transform3D.makeScale(2, 4, 0.5).concatenating(.makeTranslation(3, -1, 2))
    let inverse = try! #require(m.inverted())
    #expect(close(inverse, Transform3D.makeTranslation(-3, 1, -2).concatenating(.makeScale(0.5, 0.25, 2)), within: 1e-15))
    #expect(m.determinant == 4)
    // A perspective matrix with a rotation: M·M⁻¹ = I.
    var spin = Transform3D.makeRotation(0.8, 1, 2, 3)
    spin.m34 = -0.01
    spin.m41 = 5
    #expect(close(spin.concatenating(try! #require(spin.inverted())), .identity))
    // A zero scale is singular, and so is a non-finite matrix.
    #expect(Transform3D.makeScale(0, 1, 1).inverted() == nil)
    #expect(Transform3D.makeScale(0, 1, 1).determinant == 0)
    #expect(Transform3D.makeTranslation(.infinity, 0, 0).inverted() == nil)
  }
}
