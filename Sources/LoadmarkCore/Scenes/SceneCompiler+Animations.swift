extension SceneCompiler {
  static let timingFields: [StaticString] = [
    "type", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
    "fillMode", "timingFunction", "removedOnCompletion",
  ]
  static let propertyAnimationFields: [StaticString] = ["keyPath", "additive", "cumulative"]
  static let basicFields: [StaticString] = ["from", "to", "by"]
  static let springFields: [StaticString] = ["from", "to", "by", "mass", "stiffness", "damping", "initialVelocity"]
  static let keyframeFields: [StaticString] = [
    "values", "keyTimes", "timingFunctions", "calculationMode", "tensionValues", "continuityValues", "biasValues",
  ]

  /// The five named timing functions (`kCAMediaTimingFunction…`).
  static let namedTimingFunctions: [(name: StaticString, value: TimingFunction)] = [
    ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut),
    ("default", .default),
  ]

  /// The animation in `node`, for layer `index`: an object, or the name of
  /// one of the scene's `animations`.
  mutating func readAnimation(_ node: SceneNode, layer index: Int) throws(SceneError) -> Animation {
    if case .string(let name) = node.value {
      guard let named = namedAnimations.first(where: { $0.name == name }) else {
        throw node.failure("unknown animation " + ByteText.quoted(name) + "; name one of the scene's \"animations\"")
      }
      guard !expanding.contains(name) else {
        throw node.failure("animation " + ByteText.quoted(name) + " contains itself")
      }
      guard expanding.count < SceneCompiler.maximumNesting else { throw node.failure("animations nest more than 16 deep") }
      expanding.append(name)
      let outerUse = namedAnimationUse
      if outerUse == nil { namedAnimationUse = node.path }
      defer {
        expanding.removeLast()
        namedAnimationUse = outerUse
      }
      return try readAnimation(named.node, layer: index)
    }
    _ = try node.members()
    animationCount += 1
    guard animationCount <= SceneBudget.maximumAnimations else {
      budgetSpent = true
      throw node.failure(
        "the scene's animations expand to more than 20000 (a named animation counts each time it is used; docs/SCENE.md's Limits)")
    }
    let type = try node.required("type").choice([
      ("basic", 0), ("spring", 1), ("keyframe", 2), ("group", 3),
    ])
    let own: [StaticString]
    switch type {
    case 0: own = SceneCompiler.propertyAnimationFields + SceneCompiler.basicFields
    case 1: own = SceneCompiler.propertyAnimationFields + SceneCompiler.springFields
    case 2: own = SceneCompiler.propertyAnimationFields + SceneCompiler.keyframeFields
    default: own = ["animations"]
    }
    try node.rejectUnknownFields(SceneCompiler.timingFields + own)
    let timing = try readTiming(node)
    let timingFunction = try node.optional("timingFunction").map { (function) throws(SceneError) in
      try readTimingFunction(function)
    }
    let removed = try node.optional("removedOnCompletion")?.boolean() ?? true
    if type == 3 {
      var children: [Animation] = []
      for child in try node.required("animations").array() {
        do { children.append(try readAnimation(child, layer: index)) } catch { try recover(error) }
      }
      return .group(
        AnimationGroup(children, timing: timing, timingFunction: timingFunction, removedOnCompletion: removed))
    }
    let keyPathNode = try node.required("keyPath")
    let keyPath = try keyPathNode.string()
    if let pair = try pointProperties(keyPath, at: keyPathNode) {
      return try readPointAnimation(
        node, type: type, x: pair.x, y: pair.y, fromTransforms: pair.fromTransforms, layer: index, keyPathNode: keyPathNode,
        timing: timing, timingFunction: timingFunction, removed: removed)
    }
    let property = try self.property(keyPath, of: index, at: keyPathNode)
    // A named animation's change is the script's that names it: the same
    // animation may be fine on another layer.
    pendingChanges.append(PropertyChange(layer: index, property: property.index, path: namedAnimationUse ?? keyPathNode.path))
    let additive = try node.optional("additive")?.boolean() ?? false
    let cumulative = try node.optional("cumulative")?.boolean() ?? false
    if type == 2 {
      return .keyframe(try readKeyframes(
        node, property: property, timing: timing, timingFunction: timingFunction, removed: removed, additive: additive,
        cumulative: cumulative))
    }
    var spring: Spring?
    if type == 1 {
      if let function = node.optional("timingFunction") {
        throw function.failure(
          "a spring moves by its physics: Loadmark does not guess how Core Animation would combine it with a timing function")
      }
      var physics = Spring()
      if let mass = node.optional("mass") { physics.mass = try mass.number(.positive) }
      if let stiffness = node.optional("stiffness") { physics.stiffness = try stiffness.number(.positive) }
      if let damping = node.optional("damping") { physics.damping = try damping.number(.positive) }
      if let velocity = node.optional("initialVelocity") { physics.initialVelocity = try velocity.number() }
      spring = physics
    }
    return .basic(BasicAnimation(
      property, from: try node.optional("from")?.number(), to: try node.optional("to")?.number(),
      by: try node.optional("by")?.number(), timing: timing, timingFunction: timingFunction,
      removedOnCompletion: removed, additive: additive, cumulative: cumulative, spring: spring))
  }

  /// The `CAMediaTiming` fields of an animation; `speed` and `repeatCount`
  /// are `float`s in Core Animation, so they are rounded to float32
  /// (`Rule.float32Values`).
  func readTiming(_ node: SceneNode) throws(SceneError) -> MediaTiming {
    var timing = MediaTiming()
    if let begin = node.optional("beginTime") { timing.beginTime = try begin.number() }
    if let duration = node.optional("duration") { timing.duration = try duration.number(.nonNegative) }
    if let speed = node.optional("speed") { timing.speed = Float(try speed.number()) }
    if let offset = node.optional("timeOffset") { timing.timeOffset = try offset.number() }
    if let count = node.optional("repeatCount") {
      timing.repeatCount = Float(try count.number(.nonNegative, allowInfinity: true))
    }
    // "Forever" is a repeatCount of HUGE (Apple: "Setting this property to
    // greatestFiniteMagnitude will cause the animation to repeat forever"),
    // or a repeatDuration that never runs out; every other timing field
    // must be finite, since Core Animation gives infinity no meaning there.
    if let duration = node.optional("repeatDuration") {
      timing.repeatDuration = try duration.number(.nonNegative, allowInfinity: true)
    }
    if let autoreverses = node.optional("autoreverses") { timing.autoreverses = try autoreverses.boolean() }
    if let fill = node.optional("fillMode") {
      timing.fillMode = try fill.choice([
        ("removed" as StaticString, FillMode.removed), ("forwards", .forwards), ("backwards", .backwards), ("both", .both),
      ])
    }
    return timing
  }

  /// A named timing function, or control points `[x1, y1, x2, y2]` as
  /// `functionWithControlPoints::::` takes them (floats; x in [0, 1]).
  func readTimingFunction(_ node: SceneNode) throws(SceneError) -> TimingFunction {
    if case .string = node.value {
      return try node.choice(SceneCompiler.namedTimingFunctions)
    }
    guard case .array(let elements) = node.value, elements.count == 4 else {
      throw node.expected("a timing function name or control points [x1, y1, x2, y2]")
    }
    let points = try node.array()
    let x1 = try points[0].number(.unit)
    let y1 = try points[1].number()
    let x2 = try points[2].number(.unit)
    let y2 = try points[3].number()
    return TimingFunction(controlPoints: Float(x1), Float(y1), Float(x2), Float(y2))
  }

  /// A keyframe animation's values, key times, timing functions and mode,
  /// with their counts checked against each other.
  func readKeyframes(
    _ node: SceneNode, property: LayerProperty, timing: MediaTiming, timingFunction: TimingFunction?, removed: Bool,
    additive: Bool, cumulative: Bool, component: ValueComponent = .number
  ) throws(SceneError) -> KeyframeAnimation {
    let valuesNode = try node.required("values")
    let valueNodes = try valuesNode.array()
    guard !valueNodes.isEmpty else { throw valuesNode.failure("expected at least one value") }
    guard valueNodes.count <= SceneCompiler.maximumKeyframes else { throw valuesNode.failure("more than 10000 values") }
    var values: [Double] = []
    for value in valueNodes { values.append(try readValue(value, component)) }
    let mode = try node.optional("calculationMode")?.choice([
      ("linear" as StaticString, KeyframeAnimation.CalculationMode.linear), ("discrete", .discrete), ("paced", .paced),
      ("cubic", .cubic), ("cubicPaced", .cubicPaced),
    ]) ?? .linear
    var animation = KeyframeAnimation(
      property, values: values, calculationMode: mode, timing: timing, timingFunction: timingFunction,
      removedOnCompletion: removed, additive: additive, cumulative: cumulative)
    let paced = mode == .paced || mode == .cubicPaced
    if let keyTimesNode = node.optional("keyTimes") {
      if paced { throw keyTimesNode.failure("paced modes space the values by distance and ignore keyTimes; remove them") }
      let nodes = try keyTimesNode.array()
      let counts = mode == .discrete ? [values.count, values.count + 1] : [values.count]
      guard counts.contains(nodes.count) else {
        var message: ByteText = "expected "
        message.append(values.count)
        if mode == .discrete {
          message.append(" or ")
          message.append(values.count + 1)
        }
        message.append(" key times, one per value, got ")
        message.append(nodes.count)
        throw keyTimesNode.failure(message)
      }
      var times: [Double] = []
      for (i, timeNode) in nodes.enumerated() {
        let time = try timeNode.number(.unit)
        if let last = times.last, time < last { throw timeNode.failure("key times must not decrease") }
        if mode == .discrete && nodes.count == values.count + 1
          && ((i == 0 && time != 0) || (i == nodes.count - 1 && time != 1))
        {
          throw timeNode.failure("with one key time more than values, the first must be 0 and the last 1")
        }
        times.append(time)
      }
      animation.keyTimes = times
    }
    if let functionsNode = node.optional("timingFunctions") {
      if paced { throw functionsNode.failure("paced modes ignore timingFunctions; remove them") }
      if mode == .discrete { throw functionsNode.failure("discrete mode does not interpolate; remove timingFunctions") }
      let nodes = try functionsNode.array()
      // `Rule.extraTimingFunctions`: one per segment; those past the last
      // segment are read (and so checked) and then ignored, as Core
      // Animation reads only n − 1; fewer leave segments unshaped, which
      // Apple does not define, and are refused.
      guard nodes.count >= values.count - 1 else {
        var message: ByteText = "expected "
        message.append(values.count - 1)
        message.append(" timing functions, one per segment between values, got ")
        message.append(nodes.count)
        throw functionsNode.failure(message)
      }
      var functions: [TimingFunction] = []
      for function in nodes { functions.append(try readTimingFunction(function)) }
      animation.timingFunctions = Array(functions.prefix(values.count - 1))
    }
    for (key, slot) in [("tensionValues", 0), ("continuityValues", 1), ("biasValues", 2)] as [(StaticString, Int)] {
      guard let listNode = node.optional(key) else { continue }
      guard mode == .cubic || mode == .cubicPaced else {
        throw listNode.failure("only the cubic modes take tension, continuity and bias")
      }
      let list = try listNode.numbers(values.count)
      switch slot {
      case 0: animation.tension = list
      case 1: animation.continuity = list
      default: animation.bias = list
      }
    }
    return animation
  }
}

