import LoadmarkCore

/// Small documents whose pixels can be worked out by hand.
enum Documents {
  /// One layer on a `width × height` canvas with one time clip of
  /// `frames` frames whose tracks are `values` (constant when one value).
  static func single(
    _ layer: FrameDocument.Layer, width: Double = 20, height: Double = 20, frames: Int = 1,
    values: [FrameDocument.TrackProperty: [Double]]
  ) -> (FrameDocument, FrameDocument.Clip) {
    let tracks = layer.properties.map { property in
      let track = values[property] ?? [property == .opacity || property == .scale || property == .strokeEnd ? 1 : 0]
      return FrameDocument.Track(
        layer: layer.id, property: property, values: track.count == 1 ? .constant(track[0]) : .frames(track))
    }
    let clip = FrameDocument.Clip(
      name: "main", index: .time, frameCount: frames, duration: Double(frames - 1) / 10, loop: false, tracks: tracks)
    return (FrameDocument(preset: "test", fps: 10, width: width, height: height, layers: [layer], clips: [clip]), clip)
  }

  static let red = Color(red: 255, green: 0, blue: 0)
  static let blue = Color(red: 0, green: 0, blue: 255)
}

