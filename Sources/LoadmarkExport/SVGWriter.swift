import LoadmarkCore

/// Self-contained SVG from frame documents: a still of one frame, or a
/// clip animated with CSS `@keyframes` (no script, no SMIL), which plays in
/// an `<img>` and holds still under `prefers-reduced-motion`.
///
/// Both draw what the web player draws (see ``SVGScene``). Stills carry
/// every value as an attribute, so renderers without CSS (ThorVG) draw them
/// too; they can also be inlined in a page, for instance as a player's
/// poster, with `idPrefix` keeping their filter ids apart.
public enum SVGWriter {
  /// Tolerances of the keyframe fit, in the written units: lengths in
  /// points, angles in degrees, opacity.
  static let lengthTolerance = 0.02
  static let angleTolerance = 0.05
  static let opacityTolerance = 0.004

  /// A still SVG of frame `frame` of `clip`.
  ///
  /// - Parameters:
  ///   - document: the frames.
  ///   - clip: one of its clips.
  ///   - frame: the frame index, clamped to the clip; in a clip with
  ///     periodic tracks (format version 3), frames since the clip started,
  ///     each track read at it as it plays (``FrameDocument/Clip/value(of:atFrame:)``).
  ///   - accent: a theme colour for accent layers, or nil.
  ///   - background: a colour under everything, or nil for transparent.
  ///   - idPrefix: the start of every `id` in the SVG, an XML name such as
  ///     `poster3-`; give each SVG inlined in one page its own.
  ///   - rootAttributes: more attributes of the `<svg>` element, after its
  ///     size, such as a page's `class`; names and values are written as
  ///     given, so they must need no escaping.
  public static func still(
    _ document: FrameDocument, clip: FrameDocument.Clip, frame: Int, accent: Color? = nil,
    background: Color? = nil, idPrefix: String = "lm", rootAttributes: [(String, String)] = []
  ) -> String {
    // A periodic track's frame past the clip's own frames is one it plays.
    let periodic = clip.tracks.contains { $0.values.isPeriodic }
    let n = periodic ? max(frame, 0) : min(max(frame, 0), clip.frameCount - 1)
    let scene = SVGScene(document, clip: clip, frames: [n], accent: accent, idPrefix: idPrefix)
    var body: [String] = []
    for element in scene.elements where element.opacity[0] > 0 {
      guard let transform = element.transform?[0], !transform.isIdentity else {
        body.append(markup(element, values: still(element, at: 0), id: nil))
        continue
      }
      let inner = markup(element, values: still(element, at: 0), id: nil, filtered: false)
      body.append(transformed(inner, group: " transform=\"\(matrix(transform))\"", shadow: element.shadow))
    }
    return svg(
      document, background: background, style: nil, filters: scene.filters, body: body, rootAttributes: rootAttributes)
  }

