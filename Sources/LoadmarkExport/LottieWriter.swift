import LoadmarkCore
import LoadmarkJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lottie (bodymovin) JSON from a frame document: every clip one after the
/// other on one timeline at the document's fps, each named by a marker
/// (`{"cm": clip, "tm": first frame, "dr": frames}`), written through
/// Jansson like every Loadmark JSON.
///
/// Each layer becomes a shape layer drawing what the web player draws:
/// - an arc: an ellipse trimmed to the arc (`tm`: start 0, end
///   |sweep|/2π, offset the first point's angle from 12 o'clock), stroked;
/// - a path: its subpaths as Bézier shapes (arcs in cubic pieces of at most
///   90°, handles 4/3·tan(θ/4)·r), trimmed as one sequence by
///   `strokeStart`/`strokeEnd`, stroked; its fill, untrimmed, in a group of
///   its own below;
/// - a dot: an ellipse of animated size; a rounded rectangle: `rc`;
/// - a polygon (format version 3): a closed path with animated vertices;
/// - opacity: the layer's opacity; a shadow: the Drop Shadow effect (`ef`
///   type 25), which not every player draws (rlottie ignores it);
/// - a transform (format version 3): the layer's position, rotation, scale
///   and skew (``Decomposition``).
///
/// Dots that play one animation at shifted times and places share one
/// precomposition (``Sharing``).
///
/// Animated values are keyframes fitted to the frames (linear between
/// keyframes, exact within a small tolerance at each frame); each clip's
/// last keyframe holds, so no clip blends into the next.
public enum LottieWriter {
  /// The Lottie version written in `"v"`; some players refuse a file without it.
  static let version = "5.7.0"
  /// Decimals of every written number.
  static let decimals = 3
  /// Fit tolerances in Lottie's units: percent of a trim, degrees, points, opacity percent.
  static let percentTolerance = 0.01
  static let angleTolerance = 0.05
  static let lengthTolerance = 0.02
  static let opacityTolerance = 0.2

  /// The Lottie JSON text of `document`.
  ///
  /// - Parameters:
  ///   - document: the frames; every clip becomes a marked segment.
  ///   - accent: a theme colour for accent layers, or nil.
  /// Every valid document is drawn, format version 3's included: a
  /// layer's transform becomes its Lottie transform
  /// (``Decomposition``), a polygon a path with animated vertices, and a
  /// clip with periodic tracks is written over its finite loop length
  /// (``periodicFrameLimit``).
  public static func encode(_ document: FrameDocument, accent: Color? = nil) -> String {
    do {
      return try root(document, accent: accent).compactText(realDigits: 15)
    } catch {
      // Every value built here is one Jansson accepts (finite, rounded
      // reals; UTF-8 names), so only running out of memory is left.
      fatalError("LoadmarkExport could not write Lottie: \(error)")
    }
  }

  /// The most frames a clip with periodic tracks is written over
  /// (``FrameDocument/Clip/finiteLoopLength(limit:)``): 600, ten seconds at
  /// 60 fps. Lottie has one timeline and no track that loops on its own, so
  /// such a clip's every track is written out over its finite length, and
  /// the file grows with that length (a periodic track's keyframes repeat
  /// once per period); past the limit the clip repeats with a seam, where
  /// the periodic tracks jump back to their first frame.
  public static let periodicFrameLimit = 600

  /// How many frames of `clip` the timeline holds: its frames, or for a
  /// loop with periodic tracks its finite loop length within
  /// ``periodicFrameLimit``.
  static func length(of clip: FrameDocument.Clip) -> Int {
    clip.finiteLoopLength(limit: periodicFrameLimit)
  }

  /// Frame numbers where each clip starts on the timeline, and the total.
  static func segments(_ document: FrameDocument) -> (starts: [Int], total: Int) {
    var starts: [Int] = []
    var total = 0
    for clip in document.clips {
      starts.append(total)
      total += length(of: clip)
    }
    return (starts, total)
  }

