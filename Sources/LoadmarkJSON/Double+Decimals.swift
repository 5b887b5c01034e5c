extension Double {
  /// 2^53 − 1, JavaScript's `Number.MAX_SAFE_INTEGER`: every integer up to
  /// it in magnitude is a Double, so a sum of such integers that stays within
  /// it is exact. Delta tracks keep their running sums within ± this.
  static let largestSafeInteger = 9_007_199_254_740_991.0

  /// 10^`exponent`, exactly, for `exponent` from 0 to 22: 10^n = 2^n · 5^n
  /// and 5^22 < 2^53, so every product on the way is a Double and none of the
  /// multiplications rounds. `10 ** 4` in JavaScript is exact for the same reason.
  static func exactPowerOfTen(_ exponent: Int) -> Double {
    precondition((0...22).contains(exponent), "10^\(exponent) is not exact as a Double")
    var power = 1.0
    for _ in 0..<exponent { power *= 10 }
    return power
  }
}
