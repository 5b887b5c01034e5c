/// A layer of a scene as read, before its drawings become figures.
struct LayerEntry {
  var id: [UInt8]
  var node: SceneNode
  var isShape: Bool
  var parent: Int?
  /// The layer as the timeline replays it.
  var animated: AnimatedLayer
  /// The custom properties it declares, by number.
  var customs: [Int] = []
  var bounds = Rect(x: 0, y: 0, width: 0, height: 0)
  var position = Point(0, 0)
  var anchorPoint = Point(0.5, 0.5)
  /// `sublayerTransform`, still: a scale, a turn and a translation about the
  /// layer's anchor, in its own coordinates, applied to its sublayers.
  var sublayerPlacement = Placement()
  /// Whether the layer could not be read (errors collected): it keeps its
  /// id, so that what names it is not refused as well, but what it draws
  /// and what scripts do to it are not checked.
  var isBroken = false
}

extension SceneCompiler {
  static let layerFields: [StaticString] = [
    "id", "class", "superlayer", "frame", "bounds", "position", "anchorPoint", "transform", "sublayerTransform",
    "opacity", "hidden",
    "speed", "timeOffset", "beginTime", "properties", "backgroundColor", "cornerRadius", "borderWidth", "borderColor",
    "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "roles",
  ]
  static let shapeLayerFields: [StaticString] = [
    "path", "strokeColor", "fillColor", "lineWidth", "lineCap", "lineJoin", "miterLimit", "strokeStart", "strokeEnd",
  ]
  static let drawingLayerFields: [StaticString] = ["draw"]

  /// Reads every layer, links each to its superlayer, and refuses unknown
  /// superlayers and cycles.
  mutating func readLayers(_ node: SceneNode) throws(SceneError) {
    let nodes = try node.array()
    guard !nodes.isEmpty else { throw node.failure("expected at least one layer") }
    guard nodes.count <= SceneCompiler.maximumLayers else { throw node.failure("more than 256 layers") }
    for layerNode in nodes {
      do throws(SceneError) {
        try layers.append(readLayer(layerNode))
      } catch {
        try recover(error)
        // Kept by its id when it has one that is new, so that what names it
        // is not refused too.
        if case .string(let id)? = layerNode.optional("id")?.value, SceneNode.isIdentifier(id), layerIndex(id) == nil {
          var entry = LayerEntry(id: id, node: layerNode, isShape: false, animated: AnimatedLayer(nameText: ByteText(id)))
          entry.isBroken = true
          layers.append(entry)
        }
      }
    }
    // Superlayers by id, then no layer may be its own ancestor.
    for i in layers.indices {
      guard let superNode = layers[i].node.optional("superlayer") else { continue }
      do throws(SceneError) {
        let name = try superNode.string()
        guard let parent = layerIndex(name) else {
          throw superNode.failure("unknown layer " + ByteText.quoted(name))
        }
        layers[i].parent = parent
        layers[i].animated.parent = parent
      } catch {
        try recover(error)
        layers[i].isBroken = true
      }
    }
    do throws(SceneError) {
      for i in layers.indices {
        var chain = [i]
        var current = layers[i].parent
        while let index = current {
          if chain.contains(index) {
            var message: ByteText = "the layer tree has a cycle: "
            for (n, member) in (chain + [index]).enumerated() {
              if n > 0 { message.append(" → ") }
              message.append(quoted: layers[member].id)
            }
            throw layers[i].node.optional("superlayer")!.failure(message)
          }
          guard chain.count <= SceneCompiler.maximumNesting else {
            throw layers[i].node.failure("layers are nested more than 16 deep")
          }
          chain.append(index)
          current = layers[index].parent
        }
      }
    } catch {
      // A tree with a cycle has no drawing order, and one too deep is not
      // placed: no drawing is checked, once for the whole tree.
      try recover(error)
      layerTreeIsUnusable = true
    }
  }