/// Which number of an animation's value a scalar animation takes: the value
/// itself, or one coordinate of a point (`position`, `transform.translation`)
/// or of a `transform` value's translation.
enum ValueComponent: Equatable {
  case number, x, y, translationX, translationY
}

extension SceneCompiler {
  /// The number of `node` an animation of `component` animates.
  func readValue(_ node: SceneNode, _ component: ValueComponent) throws(SceneError) -> Double {
    switch component {
    case .number: return try node.number()
    case .x: return try node.point().x
    case .y: return try node.point().y
    case .translationX, .translationY:
      let matrix = try readTransform(node)
      guard matrix.isTranslation else {
        throw node.failure(
          "a \"transform\" value that is not a translation is not animated yet: " + SceneCompiler.drawingEngine
            + " animates whole transforms made of translations; write a turn as \"transform.rotation.z\" and a scale as "
            + "\"transform.scale\", \"transform.scale.x\" or \"transform.scale.y\"")
      }
      return component == .translationX ? matrix.m41 : matrix.m42
    }
  }

  /// The two properties a point-valued key path animates, if `keyPath` is
  /// one (`position`, `transform.translation`), or `transform`, whose
  /// translations animate `transform.translation`'s.
  func pointProperties(_ keyPath: [UInt8], at node: SceneNode) throws(SceneError)
    -> (x: LayerProperty, y: LayerProperty, fromTransforms: Bool)?
  {
    for entry in LayerProperty.pointKeyPaths where ByteText.equal(keyPath, entry.keyPath) {
      return (entry.x, entry.y, false)
    }
    if ByteText.equal(keyPath, "transform") { return (.translationX, .translationY, true) }
    return nil
  }

