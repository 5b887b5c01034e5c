import LoadmarkCore

extension KeyframeFit {
  /// A cubic Bézier easing between two keyframes, as CSS `cubic-bezier(x1,
  /// y1, x2, y2)` and Lottie's `o`/`i` handles write it.
  struct Easing: Equatable {
    var x1: Double
    var y1: Double
    var x2: Double
    var y2: Double

    /// The timing function, evaluated with Core's one solver (`Rule.timingSolver`).
    var timingFunction: TimingFunction {
      TimingFunction(exactControlPoints: x1, y1, x2, y2)
    }
  }

  /// A run of frames from one keyframe to the next: linear (`easing` nil) or eased.
  struct Segment: Equatable {
    var start: Int
    var end: Int
    var easing: Easing?
  }

  /// Decimals the easing handles are written with.
  static let easingDecimals = 3

  /// The fewest segments, greedily, such that every frame's value is
  /// reproduced within `tolerance`: each segment reaches as far as a straight
  /// line does, or further when a cubic Bézier easing does. Core Animation's
  /// timing functions are such easings, so an eased ring or pulse needs one
  /// keyframe per animation instead of one per frame.
  static func segments(_ values: [Double], tolerance: Double, fine: Bool = false) -> [Segment] {
    segments(series: [values], tolerances: [tolerance], fine: fine)
  }

  /// The fewest segments, greedily, for a value of several numbers that
  /// share their keyframes and easings (a CSS `translate` of x and y, a
  /// polygon's path data): every number of every frame is reproduced within
  /// its own tolerance. One series fits as ``segments(_:tolerance:)`` says.
  /// - Parameters:
  ///   - series: each number's values, one per frame, all of one length.
  ///   - tolerances: each number's tolerance, in its own units.
  static func segments(
    series: [[Double]], tolerances: [Double], overshoot: Double = 0, fine: Bool = false
  ) -> [Segment] {
    let count = series.first?.count ?? 0
    guard count > 1 else { return [] }
    func allFit(_ a: Int, _ b: Int) -> Bool {
      zip(series, tolerances).allSatisfy { fits($0, from: a, to: b, tolerance: $1) }
    }
    func easing(from a: Int, to b: Int) -> Easing? {
      jointEasing(series, tolerances: tolerances, from: a, to: b, overshoot: overshoot, fine: fine)
    }
    var result: [Segment] = []
    var start = 0
    while start < count - 1 {
      var end = start + 1
      while end + 1 < count && allFit(start, end + 1) { end += 1 }
      var segment = Segment(start: start, end: end, easing: nil)
      // The longest eased span: doubling, then halving the gap between the
      // longest that fits and the shortest that does not. Spans of up to
      // four frames leave the easing underdetermined, so they are all tried.
      var fitting = end
      for next in stride(from: end + 1, to: min(count, start + 5), by: 1) {
        if let easing = easing(from: start, to: next) {
          segment = Segment(start: start, end: next, easing: easing)
          fitting = next
        }
      }
      if fitting >= start + 4 {
        var failing = count
        var step = 1
        while fitting + step < count {
          let next = fitting + step
          guard let easing = easing(from: start, to: next) else {
            failing = next
            break
          }
          segment = Segment(start: start, end: next, easing: easing)
          fitting = next
          step *= 2
        }
        while failing - fitting > 1 {
          let next = (fitting + failing) / 2
          if let easing = easing(from: start, to: next) {
            segment = Segment(start: start, end: next, easing: easing)
            fitting = next
          } else {
            failing = next
          }
        }
      }
      if overshoot > 0 {
        // An easing that overshoots fits its whole segment but not the part
        // up to its extreme (which lies beyond the keyframe it returns to),
        // so the search above stops early: the longest span that fits is
        // sought from the far end.
        for next in stride(from: count - 1, to: max(fitting, start + 4), by: -1) {
          if let easing = easing(from: start, to: next) {
            segment = Segment(start: start, end: next, easing: easing)
            break
          }
        }
      }
      result.append(segment)
      start = segment.end
    }
    return result
  }

  /// One easing for every series from `a` to `b`: the one fitted to the
  /// series that changes most for its tolerance, if it reproduces every
  /// other series within its own tolerance too. A single series gets
  /// ``easing(_:from:to:tolerance:)``'s.
  static func jointEasing(
    _ series: [[Double]], tolerances: [Double], from a: Int, to b: Int, overshoot: Double = 0, fine: Bool = false
  ) -> Easing? {
    var leading = 0
    var largest = -1.0
    for (k, values) in series.enumerated() {
      let share = (values[b] - values[a]).magnitude / max(tolerances[k], 1e-12)
      if share > largest {
        largest = share
        leading = k
      }
    }
    guard let found = easing(series[leading], from: a, to: b, tolerance: tolerances[leading], overshoot: overshoot, fine: fine) else { return nil }
    guard series.count > 1 else { return found }
    let curve = found.timingFunction
    let span = Double(b - a)
    for (k, values) in series.enumerated() where k != leading {
      let change = values[b] - values[a]
      for i in a...b {
        let expected = values[a] + change * curve(Double(i - a) / span)
        if (expected - values[i]).magnitude > tolerances[k] { return nil }
      }
    }
    return found
  }