  /// An animated SVG of `clip`, played as ``ClipPlayback`` says: a one-shot
  /// once, holding its last frame; a loop forever. Under reduced motion it
  /// shows the still the player shows: a one-shot's last frame, a loop's first.
  ///
  /// - Parameters:
  ///   - document: the frames.
  ///   - clip: one of its clips.
  ///   - accent: a theme colour for accent layers, or nil.
  ///   - background: a colour under everything, or nil for transparent.
  ///   - idPrefix: the start of every `id` and keyframes name in the SVG.
  public static func animated(
    _ document: FrameDocument, clip: FrameDocument.Clip, accent: Color? = nil, background: Color? = nil,
    idPrefix: String = "lm"
  ) -> String {
    let playback = ClipPlayback(clip, in: document)
    // Periodic tracks (format version 3, loops only) play on their own
    // periods, whatever the clip's own frames: each layer is read over the
    // loop of all its tracks, and each property plays its own period.
    let periodic = playback.loop && clip.tracks.contains { $0.values.isPeriodic }
    guard playback.frameCount > 1 || periodic else {
      return still(document, clip: clip, frame: 0, accent: accent, background: background, idPrefix: idPrefix)
    }
    let layerFrames = { (layer: Int) -> [Int] in
      Array(0..<(periodic ? layerLoopLength(document.layers[layer], clip: clip) : clip.frameCount))
    }
    let scene = SVGScene(document, clip: clip, layerFrames: layerFrames, accent: accent, idPrefix: idPrefix)
    let base = playback.loop ? 0 : clip.frameCount - 1
    let clipDuration = secondsText(playback.duration)
    var rules: [String] = []
    var keyframes: [String] = []
    var body: [String] = []
    var names: [String: String] = [:]
    var movesLayers = false
    /// The animation names and durations of `properties` that change, their
    /// keyframes added to the SVG's (one `@keyframes` per distinct body).
    func animate(_ properties: [Property], shown: (Property) -> [Bool]?) -> (names: [String], durations: [String]) {
      var animations: [String] = []
      var durations: [String] = []
      for var property in properties {
        let values = property.values
        if property.whole == nil, let first = values.first, values.allSatisfy({ property.text($0) == property.text(first) }) {
          continue
        }
        var own = playback
        if periodic {
          own = ClipPlayback(frameCount: ownPeriod(property), fps: playback.fps, loop: true)
          property = property.prefix(own.frameCount)
        }
        let frames = keyframeText(property, playback: own, shown: shown(property))
        let name: String
        if let existing = names[frames] {
          name = existing
        } else {
          name = "\(idPrefix)k\(names.count)"
          names[frames] = name
          keyframes.append("@keyframes \(name){\(frames)}")
        }
        animations.append(name)
        durations.append(secondsText(own.duration))
      }
      return (animations, durations)
    }
    /// `animation-name`, and `animation-duration` where some differ from the clip's.
    func animationStyle(_ animations: (names: [String], durations: [String])) -> [String] {
      guard !animations.names.isEmpty else { return [] }
      var style = ["animation-name:" + animations.names.joined(separator: ",")]
      if animations.durations.contains(where: { $0 != clipDuration }) {
        style.append("animation-duration:" + animations.durations.map { $0 + "s" }.joined(separator: ","))
      }
      return style
    }
    for (index, element) in scene.elements.enumerated() where element.opacity.contains(where: { $0 > 0 }) {
      let id = "\(idPrefix)\(index)"
      var style: [String] = []
      let animations = animate(animatedProperties(element)) { shownFrames($0, of: element) }
      if let rotation = element.rotation {
        style.append("transform-origin:\(length(element.center.x))px \(length(element.center.y))px")
        style.append("transform:rotate(\(angle(rotation[base]))deg)")
      }
      style += animationStyle(animations)
      if !style.isEmpty { rules.append("#\(id){\(style.joined(separator: ";"))}") }
      var values = still(element, at: base)
      values.removeAll { $0.0 == "transform" }
      let animated = !animations.names.isEmpty
      guard let transform = element.transform else {
        body.append(markup(element, values: values, id: animated || element.rotation != nil ? id : nil, animated: animated))
        continue
      }
      let inner = markup(element, values: values, id: animated || element.rotation != nil ? id : nil, animated: animated, filtered: false)
      // A moving layer: its transform's parts, each a CSS property of the
      // `<g>` around the element, with the base frame's values under
      // reduced motion. One that does not move as written is drawn still.
      let parts = transform.contains(where: { $0 != transform[0] }) ? transformParts(element) : []
      let seen = element.opacity.map { $0 > 0 }
      let moves = animate(parts) { _ in seen }
      guard !moves.names.isEmpty else {
        body.append(transformed(inner, group: " transform=\"\(matrix(transform[base]))\"", shadow: element.shadow))
        continue
      }
      let groupID = "\(idPrefix)g\(index)"
      var groupStyle = parts.map { "\($0.name):\($0.text($0.values[base]))" }
      groupStyle += animationStyle(moves)
      rules.append("#\(groupID){\(groupStyle.joined(separator: ";"))}")
      movesLayers = true
      body.append(transformed(inner, group: " id=\"\(groupID)\" class=\"a t\"", shadow: element.shadow))
    }
    let timing = "\(clipDuration)s linear " + (playback.loop ? "infinite" : "forwards")
    // A moved layer's parts apply about the canvas's origin, as the
    // document's matrix does: said, rather than left to each browser's
    // defaults for SVG elements.
    let origin = movesLayers ? [".t{transform-box:view-box;transform-origin:0 0}"] : []
    let css = [".a{animation:\(timing)}"] + origin + keyframes + rules + ["@media (prefers-reduced-motion:reduce){.a{animation:none}}"]
    return svg(document, background: background, style: css.joined(), filters: scene.filters, body: body)
  }

