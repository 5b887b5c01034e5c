/// Reads an image's fields. At the first thing out of place (past the end,
/// a count larger than the bytes left could hold, an index out of range,
/// nesting deeper than the reader allows) it notes the failure and every
/// read after it returns an empty value, so the caller checks once, at the
/// end. (Optional results at every step made this reader four times larger
/// in the WebAssembly module.)
struct ImageReader {
  let bytes: UnsafeRawBufferPointer
  var offset = 0
  var failed = false
  /// Bounds checked while reading: layers (for indices), script slots,
  /// routines, nesting.
  var layerCount = 0
  var slotCount = 0
  var routineCount = 0
  var depth = 0

  /// The most property slots a layer has: the built-in ones and 1024 custom.
  static let maximumProperties = LayerProperty.builtInCount + 1024
  /// How deep script items and animations nest (timers, groups).
  static let maximumDepth = 64
  /// How tall an expression tree may be: what the parser makes
  /// (``Expression/maximumHeight``) and the one level the compiler adds to
  /// an arc's angles for a still rotation. Counted apart from
  /// ``maximumDepth``, so an expression that compiles reads wherever it is
  /// nested; the bound keeps the reader's and the evaluator's recursion
  /// within the WebAssembly stack.
  static let maximumExpressionHeight = Expression.maximumHeight + 1
  var expressionDepth = 0

  /// The fewest bytes each repeated element takes in an image, so that a
  /// count can be checked against the bytes left before anything is
  /// allocated. Each is the element's smallest encoding (a whole number
  /// below 64 is one byte, an empty list one), never more: a larger figure
  /// refused images the writer makes, such as short line segments.
  enum MinimumBytes {
    /// Its parent, its property count (which may be 0), hidden, and the
    /// three timing numbers.
    static let layer = 6
    /// Its start point and its segment count.
    static let subpath = 3
    /// A line: its code and its point.
    static let segment = 3
    /// A whole number.
    static let number = 1
  }
  /// The largest first tick of a timer (`first` in a scene).
  static let maximumFirstTick = SceneCompiler.maximumFirstTick

  init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// Notes a failure and gives up on the rest.
  @inline(never)
  mutating func fail() {
    failed = true
    offset = bytes.count
  }

  @inline(never)
  mutating func byte() -> UInt8 {
    guard offset < bytes.count else {
      fail()
      return 0
    }
    offset += 1
    return bytes[offset - 1]
  }

  /// A varint of at most `limit`.
  @inline(never)
  mutating func count(limit: Int = Int(Int32.max)) -> Int {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while !failed {
      let byte = byte()
      value |= UInt64(byte & 0x7F) << shift
      if byte & 0x80 == 0 { break }
      shift += 7
      if shift >= 35 { fail() }
    }
    guard !failed, limit >= 0, value <= UInt64(limit) else {
      fail()
      return 0
    }
    return Int(value)
  }

  /// An index below `count`.
  mutating func index(below count: Int) -> Int {
    self.count(limit: count - 1)
  }

  /// A count of things still to read, each at least `size` bytes.
  @inline(never)
  mutating func length(size: Int = 1) -> Int {
    let n = count()
    guard n <= (bytes.count - offset) / size else {
      fail()
      return 0
    }
    return n
  }

  @inline(never)
  mutating func flag() -> Bool {
    count(limit: 1) == 1
  }

  @inline(never)
  mutating func number() -> Double {
    let head = count()
    if head & 1 == 0 {
      let zigzag = Int64(head >> 1)
      return Double((zigzag >> 1) ^ -(zigzag & 1))
    }
    guard head == 1, offset + 8 <= bytes.count else {
      fail()
      return 0
    }
    var bits: UInt64 = 0
    for i in 0..<8 { bits |= UInt64(bytes[offset + i]) << UInt64(8 * i) }
    offset += 8
    return Double(bitPattern: bits)
  }

  @inline(never)
  mutating func text() -> ByteText {
    let length = length()
    let result = Array(bytes[offset..<(offset + length)])
    offset += length
    return ByteText(result)
  }

  mutating func point() -> Point {
    let x = number()
    return Point(x, number())
  }

  mutating func optionalNumber() -> Double? {
    flag() ? number() : nil
  }

