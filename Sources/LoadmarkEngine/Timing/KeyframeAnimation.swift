/// A `CAKeyframeAnimation` of one layer property: values at key times,
/// joined as its calculation mode says (`Rule.keyframes`).
public struct KeyframeAnimation: Equatable, Hashable, Sendable {
  public var property: LayerProperty
  public var values: [Double]
  /// Fractions of the duration, one per value (or one more, in discrete
  /// mode); nil spaces the values evenly.
  public var keyTimes: [Double]?
  /// One per segment between values, shaping its progress; nil is linear.
  public var timingFunctions: [TimingFunction]?
  public var calculationMode: CalculationMode
  /// Kochanek–Bartels shape of cubic modes, one per value; nil is 0
  /// (a Catmull-Rom spline).
  public var tension: [Double]?
  public var continuity: [Double]?
  public var bias: [Double]?
  public var timing: MediaTiming
  /// Shapes the whole animation's progress before the key times apply.
  public var timingFunction: TimingFunction?
  public var removedOnCompletion: Bool
  public var additive: Bool
  public var cumulative: Bool

  /// `calculationMode`: how values in between key frames are computed.
  public enum CalculationMode: String, Equatable, Hashable, Sendable, CaseIterable {
    case linear, discrete, paced, cubic, cubicPaced
  }

  public init(
    _ property: LayerProperty, values: [Double], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
    calculationMode: CalculationMode = .linear, timing: MediaTiming = MediaTiming(),
    timingFunction: TimingFunction? = nil, removedOnCompletion: Bool = true, additive: Bool = false,
    cumulative: Bool = false
  ) {
    self.property = property
    self.values = values
    self.keyTimes = keyTimes
    self.timingFunctions = timingFunctions
    self.calculationMode = calculationMode
    self.timing = timing
    self.timingFunction = timingFunction
    self.removedOnCompletion = removedOnCompletion
    self.additive = additive
    self.cumulative = cumulative
  }

  /// The key time of each value: as given, else for paced modes in
  /// proportion to the distance travelled (keyTimes ignored, as Apple
  /// documents), else evenly spaced: i/(n − 1), or i/n in discrete mode,
  /// where each value shows for an equal share.
  public var resolvedKeyTimes: [Double] {
    let n = values.count
    switch calculationMode {
    case .paced, .cubicPaced:
      var total = 0.0
      var distances = [0.0]
      for i in 1..<max(n, 1) {
        total += (values[i] - values[i - 1]).magnitude
        distances.append(total)
      }
      guard total > 0 else { return KeyframeAnimation.even(n, over: n - 1) }
      return distances.map { $0 / total }
    case .discrete:
      return keyTimes ?? KeyframeAnimation.even(n, over: n)
    case .linear, .cubic:
      return keyTimes ?? KeyframeAnimation.even(n, over: n - 1)
    }
  }

  static func even(_ count: Int, over steps: Int) -> [Double] {
    (0..<count).map { steps > 0 ? Double($0) / Double(steps) : 0 }
  }

  /// The value at progress `p` ∈ [0, 1] (after ``timingFunction``).
  public func value(atProgress p: Double) -> Double {
    let n = values.count
    guard n > 1 else { return values.first ?? 0 }
    let times = resolvedKeyTimes
    if calculationMode == .discrete {
      // The last value whose key time has been reached.
      var index = 0
      for i in 0..<n where times[i] <= p { index = i }
      return values[index]
    }
    // The segment [k_i, k_(i+1)] holding p; before the first key time the
    // first value holds, after the last the last.
    if p <= times[0] { return values[0] }
    if p >= times[n - 1] { return values[n - 1] }
    var i = 0
    while i < n - 2 && p >= times[i + 1] { i += 1 }
    let span = times[i + 1] - times[i]
    var s = span > 0 ? (p - times[i]) / span : 1
    if calculationMode != .paced && calculationMode != .cubicPaced, let functions = timingFunctions {
      s = functions[i](s)
    }
    switch calculationMode {
    case .cubic, .cubicPaced:
      return cubic(segment: i, at: s, times: times)
    default:
      return values[i] + (values[i + 1] - values[i]) * s
    }
  }

  /// A Kochanek–Bartels segment (a Catmull-Rom spline when tension,
  /// continuity and bias are 0) as a cubic Hermite curve: the end values
  /// repeat beyond the ends, and tangents are scaled for uneven key times
  /// (`Rule.keyframeCubic`).
  func cubic(segment i: Int, at s: Double, times: [Double]) -> Double {
    let n = values.count
    func v(_ j: Int) -> Double { values[j < 0 ? 0 : (j >= n ? n - 1 : j)] }
    func span(_ j: Int) -> Double {
      let k = j < 0 ? 0 : (j > n - 2 ? n - 2 : j)
      return times[k + 1] - times[k]
    }
    func shape(_ list: [Double]?, _ j: Int) -> Double { list.map { $0[j] } ?? 0 }
    let (t0, c0, b0) = (shape(tension, i), shape(continuity, i), shape(bias, i))
    let (t1, c1, b1) = (shape(tension, i + 1), shape(continuity, i + 1), shape(bias, i + 1))
    // Outgoing tangent at i and incoming tangent at i + 1.
    var outgoing = (1 - t0) * (1 + b0) * (1 + c0) / 2 * (v(i) - v(i - 1))
      + (1 - t0) * (1 - b0) * (1 - c0) / 2 * (v(i + 1) - v(i))
    var incoming = (1 - t1) * (1 + b1) * (1 - c1) / 2 * (v(i + 1) - v(i))
      + (1 - t1) * (1 - b1) * (1 + c1) / 2 * (v(i + 2) - v(i + 1))
    let here = span(i)
    let before = span(i - 1)
    let after = span(i + 1)
    if before + here > 0 { outgoing *= 2 * here / (before + here) }
    if here + after > 0 { incoming *= 2 * here / (here + after) }
    let s2 = s * s
    let s3 = s2 * s
    return (2 * s3 - 3 * s2 + 1) * v(i) + (s3 - 2 * s2 + s) * outgoing + (-2 * s3 + 3 * s2) * v(i + 1)
      + (s3 - s2) * incoming
  }
}
