import LoadmarkCore

/// Small documents whose pixels can be worked out by hand.
enum Documents {
  /// One layer on a `width × height` canvas with one time clip of
  /// `frames` frames whose tracks are `values` (constant when one value).
  /// `tracks` are added after them: a polygon's vertices, transform
  /// tracks, periodic tracks; `loop` makes the clip a loop.
  static func single(
    _ layer: FrameDocument.Layer, width: Double = 20, height: Double = 20, frames: Int = 1, loop: Bool = false,
    values: [FrameDocument.TrackProperty: [Double]], tracks extra: [FrameDocument.Track] = []
  ) -> (FrameDocument, FrameDocument.Clip) {
    let tracks = layer.properties.map { property in
      let track = values[property] ?? [property == .opacity || property == .scale || property == .strokeEnd ? 1 : 0]
      return FrameDocument.Track(
        layer: layer.id, property: property, values: track.count == 1 ? .constant(track[0]) : .frames(track))
    }
    let clip = FrameDocument.Clip(
      name: "main", index: .time, frameCount: frames, duration: Double(loop ? frames : frames - 1) / 10, loop: loop,
      tracks: tracks + extra)
    return (FrameDocument(preset: "test", fps: 10, width: width, height: height, layers: [layer], clips: [clip]), clip)
  }

  /// Constant transform tracks of `layer`: `a`, `b`, `c`, `d`, `tx`, `ty`
  /// as given, the others absent (the identity's).
  static func transform(_ layer: String, _ values: [FrameDocument.TrackProperty: Double]) -> [FrameDocument.Track] {
    FrameDocument.TrackProperty.transform.compactMap { property in
      values[property].map { FrameDocument.Track(layer: layer, property: property, values: .constant($0)) }
    }
  }

  /// A polygon's constant vertex tracks, `x0`, `y0`, … from `vertices`.
  static func vertices(_ layer: String, _ vertices: [Point]) -> [FrameDocument.Track] {
    vertices.enumerated().flatMap { index, vertex in
      [
        FrameDocument.Track(layer: layer, property: .x, vertex: index, values: .constant(vertex.x)),
        FrameDocument.Track(layer: layer, property: .y, vertex: index, values: .constant(vertex.y)),
      ]
    }
  }

  static let red = Color(red: 255, green: 0, blue: 0)
  static let blue = Color(red: 0, green: 0, blue: 255)
}