  static func root(_ document: FrameDocument, accent: Color?) throws(JanssonError) -> JSONValue {
    let (starts, total) = segments(document)
    let root = try JSONValue.object()
    try root.set("v", .string(version))
    try root.set("fr", number(document.fps))
    try root.set("ip", number(0))
    try root.set("op", number(Double(total)))
    try root.set("w", number(document.width))
    try root.set("h", number(document.height))
    // No "nm": players do not show it, the markers name the clips, and the
    // file is named after the preset.
    let markers = try JSONValue.array()
    for (clip, start) in zip(document.clips, starts) {
      let marker = try JSONValue.object()
      try marker.set("cm", .string(clip.name))
      try marker.set("tm", number(Double(start)))
      try marker.set("dr", number(Double(length(of: clip))))
      try markers.append(marker)
    }
    try root.set("markers", markers)
    let timeline = Timeline(document: document, starts: starts)
    let sharing = Sharing(document: document, timeline: timeline, accent: accent)
    if !sharing.prototypes.isEmpty {
      let assets = try JSONValue.array()
      for prototype in sharing.prototypes {
        try assets.append(sharing.asset(prototype, total: total))
      }
      try root.set("assets", assets)
    }
    let layers = try JSONValue.array()
    // Lottie draws its first layer on top; documents list back to front.
    for layer in document.layers.reversed() {
      if let copy = sharing.copies[layer.id] {
        try layers.append(sharing.precompositionLayer(layer, copy: copy, total: total))
      } else {
        try layers.append(shapeLayer(layer, timeline: timeline, total: total, accent: accent))
      }
    }
    try root.set("layers", layers)
    return root
  }

  /// Every clip's values of one track, on the whole timeline.
  struct Timeline {
    var document: FrameDocument
    var starts: [Int]

    /// The per-frame values of `layer.property` (a polygon's vertex
    /// coordinate with `vertex`), clip by clip over each clip's length on
    /// the timeline, read by the format's one rule
    /// (``FrameDocument/Clip/value(of:atFrame:)``), mapped by `transform`.
    func values(
      _ layer: String, _ property: FrameDocument.TrackProperty, vertex: Int? = nil, _ transform: (Double) -> Double = { $0 }
    ) -> [[Double]] {
      document.clips.map { clip in
        let track = vertex.map { clip.track(layer, property, vertex: $0) } ?? clip.track(layer, property)
        return (0..<LottieWriter.length(of: clip)).map { frame in
          transform(track.map { clip.value(of: $0, atFrame: frame) } ?? 0)
        }
      }
    }

    /// The layer's transform at every frame, clip by clip.
    func transforms(_ layer: String) -> [[FrameDocument.LayerTransform]] {
      document.clips.map { clip in
        (0..<LottieWriter.length(of: clip)).map { clip.transform(of: layer, atFrame: $0) }
      }
    }

    /// Whether any clip gives the layer a transform track.
    func hasTransform(_ layer: String) -> Bool {
      document.clips.contains { clip in FrameDocument.TrackProperty.transform.contains { clip.track(layer, $0) != nil } }
    }
  }

  /// Animated values written in place of those a layer's own tracks give:
  /// a shared layer's, over two turns of its loop (``Sharing``).
  struct Overrides {
    var opacity: JSONValue
    var size: JSONValue
    var start: Int
  }

  // MARK: Layers

