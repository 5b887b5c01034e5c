import Testing
@testable import LoadmarkCore

/// `AffineTransform2D.linearFactors`: the QR factorisation that the Lottie
/// and animated SVG writers read their transform parts from, on matrices
/// built by hand as R(θ) · [[sx, shear], [0, sy]].
struct AffineFactoringTests {
  @Test func anUnturnedShearIsReadOffItsColumns() {
    // [[2, 1], [0, 3]] is already upper triangular: θ = 0, sx = 2, shear = (2·1 + 0·3)/2 = 1, sy = (2·3 − 0·1)/2 = 3.
    let factors = AffineTransform2D(a: 2, b: 0, c: 1, d: 3, tx: 5, ty: 6).linearFactors
    #expect(factors == .init(angle: 0, scaleX: 2, scaleY: 3, shear: 1))
  }

  @Test func aQuarterTurnOfTheSameShearKeepsItsFactors() {
    // R(π/2) · [[2, 1], [0, 3]] = [[0, −1], [1, 0]] · [[2, 1], [0, 3]] = [[0, −3], [2, 1]]:
    // a = 0, b = 2, c = −3, d = 1.
    let factors = AffineTransform2D(a: 0, b: 2, c: -3, d: 1, tx: 0, ty: 0).linearFactors
    #expect(factors == .init(angle: Double.pi / 2, scaleX: 2, scaleY: 3, shear: 1))
  }

  @Test func aMirrorIsANegativeScaleY() {
    // x mirrored: R(π) · [[1, 0], [0, −1]] = [[−1, 0], [0, 1]]; the first axis is turned, the second flipped.
    let factors = AffineTransform2D(a: -1, b: 0, c: 0, d: 1, tx: 0, ty: 0).linearFactors
    #expect(factors == .init(angle: Double.pi, scaleX: 1, scaleY: -1, shear: 0))
  }

  @Test func aZeroFirstColumnHasNoFactors() {
    #expect(AffineTransform2D(a: 0, b: 0, c: 1, d: 1, tx: 3, ty: 4).linearFactors == nil)
    // A scale of 0 in y alone still has a first column: sy = 0.
    #expect(AffineTransform2D(a: 1, b: 0, c: 0, d: 0, tx: 0, ty: 0).linearFactors == .init(angle: 0, scaleX: 1, scaleY: 0, shear: 0))
  }
}
