import LoadmarkCore

extension DocumentWriter {
  /// A clip: name, index, frames, duration (time clips only), loop, tracks,
  /// the varying ones spelled as `encoding` says.
  static func clipObject(
    _ clip: FrameDocument.Clip, layers: [FrameDocument.Layer], tracks encoding: TrackEncoding
  ) throws(JanssonError) -> JSONValue {
    let object = try JSONValue.object()
    try object.set("name", .string(clip.name))
    try object.set("index", .string(clip.index.rawValue))
    try object.set("frames", number(Double(clip.frameCount)))
    if clip.index == .time {
      try object.set("duration", number(clip.duration))
    }
    try object.set("loop", .boolean(clip.loop))
    let tracks = try JSONValue.object()
    for track in ordered(clip.tracks, layers: layers) {
      switch track.values {
      case .constant(let value):
        try tracks.set(track.key, number(value))
      case .frames(let values):
        if encoding == .deltas, let deltas = try deltaObject(values, decimals: FrameDocument.trackDecimals) {
          try tracks.set(track.key, deltas)
        } else {
          try tracks.set(track.key, numbers(values))
        }
      }
    }
    try object.set("tracks", tracks)
    return object
  }

  /// `tracks` layer by layer in ``FrameDocument/ShapeKind/properties`` order,
  /// whatever order the clip keeps them in, so output does not depend on how
  /// a preset happened to build them. Tracks that match no layer property
  /// follow in their own order rather than being dropped.
  static func ordered(_ tracks: [FrameDocument.Track], layers: [FrameDocument.Layer]) -> [FrameDocument.Track] {
    var firstIndex: [String: Int] = [:]
    for (index, track) in tracks.enumerated() where firstIndex[track.key] == nil {
      firstIndex[track.key] = index
    }
    var used = [Bool](repeating: false, count: tracks.count)
    var result: [FrameDocument.Track] = []
    result.reserveCapacity(tracks.count)
    for layer in layers {
      for property in layer.properties {
        guard let index = firstIndex[layer.id + "." + property.rawValue], !used[index] else { continue }
        used[index] = true
        result.append(tracks[index])
      }
    }
    for (index, track) in tracks.enumerated() where !used[index] {
      result.append(track)
    }
    return result
  }
}