  static func shapeLayer(
    _ layer: FrameDocument.Layer, timeline: Timeline, total: Int, accent: Color?, overrides: Overrides? = nil
  ) throws(JanssonError) -> JSONValue {
    let object = try JSONValue.object()
    // "ddd" before anything else: rlottie treats a layer without it, read
    // before "ks", as 3D and drops its rotation.
    // No "ind" (nothing is parented) and no "st" (0 when absent).
    try object.set("ddd", number(0))
    try object.set("ty", number(4))
    try object.set("nm", .string(layer.id))
    try object.set("ip", number(Double(overrides?.start ?? 0)))
    try object.set("op", number(Double(total)))
    let transform = try JSONValue.object()
    let opacity = timeline.values(layer.id, .opacity) { $0 > 0 ? min($0, 1) * 100 : 0 }
    if let shared = overrides?.opacity {
      try transform.set("o", shared)
    } else {
      try transform.set("o", animated(opacity, starts: timeline.starts, tolerance: opacityTolerance))
    }
    // Position, anchor, scale and rotation are left out where they are the
    // identity, which every player takes them to be when absent.
    if timeline.hasTransform(layer.id) {
      try setTransform(transform, timeline.transforms(layer.id), starts: timeline.starts)
    }
    try object.set("ks", transform)
    var style = layer.style
    if layer.accent, let accent {
      if style.stroke != nil { style.stroke = accent } else { style.fill = accent }
    }
    if let shadow = style.shadow, shadow.color.alpha > 0, shadow.opacity > 0 {
      let transforms = timeline.hasTransform(layer.id) ? timeline.transforms(layer.id) : nil
      try object.set("ef", dropShadow(shadow, transforms: transforms, starts: timeline.starts))
    }
    // First item on top: the stroke over the fill, as the player draws them.
    var groups: [[JSONValue]] = []
    if let stroke = style.stroke {
      groups.append(try strokeItems(layer, stroke: stroke, style: style, timeline: timeline, size: overrides?.size))
    }
    if let fill = style.fill {
      groups.append(try fillItems(layer, fill: fill, timeline: timeline, size: overrides?.size))
    }
    let shapes = try JSONValue.array()
    if groups.count == 1 {
      // One style: its items need no group of their own.
      for item in groups[0] { try shapes.append(item) }
    } else {
      for items in groups { try shapes.append(group(items)) }
    }
    try object.set("shapes", shapes)
    return object
  }

  /// A group of `items`, which keeps a stroke's trim off the fill. It has no
  /// transform item: players take a group without one as the identity.
  static func group(_ items: [JSONValue]) throws(JanssonError) -> JSONValue {
    let group = try JSONValue.object()
    try group.set("ty", .string("gr"))
    let list = try JSONValue.array()
    for item in items { try list.append(item) }
    try group.set("it", list)
    return group
  }

  /// The layer's outline as Lottie shapes: an arc (stroked, the arc; filled, its chord's region, the ellipse
  /// trimmed alike), a dot at its scale, a rounded rectangle, a path's subpaths and, for a stroke, their trim.
  static func outline(
    _ layer: FrameDocument.Layer, timeline: Timeline, trimsPaths: Bool, size: JSONValue?
  ) throws(JanssonError) -> [JSONValue] {
    var items: [JSONValue] = []
    switch layer.shape {
    case .arc(let center, let radius):
      items += try arc(layer.id, center: center, radius: radius, timeline: timeline)
    case .dot(let center, let radius):
      let diameter: JSONValue
      if let size { diameter = size } else { diameter = try dotSize(layer.id, radius: radius, timeline: timeline) }
      items.append(try ellipse(center: center, size: diameter))
    case .roundedRect(let rect, let cornerRadius):
      items.append(try roundedRect(rect, cornerRadius: cornerRadius))
    case .polygon(let count):
      items.append(try polygon(layer.id, vertexCount: count, timeline: timeline))
    case .path(let path):
      for subpath in path.subpaths { items.append(try shape(subpath)) }
      guard trimsPaths else { break }
      let starts = timeline.values(layer.id, .strokeStart) { Path.clampFraction($0) * 100 }
      var ends = timeline.values(layer.id, .strokeEnd) { Path.clampFraction($0) * 100 }
      // strokeStart ≥ strokeEnd draws nothing; Lottie would swap them.
      for c in ends.indices {
        for f in ends[c].indices where ends[c][f] < starts[c][f] { ends[c][f] = starts[c][f] }
      }
      items.append(try trim(
        start: animated(starts, starts: timeline.starts, tolerance: percentTolerance),
        end: animated(ends, starts: timeline.starts, tolerance: percentTolerance),
        offset: fixed(0), multiple: path.subpaths.count > 1))
    }
    return items
  }

