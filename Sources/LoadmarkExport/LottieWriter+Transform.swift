import LoadmarkCore
import LoadmarkJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension LottieWriter {
  /// A layer's affine transform as Lottie's transform properties.
  ///
  /// Lottie composes a transform, in the Lottie specification's order
  /// ("Transform", https://lottie.github.io/lottie-spec/latest/specs/helpers/):
  /// translate by −anchor, scale by `s`/100, skew (rotate by −`sa`, skew x,
  /// rotate by `sa`), rotate by `r`, translate by `p`. For a point as a
  /// column vector that is
  ///
  ///     M = T(p) · R(r) · K(sk) · S(s/100) · T(−a)
  ///
  /// with R(r) = [[cos r, −sin r], [sin r, cos r]] (positive r is clockwise
  /// on a y-down screen) and, for skew axis 0, K(sk) = [[1, −tan sk], [0, 1]]
  /// (ThorVG draws `"sk": 20` so: x′ = x − tan 20°·y).
  ///
  /// The decomposition is fixed: anchor 0, skew axis 0, position (tx, ty),
  /// and the linear part [[a, c], [b, d]] = R(θ)·K·S, read off its QR
  /// factorisation (`AffineTransform2D.linearFactors`, which the animated
  /// SVG's parts start from too): the first column (a, b) is R(θ)·(sx, 0), so
  /// sx = √(a² + b²) ≥ 0 and θ = atan2(b, a); then sy = (ad − bc)/sx and
  /// −tan(sk) = (ac + bd)/(ad − bc). A mirror (ad − bc < 0) is a negative
  /// sy, so the first axis is never flipped and θ moves continuously with
  /// the first column. A singular matrix (|ad − bc| ≤ 1e-12·(a² + b² + c² + d²))
  /// draws nothing visible, and is written as scale 0.
  struct Decomposition: Equatable {
    /// Position: the translation, in points.
    var x: Double
    var y: Double
    /// Rotation in degrees, clockwise.
    var rotation: Double
    /// Scale in percent along the layer's axes.
    var scaleX: Double
    var scaleY: Double
    /// Skew in degrees, along the x axis (skew axis 0).
    var skew: Double

    /// The decomposition of `transform`.
    /// - Parameter transform: a layer's transform at one frame.
    init(_ transform: FrameDocument.LayerTransform) {
      let (a, b, c, d) = (transform.a, transform.b, transform.c, transform.d)
      x = transform.tx
      y = transform.ty
      guard let factors = transform.linearFactors,
        (a * d - b * c).magnitude > 1e-12 * (a * a + b * b + c * c + d * d)
      else {
        // Singular: a line or a point, which draws nothing to see.
        rotation = 0
        scaleX = 0
        scaleY = 0
        skew = 0
        return
      }
      // R(θ) · [[sx, shear], [0, sy]] = R(θ) · K · S with K = [[1, shear/sy], [0, 1]].
      rotation = factors.angle * 180 / Double.pi
      scaleX = factors.scaleX * 100
      scaleY = factors.scaleY * 100
      skew = -Angle.arctangent(factors.shear / factors.scaleY) * 180 / Double.pi
    }

    /// The matrix Lottie composes from these properties (anchor 0, skew
    /// axis 0), as `[a, b, c, d, tx, ty]`: what a player draws.
    var matrix: [Double] {
      let r = rotation * Double.pi / 180
      let (cosine, sine) = (cos(r), sin(r))
      let k = -tan(skew * Double.pi / 180)
      let (sx, sy) = (scaleX / 100, scaleY / 100)
      // R · [[sx, k·sy], [0, sy]]
      return [cosine * sx, sine * sx, cosine * k * sy - sine * sy, sine * k * sy + cosine * sy, x, y]
    }
  }

  /// Tolerances of the transform's components: 0.02 pt of position, 0.05°
  /// of rotation and skew, 0.05 % of scale (0.025 pt at 50 pt from the
  /// anchor).
  static let scaleTolerance = 0.05

  /// How far a transform's easing handles may reach beyond [0, 1]: Core
  /// Animation's timing functions overshoot a little (NVActivityIndicatorView's
  /// bars by (0.2, 0.68, 0.18, 1.08)), and a handle that may follow them
  /// carries a segment in one keyframe that a clamped one splits in three.
  static let easingOvershoot = 0.25

  /// Sets a layer's `p`, `s`, `r`, `sk` and `sa` from its transform at
  /// every frame of every clip: each component keyframed on its own (Lottie
  /// interpolates each separately), position split into x and y, the scale's
  /// two sides on common keyframes (one property), rotation and skew
  /// unwrapped so that they turn the short way.
  /// - Parameters:
  ///   - transform: the layer's `ks` object.
  ///   - frames: the layer's transform at each frame, clip by clip.
  ///   - starts: where each clip starts on the timeline.
  static func setTransform(
    _ transform: JSONValue, _ frames: [[FrameDocument.LayerTransform]], starts: [Int]
  ) throws(JanssonError) {
    var parts = frames.map { $0.map(Decomposition.init) }
    if let (anchor, fixedPoint) = pivot(Array(frames.joined())) {
      // The layer scales or turns about one point (a bar about its centre,
      // an arc about the ring's): that point as the anchor leaves the
      // position still, where anchor 0 moves it with every frame of the scale.
      try transform.set("a", fixed([anchor.x, anchor.y]))
      for c in parts.indices {
        for f in parts[c].indices {
          parts[c][f].x = fixedPoint.x
          parts[c][f].y = fixedPoint.y
        }
      }
    }
    let position = try JSONValue.object()
    try position.set("s", .boolean(true))
    try position.set("x", animated(parts.map { $0.map(\.x) }, starts: starts, tolerance: lengthTolerance))
    try position.set("y", animated(parts.map { $0.map(\.y) }, starts: starts, tolerance: lengthTolerance))
    try transform.set("p", position)
    // A scale of 100 % and a rotation of 0 that never change are left out,
    // as the identity is elsewhere: every player takes them so when absent.
    let all = Array(parts.joined())
    if !all.allSatisfy({ same($0.scaleX, 100) && same($0.scaleY, 100) }) {
      try transform.set("s", jointly(parts.map { $0.map { [$0.scaleX, $0.scaleY] } }, starts: starts, tolerance: scaleTolerance))
    }
    let rotations = parts.map { KeyframeFit.unwrapped(degrees: $0.map(\.rotation)) }
    if !all.allSatisfy({ same($0.rotation, 0) }) {
      try transform.set("r", animated(rotations, starts: starts, tolerance: angleTolerance))
    }
    let skews = parts.map { $0.map(\.skew) }
    if skews.joined().contains(where: { $0 != 0 }) {
      try transform.set("sk", animated(skews, starts: starts, tolerance: angleTolerance))
      try transform.set("sa", fixed(0))
    }
  }

  /// The anchor a and position p with translation(t) = p − L(t)·a at every
  /// frame (L the linear part), when the translation moves and such a point
  /// exists: Lottie draws T(p)·L·T(−a), the same matrix as the frame's, with
  /// p fixed. Least squares over every frame, kept only when every frame's
  /// translation is reproduced within a quarter of the length tolerance (the
  /// frame document rounds its tracks, so the fit is not exact).
  static func pivot(_ frames: [FrameDocument.LayerTransform]) -> (anchor: Point, position: Point)? {
    guard let first = frames.first,
      frames.contains(where: { !same($0.tx, first.tx) || !same($0.ty, first.ty) })
    else { return nil }
    // Unknowns (ax, ay, px, py): a·ax + c·ay − px = −tx, b·ax + d·ay − py = −ty.
    var normal = [[Double]](repeating: [Double](repeating: 0, count: 5), count: 4)
    for m in frames {
      for (row, rhs) in [([m.a, m.c, -1, 0], -m.tx), ([m.b, m.d, 0, -1], -m.ty)] {
        for i in 0..<4 {
          for j in 0..<4 { normal[i][j] += row[i] * row[j] }
          normal[i][4] += row[i] * rhs
        }
      }
    }
    // A bar that scales only its height leaves the anchor's x free (any x
    // gives the same matrix): a slight pull towards 0 picks x = 0 there
    // and moves a determined anchor by far less than the check below allows.
    normal[0][0] += 1e-6
    normal[1][1] += 1e-6
    // Gaussian elimination with partial pivoting.
    for col in 0..<4 {
      guard let best = (col..<4).max(by: { normal[$0][col].magnitude < normal[$1][col].magnitude }),
        normal[best][col].magnitude > 1e-12
      else { return nil }
      normal.swapAt(col, best)
      for r in 0..<4 where r != col {
        let factor = normal[r][col] / normal[col][col]
        for j in col..<5 { normal[r][j] -= factor * normal[col][j] }
      }
    }
    let solution = (0..<4).map { normal[$0][4] / normal[$0][$0] }
    let anchor = Point(DecimalRounding.rounded(solution[0], places: decimals), DecimalRounding.rounded(solution[1], places: decimals))
    let position = Point(DecimalRounding.rounded(solution[2], places: decimals), DecimalRounding.rounded(solution[3], places: decimals))
    let limit = lengthTolerance / 4
    for m in frames {
      let x = position.x - (m.a * anchor.x + m.c * anchor.y)
      let y = position.y - (m.b * anchor.x + m.d * anchor.y)
      guard (x - m.tx).magnitude <= limit, (y - m.ty).magnitude <= limit else { return nil }
    }
    return (anchor, position)
  }

  /// A multi-dimensional property whose dimensions share keyframes (a
  /// scale, a path's vertices): linear between keyframes kept where every
  /// dimension's line passes within `tolerance` of every frame
  /// (``KeyframeFit/jointIndices(_:tolerance:)``), each clip's last a hold;
  /// fixed when no value changes.
  static func jointly(_ clips: [[[Double]]], starts: [Int], tolerance: Double) throws(JanssonError) -> JSONValue {
    let all = Array(clips.joined())
    if let first = all.first, all.allSatisfy({ zip($0, first).allSatisfy { same($0, $1) } }) {
      return try fixed(first)
    }
    let list = try JSONValue.array()
    for (values, start) in zip(clips, starts) {
      // Core Animation eases a scale (NVActivityIndicatorView's bars scale
      // y by a cubic timing function per segment): one easing, shared by
      // both sides as the handle is, carries a segment that a linear fit
      // spends a keyframe per frame on. The linear fit stays when it needs
      // no more keyframes (it writes no easing).
      let dimensions = values.first?.count ?? 0
      let series = (0..<dimensions).map { d in values.map { $0[d] } }
      let eased = KeyframeFit.segments(
        series: series, tolerances: Array(repeating: tolerance, count: dimensions), overshoot: easingOvershoot,
        fine: true)
      let linear = KeyframeFit.jointIndices(values, tolerance: tolerance)
      let kept: [(index: Int, easing: KeyframeFit.Easing?)] =
        linear.count <= eased.count + 1
        ? linear.map { ($0, nil) }
        : eased.map { ($0.start, $0.easing) } + [(values.count - 1, nil)]
      for (n, key) in kept.enumerated() {
        try list.append(
          keyframe(
            time: Double(start + key.index), value: values[key.index], hold: n == kept.count - 1, easing: key.easing))
      }
    }
    return try animated(list)
  }

  /// Whether two values are written alike.
  static func same(_ a: Double, _ b: Double) -> Bool {
    DecimalRounding.rounded(a, places: decimals) == DecimalRounding.rounded(b, places: decimals)
  }

  /// A polygon layer's outline: a closed path (`"c": true`) through its
  /// vertices, keyframed where they move (every vertex on common keyframes,
  /// as a path's keyframes hold all its vertices; linear between them,
  /// within 0.02 pt of each vertex at every frame). Lottie fills a path by
  /// the non-zero rule, as the format does.
  static func polygon(_ id: String, vertexCount: Int, timeline: Timeline) throws(JanssonError) -> JSONValue {
    let xs = (0..<vertexCount).map { timeline.values(id, .x, vertex: $0) }
    let ys = (0..<vertexCount).map { timeline.values(id, .y, vertex: $0) }
    // clips[c][frame] = [x0, y0, x1, y1, …]
    let clips: [[[Double]]] = timeline.starts.indices.map { c in
      (0..<xs[0][c].count).map { frame in (0..<vertexCount).flatMap { [xs[$0][c][frame], ys[$0][c][frame]] } }
    }
    let all = Array(clips.joined())
    let value: JSONValue
    if let first = all.first, all.allSatisfy({ zip($0, first).allSatisfy { same($0, $1) } }) {
      value = try JSONValue.object()
      try value.set("a", number(0))
      try value.set("k", closedPath(first))
    } else {
      let list = try JSONValue.array()
      for (values, start) in zip(clips, timeline.starts) {
        let kept = KeyframeFit.jointIndices(values, tolerance: lengthTolerance)
        for (n, index) in kept.enumerated() {
          let keyframe = try JSONValue.object()
          try keyframe.set("t", number(Double(start + index)))
          // A path keyframe's value is an array of one shape.
          let shapes = try JSONValue.array()
          try shapes.append(closedPath(values[index]))
          try keyframe.set("s", shapes)
          if n == kept.count - 1 {
            try keyframe.set("h", number(1))
          } else {
            try keyframe.set("o", handle(0, 0))
            try keyframe.set("i", handle(1, 1))
          }
          try list.append(keyframe)
        }
      }
      value = try animated(list)
    }
    let item = try JSONValue.object()
    try item.set("ty", .string("sh"))
    try item.set("ks", value)
    return item
  }

  /// `{"c": true, "v": […], "i": […], "o": […]}` through the points
  /// `[x0, y0, x1, y1, …]`, straight sides (zero tangents).
  static func closedPath(_ coordinates: [Double]) throws(JanssonError) -> JSONValue {
    let count = coordinates.count / 2
    let vertices = (0..<count).map { Point(coordinates[2 * $0], coordinates[2 * $0 + 1]) }
    let zero = [Point](repeating: Point(0, 0), count: count)
    let path = try JSONValue.object()
    try path.set("c", .boolean(true))
    try path.set("v", points(vertices))
    try path.set("i", points(zero))
    try path.set("o", points(zero))
    return path
  }
}

extension KeyframeFit {
  /// Indices of `values` (each a vector of the same dimensions) to keep,
  /// first and last included, such that interpolating every dimension
  /// linearly between consecutive kept indices reproduces it within
  /// `tolerance` at every frame. Greedy, as ``indices(_:tolerance:)``.
  /// - Parameters:
  ///   - values: one vector per frame.
  ///   - tolerance: the largest difference allowed in any dimension.
  static func jointIndices(_ values: [[Double]], tolerance: Double) -> [Int] {
    guard values.count > 2 else { return Array(values.indices) }
    let dimensions = values[0].count
    func fitsAll(_ a: Int, _ b: Int) -> Bool {
      (0..<dimensions).allSatisfy { dimension in
        let span = Double(b - a)
        return ((a + 1)..<b).allSatisfy { i in
          let expected = values[a][dimension] + (values[b][dimension] - values[a][dimension]) * Double(i - a) / span
          return (expected - values[i][dimension]).magnitude <= tolerance
        }
      }
    }
    var kept = [0]
    var start = 0
    while start < values.count - 1 {
      var end = start + 1
      while end + 1 < values.count && fitsAll(start, end + 1) { end += 1 }
      kept.append(end)
      start = end
    }
    return kept
  }
}
