import LoadmarkCore
import LoadmarkWasmSupport

extension WasmEngine {
  /// Writes the selected preset's static description into the output buffer
  /// as a flat list of Doubles; returns how many. web/loadmark-wasm.js reads
  /// it back into a frame document (docs/WASM.md has the layout).
  ///
  /// Strings (ids, clip names) are written as a length and one byte per
  /// Double; colours as 0xRRGGBBAA, or −1 for none.
  static func describe() -> Int {
    guard let preset else { return noSelection() }
    var out = DescriptionWriter()
    out.put(preset.width)
    out.put(preset.height)
    out.put(preset.figures.count)
    for figure in preset.figures {
      out.put(figure.shape.kind.code)
      out.put(FrameDocument.Role.code(of: figure.roles.colorRole))
      out.put(figure.idText.bytes)
      out.put(figure.moves ? 1 : 0)
      let style = figure.style
      out.put(style.stroke)
      out.put(style.fill)
      out.put(style.lineWidth)
      out.put(style.lineCap.code)
      out.put(style.lineJoin.code)
      out.put(style.miterLimit)
      if let shadow = style.shadow {
        out.put(1)
        out.put(shadow.color)
        out.put(shadow.opacity)
        out.put(shadow.offset)
        out.put(shadow.radius)
      } else {
        out.put(0)
      }
      switch figure.shape {
      case .arc(let center, let radius, _, _, _), .dot(let center, let radius):
        out.put(center)
        out.put(radius)
      case .trimmedArc(let arc):
        out.put(arc.center)
        out.put(arc.radius)
      case .roundedRect(let rect, let cornerRadius):
        out.put(rect.origin)
        out.put(rect.width)
        out.put(rect.height)
        out.put(cornerRadius)
      case .path(let path):
        out.put(path.subpaths.count)
        for subpath in path.subpaths {
          out.put(subpath.start)
          out.put(subpath.segments.count)
          for segment in subpath.segments {
            switch segment {
            case .line(let point):
              out.put(0)
              out.put(point)
            case .arc(let arc):
              out.put(1)
              out.put(arc.center)
              out.put(arc.radius)
              out.put(arc.start)
              out.put(arc.sweep)
            }
          }
        }
      }
    }
    out.put(preset.clips.count)
    for clip in preset.clips {
      out.put(clip.nameText.bytes)
      switch clip.kind {
      case .time(let duration, let loop, _, _):
        out.put(0)
        out.put(loop ? 1 : 0)
        out.put(duration / preset.speed)
      case .progress:
        out.put(1)
        out.put(0)
        out.put(0)
        out.put(clip.domain.lower)
        out.put(clip.domain.upper)
        out.put(clip.domain.repeatFrom ?? clip.domain.upper)
        out.put(clip.finish.map { $0 + 1 } ?? 0)
        out.put(clip.animatesImplicitly ? 1 : 0)
      }
    }
    guard out.values.count <= OutputBuffer.maximumCount else {
      return -Int(fail(.tooManyValues, Message.tooManyDescribedValues).rawValue)
    }
    output.reserve(out.values.count)
    for (i, value) in out.values.enumerated() { output[i] = value }
    return out.values.count
  }
}

/// The flat list of Doubles ``WasmEngine/describe()`` builds. Its methods
/// are kept out of line: inlined at every call they made `describe` three
/// times larger in the wasm module.
struct DescriptionWriter {
  var values: [Double] = []

  @inline(never)
  mutating func put(_ value: Double) { values.append(value) }

  @inline(never)
  mutating func put(_ value: Int) { values.append(Double(value)) }

  @inline(never)
  mutating func put(_ point: Point) {
    values.append(point.x)
    values.append(point.y)
  }

  /// 0xRRGGBBAA, or −1 for no colour.
  @inline(never)
  mutating func put(_ color: Color?) {
    guard let color else { return values.append(-1) }
    let rgba = UInt32(color.red) << 24 | UInt32(color.green) << 16 | UInt32(color.blue) << 8 | UInt32(color.alpha)
    values.append(Double(rgba))
  }

  /// The byte count, then one byte per value.
  @inline(never)
  mutating func put(_ bytes: [UInt8]) {
    values.append(Double(bytes.count))
    for byte in bytes { values.append(Double(byte)) }
  }
}