  // MARK: Values

  /// An animated CSS property of an element: its per-frame values and how
  /// each is written.
  struct Property {
    var name: String
    var values: [Double]
    var tolerance: Double
    /// For a dash, the frames that draw the stroke whole, where the
    /// property is `none` instead of a value.
    var whole: [Bool]? = nil
    var text: (Double) -> String
    /// For a value of several numbers (a `translate`, a polygon's `d`): each
    /// number's values, fitted together; `values` are then frame indices,
    /// which `text` writes.
    var components: [[Double]]? = nil
    /// Each component's tolerance.
    var tolerances: [Double] = []

    /// The property over its first `count` frames.
    func prefix(_ count: Int) -> Property {
      var result = self
      result.values = Array(values.prefix(count))
      result.whole = whole.map { Array($0.prefix(count)) }
      result.components = components.map { $0.map { Array($0.prefix(count)) } }
      return result
    }
  }

  /// Seconds as CSS writes a duration: rounded down to 4 decimals, so that
  /// every key, a dash's switch too, has been reached by its frame's time,
  /// and a one-shot has ended at its last frame's.
  static func secondsText(_ seconds: Double) -> String {
    DecimalText.format((seconds * 10_000).rounded(.down) / 10_000, decimals: 4)
  }

  /// How many frames a layer of a clip with periodic tracks is read over:
  /// the loop of its own tracks, as ``FrameDocument/Clip/finiteLoopLength(limit:)``
  /// counts it for them alone (their least common multiple, or a whole
  /// number of the clip's frames with a seam where that passes
  /// ``periodicFrameLimit``). A constant track repeats at any frame.
  static func layerLoopLength(_ layer: FrameDocument.Layer, clip: FrameDocument.Clip) -> Int {
    var own = clip
    own.tracks = clip.tracks.filter { track in
      guard track.layer == layer.id else { return false }
      if case .constant = track.values { return false }
      return true
    }
    let varies = own.tracks.contains { !$0.values.isPeriodic }
    if !varies {
      // Periodic tracks alone: their loop, whatever the clip's own frames.
      own.frameCount = 1
    }
    return own.finiteLoopLength(limit: periodicFrameLimit)
  }

  /// The most frames a layer is read over: the format's longest period.
  static let periodicFrameLimit = 100_000

  /// The fewest frames after which `property` repeats: the least divisor
  /// of its frames at which every value, switch and component is the one a
  /// period before. Each periodic property plays its own period, so a dot
  /// pulsing every 43 frames in a clip of 60 is 43 frames long.
  static func ownPeriod(_ property: Property) -> Int {
    let count = property.values.count
    func same(_ i: Int, _ j: Int) -> Bool {
      guard property.text(property.values[i]) == property.text(property.values[j]) else { return false }
      if let whole = property.whole, whole[i] != whole[j] { return false }
      return property.components?.allSatisfy { $0[i] == $0[j] } ?? true
    }
    for period in 1..<max(count, 1) where count % period == 0 {
      if (period..<count).allSatisfy({ same($0, $0 - period) }) { return period }
    }
    return count
  }

  static func length(_ v: Double) -> String { DecimalText.format(v, decimals: SVGScene.lengthDecimals) }
  static func angle(_ v: Double) -> String { DecimalText.format(v, decimals: SVGScene.angleDecimals) }
  static func opacity(_ v: Double) -> String { DecimalText.format(v, decimals: SVGScene.opacityDecimals) }