  mutating func preset() -> Indicator {
    let name = text()
    let width = number()
    let height = number()
    layerCount = length(size: MinimumBytes.layer)
    var layers: [AnimatedLayer] = []
    for _ in 0..<layerCount {
      let parent = count(limit: layerCount)
      if parent == layers.count + 1 { fail() }
      var model = PropertyValues()
      for slot in 0..<count(limit: ImageReader.maximumProperties) {
        model[LayerProperty(index: slot)] = number()
      }
      var layer = AnimatedLayer(nameText: ByteText(), model: model, isHidden: flag(), parent: parent == 0 ? nil : parent - 1)
      let begin = number()
      let speed = number()
      layer.timing = LayerTiming(beginTime: begin, speed: Float(speed), timeOffset: number())
      layers.append(layer)
    }
    // A cycle of superlayers would make time and opacity walk forever.
    for start in layers.indices {
      var steps = 0
      var current = layers[start].parent
      while let index = current, !failed {
        steps += 1
        if steps > layers.count { fail() }
        current = layers[index].parent
      }
    }
    var figures: [Figure] = []
    for _ in 0..<length(size: 8) { figures.append(figure()) }
    var clips: [ClipDefinition] = []
    let clipCount = length(size: 3)
    for _ in 0..<clipCount {
      let clipName = text()
      let kind: ClipDefinition.Kind
      var domain = ProgressDomain()
      var finish: Int?
      var implicit = false
      if count(limit: 1) == 0 {
        let duration = number()
        let loop = flag()
        let start = number()
        var events: [ScriptEvent] = []
        // An event is at least 3 bytes: its time, its layer and an action's code (a pause or resume).
        for _ in 0..<length(size: 3) {
          let time = number()
          let layer = index(below: layerCount)
          events.append(ScriptEvent(at: time, layer: layer, action()))
        }
        kind = .time(duration: duration, loop: loop, startTime: start, script: events)
      } else {
        kind = .progress(program())
        domain.lower = number()
        domain.upper = number()
        if flag() { domain.repeatFrom = number() }
        // A domain the compiler would refuse would make a reader sample without end.
        let width = domain.upper - domain.lower
        if !(width > 0 && width <= SceneCompiler.maximumDomainWidth) { fail() }
        if let from = domain.repeatFrom, !(from >= domain.lower && from < domain.upper) { fail() }
        let target = count(limit: clipCount)
        finish = target == 0 ? nil : target - 1
        implicit = flag()
      }
      var clip = ClipDefinition(nameText: clipName, summaryText: ByteText(), kind: kind)
      clip.domain = domain
      clip.finish = finish
      clip.animatesImplicitly = implicit
      clips.append(clip)
    }
    // A progress clip finishes with a time clip.
    for clip in clips {
      if let finish = clip.finish, case .progress = clips[finish].kind { fail() }
    }
    return Indicator(nameText: name, summaryText: ByteText(), width: width, height: height, layers: layers, figures: figures, clips: clips)
  }