  /// An animation of a point (`position`, `transform.translation`), whose
  /// values are `[x, y]`, or of `transform`, whose values are translations
  /// (``readTransform(_:)``): one animation of x and one of y, with the
  /// same values' other number, key times and timing functions, in a group
  /// with the animation's timing (`Rule.pointAnimations`). The children fill
  /// both ways and run for the group's duration, so within the group's
  /// active time each shows what the one animation would.
  mutating func readPointAnimation(
    _ node: SceneNode, type: Int, x: LayerProperty, y: LayerProperty, fromTransforms: Bool, layer index: Int,
    keyPathNode: SceneNode, timing: MediaTiming, timingFunction: TimingFunction?, removed: Bool
  ) throws(SceneError) -> Animation {
    let use = namedAnimationUse ?? keyPathNode.path
    pendingChanges.append(PropertyChange(layer: index, property: x.index, path: use))
    pendingChanges.append(PropertyChange(layer: index, property: y.index, path: use))
    let additive = try node.optional("additive")?.boolean() ?? false
    if let cumulative = node.optional("cumulative"), try cumulative.boolean() {
      throw cumulative.failure("a point or transform animation is not cumulative yet; repeat its values instead")
    }
    if type == 2, let mode = node.optional("calculationMode"), case .string(let name) = mode.value,
      ByteText.equal(name, "paced") || ByteText.equal(name, "cubicPaced")
    {
      throw mode.failure(
        "a paced point or transform animation spaces its values by their distance in the plane, which "
          + SceneCompiler.drawingEngine + " does not yet: give keyTimes in a linear mode instead")
    }
    var childTiming = MediaTiming()
    childTiming.fillMode = .both
    var children: [Animation] = []
    for (property, component) in [
      (x, fromTransforms ? ValueComponent.translationX : .x), (y, fromTransforms ? ValueComponent.translationY : .y),
    ] {
      switch type {
      case 2:
        children.append(.keyframe(try readKeyframes(
          node, property: property, timing: childTiming, timingFunction: timingFunction, removed: false,
          additive: additive, cumulative: false, component: component)))
      case 0:
        func end(_ key: StaticString) throws(SceneError) -> Double? {
          guard let value = node.optional(key) else { return nil }
          return try readValue(value, component)
        }
        children.append(.basic(BasicAnimation(
          property, from: try end("from"), to: try end("to"), by: try end("by"), timing: childTiming,
          timingFunction: timingFunction, removedOnCompletion: false, additive: additive, cumulative: false)))
      default:
        throw node.field(ByteText.bytes(of: "type")).failure(
          "a point or transform animation is a \"basic\" or \"keyframe\" animation; a spring of a point is not animated yet")
      }
    }
    return .group(AnimationGroup(children, timing: timing, removedOnCompletion: removed))
  }

