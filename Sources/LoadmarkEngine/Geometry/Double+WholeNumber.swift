extension Double {
  /// This number rounded by `rule`, as an `Int` clamped to `bounds`; NaN
  /// gives the lower bound.
  ///
  /// `Int(_:)` traps on a value that is not finite or outside `Int`'s range,
  /// and pixel sides, margins and frame indices are computed from numbers a
  /// document or an option chose: this conversion is defined for every
  /// `Double`, so that no such number can stop the process. The caller
  /// checks the clamped result against its own limit and reports it.
  public func clampedInteger(
    _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero, in bounds: ClosedRange<Int>
  ) -> Int {
    let whole = rounded(rule)
    guard !whole.isNaN, whole > Double(bounds.lowerBound) else { return bounds.lowerBound }
    // Double(Int.max) is 2^63, one more than Int.max: compared with `<`, any
    // value that passes converts exactly.
    guard whole < Double(bounds.upperBound) else { return bounds.upperBound }
    return Int(whole)
  }
}
