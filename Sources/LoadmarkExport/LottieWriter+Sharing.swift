import LoadmarkCore
import LoadmarkJSON

extension LottieWriter {
  /// Dots that play one animation, each from its own moment and at its own
  /// place (NVActivityIndicatorView's rows and rings of dots, each begun a
  /// little after the one before), written once: the first dot's layer
  /// becomes a precomposition (an asset) with its keyframes over two turns
  /// of the loop, and every dot a precomposition layer of it, moved to its
  /// centre (`ks.p`) and started `st` frames later, so that it shows the
  /// asset's frame t − `st` at frame t. The repeated keyframes, which made
  /// such a Lottie larger than its frame document, are written once.
  ///
  /// Only for a document of one looping time clip (a shifted loop wraps
  /// round into the asset's first turn), and only for dots of the same
  /// radius, style and role with no transform and no shadow, drawn within
  /// the canvas at their largest (a precomposition clips to its size). A
  /// dot is shared when, for some shift (a difference of the two dots'
  /// keyframe times, whole or not), the first dot's keyframes read at
  /// every frame minus the shift give the dot's opacity and size within
  /// their tolerances.
  struct Sharing {
    /// A layer drawn from a prototype's asset.
    struct Copy {
      var prototype: String
      /// Frames the copy runs behind the prototype, in [0, frames).
      var shift: Double
      /// The copy's centre less the prototype's.
      var offset: Point
    }

    /// A prototype's fitted keyframes, over one turn of the loop.
    struct Channels {
      var opacity: [KeyframeFit.Key]
      var size: [KeyframeFit.Key]
      var opacityValues: [Double]
      var sizeValues: [Double]
    }

    let document: FrameDocument
    let timeline: Timeline
    let accent: Color?
    /// The prototypes' layer ids, in document order: one asset each.
    private(set) var prototypes: [String] = []
    /// Every shared layer, prototypes included (shift 0, offset 0).
    private(set) var copies: [String: Copy] = [:]
    private var channels: [String: Channels] = [:]
    /// The loop's frames.
    private var frames = 0

    init(document: FrameDocument, timeline: Timeline, accent: Color?) {
      self.document = document
      self.timeline = timeline
      self.accent = accent
      guard document.clips.count == 1, let clip = document.clips.first, clip.index == .time, clip.loop else { return }
      frames = LottieWriter.length(of: clip)
      guard frames > 1 else { return }
      var groups: [[FrameDocument.Layer]] = []
      for layer in document.layers where eligible(layer) {
        if let g = groups.firstIndex(where: { alike($0[0], layer) }) {
          groups[g].append(layer)
        } else {
          groups.append([layer])
        }
      }
      for group in groups {
        var unshared = group
        while unshared.count > 1 {
          let prototype = unshared.removeFirst()
          let own = fit(prototype)
          var matched: [(FrameDocument.Layer, Double)] = []
          var separate = own.opacity.count + own.size.count
          for other in unshared {
            if let (shift, keys) = shift(of: other, behind: own) {
              matched.append((other, shift))
              separate += keys
            }
          }
          // Two turns of the prototype's keyframes against every dot's own:
          // unless that halves them, gzip folds the alike layers together
          // better than the precomposition saves (nv-ball-beat's three dots
          // grew when shared; nv-ball-spin-fade-loader's eight shrank by a
          // quarter).
          guard !matched.isEmpty, 4 * (own.opacity.count + own.size.count) < separate else { continue }
          prototypes.append(prototype.id)
          channels[prototype.id] = own
          copies[prototype.id] = Copy(prototype: prototype.id, shift: 0, offset: Point(0, 0))
          let center = Sharing.center(prototype)
          for (other, shift) in matched {
            let c = Sharing.center(other)
            copies[other.id] = Copy(prototype: prototype.id, shift: shift, offset: Point(c.x - center.x, c.y - center.y))
          }
          unshared.removeAll { layer in matched.contains { $0.0.id == layer.id } }
        }
      }
    }

    static func center(_ layer: FrameDocument.Layer) -> Point {
      if case .dot(let center, _) = layer.shape { return center }
      return Point(0, 0)
    }

    /// A dot with no transform and no shadow, within the canvas at its largest.
    func eligible(_ layer: FrameDocument.Layer) -> Bool {
      guard case .dot(let center, let radius) = layer.shape, layer.style.shadow == nil, !timeline.hasTransform(layer.id) else {
        return false
      }
      let largest = timeline.values(layer.id, .scale).joined().map(\.magnitude).max() ?? 0
      let reach = radius * largest + (layer.style.stroke != nil ? layer.style.lineWidth / 2 : 0)
      return center.x - reach >= 0 && center.y - reach >= 0
        && center.x + reach <= document.width && center.y + reach <= document.height
    }

    /// Two dots drawn alike but for where and when.
    func alike(_ a: FrameDocument.Layer, _ b: FrameDocument.Layer) -> Bool {
      guard case .dot(_, let r1) = a.shape, case .dot(_, let r2) = b.shape else { return false }
      return r1 == r2 && a.style == b.style && a.role == b.role
    }

