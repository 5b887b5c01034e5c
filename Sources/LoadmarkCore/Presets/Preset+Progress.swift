/// Seed 002: a progress ring that turns into a check, on a 100 × 100 view.
/// All shapes are centred at (27.5, 44), the seed's numbers.
extension Preset {
  static let progressCenter = Point(27.5, 44)
  /// The seed's NSTimer interval and increment.
  static let progressTick = 0.1
  /// Each of the done sequence's two strokeEnd animations.
  static let progressStrokeDuration = 0.5
  /// `dispatch_after` delay before the check.
  static let progressCheckDelay = 0.5

  /// The progress ring and its check.
  public static var progress: Preset {
    let c = progressCenter
    func circle(_ radius: Double) -> Path {
      var path = Path()
      path.addArc(center: c, radius: radius, startAngle: -Double.pi / 2, endAngle: -Double.pi / 2 + Double.pi * 2, clockwise: true)
      return path
    }
    var check = Path()
    check.move(to: Point(19, 43))
    check.addLine(to: Point(25, 49))
    check.addLine(to: Point(36, 39))
    // CAShapeLayers: the UIBezierPaths' round cap/join are ignored
    // (Rule.shapeLayerStyle); line width 2.
    let figures = [
      Figure(id: "track", layer: 0, shape: .path(circle(19)), style: Style(stroke: Color(red: 255, green: 0, blue: 0, alpha: 0), lineWidth: 2), roles: .line),
      Figure(id: "ring", layer: 1, shape: .path(circle(19)), style: Style(stroke: .red, lineWidth: 2), roles: [.accent, .line]),
      Figure(id: "checkRing", layer: 2, shape: .path(circle(16)), style: Style(stroke: .white, lineWidth: 2), roles: [.accent, .line]),
      Figure(id: "check", layer: 3, shape: .path(check), style: Style(stroke: .white, lineWidth: 2), roles: [.accent, .line]),
    ]
    var ring = AnimatedLayer("progressLayer")
    ring.model[.strokeEnd] = 0
    let layers = [
      AnimatedLayer("wholeCircleLayer"), ring,
      AnimatedLayer("checkRoundLayer", isHidden: true), AnimatedLayer("checkLayer", isHidden: true),
    ]
    return Preset(
      name: "progress", summary: "A progress ring that turns into a check (seed 002).",
      width: 100, height: 100, layers: layers, figures: figures,
      clips: [
        ClipDefinition(
          name: "demo", summary: "The seed's timer demo: +0.1 every 0.1 s, check from t = 1.1 s.",
          kind: .time(duration: 2.1, loop: false, startTime: 0, script: progressDemoScript(until: 2.1))),
        ClipDefinition(
          name: "progress", summary: "The ring at host-driven progress.",
          kind: .progress { p in progressScript(p) }),
        ClipDefinition(
          name: "done", summary: "Ring to check: circle (0.5 s), then check (0.5 s).",
          kind: .time(duration: progressCheckDelay + progressStrokeDuration, loop: false, startTime: 0, script: progressDoneScript(at: 0))),
      ])
  }

  /// `updateProgress:` with progress < 1: the ring shows `value`.
  static func progressScript(_ value: Double) -> [ScriptEvent] {
    [
      ScriptEvent(at: 0, layer: 1, .set(.strokeEnd, value, implicit: false)),
      ScriptEvent(at: 0, layer: 3, .setHidden(true)),
      ScriptEvent(at: 0, layer: 2, .setHidden(true)),
      ScriptEvent(at: 0, layer: 0, .setHidden(false)),
      ScriptEvent(at: 0, layer: 1, .setHidden(false)),
    ]
  }

  /// `updateProgress:` with progress ≥ 1 at host time `t`: the rings hide,
  /// the white ring strokes in, and 0.5 s later (`dispatch_after`, at its
  /// nominal time: Rule.nominalCallbacks) the check.
  static func progressDoneScript(at t: Double) -> [ScriptEvent] {
    let stroke = Animation.basic(BasicAnimation(.strokeEnd, from: 0, to: 1, timing: MediaTiming(duration: progressStrokeDuration)))
    return [
      ScriptEvent(at: t, layer: 2, .setHidden(false)),
      ScriptEvent(at: t, layer: 0, .setHidden(true)),
      ScriptEvent(at: t, layer: 1, .setHidden(true)),
      ScriptEvent(at: t, layer: 2, .add(stroke, key: "strokeEnd")),
      ScriptEvent(at: t + progressCheckDelay, layer: 3, .setHidden(false)),
      ScriptEvent(at: t + progressCheckDelay, layer: 3, .add(stroke, key: "strokeEnd")),
    ]
  }

  /// The seed's `handle` demo up to host time `end`: a repeating timer fires
  /// at k·0.1 s (`Rule.timerGrid`) and adds 0.1 to a Double, so the 10th sum
  /// is 0.9999999999999999 and the check starts on the 11th tick, at 1.1 s.
  /// Each strokeEnd change on the standalone ring animates implicitly.
  static func progressDemoScript(until end: Double) -> [ScriptEvent] {
    var script = [ScriptEvent(at: 0, layer: 1, .set(.strokeEnd, 0, implicit: true))]
    var second = 0.0
    var tick = 1
    while Double(tick) * progressTick <= end {
      let t = Double(tick) * progressTick
      tick += 1
      if second >= 1 { continue }
      second += progressTick
      script.append(ScriptEvent(at: t, layer: 1, .set(.strokeEnd, second, implicit: true)))
      if second >= 1 {
        script += progressDoneScript(at: t)
      } else {
        script += [
          ScriptEvent(at: t, layer: 3, .setHidden(true)),
          ScriptEvent(at: t, layer: 2, .setHidden(true)),
          ScriptEvent(at: t, layer: 0, .setHidden(false)),
          ScriptEvent(at: t, layer: 1, .setHidden(false)),
        ]
      }
    }
    // In time order already: once the sum reaches 1 every later tick returns
    // at once, so the check's events, 0.5 s on, follow every other event.
    return script
  }
}
