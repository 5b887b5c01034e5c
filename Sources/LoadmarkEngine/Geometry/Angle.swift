/// Angle arithmetic with only + − × ÷ and rounding, which are correctly
/// rounded on every platform (no libm), so native and WebAssembly agree bit
/// for bit.
public enum Angle {
  /// 2π.
  public static let fullTurn = 2 * Double.pi

  /// `value` wrapped into [0, 2π): value − 2π·floor(value / 2π), with the
  /// rounding error of that product folded back into range.
  public static func wrapped(_ value: Double) -> Double {
    var r = value - fullTurn * (value / fullTurn).rounded(.down)
    if r < 0 { r += fullTurn }
    if r >= fullTurn { r -= fullTurn }
    return r
  }

  /// The sine of `x`, accurate to a few ulps (Cody–Waite reduction to
  /// [−π/4, π/4], then Taylor series to the 17th power).
  public static func sine(_ x: Double) -> Double {
    let (quadrant, r) = reduce(x)
    switch quadrant {
    case 0: return sinKernel(r)
    case 1: return cosKernel(r)
    case 2: return -sinKernel(r)
    default: return -cosKernel(r)
    }
  }

  /// The cosine of `x`; see ``sine(_:)``.
  public static func cosine(_ x: Double) -> Double {
    let (quadrant, r) = reduce(x)
    switch quadrant {
    case 0: return cosKernel(r)
    case 1: return -sinKernel(r)
    case 2: return -cosKernel(r)
    default: return sinKernel(r)
    }
  }

  /// The arctangent of `x`, in [−π/2, π/2], accurate to a few ulps.
  ///
  /// |x| > 1 uses atan x = π/2 − atan(1/x); above tan(π/8) the argument is
  /// moved below it by atan x = π/4 + atan((x − 1)/(x + 1)); what remains,
  /// |r| ≤ tan(π/8) ≈ 0.414, is summed as the Taylor series to r⁴⁹ (the
  /// first term left out is below 2⁻⁶⁰·|r|). Only + − × ÷, so every platform
  /// gets the same bits.
  public static func arctangent(_ x: Double) -> Double {
    if x.isNaN { return x }
    let magnitude = x < 0 ? -x : x
    var result: Double
    if magnitude > 1 {
      result = Double.pi / 2 - reducedArctangent(1 / magnitude)
    } else {
      result = reducedArctangent(magnitude)
    }
    if x < 0 { result = -result }
    return result
  }

  /// The angle of the vector (x, y) from +x, in (−π, π], as C's `atan2`
  /// (signed zeros aside: the angle of (0, 0) is 0).
  ///
  /// - Parameters:
  ///   - y: the vector's y component.
  ///   - x: the vector's x component.
  public static func arctangent2(_ y: Double, _ x: Double) -> Double {
    if x.isNaN || y.isNaN { return .nan }
    if x == 0 {
      if y > 0 { return Double.pi / 2 }
      if y < 0 { return -Double.pi / 2 }
      return 0
    }
    // The smaller over the larger keeps the quotient in [−1, 1], where the
    // series converges best, and finite for any finite inputs.
    let absX = x < 0 ? -x : x
    let absY = y < 0 ? -y : y
    var angle: Double
    if absY <= absX {
      angle = arctangent(absY / absX)
    } else {
      angle = Double.pi / 2 - arctangent(absX / absY)
    }
    if x < 0 { angle = Double.pi - angle }
    return y < 0 ? -angle : angle
  }

  /// The arccosine of `x`, in [0, π]; `x` is clamped to [−1, 1] first, so a
  /// dot product of unit vectors a rounding error past 1 still gives 0.
  public static func arccosine(_ x: Double) -> Double {
    if x.isNaN { return x }
    let clamped = x > 1 ? 1 : (x < -1 ? -1 : x)
    return arctangent2((1 - clamped * clamped).squareRoot(), clamped)
  }

  /// atan for 0 ≤ x ≤ 1: one reduction about π/4, then the series.
  static func reducedArctangent(_ x: Double) -> Double {
    let tanPiOver8 = 0.41421356237309503
    if x > tanPiOver8 {
      return Double.pi / 4 + arctangentSeries((x - 1) / (x + 1))
    }
    return arctangentSeries(x)
  }

  /// r − r³/3 + r⁵/5 − … to r⁴⁹, Horner-style from the smallest term.
  static func arctangentSeries(_ r: Double) -> Double {
    let r2 = r * r
    var sum = 0.0
    var n = 49
    while n >= 3 {
      let term = 1.0 / Double(n)
      sum = (n / 2) % 2 == 1 ? r2 * (sum - term) : r2 * (sum + term)
      n -= 2
    }
    return r + r * sum
  }

  /// x = k·π/2 + r with |r| ≤ π/4; returns k mod 4 and r. π/2 is split in two
  /// parts so that k·(π/2) is subtracted almost exactly for moderate k.
  ///
  /// k mod 4 is taken in Doubles, exactly (k is a whole number, and scaling
  /// by 4 is exact), so that an argument too large for an integer, or not a
  /// number at all (r is then NaN), gives a value instead of a trap.
  static func reduce(_ x: Double) -> (Int, Double) {
    let halfPiHigh = 1.5707963267341256  // π/2 with its low bits cleared
    let halfPiLow = 6.077100506506192e-11  // π/2 − halfPiHigh
    let k = (x / (Double.pi / 2)).rounded()
    let r = (x - k * halfPiHigh) - k * halfPiLow
    guard k.isFinite else { return (0, .nan) }
    return (Int(k - 4 * (k / 4).rounded(.down)), r)
  }

  static func sinKernel(_ r: Double) -> Double {
    let r2 = r * r
    var sum = 0.0
    var term = 1.0
    // 1/17!, 1/15!, …, 1/3!, 1 with alternating signs, summed Horner-style.
    for n in stride(from: 17, through: 3, by: -2) {
      term = 1.0 / factorial(n)
      sum = (n / 2) % 2 == 1 ? r2 * (sum - term) : r2 * (sum + term)
    }
    return r + r * sum
  }

  static func cosKernel(_ r: Double) -> Double {
    let r2 = r * r
    var sum = 0.0
    for n in stride(from: 18, through: 2, by: -2) {
      let term = 1.0 / factorial(n)
      sum = (n / 2) % 2 == 1 ? r2 * (sum - term) : r2 * (sum + term)
    }
    return 1 + sum
  }

  static func factorial(_ n: Int) -> Double {
    var product = 1.0
    var i = 2
    while i <= n {
      product *= Double(i)
      i += 1
    }
    return product
  }
}
