import LoadmarkCore

extension FrameDocument {
  /// Every Double of the document in a fixed order, to compare bit patterns:
  /// `==` takes −0 for 0, and a round trip must keep even that.
  var allNumbers: [Double] {
    var numbers = [fps, width, height]
    for layer in layers {
      switch layer.shape {
      case .arc(let center, let radius), .dot(let center, let radius):
        numbers += [center.x, center.y, radius]
      case .roundedRect(let rect, let cornerRadius):
        numbers += [rect.origin.x, rect.origin.y, rect.width, rect.height, cornerRadius]
      case .polygon(let vertexCount):
        numbers.append(Double(vertexCount))
      case .path(let path):
        for subpath in path.subpaths {
          numbers += [subpath.start.x, subpath.start.y]
          for segment in subpath.segments {
            switch segment {
            case .line(let point): numbers += [point.x, point.y]
            case .arc(let arc): numbers += [arc.center.x, arc.center.y, arc.radius, arc.start, arc.sweep]
            }
          }
        }
      }
      numbers += [layer.style.lineWidth, layer.style.miterLimit]
      if let shadow = layer.style.shadow {
        numbers += [shadow.opacity, shadow.offset.x, shadow.offset.y, shadow.radius]
      }
    }
    for clip in clips {
      numbers.append(clip.duration)
      for track in clip.tracks {
        switch track.values {
        case .constant(let value): numbers.append(value)
        case .frames(let values), .periodic(let values): numbers += values
        }
      }
    }
    return numbers
  }
}
