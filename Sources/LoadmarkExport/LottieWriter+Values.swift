import LoadmarkCore
import LoadmarkJSON

extension LottieWriter {
  /// A number rounded to ``decimals``: an integer when whole, else a real.
  static func number(_ value: Double) throws(JanssonError) -> JSONValue {
    let rounded = DecimalRounding.rounded(value, places: decimals)
    if rounded == rounded.rounded(.towardZero) && rounded.magnitude < 9e15 {
      return try .integer(Int64(rounded))
    }
    return try .real(rounded)
  }

  /// An array of numbers.
  static func numbers(_ values: [Double]) throws(JanssonError) -> JSONValue {
    let array = try JSONValue.array()
    for value in values { try array.append(number(value)) }
    return array
  }

  /// A property that does not change: `{"a": 0, "k": value}`.
  static func fixed(_ value: Double) throws(JanssonError) -> JSONValue {
    let property = try JSONValue.object()
    try property.set("a", number(0))
    try property.set("k", number(value))
    return property
  }

  /// A multi-dimensional property that does not change.
  static func fixed(_ values: [Double]) throws(JanssonError) -> JSONValue {
    let property = try JSONValue.object()
    try property.set("a", number(0))
    try property.set("k", numbers(values))
    return property
  }

  /// A property with one value per frame of each clip (clip c starts at
  /// frame `starts[c]`), as keyframes fitted within `tolerance`
  /// (``KeyframeFit/keys(_:tolerance:)``: linear or Bézier-eased between
  /// them, a corner between frames one keyframe), each clip's last keyframe
  /// a hold. A value that never changes is written fixed. `dimensions`
  /// repeats the value (a dot's width and height).
  static func animated(
    _ clips: [[Double]], starts: [Int], tolerance: Double, dimensions: Int = 1
  ) throws(JanssonError) -> JSONValue {
    let all = clips.joined()
    if let first = all.first, all.allSatisfy({ DecimalRounding.rounded($0, places: decimals) == DecimalRounding.rounded(first, places: decimals) }) {
      return dimensions == 1 ? try fixed(first) : try fixed([Double](repeating: first, count: dimensions))
    }
    var keys: [(key: KeyframeFit.Key, hold: Bool)] = []
    for (values, start) in zip(clips, starts) {
      let fitted = KeyframeFit.keys(values, tolerance: tolerance)
      for (index, key) in fitted.enumerated() {
        var shifted = key
        shifted.time += Double(start)
        // The clip's last keyframe holds, so that nothing blends into the next clip.
        keys.append((shifted, index == fitted.count - 1))
      }
    }
    return try keyframes(keys, dimensions: dimensions)
  }

  /// `{"a": 1, "k": [...]}` of `keys`: each keyframe's time `t` and value
  /// `s` (repeated `dimensions` times), then its easing or, for a hold,
  /// `"h": 1`.
  static func keyframes(_ keys: [(key: KeyframeFit.Key, hold: Bool)], dimensions: Int) throws(JanssonError) -> JSONValue {
    let list = try JSONValue.array()
    for (key, hold) in keys {
      try list.append(
        keyframe(
          time: key.time, value: [Double](repeating: key.value, count: dimensions), hold: hold, easing: key.easing))
    }
    return try animated(list)
  }

  /// One keyframe: its time `t` and value `s`, then `"h": 1` for a hold, or
  /// else its easing handles `o` and `i` (linear when `easing` is nil).
  ///
  /// - Parameters:
  ///   - time: the keyframe's frame.
  ///   - value: its value, one number per dimension.
  ///   - hold: whether it holds until the next keyframe.
  ///   - easing: the curve to the next keyframe, or nil for linear.
  static func keyframe(time: Double, value: [Double], hold: Bool, easing: KeyframeFit.Easing?) throws(JanssonError) -> JSONValue {
    let keyframe = try JSONValue.object()
    try keyframe.set("t", number(time))
    try keyframe.set("s", numbers(value))
    if hold {
      try keyframe.set("h", number(1))
    } else {
      // Every keyframe carries its easing: rlottie holds a keyframe without one.
      let easing = easing ?? KeyframeFit.Easing(x1: 0, y1: 0, x2: 1, y2: 1)
      try keyframe.set("o", handle(easing.x1, easing.y1))
      try keyframe.set("i", handle(easing.x2, easing.y2))
    }
    return keyframe
  }

  /// `{"a": 1, "k": list}`: an animated property of the keyframes in `list`.
  static func animated(_ list: JSONValue) throws(JanssonError) -> JSONValue {
    let property = try JSONValue.object()
    try property.set("a", number(1))
    try property.set("k", list)
    return property
  }

  /// `{"x": [x], "y": [y]}`: a Bézier easing handle. One value serves
  /// every dimension of a multi-dimensional property (ThorVG and rlottie
  /// read the first for each: a dot drawn so is pixel for pixel the dot
  /// with a value per dimension), which is what this export writes: both
  /// sides of a dot ease alike.
  static func handle(_ x: Double, _ y: Double) throws(JanssonError) -> JSONValue {
    let handle = try JSONValue.object()
    try handle.set("x", numbers([x]))
    try handle.set("y", numbers([y]))
    return handle
  }

  /// A subpath as a Lottie path shape: lines as vertices, arcs as cubic
  /// pieces of at most 90° with handles 4/3·tan(θ/4)·r along the tangents;
  /// tangents are relative to their vertex.
  static func shape(_ subpath: Path.Subpath) throws(JanssonError) -> JSONValue {
    var vertices = [subpath.start]
    var inTangents = [Point(0, 0)]
    var outTangents = [Point(0, 0)]
    var current = subpath.start
    for segment in subpath.segments {
      switch segment {
      case .line(let point):
        vertices.append(point)
        inTangents.append(Point(0, 0))
        outTangents.append(Point(0, 0))
      case .arc(let arc):
        guard arc.radius > 0, arc.sweep != 0 else { break }
        if arc.startPoint != current {
          vertices.append(arc.startPoint)
          inTangents.append(Point(0, 0))
          outTangents.append(Point(0, 0))
        }
        let sweep = max(-2 * Double.pi, min(arc.sweep, 2 * Double.pi))
        let pieces = max(1, Int((sweep.magnitude / (Double.pi / 2) - 1e-9).rounded(.up)))
        let theta = sweep / Double(pieces)
        let k = 4.0 / 3.0 * Angle.sine(theta / 4) / Angle.cosine(theta / 4) * arc.radius
        for piece in 0..<pieces {
          let a = arc.start + theta * Double(piece)
          let b = a + theta
          outTangents[outTangents.count - 1] = Point(-Angle.sine(a) * k, Angle.cosine(a) * k)
          vertices.append(arc.point(at: b))
          inTangents.append(Point(Angle.sine(b) * k, -Angle.cosine(b) * k))
          outTangents.append(Point(0, 0))
        }
      }
      current = segment.endPoint
    }
    let path = try JSONValue.object()
    try path.set("c", .boolean(false))
    try path.set("v", points(vertices))
    try path.set("i", points(inTangents))
    try path.set("o", points(outTangents))
    let value = try JSONValue.object()
    try value.set("a", number(0))
    try value.set("k", path)
    let item = try JSONValue.object()
    try item.set("ty", .string("sh"))
    try item.set("ks", value)
    return item
  }

  static func points(_ points: [Point]) throws(JanssonError) -> JSONValue {
    let array = try JSONValue.array()
    for point in points { try array.append(numbers([point.x, point.y])) }
    return array
  }
}
