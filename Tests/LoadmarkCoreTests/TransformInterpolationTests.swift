import Testing
@testable import LoadmarkCore

/// `Rule.transformInterpolation`: `CATransform3D` keyframes interpolated by
/// decomposition, as CSS Transforms Level 2 specifies.
struct TransformInterpolationTests {
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

  @Test func halfwayToAQuarterTurnIsAnEighthTurn() {
    let quarter = Transform3D.makeRotation(pi / 2, 0, 0, 1)
    let halfway = Transform3D.interpolate(from: .identity, to: quarter, fraction: 0.5)
    // An eighth turn: cos = sin = √2/2 = 0.7071067811865476, and the matrix
    // keeps its size (a blend of the entries would give 0.5 and a shrunken square).
    #expect(abs(halfway.m11 - 0.7071067811865476) < 1e-15)
    #expect(abs(halfway.m12 - 0.7071067811865476) < 1e-15)
    #expect(abs(halfway.m21 + 0.7071067811865476) < 1e-15)
    #expect(abs(halfway.m22 - 0.7071067811865476) < 1e-15)
    #expect(close(halfway, .makeRotation(pi / 4, 0, 0, 1), within: 1e-15))
    // A third of the way is π/6: cos = 0.8660254037844387, sin = 0.5.
    let third = Transform3D.interpolate(from: .identity, to: quarter, fraction: 1.0 / 3)
    #expect(abs(third.m11 - 0.8660254037844387) < 1e-15 && abs(third.m12 - 0.5) < 1e-15)
  }

  @Test func scaleAndTranslationAreLinear() {
    let three = Transform3D.makeScale(3, 3, 3)
    #expect(Transform3D.interpolate(from: .identity, to: three, fraction: 0.5) == .makeScale(2, 2, 2))
    let moved = Transform3D.makeTranslation(10, -20, 4)
    #expect(Transform3D.interpolate(from: .identity, to: moved, fraction: 0.25) == .makeTranslation(2.5, -5, 1))
    // Non-uniform scale, as transform.scale.y keyframes of a bar: 1 → 0.4 in y.
    let squashed = Transform3D.makeScale(1, 0.4, 1)
    #expect(close(Transform3D.interpolate(from: .identity, to: squashed, fraction: 0.5), .makeScale(1, 0.7, 1), within: 1e-15))
  }

  @Test func endpointsAreTheKeyframesThemselves() {
    var spin = Transform3D.makeRotation(1, 1, 0, 0)
    spin.m34 = -0.01
    #expect(Transform3D.interpolate(from: .identity, to: spin, fraction: 0) == .identity)
    #expect(Transform3D.interpolate(from: .identity, to: spin, fraction: 1) == spin)
    #expect(Transform3D.interpolate(from: spin, to: spin, fraction: 0.3) == spin)
  }

  @Test func rotationTakesTheShorterWayAndNeverMoreThanHalfATurn() {
    // 3π/2 clockwise is the same matrix as π/2 counter-clockwise: the
    // quaternion path goes the short way, so halfway is −π/4, not 3π/4.
    let threeQuarters = Transform3D.makeRotation(1.5 * pi, 0, 0, 1)
    let halfway = Transform3D.interpolate(from: .identity, to: threeQuarters, fraction: 0.5)
    #expect(close(halfway, .makeRotation(-pi / 4, 0, 0, 1), within: 1e-15))
    // A full turn is the identity matrix: nothing turns in between. The
    // scalar key path transform.rotation.z from 0 to 2π turns once, and from
    // 0 to 6π three times, because it interpolates the angle itself.
    let fullTurn = Transform3D.makeRotation(2 * pi, 0, 0, 1)
    let middle = Transform3D.interpolate(from: .identity, to: fullTurn, fraction: 0.5)
    #expect(close(middle, .identity, within: 1e-15))
  }