  /// A `CATransform3D` written as Core Animation code builds it: an object
  /// for one function, `{"translate": [tx, ty, tz]}`
  /// (`CATransform3DMakeTranslation`), `{"scale": [sx, sy, sz]}`,
  /// `{"rotate": [angle, x, y, z]}` or `{"m34": v}` (which sets that entry
  /// of what comes before it, as `transform.m34 = v` does), or a list of
  /// them concatenated in order (`CATransform3DConcat(a, b)` is `[a, b]`:
  /// a, then b), lists nesting; `[]` is the identity.
  func readTransform(_ node: SceneNode, depth: Int = 0) throws(SceneError) -> Transform3D {
    guard depth < SceneCompiler.maximumNesting else { throw node.failure("transforms nest more than 16 deep") }
    if case .array = node.value {
      var matrix = Transform3D.identity
      for item in try node.array() {
        if case .object(let members) = item.value, members.count == 1, ByteText.equal(members[0].key, "m34") {
          matrix.m34 = try item.field(members[0].key).number()
        } else {
          matrix = matrix.concatenating(try readTransform(item, depth: depth + 1))
        }
      }
      return matrix
    }
    let members = try node.members()
    guard members.count == 1 else {
      throw node.failure(
        "a transform function is an object of one field: \"translate\", \"scale\", \"rotate\" or \"m34\"; "
          + "concatenate several in a list")
    }
    let key = members[0].key
    let argument = node.field(key)
    if ByteText.equal(key, "translate") {
      let t = try argument.numbers(3)
      return Transform3D.makeTranslation(t[0], t[1], t[2])
    }
    if ByteText.equal(key, "scale") {
      let k = try argument.numbers(3)
      return Transform3D.makeScale(k[0], k[1], k[2])
    }
    if ByteText.equal(key, "rotate") {
      let r = try argument.numbers(4)
      return Transform3D.makeRotation(r[0], r[1], r[2], r[3])
    }
    if ByteText.equal(key, "m34") {
      var matrix = Transform3D.identity
      matrix.m34 = try argument.number()
      return matrix
    }
    throw argument.failure(
      "unknown transform function " + ByteText.quoted(key) + "; expected \"translate\", \"scale\", \"rotate\" or \"m34\"")
  }
}