  /// The stroked outline, trimmed, and its stroke.
  static func strokeItems(
    _ layer: FrameDocument.Layer, stroke: Color, style: Style, timeline: Timeline, size: JSONValue? = nil
  ) throws(JanssonError) -> [JSONValue] {
    var items = try outline(layer, timeline: timeline, trimsPaths: true, size: size)
    let item = try JSONValue.object()
    try item.set("ty", .string("st"))
    try item.set("c", fixed(colorComponents(stroke)))
    try item.set("o", fixed(Double(stroke.alpha) / 255 * 100))
    try item.set("w", fixed(style.lineWidth))
    try item.set("lc", number(style.lineCap == .butt ? 1 : style.lineCap == .round ? 2 : 3))
    try item.set("lj", number(style.lineJoin == .miter ? 1 : style.lineJoin == .round ? 2 : 3))
    try item.set("ml", number(style.miterLimit))
    items.append(item)
    return items
  }

  /// The untrimmed outline and its fill.
  static func fillItems(
    _ layer: FrameDocument.Layer, fill: Color, timeline: Timeline, size: JSONValue? = nil
  ) throws(JanssonError) -> [JSONValue] {
    var items = try outline(layer, timeline: timeline, trimsPaths: false, size: size)
    let item = try JSONValue.object()
    try item.set("ty", .string("fl"))
    try item.set("c", fixed(colorComponents(fill)))
    // No "r": the non-zero rule, the format's, is the default.
    try item.set("o", fixed(Double(fill.alpha) / 255 * 100))
    items.append(item)
    return items
  }

  /// An arc layer's outline: an ellipse, which starts at 12 o'clock and runs
  /// clockwise, trimmed to the arc (end |sweep|/2π, offset the first point's
  /// angle from 12 o'clock; a negative sweep drawn from its end).
  static func arc(_ id: String, center: Point, radius: Double, timeline: Timeline) throws(JanssonError) -> [JSONValue] {
    let sweeps = timeline.values(id, .sweep)
    let startAngles = timeline.values(id, .start)
    let ends = sweeps.map { $0.map { min($0.magnitude, 2 * Double.pi) / (2 * Double.pi) * 100 } }
    let offsets = zip(startAngles, sweeps).map { starts, sweeps in
      KeyframeFit.unwrapped(degrees: zip(starts, sweeps).map { ($0 + min($1, 0)) * 180 / Double.pi + 90 })
    }
    return [
      try ellipse(center: center, size: fixed([2 * radius, 2 * radius])),
      try trim(
        start: fixed(0), end: animated(ends, starts: timeline.starts, tolerance: percentTolerance),
        offset: animated(offsets, starts: timeline.starts, tolerance: angleTolerance), multiple: false),
    ]
  }

  /// A dot's diameter, both axes, per frame.
  static func dotSize(_ id: String, radius: Double, timeline: Timeline) throws(JanssonError) -> JSONValue {
    let sizes = timeline.values(id, .scale) { 2 * radius * $0 }
    return try animated(sizes, starts: timeline.starts, tolerance: lengthTolerance, dimensions: 2)
  }

  static func ellipse(center: Point, size: JSONValue) throws(JanssonError) -> JSONValue {
    let item = try JSONValue.object()
    try item.set("ty", .string("el"))
    try item.set("p", fixed([center.x, center.y]))
    try item.set("s", size)
    return item
  }

  /// Canvas `roundRect` clamps the radius to half the shorter side; so does this.
  static func roundedRect(_ rect: Rect, cornerRadius: Double) throws(JanssonError) -> JSONValue {
    let item = try JSONValue.object()
    try item.set("ty", .string("rc"))
    try item.set("p", fixed([rect.origin.x + rect.width / 2, rect.origin.y + rect.height / 2]))
    try item.set("s", fixed([rect.width, rect.height]))
    try item.set("r", fixed(min(max(cornerRadius, 0), min(rect.width, rect.height) / 2)))
    return item
  }

  /// Trim Paths; `multiple` trims several shapes as one sequence (`m` 2).
  static func trim(start: JSONValue, end: JSONValue, offset: JSONValue, multiple: Bool) throws(JanssonError) -> JSONValue {
    let item = try JSONValue.object()
    try item.set("ty", .string("tm"))
    try item.set("s", start)
    try item.set("e", end)
    try item.set("o", offset)
    try item.set("m", number(multiple ? 2 : 1))
    return item
  }

