import LoadmarkCore
import LoadmarkPages

extension FrameDocument.Layer {
  /// The static geometry in a few words: `center (25, 25), radius 21.5`.
  var geometrySummary: String {
    switch shape {
    case .arc(let center, let radius), .dot(let center, let radius):
      return "center \(Self.text(center)), radius \(NumberText.exact(radius))"
    case .roundedRect(let rect, let cornerRadius):
      return "rect \(Self.text(rect.origin)) \(NumberText.exact(rect.width)) x \(NumberText.exact(rect.height)), "
        + "corner radius \(NumberText.exact(cornerRadius))"
    case .polygon(let vertexCount):
      return "\(vertexCount) vertices from tracks"
    case .path(let path):
      let segments = path.subpaths.reduce(0) { $0 + $1.segments.count }
      return NumberText.counted(path.subpaths.count, "subpath") + ", " + NumberText.counted(segments, "segment")
    }
  }

  /// The paint, every stroke attribute that is not Core Animation's
  /// default, and the theme role: `stroke #e5e5e5, width 3, cap round, role accent`.
  var styleSummary: String {
    let defaults = Style()
    var parts: [String] = []
    if let stroke = style.stroke { parts.append("stroke \(stroke.hex)") }
    if let fill = style.fill { parts.append("fill \(fill.hex)") }
    if style.stroke != nil || style.lineWidth != defaults.lineWidth {
      parts.append("width \(NumberText.exact(style.lineWidth))")
    }
    if style.lineCap != defaults.lineCap { parts.append("cap \(style.lineCap.rawValue)") }
    if style.lineJoin != defaults.lineJoin { parts.append("join \(style.lineJoin.rawValue)") }
    if style.miterLimit != defaults.miterLimit { parts.append("miter limit \(NumberText.exact(style.miterLimit))") }
    if let shadow = style.shadow {
      parts.append(
        "shadow \(shadow.color.hex) opacity \(NumberText.exact(shadow.opacity)) "
          + "offset \(Self.text(shadow.offset)) radius \(NumberText.exact(shadow.radius))")
    }
    if let role { parts.append("role \(role.rawValue)") }
    return parts.isEmpty ? "no paint" : parts.joined(separator: ", ")
  }

  /// `(x, y)`.
  private static func text(_ point: Point) -> String {
    "(\(NumberText.exact(point.x)), \(NumberText.exact(point.y)))"
  }
}