  mutating func figure() -> Figure {
    let id = text()
    let layer = index(below: layerCount)
    let shape: Figure.Shape
    switch count(limit: 4) {
    case 0:
      let center = point()
      let radius = number()
      let start = expression(slots: ImageReader.maximumProperties)
      let end = expression(slots: ImageReader.maximumProperties)
      shape = .arc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: flag())
    case 1:
      shape = .trimmedArc(arc())
    case 2:
      var path = Path()
      for _ in 0..<length(size: MinimumBytes.subpath) {
        var subpath = Path.Subpath(start: point())
        for _ in 0..<length(size: MinimumBytes.segment) {
          subpath.segments.append(count(limit: 1) == 0 ? .line(to: point()) : .arc(arc()))
        }
        path.subpaths.append(subpath)
      }
      shape = .path(path)
    case 3:
      let center = point()
      shape = .dot(center: center, radius: number())
    default:
      let origin = point()
      let width = number()
      let height = number()
      shape = .roundedRect(Rect(x: origin.x, y: origin.y, width: width, height: height), cornerRadius: number())
    }
    let stroke = color()
    let fill = color()
    let lineWidth = number()
    let cap = LineCap.allCases[count(limit: 2)]
    let join = LineJoin.allCases[count(limit: 2)]
    var style = Style(stroke: stroke, fill: fill, lineWidth: lineWidth, lineCap: cap, lineJoin: join, miterLimit: number())
    if flag() {
      let shadowColor = color() ?? .black
      let opacity = number()
      let offset = point()
      style.shadow = Shadow(color: shadowColor, opacity: opacity, offset: offset, radius: number())
    }
    let roles = Figure.Roles(rawValue: UInt8(count(limit: Int(Figure.Roles.all.rawValue))))
    // One theme colour at most, as the compiler allows.
    if roles.intersection(.colors).rawValue.nonzeroBitCount > 1 { fail() }
    let turns = flag()
    var pivots: [Figure.Pivot] = []
    // A layer and its ancestors: at most every layer once.
    let pivotCount = count(limit: layerCount)
    for _ in 0..<pivotCount {
      let pivotLayer = index(below: layerCount)
      let anchor = point()
      var sublayer = AffineTransform2D.identity
      if flag() {
        let (a, b, c, d) = (number(), number(), number(), number())
        sublayer = AffineTransform2D(a: a, b: b, c: c, d: d, tx: number(), ty: number())
      }
      pivots.append(Figure.Pivot(layer: pivotLayer, anchor: anchor, sublayerTransform: sublayer))
    }
    return Figure(idText: id, layer: layer, shape: shape, style: style, roles: roles, turns: turns, pivots: pivots)
  }

  mutating func arc() -> Arc {
    let center = point()
    let radius = number()
    let start = number()
    return Arc(center: center, radius: radius, start: start, sweep: number())
  }

  mutating func color() -> Color? {
    guard flag() else { return nil }
    let r = byte()
    let g = byte()
    let b = byte()
    return Color(red: r, green: g, blue: b, alpha: byte())
  }

  /// An expression reading slots below `slots`.
  mutating func expression(slots: Int) -> Expression {
    guard expressionDepth < ImageReader.maximumExpressionHeight else {
      fail()
      return .constant(0)
    }
    expressionDepth += 1
    defer { expressionDepth -= 1 }
    switch count(limit: 5) {
    case 0:
      return .constant(number())
    case 1:
      return .variable(index(below: slots))
    case 2:
      let op: Expression.UnaryOperator = count(limit: 1) == 0 ? .negate : .not
      return .unary(op, expression(slots: slots))
    case 3:
      let op = ImageCodes.binary[count(limit: ImageCodes.binary.count - 1)]
      let lhs = expression(slots: slots)
      return .binary(op, lhs, expression(slots: slots))
    case 4:
      let condition = expression(slots: slots)
      let then = expression(slots: slots)
      return .conditional(condition, then, expression(slots: slots))
    default:
      let entry = Expression.Function.all[count(limit: Expression.Function.all.count - 1)]
      let argumentCount = length()
      if !entry.arguments.contains(argumentCount) { fail() }
      var arguments: [Expression] = []
      for _ in 0..<argumentCount { arguments.append(expression(slots: slots)) }
      // A failed read leaves too few arguments for the function.
      return failed ? .constant(0) : .call(entry.function, arguments)
    }
  }

  mutating func optionalExpression(slots: Int) -> Expression? {
    flag() ? expression(slots: slots) : nil
  }

  mutating func property() -> LayerProperty {
    LayerProperty(index: index(below: ImageReader.maximumProperties))
  }

  mutating func key() -> AnimationKey? {
    flag() ? AnimationKey(text().bytes) : nil
  }

  mutating func action() -> HostAction {
    switch count(limit: 7) {
    case 0:
      let animation = animation()
      return .add(animation, key: key())
    case 1:
      return .remove(key: AnimationKey(text().bytes))
    case 2:
      return .removeAllAnimations
    case 3:
      let property = property()
      let value = number()
      return .set(property, value, implicit: flag())
    case 4:
      return .setHidden(flag())
    case 5:
      let field = ImageCodes.timingFields[count(limit: 2)]
      return .setTiming(field, number())
    case 6:
      return .pause
    default:
      return .resume
    }
  }

  mutating func timing() -> MediaTiming {
    let begin = number()
    let duration = number()
    let speed = number()
    let offset = number()
    let repeatCount = number()
    let repeatDuration = number()
    let autoreverses = flag()
    return MediaTiming(
      beginTime: begin, duration: duration, speed: Float(speed), timeOffset: offset, repeatCount: Float(repeatCount),
      repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: FillMode.allCases[count(limit: 3)])
  }

  mutating func timingFunction() -> TimingFunction? {
    guard flag() else { return nil }
    let x1 = number()
    let y1 = number()
    let x2 = number()
    return TimingFunction(exactControlPoints: x1, y1, x2, number())
  }

  mutating func numbers() -> [Double]? {
    guard flag() else { return nil }
    var values: [Double] = []
    for _ in 0..<length(size: MinimumBytes.number) { values.append(number()) }
    return values
  }

  mutating func animation() -> Animation {
    guard depth < ImageReader.maximumDepth else {
      fail()
      return .group(AnimationGroup([]))
    }
    depth += 1
    defer { depth -= 1 }
    switch count(limit: 2) {
    case 0:
      let property = property()
      let from = optionalNumber()
      let to = optionalNumber()
      let by = optionalNumber()
      let timing = timing()
      let function = timingFunction()
      let removed = flag()
      let additive = flag()
      let cumulative = flag()
      var spring: Spring?
      if flag() {
        let mass = number()
        let stiffness = number()
        let damping = number()
        spring = Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: number())
      }
      return .basic(BasicAnimation(
        property, from: from, to: to, by: by, timing: timing, timingFunction: function, removedOnCompletion: removed,
        additive: additive, cumulative: cumulative, spring: spring))
    case 1:
      let property = property()
      let values = numbers() ?? []
      let keyTimes = numbers()
      var functions: [TimingFunction]?
      if flag() {
        var list: [TimingFunction] = []
        for _ in 0..<length(size: 1) { list.append(timingFunction() ?? .linear) }
        functions = list
      }
      let mode = KeyframeAnimation.CalculationMode.allCases[count(limit: KeyframeAnimation.CalculationMode.allCases.count - 1)]
      var keyframe = KeyframeAnimation(property, values: values, keyTimes: keyTimes, timingFunctions: functions, calculationMode: mode)
      keyframe.tension = numbers()
      keyframe.continuity = numbers()
      keyframe.bias = numbers()
      keyframe.timing = timing()
      keyframe.timingFunction = timingFunction()
      keyframe.removedOnCompletion = flag()
      keyframe.additive = flag()
      keyframe.cumulative = flag()
      // The counts the evaluation relies on.
      let n = values.count
      if n == 0 || (functions.map { $0.count != n - 1 } ?? false)
        || (keyTimes.map { $0.count != n && !(mode == .discrete && $0.count == n + 1) } ?? false)
      {
        fail()
      }
      for list in [keyframe.tension, keyframe.continuity, keyframe.bias] where list.map({ $0.count != n }) ?? false {
        fail()
      }
      return .keyframe(keyframe)
    default:
      var children: [Animation] = []
      for _ in 0..<length() { children.append(animation()) }
      let timing = timing()
      let function = timingFunction()
      return .group(AnimationGroup(children, timing: timing, timingFunction: function, removedOnCompletion: flag()))
    }
  }

  mutating func program() -> ScriptProgram {
    slotCount = count(limit: 100_000)
    if slotCount < 2 { fail() }
    let end = number()
    routineCount = length()
    var routines: [Routine] = []
    for _ in 0..<routineCount {
      var parameters: [Int] = []
      for _ in 0..<length() { parameters.append(index(below: slotCount)) }
      routines.append(Routine(parameters: parameters, body: items()))
    }
    return ScriptProgram(items: items(), routines: routines, slotCount: max(slotCount, 2), end: end)
  }

  mutating func items() -> [ScriptItem] {
    guard depth < ImageReader.maximumDepth else {
      fail()
      return []
    }
    depth += 1
    defer { depth -= 1 }
    var result: [ScriptItem] = []
    for _ in 0..<length(size: 4) {
      let condition = optionalExpression(slots: slotCount)
      let at = optionalExpression(slots: slotCount)
      let after = optionalExpression(slots: slotCount)
      let header = ScriptHeader(condition: condition, at: at, after: after, path: .root)
      switch count(limit: 2) {
      case 0:
        let layer = index(below: layerCount)
        result.append(.action(ScriptAction(header: header, layer: layer, verb: verb())))
      case 1:
        let routine = index(below: routineCount)
        result.append(.call(ScriptCall(header: header, routine: routine, arguments: slotValues())))
      default:
        let interval = number()
        if !(interval > 0) { fail() }
        // The compiler's bounds: a tick's number counts up from `first`, and
        // Int is 32 bits in WebAssembly.
        let first = count(limit: ImageReader.maximumFirstTick)
        let until = optionalNumber()
        let limit = flag() ? count(limit: SceneCompiler.maximumEvents) : nil
        let tickSlot = index(below: slotCount)
        let state = slotValues()
        let skip = optionalExpression(slots: slotCount)
        let update = slotValues()
        result.append(.timer(ScriptTimer(
          header: header, interval: interval, first: first, until: until, count: limit, tickSlot: tickSlot, state: state,
          skip: skip, update: update, body: items())))
      }
    }
    return result
  }

  mutating func verb() -> ScriptAction.Verb {
    switch count(limit: 5) {
    case 0:
      let animation = animation()
      return .add(animation, key: key())
    case 1:
      return .remove(AnimationKey(text().bytes))
    case 2:
      return .removeAll
    case 3:
      var assignments: [ScriptAction.Assignment] = []
      for _ in 0..<length(size: 2) {
        let target: ScriptAction.Assignment.Target
        switch count(limit: 2) {
        case 0: target = .property(property())
        case 1: target = .hidden
        default: target = .timing(ImageCodes.timingFields[count(limit: 2)])
        }
        assignments.append(ScriptAction.Assignment(target: target, value: expression(slots: slotCount)))
      }
      return .set(assignments, implicit: expression(slots: slotCount))
    case 4:
      return .pause
    default:
      return .resume
    }
  }

  mutating func slotValues() -> [SlotValue] {
    var result: [SlotValue] = []
    for _ in 0..<length(size: 2) {
      let slot = index(below: slotCount)
      result.append(SlotValue(slot: slot, value: expression(slots: slotCount)))
    }
    return result
  }
}
