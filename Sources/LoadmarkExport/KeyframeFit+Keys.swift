import LoadmarkCore

extension KeyframeFit {
  /// One keyframe of a fitted property: a time in frames (not always a
  /// whole frame: a corner between two frames is one keyframe where the two
  /// lines meet), its value, and the easing to the next keyframe (nil:
  /// linear; the last keyframe's is unused).
  struct Key: Equatable {
    var time: Double
    var value: Double
    var easing: Easing?
  }

  /// Decimals a corner's time is written with: a thousandth of a frame.
  static let timeDecimals = 3

  /// The fewest keyframes reproducing every value within `tolerance`, first
  /// and last frame included: the eased fit (``segments(_:tolerance:)``) or
  /// the linear one with its corners merged (``cornerKeys(_:tolerance:)``),
  /// whichever has fewer keyframes, the linear one on a tie (it writes no
  /// easing). A Core Animation animation with linear timing and key times
  /// between frames (NVActivityIndicatorView's dots, each begun 0.12 s after
  /// the one before) is a polyline whose corners fall between frames: the
  /// eased fit spends two keyframes or an easing on each, the merged linear
  /// fit one.
  /// - Parameters:
  ///   - values: one value per frame.
  ///   - tolerance: the largest difference allowed at any frame.
  static func keys(_ values: [Double], tolerance: Double) -> [Key] {
    guard values.count > 1 else { return values.map { Key(time: 0, value: $0, easing: nil) } }
    func easedKeys(fine: Bool) -> [Key] {
      segments(values, tolerance: tolerance, fine: fine).map { Key(time: Double($0.start), value: values[$0.start], easing: $0.easing) }
        + [Key(time: Double(values.count - 1), value: values[values.count - 1], easing: nil)]
    }
    // The finer easing search (``easing(_:from:to:tolerance:overshoot:fine:)``)
    // is taken only where it saves a keyframe: with as many, its longer
    // handles would only make the file larger.
    var eased = easedKeys(fine: false)
    let finer = easedKeys(fine: true)
    if finer.count < eased.count { eased = finer }
    let linear = cornerKeys(values, tolerance: tolerance)
    return linear.count <= eased.count ? linear : eased
  }

  /// The greedy linear fit (``indices(_:tolerance:)``) with every pair of
  /// keyframes one frame apart, between two linear stretches, replaced by
  /// one keyframe where the lines through those stretches meet, when that
  /// point lies between the two frames and every frame's value stays within
  /// `tolerance` with the corner's time and value rounded as written.
  /// - Parameters:
  ///   - values: one value per frame.
  ///   - tolerance: the largest difference allowed at any frame.
  static func cornerKeys(_ values: [Double], tolerance: Double) -> [Key] {
    var keys = indices(values, tolerance: tolerance).map { Key(time: Double($0), value: values[$0], easing: nil) }
    var j = 1
    while j + 2 < keys.count {
      let (p, a, b, n) = (keys[j - 1], keys[j], keys[j + 1], keys[j + 2])
      if b.time - a.time == 1, let corner = meeting(p, a, b, n) {
        var candidate = keys
        candidate.replaceSubrange(j...(j + 1), with: [corner])
        let first = Int(p.time.rounded(.up))
        let last = Int(n.time.rounded(.down))
        if (first...last).allSatisfy({ (value(of: candidate, at: Double($0)) - values[$0]).magnitude <= tolerance }) {
          keys = candidate
          continue
        }
      }
      j += 1
    }
    return keys
  }

  /// Where the line through `p` and `a` meets the line through `b` and `n`,
  /// rounded to ``timeDecimals`` and the writer's value decimals, if it lies
  /// strictly between `a` and `b`.
  static func meeting(_ p: Key, _ a: Key, _ b: Key, _ n: Key) -> Key? {
    let before = (a.value - p.value) / (a.time - p.time)
    let after = (n.value - b.value) / (n.time - b.time)
    guard before.isFinite, after.isFinite, (before - after).magnitude > 1e-12 else { return nil }
    let time = (b.value - a.value + before * a.time - after * b.time) / (before - after)
    let rounded = DecimalRounding.rounded(time, places: timeDecimals)
    guard rounded > a.time, rounded < b.time else { return nil }
    let value = a.value + before * (rounded - a.time)
    return Key(time: rounded, value: DecimalRounding.rounded(value, places: LottieWriter.decimals), easing: nil)
  }

  /// The value of `keys` at time `t` (frames), as a Lottie player computes
  /// it: the first key's value before it, the last's after it, else the
  /// segment's easing (linear without one) between its two keys.
  /// - Parameters:
  ///   - keys: keyframes in increasing time.
  ///   - t: the time in frames, whole or not.
  static func value(of keys: [Key], at t: Double) -> Double {
    guard let first = keys.first else { return 0 }
    if t <= first.time { return first.value }
    guard let next = keys.firstIndex(where: { $0.time > t }) else { return keys[keys.count - 1].value }
    let (a, b) = (keys[next - 1], keys[next])
    let progress = (t - a.time) / (b.time - a.time)
    let eased = a.easing.map { $0.timingFunction(progress) } ?? progress
    return a.value + (b.value - a.value) * eased
  }
}
