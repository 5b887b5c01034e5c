/// Decimal text to the nearest Double, rounding ties to even, exactly as a
/// correctly rounded `strtod` (which Jansson uses) and every browser's
/// `JSON.parse` do, with nothing but integer arithmetic.
///
/// The WebAssembly build has no C library and Swift's `Double(String)`
/// calls one, hence this: the digits are kept as a decimal (up to 800
/// significant digits, past which only whether a non-zero digit was dropped
/// matters) and scaled by powers of two, exactly, until the 53 bits of the
/// result can be read off and rounded. It is the "simple decimal conversion"
/// of Go's `strconv` and Wuffs, written anew here.
package enum DecimalConversion {
  /// The result of a conversion.
  package enum Result: Equatable {
    case value(Double)
    /// The magnitude is too large for a Double.
    case overflow
  }

  /// Converts `negative`, the significant `digits` (values 0–9, without
  /// leading zeros) and the position of the decimal point: the number is
  /// 0.d1d2d3… × 10^`point`. `truncated` says non-zero digits were dropped
  /// after the given ones.
  static func double(negative: Bool, digits: [UInt8], point: Int, truncated: Bool) -> Result {
    var decimal = Decimal(digits: digits, point: point, truncated: truncated)
    guard let bits = decimal.bits() else { return .overflow }
    return .value(Double(bitPattern: bits | (negative ? 1 << 63 : 0)))
  }

  /// The most significant digits kept.
  static let maximumDigits = 800

  /// A non-negative decimal 0.d1d2… × 10^point.
  struct Decimal {
    var digits: [UInt8]
    var point: Int
    var truncated: Bool

    /// Binary exponents whose shift moves the decimal point by at least one
    /// place for each index: 2^powers[i] ≥ 10^i.
    static let powers = [1, 3, 6, 9, 13, 16, 19, 23, 26]
    /// The largest shift done in one step; 9 · 2^60 plus the carry fits in 64 bits.
    static let maximumShift = 60

    /// The Double's bit pattern (sign clear), or nil on overflow.
    mutating func bits() -> UInt64? {
      let mantissaBits = 52
      let bias = -1023
      guard !digits.isEmpty else { return 0 }
      if point > 310 { return nil }
      if point < -330 { return 0 }
      var exponent = 0
      // Scale into [0.5, 1), counting the powers of two.
      while point > 0 {
        let n = point >= Decimal.powers.count ? 27 : Decimal.powers[point]
        shift(-n)
        exponent += n
      }
      while point < 0 || (point == 0 && digits[0] < 5) {
        let n = -point >= Decimal.powers.count ? 27 : Decimal.powers[-point]
        shift(n)
        exponent -= n
      }
      // [0.5, 1) is [1, 2) one power of two down.
      exponent -= 1
      // Below the smallest normal exponent the value is subnormal.
      if exponent < bias + 1 {
        let n = bias + 1 - exponent
        shift(-n)
        exponent += n
      }
      if exponent - bias >= 0x7FF { return nil }
      shift(1 + mantissaBits)
      var mantissa = roundedInteger()
      // Rounding up may carry into a new bit.
      if mantissa == 2 << UInt64(mantissaBits) {
        mantissa >>= 1
        exponent += 1
        if exponent - bias >= 0x7FF { return nil }
      }
      if mantissa & (1 << UInt64(mantissaBits)) == 0 { exponent = bias }
      let fraction = mantissa & ((1 << UInt64(mantissaBits)) - 1)
      return fraction | UInt64((exponent - bias) & 0x7FF) << UInt64(mantissaBits)
    }

    /// Multiplies by 2^k (k > 0) or divides by 2^−k (k < 0), exactly but for
    /// digits past ``DecimalConversion/maximumDigits``.
    mutating func shift(_ k: Int) {
      var k = k
      while k > Decimal.maximumShift {
        shiftLeft(Decimal.maximumShift)
        k -= Decimal.maximumShift
      }
      while k < -Decimal.maximumShift {
        shiftRight(Decimal.maximumShift)
        k += Decimal.maximumShift
      }
      if k > 0 { shiftLeft(k) } else if k < 0 { shiftRight(-k) }
    }

    /// × 2^k, from the last digit up, carrying.
    mutating func shiftLeft(_ k: Int) {
      guard !digits.isEmpty else { return }
      var reversed: [UInt8] = []
      reversed.reserveCapacity(digits.count + 19)
      var carry: UInt64 = 0
      for digit in digits.reversed() {
        let n = UInt64(digit) << UInt64(k) + carry
        reversed.append(UInt8(n % 10))
        carry = n / 10
      }
      while carry > 0 {
        reversed.append(UInt8(carry % 10))
        carry /= 10
      }
      point += reversed.count - digits.count
      digits = Array(reversed.reversed())
      limit()
    }

    /// ÷ 2^k, from the first digit down, as long division.
    mutating func shiftRight(_ k: Int) {
      let mask: UInt64 = (1 << UInt64(k)) - 1
      var read = 0
      var n: UInt64 = 0
      // Read digits until the quotient has a first digit.
      while n >> UInt64(k) == 0 {
        if read >= digits.count {
          if n == 0 {
            digits = []
            return
          }
          while n >> UInt64(k) == 0 {
            n *= 10
            read += 1
          }
          break
        }
        n = n * 10 + UInt64(digits[read])
        read += 1
      }
      point -= read - 1
      var result: [UInt8] = []
      result.reserveCapacity(digits.count + 19)
      while read < digits.count {
        result.append(UInt8(n >> UInt64(k)))
        n = (n & mask) * 10 + UInt64(digits[read])
        read += 1
      }
      while n > 0 {
        result.append(UInt8(n >> UInt64(k)))
        n = (n & mask) * 10
      }
      digits = result
      limit()
    }

    /// Keeps at most ``DecimalConversion/maximumDigits`` digits, noting a
    /// dropped non-zero one, and drops trailing zeros, so that "exactly
    /// half" is a last digit 5.
    mutating func limit() {
      if digits.count > DecimalConversion.maximumDigits {
        for digit in digits[DecimalConversion.maximumDigits...] where digit != 0 { truncated = true }
        digits.removeLast(digits.count - DecimalConversion.maximumDigits)
      }
      while digits.last == 0 { digits.removeLast() }
    }

    /// The integer part, rounded half to even by the digits after it.
    func roundedInteger() -> UInt64 {
      if point > 20 { return UInt64.max }
      var n: UInt64 = 0
      var i = 0
      while i < point && i < digits.count {
        n = n * 10 + UInt64(digits[i])
        i += 1
      }
      while i < point {
        n *= 10
        i += 1
      }
      if roundsUp(at: point) { n += 1 }
      return n
    }

    /// Whether the digits from `index` on are more than half a unit (or
    /// exactly half and the kept digit is odd).
    func roundsUp(at index: Int) -> Bool {
      guard index >= 0, index < digits.count else { return false }
      if digits[index] == 5 && index + 1 == digits.count {
        // Exactly half, unless a dropped digit makes it a little more.
        if truncated { return true }
        return index > 0 && digits[index - 1] % 2 == 1
      }
      return digits[index] >= 5
    }
  }
}