  /// The Drop Shadow effect: colour, opacity 0–255, direction in degrees
  /// clockwise from up, distance, softness (the blur: 2σ, canvas's
  /// `shadowBlur`), not shadow-only; read by position.
  ///
  /// A player applies the effect in the layer's space, before its
  /// transform (ThorVG turns and scales the shadow with the layer), where
  /// the format's shadow is in canvas points. So a transformed layer's
  /// offset is written through the inverse of its transform's linear part
  /// L at each frame (L⁻¹·offset, which L takes back to the canvas's
  /// offset, exactly), and its softness divided by √|det L| (exact for a
  /// rotation with a uniform scale; a non-uniform scale blurs unevenly,
  /// which the effect cannot undo). A singular frame keeps the canvas's
  /// values: the layer draws nothing there.
  /// - Parameters:
  ///   - shadow: the layer's shadow.
  ///   - transforms: the layer's transform at each frame of each clip, or
  ///     nil for none.
  ///   - starts: where each clip starts on the timeline.
  static func dropShadow(
    _ shadow: Shadow, transforms: [[FrameDocument.LayerTransform]]? = nil, starts: [Int] = [0]
  ) throws(JanssonError) -> JSONValue {
    let canvas = (x: shadow.offset.x, y: shadow.offset.y, softness: 2 * shadow.radius)
    func layerSpace(_ t: FrameDocument.LayerTransform) -> (x: Double, y: Double, softness: Double) {
      let determinant = t.a * t.d - t.b * t.c
      guard determinant.magnitude > 1e-12 else { return canvas }
      // L⁻¹ = [[d, −c], [−b, a]] / det.
      return (
        (t.d * canvas.x - t.c * canvas.y) / determinant, (-t.b * canvas.x + t.a * canvas.y) / determinant,
        canvas.softness / determinant.magnitude.squareRoot()
      )
    }
    let frames = (transforms ?? [[.identity]]).map { $0.map(layerSpace) }
    let directions = frames.map { clip in
      KeyframeFit.unwrapped(degrees: clip.map { $0.x != 0 || $0.y != 0 ? atan2Degrees($0.x, -$0.y) : 0 })
    }
    let distances = frames.map { $0.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() } }
    let softness = frames.map { $0.map(\.softness) }
    let parameters: [(Int, String, JSONValue)] = [
      (2, "Shadow Color", try fixed(colorComponents(shadow.color, alpha: false))),
      (0, "Opacity", try fixed(Double(shadow.color.alpha) * shadow.opacity)),
      (0, "Direction", try animated(directions, starts: starts, tolerance: angleTolerance)),
      (0, "Distance", try animated(distances, starts: starts, tolerance: lengthTolerance)),
      (0, "Softness", try animated(softness, starts: starts, tolerance: lengthTolerance)),
      (7, "Shadow Only", try fixed(0)),
    ]
    let list = try JSONValue.array()
    for (type, name, value) in parameters {
      let parameter = try JSONValue.object()
      try parameter.set("ty", number(Double(type)))
      try parameter.set("nm", .string(name))
      try parameter.set("v", value)
      try list.append(parameter)
    }
    let effect = try JSONValue.object()
    try effect.set("ty", number(25))
    try effect.set("nm", .string("Drop Shadow"))
    try effect.set("en", number(1))
    try effect.set("ef", list)
    let effects = try JSONValue.array()
    try effects.append(effect)
    return effects
  }

  /// The angle of the vector (x, y), y down, in degrees clockwise from up, in [0, 360).
  static func atan2Degrees(_ x: Double, _ y: Double) -> Double {
    let degrees = atan2(x, y) * 180 / Double.pi
    return degrees < 0 ? degrees + 360 : degrees
  }

  /// `[r, g, b, 1]` in 0–1 (Lottie puts alpha in the style's `o`).
  static func colorComponents(_ color: Color, alpha: Bool = false) -> [Double] {
    [Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, 1]
  }
}
