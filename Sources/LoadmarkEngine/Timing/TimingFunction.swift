/// A cubic Bézier timing function from (0, 0) to (1, 1), as
/// `CAMediaTimingFunction` defines it.
public struct TimingFunction: Equatable, Hashable, Sendable {
  public let x1: Double
  public let y1: Double
  public let x2: Double
  public let y2: Double

  /// Control points as `CAMediaTimingFunction(controlPoints:)` takes them: as
  /// `Float`, so they are stored float32-rounded (0.42 → 0.41999998688697815,
  /// Rule.float32Values).
  public init(controlPoints x1: Float, _ y1: Float, _ x2: Float, _ y2: Float) {
    self.init(exactControlPoints: Double(x1), Double(y1), Double(x2), Double(y2))
  }

  /// Control points taken exactly as given, for tests and custom curves.
  public init(exactControlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
  }

  /// `kCAMediaTimingFunctionLinear`; also what an animation with no timing
  /// function uses.
  public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
  /// `kCAMediaTimingFunctionEaseIn`.
  public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
  /// `kCAMediaTimingFunctionEaseOut`.
  public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
  /// `kCAMediaTimingFunctionEaseInEaseOut`.
  public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
  /// `kCAMediaTimingFunctionDefault`.
  public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

  /// The largest |x(t) − p| the solver accepts, as in WebKit and Chromium.
  public static let tolerance = 1e-7

  /// The output for input progress `p`, clamped to [0, 1]: solves x(t) = p,
  /// then returns y(t).
  ///
  /// When P1 and P2 lie on the diagonal, y(t) = x(t) for every t, so the
  /// result is `p` itself, exactly; this keeps linear timing free of solver
  /// error.
  public func callAsFunction(_ p: Double) -> Double {
    let x = p < 0 ? 0 : (p > 1 ? 1 : p)
    if x1 == y1 && x2 == y2 { return x }
    if x == 0 || x == 1 { return x }
    return sampleY(solveX(x))
  }

  // Polynomial coefficients: x(t) = ((ax·t + bx)·t + cx)·t, likewise for y.
  private var cx: Double { 3 * x1 }
  private var bx: Double { 3 * (x2 - x1) - cx }
  private var ax: Double { 1 - cx - bx }
  private var cy: Double { 3 * y1 }
  private var by: Double { 3 * (y2 - y1) - cy }
  private var ay: Double { 1 - cy - by }

  func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
  func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
  func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

  /// The parameter t with |x(t) − x| < ``tolerance`` (Rule.timingSolver): up
  /// to eight Newton steps from t = x, then bisection on [0, 1] (x is
  /// monotonic there), as WebKit's UnitBezier does.
  func solveX(_ x: Double) -> Double {
    var t = x
    for _ in 0..<8 {
      let error = sampleX(t) - x
      if (error < 0 ? -error : error) < TimingFunction.tolerance { return t }
      let slope = slopeX(t)
      if (slope < 0 ? -slope : slope) < 1e-6 { break }
      t -= error / slope
    }
    var lower = 0.0
    var upper = 1.0
    t = x
    for _ in 0..<64 {
      let value = sampleX(t)
      let error = value - x
      if (error < 0 ? -error : error) < TimingFunction.tolerance { return t }
      if x > value { lower = t } else { upper = t }
      t = lower + (upper - lower) / 2
    }
    return t
  }
}
