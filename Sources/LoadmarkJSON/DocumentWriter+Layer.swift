import LoadmarkCore

extension DocumentWriter {
  /// A layer: id, kind, its shape's fields, then the style fields that
  /// differ from their defaults.
  static func layerObject(_ layer: FrameDocument.Layer) throws(JanssonError) -> JSONValue {
    let object = try JSONValue.object()
    try object.set("id", .string(layer.id))
    try object.set("kind", .string(layer.shape.kind.rawValue))
    switch layer.shape {
    case .arc(let center, let radius), .dot(let center, let radius):
      try object.set("center", point(center))
      try object.set("radius", number(radius))
    case .roundedRect(let rect, let cornerRadius):
      try object.set("rect", numbers([rect.origin.x, rect.origin.y, rect.width, rect.height]))
      try object.set("cornerRadius", number(cornerRadius))
    case .polygon(let vertexCount):
      try object.set("vertices", number(Double(vertexCount)))
    case .path(let path):
      let subpaths = try JSONValue.array()
      for subpath in path.subpaths {
        try subpaths.append(subpathObject(subpath))
      }
      try object.set("subpaths", subpaths)
    }
    try setStyle(layer.style, on: object)
    if let role = layer.role { try object.set("role", .string(role.rawValue)) }
    return object
  }

  /// A subpath: `{"move": [x, y], "segments": [...]}`.
  static func subpathObject(_ subpath: Path.Subpath) throws(JanssonError) -> JSONValue {
    let object = try JSONValue.object()
    try object.set("move", point(subpath.start))
    let segments = try JSONValue.array()
    for segment in subpath.segments {
      let entry = try JSONValue.object()
      switch segment {
      case .line(let to):
        try entry.set("line", point(to))
      case .arc(let arc):
        try entry.set("arc", numbers([arc.center.x, arc.center.y, arc.radius, arc.start, arc.sweep]))
      }
      try segments.append(entry)
    }
    try object.set("segments", segments)
    return object
  }

  /// Sets the style fields that differ from `Style()`'s defaults; the reader
  /// restores an absent field to its default, so omitting it loses nothing.
  static func setStyle(_ style: Style, on object: JSONValue) throws(JanssonError) {
    let defaults = Style()
    if let stroke = style.stroke { try object.set("stroke", .string(stroke.hex)) }
    if let fill = style.fill { try object.set("fill", .string(fill.hex)) }
    if style.lineWidth != defaults.lineWidth { try object.set("lineWidth", number(style.lineWidth)) }
    if style.lineCap != defaults.lineCap { try object.set("lineCap", .string(style.lineCap.rawValue)) }
    if style.lineJoin != defaults.lineJoin { try object.set("lineJoin", .string(style.lineJoin.rawValue)) }
    if style.miterLimit != defaults.miterLimit { try object.set("miterLimit", number(style.miterLimit)) }
    if let shadow = style.shadow {
      let shadowObject = try JSONValue.object()
      try shadowObject.set("color", .string(shadow.color.hex))
      try shadowObject.set("opacity", number(shadow.opacity))
      try shadowObject.set("offset", point(shadow.offset))
      try shadowObject.set("radius", number(shadow.radius))
      try object.set("shadow", shadowObject)
    }
  }
}