  @Test func roundTripThroughTheParts() {
    // scale, then rotation about (1, 2, 3), then a move, then perspective.
    var m = Transform3D.makeScale(2, 3, 0.5)
      .concatenating(.makeRotation(0.7, 1, 2, 3))
      .concatenating(.makeTranslation(5, -6, 7))
    m.m34 = -0.01
    m.m14 = 0.002
    let parts = try! #require(m.decomposed())
    #expect(close(parts.recomposed(), m))
    #expect(abs(parts.scale.x - 2) < 1e-12 && abs(parts.scale.y - 3) < 1e-12 && abs(parts.scale.z - 0.5) < 1e-12)
    // The rotation's quaternion: sin(0.35)·(1, 2, 3)/√14 and cos(0.35)
    // (0.34289780745545134 and 0.9393727128473789 by Python's math).
    let axisScale = 0.34289780745545134 / 14.0.squareRoot()
    #expect(abs(parts.rotation.x - axisScale) < 1e-12)
    #expect(abs(parts.rotation.y - 2 * axisScale) < 1e-12)
    #expect(abs(parts.rotation.z - 3 * axisScale) < 1e-12)
    #expect(abs(parts.rotation.w - 0.9393727128473789) < 1e-12)
    // A shear (a = 1, c = 0.5: x gains half of y) comes back as skew.
    let sheared = Transform3D(1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
    let shear = try! #require(sheared.decomposed())
    #expect(abs(shear.skewXY - 0.5) < 1e-15)
    #expect(close(shear.recomposed(), sheared, within: 1e-15))
    // A mirror comes back as negative scales and a half turn (CSS's rule).
    let mirror = Transform3D.makeScale(-1, 1, 1)
    #expect(close(try! #require(mirror.decomposed()).recomposed(), mirror, within: 1e-15))
  }

  @Test func zeroScaleIsTakenApartWithoutPerspective() {
    // scale(0, 0, 1) → identity at 0.5 is scale(0.5, 0.5, 1), as transform.scale 0 → 1.
    let flat = Transform3D.makeScale(0, 0, 1)
    #expect(Transform3D.interpolate(from: flat, to: .identity, fraction: 0.5) == .makeScale(0.5, 0.5, 1))
    #expect(Transform3D.interpolate(from: .makeScale(0, 0, 0), to: .identity, fraction: 0.25) == .makeScale(0.25, 0.25, 0.25))
    // A zero x scale of a quarter turn keeps the turn: its y and z rows fix it.
    let quarter = Transform3D.makeRotation(pi / 2, 0, 0, 1)
    let thin = Transform3D.makeScale(0, 1, 1).concatenating(quarter)
    let parts = try! #require(thin.decomposed())
    #expect(parts.scale.x == 0)
    #expect(abs(parts.rotation.z - 0.7071067811865476) < 1e-15)
    let halfway = Transform3D.interpolate(from: thin, to: quarter, fraction: 0.5)
    #expect(close(halfway, Transform3D.makeScale(0.5, 1, 1).concatenating(quarter), within: 1e-15))
  }

  @Test func perspectiveOverASingularMatrixIsDiscrete() {
    var collapsed = Transform3D.makeScale(0, 0, 0)
    collapsed.m34 = -0.01
    #expect(collapsed.decomposed() == nil)
    #expect(Transform3D.interpolate(from: collapsed, to: .identity, fraction: 0.49) == collapsed)
    #expect(Transform3D.interpolate(from: collapsed, to: .identity, fraction: 0.5) == .identity)
    // m44 = 0 cannot be normalised either.
    var infinite = Transform3D.identity
    infinite.m44 = 0
    #expect(infinite.decomposed() == nil)
  }

  @Test func perspectiveIsInterpolatedLinearly() {
    // identity with m34 = −0.02 to identity: halfway m34 = −0.01.
    var strong = Transform3D.identity
    strong.m34 = -0.02
    var half = Transform3D.identity
    half.m34 = -0.01
    #expect(Transform3D.interpolate(from: strong, to: .identity, fraction: 0.5) == half)
  }
}