  /// The element's properties that may vary, in written order.
  static func animatedProperties(_ element: SVGScene.Element) -> [Property] {
    var properties: [Property] = []
    if let rotation = element.rotation {
      properties.append(Property(name: "transform", values: rotation, tolerance: angleTolerance) { "rotate(\(angle($0))deg)" })
    }
    if let dash = element.dash {
      let gap = length(element.gap)
      properties.append(Property(name: "stroke-dasharray", values: dash, tolerance: lengthTolerance, whole: element.whole) {
        "\(length($0)) \(gap)"
      })
    } else if let dashArray = element.dashArray, let whole = element.whole {
      // A fixed dash, switched off where the stroke is whole.
      let values = [Double](repeating: 0, count: whole.count)
      properties.append(Property(name: "stroke-dasharray", values: values, tolerance: 0, whole: whole) { _ in dashArray })
    }
    if let offset = element.dashOffset {
      properties.append(Property(name: "stroke-dashoffset", values: offset, tolerance: lengthTolerance) { length($0) })
    }
    if let radius = element.radius {
      properties.append(Property(name: "r", values: radius, tolerance: lengthTolerance) { "\(length($0))px" })
    }
    if let outline = element.outline, let vertices = element.vertices {
      // A polygon's path data keeps its commands, so CSS interpolates each
      // coordinate: they are fitted together.
      let count = vertices.first?.count ?? 0
      properties.append(Property(
        name: "d", values: outline.indices.map(Double.init), tolerance: 0, text: { "path(\"\(outline[Int($0)])\")" },
        components: (0..<count).map { k in vertices.map { $0[k] } },
        tolerances: Array(repeating: lengthTolerance, count: count)))
    } else if let outline = element.outline {
      // An arc's path data changes its commands; every frame is a keyframe.
      properties.append(Property(name: "d", values: outline.indices.map(Double.init), tolerance: 0) { "path(\"\(outline[Int($0)])\")" })
    }
    properties.append(Property(name: "opacity", values: element.opacity, tolerance: opacityTolerance) { opacity($0) })
    return properties
  }

  /// The frames at which `property` of `element` shows: where the element
  /// is seen, and for its dash and turn where it is not drawn whole. Nil for
  /// opacity, which is what hides it, and for a dash's switch.
  static func shownFrames(_ property: Property, of element: SVGScene.Element) -> [Bool]? {
    guard property.name != "opacity", property.whole == nil else { return nil }
    let seen = element.opacity.map { $0 > 0 }
    guard let whole = element.whole, ["stroke-dasharray", "stroke-dashoffset", "transform"].contains(property.name) else {
      return seen
    }
    return zip(seen, whole).map { $0 && !$1 }
  }

  /// The `@keyframes` body of one property: the fitted keyframes at their
  /// share of the play, each with its easing (linear unless given), and for
  /// a loop its last frame held to the end.
  ///
  /// A one-shot's keys span only the frames where the property shows
  /// (`shown`), with one frame more on each side so that the values between
  /// frames stay the same; before and after, CSS runs from and to the base
  /// value, which no frame shows.
  static func keyframeText(_ property: Property, playback: ClipPlayback, shown: [Bool]? = nil) -> String {
    if let whole = property.whole { return switchedKeyframeText(property, whole: whole, playback: playback) }
    let n = playback.frameCount
    var first = 0
    var last = n - 1
    if !playback.loop, let shown, let firstShown = shown.firstIndex(of: true), let lastShown = shown.lastIndex(of: true) {
      first = max(0, firstShown - 1)
      last = min(n - 1, lastShown + 1)
    }
    let values = Array(property.values[first...last])
    let segments: [KeyframeFit.Segment]
    if let components = property.components {
      segments = KeyframeFit.segments(series: components.map { Array($0[first...last]) }, tolerances: property.tolerances)
    } else if property.name == "d" {
      segments = (0..<(values.count - 1)).map { KeyframeFit.Segment(start: $0, end: $0 + 1, easing: nil) }
    } else {
      segments = KeyframeFit.segments(values, tolerance: property.tolerance)
    }
    var keys = segments.map {
      Key(percent: percent(first + $0.start, playback), value: property.text(values[$0.start]), timing: timing($0.easing))
    }
    keys.append(Key(percent: percent(last, playback), value: property.text(values[values.count - 1])))
    if playback.loop { keys.append(Key(percent: 100, value: property.text(values[values.count - 1]))) }
    return keys.map { $0.text(property.name) }.joined()
  }

