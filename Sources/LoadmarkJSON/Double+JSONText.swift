extension Double {
  /// 2^53: from here on not every integer is a Double, so a larger integral
  /// value may stand for a neighbour and is written as a real.
  static let largestExactInteger = 9_007_199_254_740_992.0

  /// Whether the writer writes this value as a JSON integer (`1`, not `1.0`):
  /// integral, of magnitude below 2^53, and not −0, whose sign an integer
  /// would lose.
  var isWrittenAsInteger: Bool {
    self == rounded(.towardZero) && magnitude < Double.largestExactInteger
      && !(self == 0 && sign == .minus)
  }

  /// The value as messages show it: an integer when the writer would write
  /// one (`3`), else the shortest text that reads back as this Double (`2.5`).
  var messageText: String {
    isWrittenAsInteger ? String(Int64(self)) : description
  }
}