  /// An easing from `values[a]` to `values[b]` through every value between
  /// within `tolerance`, if one is found: a grid over x1 and x2, each with the
  /// least-squares y1 and y2 (linear in them once x1 and x2 are fixed), then
  /// a finer grid around the best; handles rounded as they are written.
  static func easing(
    _ values: [Double], from a: Int, to b: Int, tolerance: Double, overshoot: Double = 0, fine: Bool = false
  ) -> Easing? {
    let change = values[b] - values[a]
    guard change.magnitude > tolerance else { return nil }
    let span = Double(b - a)
    let times = (a...b).map { Double($0 - a) / span }
    let targets = (a...b).map { (values[$0] - values[a]) / change }
    var best: (easing: Easing, error: Double)?
    func consider(_ x1: Double, _ x2: Double) {
      guard let easing = leastSquares(x1: x1, x2: x2, times: times, targets: targets, overshoot: overshoot) else { return }
      let curve = easing.timingFunction
      var error = 0.0
      for (t, u) in zip(times, targets) {
        error = max(error, ((curve(t) - u) * change).magnitude)
        if let best, error >= best.error { return }
      }
      best = (easing, error)
    }
    for i in 0...10 {
      for j in 0...10 { consider(Double(i) / 10, Double(j) / 10) }
    }
    guard let coarse = best else { return nil }
    for i in -5...5 {
      for j in -5...5 {
        let x1 = coarse.easing.x1 + Double(i) / 50
        let x2 = coarse.easing.x2 + Double(j) / 50
        if x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1 { consider(x1, x2) }
      }
    }
    // With `fine`, a timing function's handles lying off the second grid (Core
    // (Core Animation's default, (0.25, 0.1, 0.25, 1), sits between its
    // points, and 0.24 misses a pacman's mouth by more than the tolerance)
    // are found on a third grid, at the written handles' thousandths.
    if fine, let closest = best, closest.error > tolerance {
      for i in -10...10 {
        for j in -10...10 {
          let x1 = closest.easing.x1 + Double(i) / 1000
          let x2 = closest.easing.x2 + Double(j) / 1000
          if x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1 { consider(x1, x2) }
        }
      }
    }
    guard let found = best, found.error <= tolerance else { return nil }
    // With `fine`, the shortest handles that still fit: fewer digits to
    // write, and the same few values across segments for gzip to fold.
    for places in 1..<easingDecimals where fine {
      func r(_ v: Double) -> Double { DecimalRounding.rounded(v, places: places) }
      let e = found.easing
      let candidate = Easing(x1: r(e.x1), y1: r(e.y1), x2: r(e.x2), y2: r(e.y2))
      guard (0...1).contains(candidate.x1), (0...1).contains(candidate.x2) else { continue }
      let curve = candidate.timingFunction
      if zip(times, targets).allSatisfy({ ((curve($0) - $1) * change).magnitude <= tolerance }) {
        return candidate
      }
    }
    return found.easing
  }

  /// y1 and y2 minimising the squared error for fixed x1 and x2, clamped to
  /// [0, 1], with every handle rounded to ``easingDecimals``; nil when the
  /// system is singular.
  static func leastSquares(x1: Double, x2: Double, times: [Double], targets: [Double], overshoot: Double = 0) -> Easing? {
    // y(s) = 3(1−s)²s·y1 + 3(1−s)s²·y2 + s³ at the s where x(s) = t.
    var saa = 0.0, sab = 0.0, sbb = 0.0, sar = 0.0, sbr = 0.0
    for (t, u) in zip(times, targets) {
      let s = parameter(x1: x1, x2: x2, x: t)
      let a = 3 * (1 - s) * (1 - s) * s
      let b = 3 * (1 - s) * s * s
      let r = u - s * s * s
      saa += a * a
      sab += a * b
      sbb += b * b
      sar += a * r
      sbr += b * r
    }
    let determinant = saa * sbb - sab * sab
    var y1: Double
    var y2: Double
    if determinant.magnitude > 1e-12 {
      y1 = (sar * sbb - sbr * sab) / determinant
      y2 = (saa * sbr - sab * sar) / determinant
    } else {
      // One sample between the keyframes: y1 = y2 through it.
      let weight = saa + 2 * sab + sbb
      guard weight > 1e-12 else { return nil }
      y1 = (sar + sbr) / weight
      y2 = y1
    }
    guard y1.isFinite, y2.isFinite else { return nil }
    // Handles within [0, 1] keep the curve between its keyframes' values:
    // a player that draws between frames never sees an overshoot. A caller
    // whose frames themselves overshoot (Core Animation's timing functions
    // may, as NVActivityIndicatorView's (0.2, 0.68, 0.18, 1.08) does) widens
    // that by `overshoot`, so that one easing carries the whole segment.
    func r(_ v: Double) -> Double {
      DecimalRounding.rounded(min(max(v, -overshoot), 1 + overshoot), places: easingDecimals)
    }
    return Easing(x1: r(x1), y1: r(y1), x2: r(x2), y2: r(y2))
  }

  /// The curve parameter s where x(s) = x, for x(s) = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³
  /// (monotonic for x1, x2 in [0, 1]): Newton's method from s = x, then
  /// bisection if it strays.
  static func parameter(x1: Double, x2: Double, x: Double) -> Double {
    let cx = 3 * x1
    let bx = 3 * (x2 - x1) - cx
    let ax = 1 - cx - bx
    var s = x
    for _ in 0..<6 {
      let error = ((ax * s + bx) * s + cx) * s - x
      if error.magnitude < 1e-9 { return s }
      let slope = (3 * ax * s + 2 * bx) * s + cx
      if slope.magnitude < 1e-6 { break }
      s -= error / slope
    }
    var low = 0.0
    var high = 1.0
    s = x
    for _ in 0..<32 {
      let value = ((ax * s + bx) * s + cx) * s
      if value < x { low = s } else { high = s }
      s = (low + high) / 2
    }
    return s
  }
}
