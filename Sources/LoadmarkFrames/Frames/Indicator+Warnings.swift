import LoadmarkEngine
import LoadmarkText

/// Something a valid scene asks for that draws nothing: `loadmark validate`
/// reports it and still accepts the scene.
public struct SceneWarning: Equatable, Sendable {
  /// The layer whose drawing it is (`layers[2]`).
  public var location: SourceLocation
  /// What draws nothing, and why.
  public var message: ByteText

  /// A warning about the drawing of scene layer `layer`.
  /// - Parameters:
  ///   - layer: the index of the scene layer that draws it.
  ///   - message: what draws nothing, and why.
  public init(layer: Int, message: ByteText) {
    var path: ByteText = "layers["
    path.append(layer)
    path.append("]")
    location = .field(path.string)
    self.message = message
  }
}

extension Indicator {
  /// What draws nothing in `frames`, the indicator's frames as `export`
  /// samples them: each decided exactly from the drawing's geometry and
  /// style and from every frame of every clip's tracks, so that a warning is
  /// never a guess.
  ///
  /// - a drawing that paints nothing in any frame: no fill and no stroke, a
  ///   radius or size of 0, a path of no length (with butt caps or no
  ///   stroke, which is all that could draw at a point), or opacity 0
  ///   throughout every clip;
  /// - an arc whose sweep is 0 in every frame of every clip (butt caps);
  /// - a stroked path that trims to nothing (`strokeEnd` ≤ `strokeStart`)
  ///   in every frame of every clip, with no fill;
  /// - a dot whose scale is 0 throughout a clip.
  /// - Parameter frames: the indicator's frame document.
  public func warnings(frames: FrameDocument) -> [SceneWarning] {
    var warnings: [SceneWarning] = []
    for layer in frames.layers {
      guard let figure = figures.first(where: { $0.id == layer.id }) else { continue }
      func warn(_ reason: ByteText, clip: String? = nil) {
        var message = ByteText.quoted(figure.idText.bytes) + " draws nothing"
        if let clip { message.append(" in clip " + ByteText.quoted(Array(clip.utf8))) }
        warnings.append(SceneWarning(layer: figure.layer, message: message + ": " + reason))
      }
      if let reason = Indicator.emptyGeometry(layer) {
        warn(reason)
        continue
      }
      if Indicator.holds(frames, layer.id, .opacity, { $0 == 0 }) {
        warn("its opacity is 0 in every frame of every clip")
        continue
      }
      switch layer.shape {
      case .arc:
        if layer.style.lineCap == .butt && Indicator.holds(frames, layer.id, .sweep, { $0 == 0 }) {
          warn("its arc sweeps no angle in any frame of any clip")
        }
      case .path:
        if layer.style.fill == nil
          && Indicator.holds(frames, layer.id, nil, { _ in false }, trimmedAway: true)
        {
          warn("its strokeEnd is not past its strokeStart in any frame of any clip")
        }
      case .dot:
        if Indicator.holds(frames, layer.id, .scale, { $0 == 0 }) {
          warn("its scale is 0 in every frame of every clip")
          continue
        }
        for clip in frames.clips {
          guard let track = clip.track(layer.id, .scale), Indicator.every(track, clip.frameCount, { $0 == 0 }) else { continue }
          warn("its scale is 0 in every frame", clip: clip.name)
        }
      case .roundedRect, .polygon:
        break
      }
    }
    return warnings
  }

  /// Why `layer` paints nothing whatever its tracks, if it does not.
  static func emptyGeometry(_ layer: FrameDocument.Layer) -> ByteText? {
    let style = layer.style
    let stroked = style.stroke != nil && style.lineWidth > 0
    // A stroke of no length draws only its caps, and butt caps draw nothing.
    let pointStrokes = stroked && style.lineCap != .butt
    switch layer.shape {
    case .arc(_, let radius):
      if !stroked { return "an arc with no stroke" }
      if radius == 0 && !pointStrokes { return "its arc has a radius of 0" }
    case .dot(_, let radius):
      if style.fill == nil && !stroked { return "it has no fill and no stroke" }
      if radius == 0 && !pointStrokes { return "its circle has a radius of 0" }
    case .roundedRect(let rect, _):
      if style.fill == nil && !stroked { return "it has no fill and no stroke" }
      if rect.width == 0 && rect.height == 0 && !pointStrokes { return "its rectangle has no width and no height" }
      if (rect.width == 0 || rect.height == 0) && !stroked { return "its rectangle has no area and no stroke" }
    case .path(let path):
      if style.fill == nil && !stroked { return "it has no fill and no stroke" }
      if path.length == 0 && !pointStrokes { return "its path has no length" }
    case .polygon:
      if style.fill == nil && !stroked { return "it has no fill and no stroke" }
    }
    return nil
  }

  /// Whether every frame of every clip has `layer`'s `property` such that
  /// `test` holds; with `trimmedAway`, whether every frame trims the
  /// layer's path away (`strokeEnd` ≤ `strokeStart`). A clip without the
  /// track holds the property's default, which no test here holds.
  static func holds(
    _ frames: FrameDocument, _ layer: String, _ property: FrameDocument.TrackProperty?, _ test: (Double) -> Bool,
    trimmedAway: Bool = false
  ) -> Bool {
    guard !frames.clips.isEmpty else { return false }
    for clip in frames.clips {
      if trimmedAway {
        guard let start = clip.track(layer, .strokeStart), let end = clip.track(layer, .strokeEnd) else { return false }
        for frame in 0..<clip.frameCount where end.value(at: frame) > start.value(at: frame) { return false }
        continue
      }
      guard let property, let track = clip.track(layer, property), every(track, clip.frameCount, test) else { return false }
    }
    return true
  }

  /// Whether `test` holds for the track's value in each of `count` frames.
  static func every(_ track: FrameDocument.Track, _ count: Int, _ test: (Double) -> Bool) -> Bool {
    if case .constant(let value) = track.values { return test(value) }
    for frame in 0..<count where !test(track.value(at: frame)) { return false }
    return true
  }
}