  /// The `@keyframes` body of a dash that some frames draw whole: each run
  /// of dashed frames fitted like any property, each run of whole frames
  /// `none`. The value is discrete there, and CSS switches a discrete value
  /// half way between two keys; so each key before a switch holds its value
  /// (`step-end`) and each switch's key lies at its frame's share of the
  /// play, rounded down, so that the switch has happened at the frame's time.
  static func switchedKeyframeText(_ property: Property, whole: [Bool], playback: ClipPlayback) -> String {
    let n = playback.frameCount
    var keys: [Key] = []
    var start = 0
    while start < n {
      var end = start
      while end + 1 < n && whole[end + 1] == whole[start] { end += 1 }
      // The run's value holds to the next switch. After a one-shot's last
      // key its own base value follows, the same; a loop goes on to 100 %
      // and the first frame.
      let holds = end < n - 1 || playback.loop
      let hold = holds ? "step-end" : nil
      let switchPercent = (percent(start, playback) * 1000).rounded(.down) / 1000
      if whole[start] {
        keys.append(Key(percent: switchPercent, value: "none", timing: hold))
      } else {
        let run = Array(property.values[start...end])
        let segments = KeyframeFit.segments(run, tolerance: property.tolerance)
        var runKeys = segments.map { Key(percent: percent(start + $0.start, playback), value: property.text(run[$0.start]), timing: timing($0.easing)) }
        if runKeys.isEmpty { runKeys = [Key(percent: 0, value: property.text(run[0]))] }
        runKeys[0].percent = switchPercent
        if let last = segments.last, property.text(run[last.start]) != property.text(run[run.count - 1]) {
          runKeys.append(Key(percent: percent(end, playback), value: property.text(run[run.count - 1]), timing: hold))
        } else {
          // Constant from its last key on: that key holds.
          runKeys[runKeys.count - 1].timing = hold
        }
        keys += runKeys
      }
      start = end + 1
    }
    return keys.map { $0.text(property.name) }.joined()
  }

  /// One keyframe of one property: where, the value, and how it goes on to
  /// the next (linear unless given).
  struct Key {
    /// Where in the play, in percent.
    var percent: Double
    /// The property's value as written.
    var value: String
    /// The `animation-timing-function` on to the next key, nil for linear.
    var timing: String? = nil

    /// The key as CSS: `40%{name:value;animation-timing-function:…}`.
    func text(_ name: String) -> String {
      let rule = "\(name):\(value)" + (timing.map { ";animation-timing-function:\($0)" } ?? "")
      return "\(DecimalText.format(percent, decimals: 3))%{\(rule)}"
    }
  }

  /// Frame `frame`'s share of the play in percent: a one-shot's last frame
  /// at 100, a loop's at its start of the last 1/n.
  static func percent(_ frame: Int, _ playback: ClipPlayback) -> Double {
    Double(frame) / Double(playback.loop ? playback.frameCount : playback.frameCount - 1) * 100
  }

  /// An easing as an `animation-timing-function` value, nil for linear.
  static func timing(_ easing: KeyframeFit.Easing?) -> String? {
    guard let e = easing else { return nil }
    let handles = [e.x1, e.y1, e.x2, e.y2].map { DecimalText.format($0, decimals: KeyframeFit.easingDecimals) }
    return "cubic-bezier(\(handles.joined(separator: ",")))"
  }