  func layerIndex(_ id: [UInt8]) -> Int? {
    layers.firstIndex { $0.id == id }
  }

  mutating func readLayer(_ node: SceneNode) throws(SceneError) -> LayerEntry {
    _ = try node.members()
    let idNode = try node.required("id")
    let id = try idNode.identifier()
    guard layerIndex(id) == nil else { throw idNode.failure("duplicate layer id " + ByteText.quoted(id)) }
    let isShape = try node.optional("class")?.choice([("CALayer", false), ("CAShapeLayer", true)]) ?? false
    let own = isShape ? SceneCompiler.shapeLayerFields : SceneCompiler.drawingLayerFields
    let other = isShape ? SceneCompiler.drawingLayerFields : SceneCompiler.shapeLayerFields
    for member in try node.members() where other.contains(where: { ByteText.equal(member.key, $0) }) {
      throw node.field(member.key).failure(
        ByteText.quoted(member.key) + (isShape
          ? " belongs to a CALayer that draws its own content; this layer is a CAShapeLayer"
          : " is a CAShapeLayer property; give the layer \"class\": \"CAShapeLayer\""))
    }
    try node.rejectUnknownFields(SceneCompiler.layerFields + own)

    var entry = LayerEntry(id: id, node: node, isShape: isShape, animated: AnimatedLayer(nameText: ByteText(id)))
    // Geometry: frame, or bounds and position, about the anchor point.
    if let anchor = node.optional("anchorPoint") { entry.anchorPoint = try anchor.point() }
    if let frameNode = node.optional("frame") {
      for other in ["bounds", "position"] as [StaticString] where node.optional(other) != nil {
        throw frameNode.failure("give \"frame\" or \"bounds\" and \"position\", not both")
      }
      let frame = try frameNode.rect()
      entry.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
      entry.position = Point(
        frame.origin.x + entry.anchorPoint.x * frame.width, frame.origin.y + entry.anchorPoint.y * frame.height)
    } else {
      if let bounds = node.optional("bounds") { entry.bounds = try bounds.rect() }
      if let position = node.optional("position") { entry.position = try position.point() }
    }
    var model = PropertyValues()
    if let transform = node.optional("transform") {
      try transform.rejectUnknownFields(["scale", "rotation", "translation"])
      if let scale = transform.optional("scale") { model[.scale] = try scale.number(.positive) }
      if let rotation = transform.optional("rotation") { model[.rotation] = try rotation.number() }
      if let translation = transform.optional("translation") {
        let point = try translation.point()
        model[.translationX] = point.x
        model[.translationY] = point.y
      }
    }
    if let sublayer = node.optional("sublayerTransform") {
      // As Core Animation applies it: about the layer's anchor point
      // (`Rule.layerComposition`), scale, then turn, then move.
      try sublayer.rejectUnknownFields(["scale", "rotation", "translation"])
      let scale = try sublayer.optional("scale")?.number(.positive) ?? 1
      let rotation = try sublayer.optional("rotation")?.number() ?? 0
      let translation = try sublayer.optional("translation")?.point() ?? Point(0, 0)
      let anchor = Point(
        entry.bounds.origin.x + entry.anchorPoint.x * entry.bounds.width,
        entry.bounds.origin.y + entry.anchorPoint.y * entry.bounds.height)
      let turned = Placement(scale: scale, rotation: rotation).apply(anchor)
      entry.sublayerPlacement = Placement(
        scale: scale, rotation: rotation,
        offset: Point(anchor.x + translation.x - turned.x, anchor.y + translation.y - turned.y))
    }
    if let opacity = node.optional("opacity") { model[.opacity] = try opacity.number() }
    if isShape {
      if let start = node.optional("strokeStart") { model[.strokeStart] = try start.number() }
      if let end = node.optional("strokeEnd") { model[.strokeEnd] = try end.number() }
    }
    if let properties = node.optional("properties") {
      for (name, valueNode) in try properties.namedMembers() {
        // A custom property named after a Core Animation key path would
        // validate and do nothing: say what the name is instead.
        if let reason = LayerProperty.notAnimatedYetReason(name) {
          throw valueNode.failure("a custom property cannot take a Core Animation key path's name; " + reason)
        }
        if ByteText.equal(name, "position") || ByteText.equal(name, "transform") {
          throw valueNode.failure(
            "a custom property cannot take a Core Animation key path's name; " + ByteText.quoted(name)
              + " is the layer's own, which scripts animate")
        }
        guard SceneCompiler.isPropertyName(name), LayerProperty.builtIn(name) == nil,
          Expression.Function.all.allSatisfy({ !ByteText.equal(name, $0.name) })
        else {
          throw valueNode.failure(
            "a custom property needs a name of letters, digits and \"_\" that is not a built-in property, got "
              + ByteText.quoted(name))
        }
        let number: Int
        if let known = customNames.firstIndex(of: name) {
          number = known
        } else {
          number = customNames.count
          customNames.append(name)
        }
        entry.customs.append(number)
        model[.custom(number)] = try valueNode.number()
      }
    }
    // Where the anchor sits, as `position.x` and `.y` animate it.
    model[.positionX] = entry.position.x
    model[.positionY] = entry.position.y
    entry.animated.model = model
    entry.animated.isHidden = try node.optional("hidden")?.boolean() ?? false
    var timing = LayerTiming()
    if let begin = node.optional("beginTime") { timing.beginTime = try begin.number() }
    if let speed = node.optional("speed") { timing.speed = Float(try speed.number()) }
    if let offset = node.optional("timeOffset") { timing.timeOffset = try offset.number() }
    entry.animated.timing = timing
    return entry
  }

