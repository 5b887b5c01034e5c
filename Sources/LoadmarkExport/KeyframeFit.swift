/// Fewer keyframes for the same frames (`Rule.keyframeFit`): the frames a
/// linear interpolation must pass through so that every frame's value stays
/// within a tolerance.
///
/// Exported animations interpolate linearly between keyframes; at each
/// frame's time they show that frame's value (within `tolerance`), as the
/// player does. A ring sweeping at constant speed needs two keyframes, an
/// ease-out a handful, a jump two adjacent ones.
enum KeyframeFit {
  /// Indices of `values` to keep, first and last included, such that
  /// interpolating linearly (by index) between consecutive kept indices
  /// reproduces every value within `tolerance`. Greedy: each keyframe
  /// reaches as far as it can.
  static func indices(_ values: [Double], tolerance: Double) -> [Int] {
    guard values.count > 2 else { return Array(values.indices) }
    var kept = [0]
    var start = 0
    while start < values.count - 1 {
      var end = start + 1
      while end + 1 < values.count && fits(values, from: start, to: end + 1, tolerance: tolerance) {
        end += 1
      }
      kept.append(end)
      start = end
    }
    return kept
  }

  /// Whether the line from `values[a]` to `values[b]` passes within
  /// `tolerance` of every value between them.
  static func fits(_ values: [Double], from a: Int, to b: Int, tolerance: Double) -> Bool {
    let span = Double(b - a)
    for i in (a + 1)..<b {
      let expected = values[a] + (values[b] - values[a]) * Double(i - a) / span
      if (expected - values[i]).magnitude > tolerance { return false }
    }
    return true
  }

  /// `degrees` made continuous: each value moved by whole turns to lie
  /// within half a turn of the one before, so that interpolation turns the
  /// short way.
  static func unwrapped(degrees: [Double]) -> [Double] {
    var result: [Double] = []
    for value in degrees {
      guard let previous = result.last else {
        result.append(value)
        continue
      }
      var v = value
      while v - previous > 180 { v -= 360 }
      while v - previous < -180 { v += 360 }
      result.append(v)
    }
    return result
  }
}
