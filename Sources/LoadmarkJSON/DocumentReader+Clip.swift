import LoadmarkCore

extension DocumentReader {
  /// The clip in `node`, whose tracks must be exactly those of `layers`;
  /// `names` holds the clip names seen so far and gains this one.
  static func clip(
    _ node: JSONNode, layers: [FrameDocument.Layer], names: inout Set<String>,
    version: Int = FrameDocument.formatVersion, tracksBefore: Int = 0
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
    let tracks = try self.tracks(
      try node.required("tracks"), layers: layers, frameCount: frameCount, version: version,
      periodic: index == .time && loop, tracksBefore: tracksBefore)
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
  /// ``FrameDocument/Layer/trackNames`` order, then each layer's transform
  /// tracks (version 3, optional) in ``FrameDocument/TrackProperty/transform``
  /// order, whatever order the file has. `periodic` says whether the clip may
  /// have periodic tracks (a looping time clip of version 3);
  /// `tracksBefore` counts the tracks of the clips before, for the limit.
  static func tracks(
    _ node: JSONNode, layers: [FrameDocument.Layer], frameCount: Int, version: Int = FrameDocument.formatVersion,
    periodic: Bool = false, tracksBefore: Int = 0
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
      guard let name = trackName(propertyName, of: layer) else {
        var valid = layer.trackNames.map(\.text).joined(separator: ", ")
        if version >= 3 { valid += ", and the transform's a, b, c, d, tx, ty" }
        throw trackNode.failure(
          "layer \(layerID.jsonQuoted) of kind \(layer.shape.kind.rawValue) has no property "
            + "\(propertyName.jsonQuoted); its properties are \(valid)")
      }
      if name.property.isTransform && version < 3 {
        throw trackNode.failure("transform tracks are format version 3's; this document is version \(version)")
      }
      let values = try trackValues(trackNode, frameCount: frameCount, version: version, periodic: periodic)
      found[key] = values
      // The reader owns the tree it parsed and never reads a track twice:
      // once copied, its numbers are freed, so that a long document's tree
      // and its values are not both in memory whole (the limits' budget,
      // docs/FORMAT.md).
      value.removeContents()
    }
    var tracks: [FrameDocument.Track] = []
    for layer in layers {
      for name in layer.trackNames {
        let key = layer.id + "." + name.text
        guard let values = found[key] else { throw node.failure("missing track \(key.jsonQuoted)") }
        tracks.append(FrameDocument.Track(layer: layer.id, property: name.property, vertex: name.vertex, values: values))
      }
      for property in FrameDocument.TrackProperty.transform {
        guard let values = found[layer.id + "." + property.rawValue] else { continue }
        tracks.append(FrameDocument.Track(layer: layer.id, property: property, values: values))
      }
    }
    // The transform's tracks are optional, so the count before the clips
    // were read holds only the required ones.
    guard tracksBefore + tracks.count <= maximumTracks else {
      throw node.failure("\(tracksBefore + tracks.count) tracks in all; the limit is \(maximumTracks)")
    }
    return tracks
  }

  /// The track name `text` of `layer`, the part of a track key after its
  /// dot: one of its kind's properties, a transform property, or a
  /// polygon's `x<i>`/`y<i>` with i written without leading zeros and less
  /// than its vertex count; nil for anything else.
  static func trackName(_ text: String, of layer: FrameDocument.Layer) -> FrameDocument.TrackName? {
    if let property = FrameDocument.TrackProperty(rawValue: text) {
      guard layer.properties.contains(property) || property.isTransform else { return nil }
      return FrameDocument.TrackName(property)
    }
    guard case .polygon(let vertexCount) = layer.shape, let first = text.utf8.first else { return nil }
    let property: FrameDocument.TrackProperty
    switch first {
    case UInt8(ascii: "x"): property = .x
    case UInt8(ascii: "y"): property = .y
    default: return nil
    }
    let digits = text.utf8.dropFirst()
    // At most two digits: 64 vertices are numbered up to 63.
    guard !digits.isEmpty, digits.count <= 2, digits.first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
    var vertex = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      vertex = vertex * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return vertex < vertexCount ? FrameDocument.TrackName(property, vertex: vertex) : nil
  }

  /// A track's values: a number is a constant; an array of one number per
  /// frame and a delta object both give per-frame values. The shape read is
  /// kept; collapsing is for callers to choose.
  /// A periodic track (version 3), `{"period": L, "values": …}`, where
  /// `periodic` allows one (a looping time clip), gives its L values.
  static func trackValues(
    _ node: JSONNode, frameCount: Int, version: Int = FrameDocument.formatVersion, periodic: Bool = false
  ) throws(ValidationError) -> FrameDocument.TrackValues {
    if node.value.kind == .object, node.optional("period") != nil {
      guard version >= 3 else {
        throw node.failure("periodic tracks are format version 3's; this document is version \(version)")
      }
      guard periodic else { throw node.failure("a periodic track needs a looping time clip") }
      try node.rejectUnknownFields(allowed: periodicTrackFields)
      let period = try node.required("period").integer(in: 1...maximumFrames)
      let valuesNode = try node.required("values")
      switch try trackValues(valuesNode, frameCount: period) {
      case .constant(let value): return .periodic([Double](repeating: value, count: period))
      case .frames(let values), .periodic(let values): return .periodic(values)
      }
    }
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
