import LoadmarkCore

extension DocumentReader {
  /// The clip in `node`, whose tracks must be exactly those of `layers`;
  /// `names` holds the clip names seen so far and gains this one.
  static func clip(
    _ node: JSONNode, layers: [FrameDocument.Layer], names: inout Set<String>,
    version: Int = FrameDocument.formatVersion
  ) throws(ValidationError) -> FrameDocument.Clip {
    try node.requireObject()
    let nameNode = try node.required("name")
    let name = try nameNode.nonEmptyString()
    guard names.insert(name).inserted else { throw nameNode.failure("duplicate clip name \(name.jsonQuoted)") }
    let index = try node.required("index").choice(FrameDocument.ClipIndex.self)
    try node.rejectUnknownFields(allowed: version == 1 ? version1ClipFields : clipFields)

    let framesNode = try node.required("frames")
    let frameCount = try framesNode.integer(in: 1...maximumFrames)
    // Progress runs from 0 to 1 at the host's pace: a single frame spans
    // nothing, and neither a duration nor looping means anything.
    if index == .progress && frameCount < 2 {
      throw framesNode.failure("a progress clip needs at least 2 frames, got \(frameCount)")
    }
    let duration: Double
    switch index {
    case .time:
      duration = try node.required("duration").number(in: .nonNegative)
    case .progress:
      if let durationNode = node.optional("duration") {
        throw durationNode.failure("not allowed in a progress clip")
      }
      duration = 0
    }
    let loopNode = try node.required("loop")
    let loop = try loopNode.boolean()
    if index == .progress && loop {
      throw loopNode.failure("must be false in a progress clip")
    }
    var domain = ProgressDomain()
    var transition: FrameDocument.Transition?
    var finish: String?
    if index == .time {
      for field in progressClipFields {
        if let extra = node.optional(field) { throw extra.failure("not allowed in a time clip") }
      }
    } else {
      if let domainNode = node.optional("domain") {
        let bounds = try domainNode.numberElements(count: 2)
        let from = try bounds[0].number()
        let to = try bounds[1].number()
        guard from < to else {
          throw domainNode.failure("expected [from, to] with from < to, got [\(from.messageText), \(to.messageText)]")
        }
        domain = ProgressDomain(lower: from, upper: to)
      }
      if let repeatNode = node.optional("repeatFrom") {
        let from = try repeatNode.number()
        guard from >= domain.lower, from < domain.upper else {
          throw repeatNode.failure(
            "expected a number in the domain, before its end (≥ \(domain.lower.messageText) and < "
              + "\(domain.upper.messageText)), got \(from.messageText)")
        }
        domain.repeatFrom = from
      }
      if let transitionNode = node.optional("transition") {
        transition = try self.transition(transitionNode)
      }
      finish = try node.optional("finish")?.nonEmptyString()
    }
    let tracks = try self.tracks(try node.required("tracks"), layers: layers, frameCount: frameCount)
    return FrameDocument.Clip(
      name: name, index: index, frameCount: frameCount, duration: duration, loop: loop, domain: domain,
      transition: transition, finish: finish, tracks: tracks)
  }

  /// A progress clip's transition: `duration`, `frames` and its `values`, a
  /// track of `frames` values.
  static func transition(_ node: JSONNode) throws(ValidationError) -> FrameDocument.Transition {
    try node.requireObject()
    try node.rejectUnknownFields(allowed: transitionFields)
    let duration = try node.required("duration").number(in: .nonNegative)
    let frameCount = try node.required("frames").integer(in: 1...maximumFrames)
    let values = try trackValues(try node.required("values"), frameCount: frameCount)
    return FrameDocument.Transition(duration: duration, frameCount: frameCount, values: values)
  }

  /// A clip's tracks object, returned layer by layer in
  /// ``FrameDocument/ShapeKind/properties`` order whatever order the file has.
  static func tracks(
    _ node: JSONNode, layers: [FrameDocument.Layer], frameCount: Int
  ) throws(ValidationError) -> [FrameDocument.Track] {
    try node.requireObject()
    var layersByID: [String: FrameDocument.Layer] = [:]
    for layer in layers { layersByID[layer.id] = layer }
    var found: [String: FrameDocument.TrackValues] = [:]
    for (key, value) in node.value.members {
      let trackNode = JSONNode(value: value, path: node.path.key(key))
      guard let dot = key.firstIndex(of: ".") else {
        throw trackNode.failure("expected a key \"<layerId>.<property>\"")
      }
      let layerID = String(key[..<dot])
      let propertyName = String(key[key.index(after: dot)...])
      guard let layer = layersByID[layerID] else {
        throw trackNode.failure("unknown layer \(layerID.jsonQuoted)")
      }
      guard let property = FrameDocument.TrackProperty(rawValue: propertyName),
        layer.properties.contains(property)
      else {
        let valid = layer.properties.map(\.rawValue).joined(separator: ", ")
        throw trackNode.failure(
          "layer \(layerID.jsonQuoted) of kind \(layer.shape.kind.rawValue) has no property "
            + "\(propertyName.jsonQuoted); its properties are \(valid)")
      }
      found[key] = try trackValues(trackNode, frameCount: frameCount)
      // The reader owns the tree it parsed and never reads a track twice:
      // once copied, its numbers are freed, so that a long document's tree
      // and its values are not both in memory whole (the limits' budget,
      // docs/FORMAT.md).
      value.removeContents()
    }
    var tracks: [FrameDocument.Track] = []
    for layer in layers {
      for property in layer.properties {
        let key = layer.id + "." + property.rawValue
        guard let values = found[key] else { throw node.failure("missing track \(key.jsonQuoted)") }
        tracks.append(FrameDocument.Track(layer: layer.id, property: property, values: values))
      }
    }
    return tracks
  }

  /// A track's values: a number is a constant; an array of one number per
  /// frame and a delta object both give per-frame values. The shape read is
  /// kept; collapsing is for callers to choose.
  static func trackValues(_ node: JSONNode, frameCount: Int) throws(ValidationError) -> FrameDocument.TrackValues {
    switch node.value.kind {
    case .number:
      return .constant(try node.number())
    case .array:
      let count = node.value.elementCount
      guard count == frameCount else {
        throw node.failure("expected \(counted(frameCount, "value")), got \(count)")
      }
      var values: [Double] = []
      values.reserveCapacity(count)
      for index in 0..<count {
        // The fast path reads the number without wrapping the element.
        guard let value = node.value.number(at: index), value.isFinite else {
          let element = JSONNode(value: node.value.element(at: index)!, path: node.path.index(index))
          throw element.expected("a finite number")
        }
        values.append(value)
      }
      return .frames(values)
    case .object:
      return .frames(try deltaValues(node, frameCount: frameCount))
    default:
      throw node.expected(
        "a number, an array of \(counted(frameCount, "number")) or an object {\"decimals\", \"deltas\"}")
    }
  }

  /// `1 value`, `91 values`.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }
}
