import LoadmarkCore

extension DocumentReader {
  /// The layer in `node`; `ids` holds the ids seen so far and gains this one.
  static func layer(
    _ node: JSONNode, ids: inout Set<String>, version: Int = FrameDocument.formatVersion
  ) throws(ValidationError) -> FrameDocument.Layer {
    try node.requireObject()
    let idNode = try node.required("id")
    guard let id = idNode.value.string, isLayerID(id) else {
      throw idNode.expected("an id of letters, digits, \"_\" and \"-\"")
    }
    guard ids.insert(id).inserted else { throw idNode.failure("duplicate layer id \(id.jsonQuoted)") }
    let kindNode = try node.required("kind")
    let kind = try kindNode.choice(FrameDocument.ShapeKind.self)
    guard kind.version <= version else {
      throw kindNode.failure(
        "the kind \(kind.rawValue.jsonQuoted) is format version \(kind.version)'s; this document is version \(version)")
    }
    let roles = version == 1 ? version1RoleFields : roleFields
    try node.rejectUnknownFields(allowed: layerHeaderFields + shapeFields(kind) + styleFields + roles)
    let shape = try shape(node, kind: kind)
    let style = try style(node)
    let role: FrameDocument.Role?
    if version == 1 {
      role = try node.optional("accent")?.boolean() == true ? .accent : nil
    } else {
      role = try node.optional("role")?.choice(FrameDocument.Role.self)
    }
    return FrameDocument.Layer(id: id, shape: shape, style: style, role: role)
  }

  /// Whether `id` is a layer id: one or more ASCII letters, digits, `_` or
  /// `-`. No dot, since a track key splits at its first dot.
  static func isLayerID(_ id: String) -> Bool {
    !id.isEmpty
      && id.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
          return true
        default:
          return false
        }
      }
  }

  /// The geometry of a layer of `kind`.
  static func shape(_ node: JSONNode, kind: FrameDocument.ShapeKind) throws(ValidationError) -> FrameDocument.Shape {
    switch kind {
    case .arc:
      return .arc(
        center: try node.required("center").point(),
        radius: try node.required("radius").number(in: .nonNegative))
    case .dot:
      return .dot(
        center: try node.required("center").point(),
        radius: try node.required("radius").number(in: .nonNegative))
    case .roundedRect:
      let rect = try node.required("rect").numberElements(count: 4)
      return .roundedRect(
        Rect(
          x: try rect[0].number(), y: try rect[1].number(),
          width: try rect[2].number(in: .nonNegative), height: try rect[3].number(in: .nonNegative)),
        cornerRadius: try node.required("cornerRadius").number(in: .nonNegative))
    case .polygon:
      return .polygon(
        vertexCount: try node.required("vertices").integer(in: minimumPolygonVertices...maximumPolygonVertices))
    case .path:
      let subpathsNode = try node.required("subpaths")
      let subpathNodes = try subpathsNode.array()
      guard subpathNodes.count <= maximumSubpaths else {
        throw subpathsNode.failure("\(subpathNodes.count) subpaths; the limit is \(maximumSubpaths) per path")
      }
      var subpaths: [Path.Subpath] = []
      var segmentCount = 0
      for subpathNode in subpathNodes {
        let subpath = try subpath(subpathNode, segmentsBefore: segmentCount)
        segmentCount += subpath.segments.count
        subpaths.append(subpath)
      }
      return .path(Path(subpaths))
    }
  }

  /// A subpath: `{"move": [x, y], "segments": [...]}`, after
  /// `segmentsBefore` segments in earlier subpaths of its path.
  static func subpath(_ node: JSONNode, segmentsBefore: Int) throws(ValidationError) -> Path.Subpath {
    try node.requireObject()
    try node.rejectUnknownFields(allowed: subpathFields)
    let start = try node.required("move").point()
    let segmentsNode = try node.required("segments")
    let segmentNodes = try segmentsNode.array()
    // Counted before any segment is read: the limit is for the whole path.
    let total = segmentsBefore + segmentNodes.count
    guard total <= maximumPathSegments else {
      let count = segmentsBefore == 0 ? "\(total) segments" : "\(total) segments with the subpaths before"
      throw segmentsNode.failure("\(count); the limit is \(maximumPathSegments) per path")
    }
    var segments: [Path.Segment] = []
    for segmentNode in segmentNodes {
      segments.append(try segment(segmentNode))
    }
    return Path.Subpath(start: start, segments: segments)
  }

  /// A segment: `{"line": [x, y]}` or `{"arc": [cx, cy, r, start, sweep]}`.
  static func segment(_ node: JSONNode) throws(ValidationError) -> Path.Segment {
    try node.requireObject()
    try node.rejectUnknownFields(allowed: segmentFields)
    switch (node.optional("line"), node.optional("arc")) {
    case (let line?, nil):
      return .line(to: try line.point())
    case (nil, let arc?):
      let values = try arc.numberElements(count: 5)
      return .arc(
        Arc(
          center: Point(try values[0].number(), try values[1].number()),
          radius: try values[2].number(in: .nonNegative),
          start: try values[3].number(), sweep: try values[4].number()))
    case (.some, .some):
      throw node.failure("expected exactly one of \"line\" or \"arc\", got both")
    case (nil, nil):
      throw node.failure("missing field \"line\" or \"arc\"")
    }
  }

  /// The style fields of a layer; each absent one takes Core Animation's
  /// default, as ``Style/init(stroke:fill:lineWidth:lineCap:lineJoin:miterLimit:shadow:)`` has it.
  static func style(_ node: JSONNode) throws(ValidationError) -> Style {
    var style = Style()
    if let stroke = node.optional("stroke") { style.stroke = try stroke.color() }
    if let fill = node.optional("fill") { style.fill = try fill.color() }
    if let lineWidth = node.optional("lineWidth") { style.lineWidth = try lineWidth.number(in: .nonNegative) }
    if let lineCap = node.optional("lineCap") { style.lineCap = try lineCap.choice(LineCap.self) }
    if let lineJoin = node.optional("lineJoin") { style.lineJoin = try lineJoin.choice(LineJoin.self) }
    if let miterLimit = node.optional("miterLimit") { style.miterLimit = try miterLimit.number(in: .nonNegative) }
    if let shadow = node.optional("shadow") { style.shadow = try self.shadow(shadow) }
    return style
  }

  /// A shadow: `{"color", "opacity", "offset", "radius"}`, all required;
  /// the offset's components and the radius within
  /// ``maximumShadowLength``.
  static func shadow(_ node: JSONNode) throws(ValidationError) -> Shadow {
    try node.requireObject()
    try node.rejectUnknownFields(allowed: shadowFields)
    let color = try node.required("color").color()
    let opacity = try node.required("opacity").number(in: .unit)
    let offset = try node.required("offset").numberElements(count: 2)
    return Shadow(
      color: color, opacity: opacity,
      offset: Point(try offset[0].number(in: .shadowOffset), try offset[1].number(in: .shadowOffset)),
      radius: try node.required("radius").number(in: .shadowRadius))
  }
}