  /// The element's values at frame position `i` as attributes.
  ///
  /// A stroke drawn whole there has no dash (``SVGScene/Element/whole``):
  /// Chromium and ThorVG leave a seam where a dash covering a closed shape
  /// meets itself. Its `pathLength` stays for the dashes of other frames.
  static func still(_ element: SVGScene.Element, at i: Int) -> [(String, String)] {
    var attributes: [(String, String)] = []
    let undashed = element.whole?[i] == true
    if let outline = element.outline { attributes.append(("d", outline[i])) }
    if let radius = element.radius { attributes.append(("r", length(radius[i]))) }
    if let rotation = element.rotation {
      attributes.append(("transform", "rotate(\(angle(rotation[i])) \(length(element.center.x)) \(length(element.center.y)))"))
    }
    if undashed {
      // Drawn whole.
    } else if let dashArray = element.dashArray {
      attributes.append(("stroke-dasharray", dashArray))
    } else if let dash = element.dash {
      attributes.append(("stroke-dasharray", "\(length(dash[i])) \(length(element.gap))"))
    }
    if let offset = element.dashOffset, !undashed { attributes.append(("stroke-dashoffset", length(offset[i]))) }
    if let pathLength = element.pathLength, element.dashArray != nil || element.dash != nil {
      attributes.append(("pathLength", length(pathLength)))
    }
    if element.opacity[i] < 1 { attributes.append(("opacity", opacity(element.opacity[i]))) }
    return attributes
  }

  /// One element's markup.
  /// With `filtered` false, its shadow is left to a `<g>` around it (``transformed(_:group:shadow:)``).
  static func markup(
    _ element: SVGScene.Element, values: [(String, String)], id: String?, animated: Bool = false, filtered: Bool = true
  ) -> String {
    var text = "<\(element.name)"
    if let id { text += " id=\"\(id)\"" }
    if animated { text += " class=\"a\"" }
    for (name, value) in element.attributes + values {
      text += " \(name)=\"\(value)\""
    }
    if let shadow = element.shadow, filtered { text += " filter=\"url(#\(shadow))\"" }
    return text + "/>"
  }

  /// An element drawn through its layer's transform: inside a `<g>` with
  /// `group`'s attributes, which carries the transform, and for a shadow
  /// inside a `<g>` with the filter around that, since a filter applies in
  /// its element's coordinates and a layer's shadow is not transformed
  /// (docs/FORMAT.md, "Transforms").
  static func transformed(_ inner: String, group: String, shadow: String?) -> String {
    let moved = "<g\(group)>\(inner)</g>"
    guard let shadow else { return moved }
    return "<g filter=\"url(#\(shadow))\">\(moved)</g>"
  }

  /// Decimals of a transform's linear part and of a scale: a point 60 pt
  /// from the origin moves by at most 0.003 pt for their rounding.
  static let scaleDecimals = 4

  /// `matrix(a b c d tx ty)`: the document's transform as SVG's attribute
  /// writes it, the same six numbers in the same order.
  static func matrix(_ m: FrameDocument.LayerTransform) -> String {
    let linear = [m.a, m.b, m.c, m.d].map { DecimalText.format($0, decimals: scaleDecimals) }
    return "matrix(\(linear.joined(separator: " ")) \(length(m.tx)) \(length(m.ty)))"
  }

