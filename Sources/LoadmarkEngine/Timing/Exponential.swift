/// e^x with only + − × ÷, which are correctly rounded everywhere (no libm,
/// which WebAssembly lacks), so native and wasm agree bit for bit.
public enum Exponential {
  /// e^x, accurate to a few ulps: x = k·ln 2 + r with |r| ≤ ln 2 / 2 (ln 2
  /// split in two parts, Cody–Waite), e^r by its Taylor series to the 17th
  /// power, then scaled by 2^k.
  public static func exp(_ x: Double) -> Double {
    guard x.isFinite else { return x.isNaN ? x : (x > 0 ? x : 0) }
    if x > 709.78 { return .infinity }
    if x < -745.2 { return 0 }
    let ln2High = 0.6931471803691238  // ln 2 with its low bits cleared
    let ln2Low = 1.9082149292705877e-10  // ln 2 − ln2High
    let k = (x / 0.6931471805599453).rounded()
    let r = (x - k * ln2High) - k * ln2Low
    var sum = 1.0
    var term = 1.0
    for n in 1...17 {
      term = term * r / Double(n)
      sum += term
    }
    return sum * power(of2: Int(k))
  }

  /// 2^k for k in [−1074, 1024], built in two exact steps at either end.
  static func power(of2 k: Int) -> Double {
    if k > 1023 {
      return power(of2: k - 1) * 2
    }
    if k < -1022 {
      return power(of2: k + 600) * power(of2: -600)
    }
    return Double(bitPattern: UInt64(k + 1023) << 52)
  }
}
