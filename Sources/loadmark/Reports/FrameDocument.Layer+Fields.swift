import LoadmarkCore
import LoadmarkPages

extension FrameDocument.Layer {
  /// One named value of a layer's geometry or style, for comparing layers
  /// value by value.
  struct Field: Equatable {
    /// Where the value is, spelled like the JSON: `center.x`, `subpaths[0].segments[1].arc.sweep`.
    var name: String
    var value: Value

    /// A number, compared within a tolerance, or text, compared exactly.
    enum Value: Equatable {
      case number(Double)
      case text(String)

      /// How reports show it.
      var text: String {
        switch self {
        case .number(let number): return NumberText.exact(number)
        case .text(let text): return text
        }
      }
    }
  }

  /// Every value of the layer's kind, geometry and style, in a fixed order.
  /// Two layers have the same field names exactly when their shapes have the
  /// same structure (kind, subpaths, segment kinds, shadow or none).
  var fields: [Field] {
    var fields = [Field(name: "kind", value: .text(shape.kind.rawValue))]
    func number(_ name: String, _ value: Double) { fields.append(Field(name: name, value: .number(value))) }
    func text(_ name: String, _ value: String) { fields.append(Field(name: name, value: .text(value))) }
    func point(_ name: String, _ value: Point) {
      number(name + ".x", value.x)
      number(name + ".y", value.y)
    }
    switch shape {
    case .arc(let center, let radius), .dot(let center, let radius):
      point("center", center)
      number("radius", radius)
    case .roundedRect(let rect, let cornerRadius):
      point("rect.origin", rect.origin)
      number("rect.width", rect.width)
      number("rect.height", rect.height)
      number("cornerRadius", cornerRadius)
    case .polygon(let vertexCount):
      number("vertices", Double(vertexCount))
    case .path(let path):
      for (subpathIndex, subpath) in path.subpaths.enumerated() {
        let prefix = "subpaths[\(subpathIndex)]"
        point(prefix + ".move", subpath.start)
        for (segmentIndex, segment) in subpath.segments.enumerated() {
          let segmentPrefix = prefix + ".segments[\(segmentIndex)]"
          switch segment {
          case .line(let to):
            point(segmentPrefix + ".line", to)
          case .arc(let arc):
            point(segmentPrefix + ".arc.center", arc.center)
            number(segmentPrefix + ".arc.radius", arc.radius)
            number(segmentPrefix + ".arc.start", arc.start)
            number(segmentPrefix + ".arc.sweep", arc.sweep)
          }
        }
      }
    }
    text("stroke", style.stroke?.hex ?? "none")
    text("fill", style.fill?.hex ?? "none")
    number("lineWidth", style.lineWidth)
    text("lineCap", style.lineCap.rawValue)
    text("lineJoin", style.lineJoin.rawValue)
    number("miterLimit", style.miterLimit)
    if let shadow = style.shadow {
      text("shadow.color", shadow.color.hex)
      number("shadow.opacity", shadow.opacity)
      point("shadow.offset", shadow.offset)
      number("shadow.radius", shadow.radius)
    }
    text("role", role?.rawValue ?? "none")
    return fields
  }
}