  /// A custom property name: a letter or `_`, then letters, digits and `_`.
  static func isPropertyName(_ name: [UInt8]) -> Bool {
    guard let first = name.first, ExpressionParser.startsName(first), name.count <= 64 else { return false }
    return name.allSatisfy { ExpressionParser.startsName($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
  }

  /// The property of layer `index` called `keyPath`: a built-in one its
  /// class has, or a custom one it declares.
  func property(_ keyPath: [UInt8], of index: Int, at node: SceneNode) throws(SceneError) -> LayerProperty {
    let entry = layers[index]
    if let builtIn = LayerProperty.builtIn(keyPath) {
      if (builtIn == .strokeStart || builtIn == .strokeEnd) && !entry.isShape {
        throw node.failure(
          ByteText.quoted(keyPath) + " is a CAShapeLayer property; layer " + ByteText.quoted(entry.id) + " is a CALayer")
      }
      return builtIn
    }
    if let reason = LayerProperty.notAnimatedYetReason(keyPath) { throw node.failure(reason) }
    for entry in LayerProperty.pointKeyPaths where ByteText.equal(keyPath, entry.keyPath) {
      throw node.failure(
        ByteText.quoted(keyPath) + " is a point: animate it with values [x, y], or set its \".x\" and \".y\" one by one")
    }
    if ByteText.equal(keyPath, "transform") {
      throw node.failure(
        "\"transform\" is animated with values written as transforms; set \"transform.rotation.z\", "
          + "\"transform.scale\" or \"transform.translation.x\" one by one")
    }
    if let number = customNames.firstIndex(of: keyPath), entry.customs.contains(number) {
      return .custom(number)
    }
    throw node.failure(
      "layer " + ByteText.quoted(entry.id) + " has no property " + ByteText.quoted(keyPath)
        + "; declare it in the layer's \"properties\"")
  }
}

extension SceneNode {
  /// The node of member `key` (a field name from the document).
  func field(_ key: [UInt8]) -> SceneNode {
    var found = JSONTree.null
    if case .object(let members) = value {
      for member in members where member.key == key { found = member.value }
    }
    return SceneNode(value: found, path: path.field(key))
  }
}