    /// The layer's opacity (percent) and size (points) at each frame, as
    /// the shape layer writes them, and their fitted keyframes.
    func fit(_ layer: FrameDocument.Layer) -> Channels {
      guard case .dot(_, let radius) = layer.shape else { preconditionFailure("only dots are shared") }
      let opacity = timeline.values(layer.id, .opacity) { $0 > 0 ? min($0, 1) * 100 : 0 }[0]
      let size = timeline.values(layer.id, .scale) { 2 * radius * $0 }[0]
      return Channels(
        opacity: KeyframeFit.keys(opacity, tolerance: LottieWriter.opacityTolerance),
        size: KeyframeFit.keys(size, tolerance: LottieWriter.lengthTolerance),
        opacityValues: opacity, sizeValues: size)
    }

    /// `keys` over two turns of the loop: shifted back one turn, then as
    /// they are; the first turn's last keyframe runs linearly into the
    /// second's first.
    func twoTurns(_ keys: [KeyframeFit.Key]) -> [KeyframeFit.Key] {
      keys.map { KeyframeFit.Key(time: $0.time - Double(frames), value: $0.value, easing: $0.easing) } + keys
    }

    /// The shift by which `layer` runs behind the prototype with `own`
    /// channels, if one reproduces it at every frame, and how many
    /// keyframes the layer's own fit has.
    func shift(of layer: FrameDocument.Layer, behind own: Channels) -> (Double, Int)? {
      let other = fit(layer)
      let opacity = twoTurns(own.opacity)
      let size = twoTurns(own.size)
      let n = Double(frames)
      // A corner of the other dot's is a corner of the prototype's, later.
      var candidates: Set<Double> = [0]
      for (theirs, ours) in [(other.opacity, own.opacity), (other.size, own.size)] {
        for a in theirs.dropFirst().dropLast() {
          for b in ours.dropFirst().dropLast() {
            var delta = (a.time - b.time).truncatingRemainder(dividingBy: n)
            if delta < 0 { delta += n }
            candidates.insert(DecimalRounding.rounded(delta, places: KeyframeFit.timeDecimals))
          }
        }
      }
      for delta in candidates.sorted() where delta < n {
        let fits = (0..<frames).allSatisfy { f in
          let t = Double(f) - delta
          return (KeyframeFit.value(of: opacity, at: t) - other.opacityValues[f]).magnitude <= LottieWriter.opacityTolerance
            && (KeyframeFit.value(of: size, at: t) - other.sizeValues[f]).magnitude <= LottieWriter.lengthTolerance
        }
        if fits { return (delta, other.opacity.count + other.size.count) }
      }
      return nil
    }

    /// The asset of a prototype: its shape layer with its keyframes over
    /// two turns, shown from one turn before the loop starts.
    func asset(_ id: String, total: Int) throws(JanssonError) -> JSONValue {
      let layer = document.layers.first { $0.id == id }!
      let own = channels[id]!
      let overrides = Overrides(
        opacity: try property(own.opacity, values: own.opacityValues, dimensions: 1),
        size: try property(own.size, values: own.sizeValues, dimensions: 2),
        start: -frames)
      let asset = try JSONValue.object()
      try asset.set("id", .string(id))
      let layers = try JSONValue.array()
      try layers.append(LottieWriter.shapeLayer(layer, timeline: timeline, total: total, accent: accent, overrides: overrides))
      try asset.set("layers", layers)
      return asset
    }

    /// A fixed value when every frame's is written alike, else the keys over two turns.
    func property(_ keys: [KeyframeFit.Key], values: [Double], dimensions: Int) throws(JanssonError) -> JSONValue {
      if let first = values.first, values.allSatisfy({ LottieWriter.same($0, first) }) {
        return dimensions == 1 ? try LottieWriter.fixed(first) : try LottieWriter.fixed([first, first])
      }
      let doubled = twoTurns(keys)
      return try LottieWriter.keyframes(doubled.enumerated().map { ($1, $0 == doubled.count - 1) }, dimensions: dimensions)
    }

    /// The layer of a shared dot: its prototype's asset, moved and started later.
    func precompositionLayer(_ layer: FrameDocument.Layer, copy: Copy, total: Int) throws(JanssonError) -> JSONValue {
      let object = try JSONValue.object()
      try object.set("ddd", LottieWriter.number(0))
      try object.set("ty", LottieWriter.number(0))
      try object.set("nm", .string(layer.id))
      try object.set("refId", .string(copy.prototype))
      // The clipping rectangle, in whole points (the schema's integers): the
      // canvas, rounded up, holds every shared dot (see eligible(_:)).
      try object.set("w", LottieWriter.number(document.width.rounded(.up)))
      try object.set("h", LottieWriter.number(document.height.rounded(.up)))
      try object.set("ip", LottieWriter.number(0))
      try object.set("op", LottieWriter.number(Double(total)))
      try object.set("st", LottieWriter.number(copy.shift))
      let transform = try JSONValue.object()
      if copy.offset.x != 0 || copy.offset.y != 0 {
        try transform.set("p", LottieWriter.fixed([copy.offset.x, copy.offset.y]))
      }
      try object.set("ks", transform)
      return object
    }
  }
}