  /// A moving layer's transform as CSS properties (``SVGTransformParts``):
  /// `translate`, `rotate`, `scale` and `transform: skewX()`, each where
  /// some frame needs it, fitted against how far it moves the element's
  /// farthest point (``SVGScene/Element/reach``), so that every part moves
  /// every point by at most ``lengthTolerance`` at a frame's time.
  static func transformParts(_ element: SVGScene.Element) -> [Property] {
    guard let transforms = element.transform else { return [] }
    var parts: [SVGTransformParts] = []
    for m in transforms { parts.append(SVGTransformParts(m, near: parts.last?.rotation)) }
    let frames = parts.indices.map(Double.init)
    let reach = max(element.reach, 1)
    let toRadians = Double.pi / 180
    // The largest tan φ, and scale along the skewed axes, any frame has.
    let slant = parts.map { (Angle.sine($0.skew * toRadians) / Angle.cosine($0.skew * toRadians)).magnitude }.max() ?? 0
    let stretch = parts.map { max($0.sx.magnitude * (1 + slant), $0.sy.magnitude) }.max() ?? 1
    let widest = parts.map(\.sx.magnitude).max() ?? 1
    let secant = 1 + slant * slant
    // A turn of δ radians moves a point by at most δ·reach·stretch; a scale
    // off by δ by δ·reach (sx by δ·reach·(1 + slant)); a skew off by δ
    // radians by δ·sec²φ·|sx|·reach. Capped at 45°: a layer too small to
    // see a turn in needs no exact one.
    // The parts' errors add up at a point: the translation, the turn and the
    // scale (with the skew) each get a third of the tolerance, so that
    // together they stay within it (a ring turned and scaled at once drew
    // 0.06 pt off).
    let share = lengthTolerance / 3
    let turnTolerance = min(share / (reach * max(stretch, 1e-9)) / toRadians, 45)
    let skewTolerance = min(share / (reach * secant * max(widest, 1e-9)) / toRadians, 45)
    let scaleTolerance = share / reach
    // A part that stays within its tolerance of one value is that value:
    // the rounding of a turning layer's six numbers wobbles its scale and
    // skew in the last decimal, which is not worth a keyframe.
    func steadied(_ values: [Double], _ tolerance: Double) -> [Double] {
      guard let low = values.min(), let high = values.max(), high - low <= tolerance else { return values }
      return values.map { _ in (low + high) / 2 }
    }
    let sx = steadied(parts.map(\.sx), scaleTolerance / (1 + slant))
    let sy = steadied(parts.map(\.sy), scaleTolerance)
    let skew = steadied(parts.map(\.skew), skewTolerance)
    for i in parts.indices {
      parts[i].sx = sx[i]
      parts[i].sy = sy[i]
      parts[i].skew = skew[i]
    }
    func scale(_ v: Double) -> String { DecimalText.format(v, decimals: scaleDecimals) }
    var properties: [Property] = []
    if parts.contains(where: { length($0.tx) != "0" || length($0.ty) != "0" }) {
      properties.append(Property(
        name: "translate", values: frames, tolerance: 0, text: { "\(length(parts[Int($0)].tx))px \(length(parts[Int($0)].ty))px" },
        components: [parts.map(\.tx), parts.map(\.ty)], tolerances: [share, share]))
    }
    if parts.contains(where: { angle($0.rotation) != "0" }) {
      properties.append(Property(
        name: "rotate", values: frames, tolerance: 0, text: { "\(angle(parts[Int($0)].rotation))deg" },
        components: [parts.map(\.rotation)], tolerances: [turnTolerance]))
    }
    if parts.contains(where: { scale($0.sx) != "1" || scale($0.sy) != "1" }) {
      properties.append(Property(
        name: "scale", values: frames, tolerance: 0, text: { "\(scale(parts[Int($0)].sx)) \(scale(parts[Int($0)].sy))" },
        components: [parts.map(\.sx), parts.map(\.sy)],
        tolerances: [scaleTolerance / (1 + slant), scaleTolerance]))
    }
    if parts.contains(where: { angle($0.skew) != "0" }) {
      properties.append(Property(
        name: "transform", values: frames, tolerance: 0, text: { "skewX(\(angle(parts[Int($0)].skew))deg)" },
        components: [parts.map(\.skew)], tolerances: [skewTolerance]))
    }
    return properties
  }

  /// The document around `body`.
  static func svg(
    _ document: FrameDocument, background: Color?, style: String?, filters: [(id: String, markup: String)], body: [String],
    rootAttributes: [(String, String)] = []
  ) -> String {
    let w = length(document.width)
    let h = length(document.height)
    let more = rootAttributes.map { " \($0)=\"\($1)\"" }.joined()
    var parts = ["<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(w) \(h)\" width=\"\(w)\" height=\"\(h)\"\(more)>"]
    if let style { parts.append("<style>\(style)</style>") }
    if !filters.isEmpty { parts.append("<defs>" + filters.map(\.markup).joined() + "</defs>") }
    if let background {
      parts.append("<rect width=\"\(w)\" height=\"\(h)\"" + SVGScene.paint("fill", background).map { " \($0)=\"\($1)\"" }.joined() + "/>")
    }
    parts += body
    parts.append("</svg>")
    return parts.joined(separator: "\n") + "\n"
  }
}
