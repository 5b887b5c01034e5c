import LoadmarkCore

typealias Layer = FrameDocument.Layer
typealias Clip = FrameDocument.Clip
typealias Track = FrameDocument.Track

/// Hand-built documents the tests write and read.
enum Samples {
  /// An arc layer with a non-default stroke, width and cap.
  static let ring = Layer(
    id: "ring", shape: .arc(center: Point(20, 20.25), radius: 17.5),
    style: Style(stroke: Color(red: 0x34, green: 0x78, blue: 0xf6), lineWidth: 3, lineCap: .round), role: .accent)

  /// The arc that closes the check mark's second subpath.
  static let hook = Arc(center: Point(24, 30), radius: 4, start: Double.pi / 2, sweep: -Double.pi * 3 / 2)

  /// A path layer of two subpaths, lines and an arc, with every stroke
  /// attribute set away from its default.
  static let check = Layer(
    id: "check",
    shape: .path(
      Path([
        Path.Subpath(start: Point(12, 21), segments: [.line(to: Point(18, 27)), .line(to: Point(29, 14))]),
        Path.Subpath(start: hook.startPoint, segments: [.arc(hook), .line(to: Point(30, 36.125))]),
      ])),
    style: Style(stroke: .white, lineWidth: 2.5, lineCap: .square, lineJoin: .bevel, miterLimit: 4))

  /// A dot with a translucent fill and a shadow; coordinates that are not
  /// short decimals.
  static let dot = Layer(
    id: "dot_1", shape: .dot(center: Point(0.1 + 0.2, 1.0 / 3), radius: 2),
    style: Style(
      fill: Color(red: 255, green: 0, blue: 0, alpha: 128),
      shadow: Shadow(color: .black, opacity: 0.5, offset: Point(0, 1), radius: 3)))

  /// A rounded rectangle that spells out every default style value.
  static let background = Layer(
    id: "bg-0", shape: .roundedRect(Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 8),
    style: Style(fill: .gray, lineWidth: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 10))

  static let layers = [background, ring, check, dot]

  /// A looping time clip with per-frame and constant tracks.
  static let spin = Clip(
    name: "spin", index: .time, frameCount: 4, duration: 1.0 / 15, loop: true,
    tracks: [
      Track(layer: "bg-0", property: .opacity, values: .constant(1)),
      Track(layer: "ring", property: .start, values: .frames([0, Double.pi / 2, Double.pi, Double.pi * 3 / 2])),
      Track(layer: "ring", property: .sweep, values: .constant(Double.pi * 3 / 2)),
      Track(layer: "ring", property: .opacity, values: .constant(1)),
      Track(layer: "check", property: .strokeStart, values: .constant(0)),
      Track(layer: "check", property: .strokeEnd, values: .frames([0, 1.0 / 3, 0.1 + 0.2, 1])),
      Track(layer: "check", property: .opacity, values: .constant(0)),
      Track(layer: "dot_1", property: .scale, values: .frames([1, 1, 1, 1])),
      Track(layer: "dot_1", property: .opacity, values: .constant(0.75)),
    ])

  /// A one-shot time clip of zero duration: one frame.
  static let flash = Clip(
    name: "flash", index: .time, frameCount: 1, duration: 0, loop: false,
    tracks: spin.tracks.map { Track(layer: $0.layer, property: $0.property, values: .constant($0.value(at: 0))) })

  /// A progress clip.
  static let drag = Clip(
    name: "drag", index: .progress, frameCount: 3, duration: 0, loop: false,
    tracks: spin.tracks.map { track in
      var track = track
      track.values = track.property == .strokeEnd ? .frames([0, 0.5, 1]) : .constant(track.value(at: 1))
      return track
    })

  /// Every kind, style field and clip sort.
  static let document = FrameDocument(
    preset: "sample", fps: 60, width: 40, height: 40.5, layers: layers, clips: [spin, flash, drag])
}

extension Samples {
  /// Doubles whose shortest decimal needs all 17 digits, or that sit at the
  /// edges of what JSON integers and reals can carry.
  static let awkwardNumbers: [Double] = [
    0.1 + 0.2, 1.0 / 3, Double.pi * 3, -0.0, Double.leastNonzeroMagnitude, 1e-300, Double.greatestFiniteMagnitude,
    9_007_199_254_740_991, 9_007_199_254_740_992, -1e20, 1 + Double.ulpOfOne, -2.5,
  ]

  /// A one-layer document whose only track holds ``awkwardNumbers``.
  static let awkward = FrameDocument(
    preset: "awkward", fps: 29.97, width: 0.1 + 0.7, height: 1.0 / 7,
    layers: [Layer(id: "bg", shape: .roundedRect(Rect(x: -0.0, y: 1e-7, width: 3, height: 4), cornerRadius: 0), style: Style())],
    clips: [
      Clip(
        name: "numbers", index: .time, frameCount: awkwardNumbers.count, duration: 0.1 * 3, loop: false,
        tracks: [Track(layer: "bg", property: .opacity, values: .frames(awkwardNumbers))])
    ])
}
