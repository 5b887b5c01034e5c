/// Seed 003 (`GQCircleLoadView`): three dots that pulse one after another.
extension Preset {
  /// `cornerRadius`, `magin`, `circleCount`.
  static let dotRadius = 10.0
  static let dotGap = 15.0
  static let dotCount = 3
  /// Layer ids, spelled out (no string interpolation in the engine).
  static let dotIDs = ["dot0", "dot1", "dot2"]
  /// Each half of a pulse; the next dot starts this long after the previous.
  static let dotStep = 0.25
  /// The canvas: the dots' row plus room for the 1.5× peak.
  static let dotsSize = (width: 120.0, height: 40.0)

  /// The three pulsing dots.
  public static var dots: Preset {
    let (w, h) = dotsSize
    var layers: [AnimatedLayer] = []
    var figures: [Figure] = []
    for i in 0..<dotCount {
      // The seed's x formula with the canvas width in place of the screen's.
      let fullRow = (dotRadius * 2) * Double(dotCount) + dotGap * Double(dotCount - 1)
      let x = (w - fullRow) / 2.0 + Double(i) * (dotRadius * 2 + dotGap) + dotRadius
      let id = dotIDs[i]
      layers.append(AnimatedLayer(id))
      figures.append(Figure(id: id, layer: i, shape: .dot(center: Point(x, h * 0.5), radius: dotRadius), style: Style(fill: .gray), roles: .accent))
    }
    // Rule.steadyStateLoop: the loop is the seed's timeline from its second
    // period on; from t = 0.5 s every dot has started and the pattern repeats.
    let period = dotStep * Double(dotCount)
    return Preset(
      name: "dots", summary: "Three dots pulse in turn, forever (seed 003).",
      width: w, height: h, layers: layers, figures: figures,
      clips: [
        ClipDefinition(
          name: "loop", summary: "One period of the steady pulse (0.75 s).",
          kind: .time(duration: period, loop: true, startTime: period, script: dotsScript(until: 2 * period)))
      ])
  }

  /// One pulse: scale 1 → 1.5 (0.25 s, easeOut), then from beginTime 0.25
  /// 1.5 → 1 (0.25 s, easeOut), in a 0.5 s group. The seed's
  /// `kCAMediaTimingFunctionEaSEOut` is easeOut.
  static var dotPulse: Animation {
    let up = BasicAnimation(.scale, from: 1, to: 1.5, timing: MediaTiming(duration: dotStep), timingFunction: .easeOut)
    let down = BasicAnimation(.scale, from: 1.5, to: 1, timing: MediaTiming(beginTime: dotStep, duration: dotStep), timingFunction: .easeOut)
    return .group(AnimationGroup([.basic(up), .basic(down)], timing: MediaTiming(duration: 2 * dotStep)))
  }

  /// The seed's chain up to host time `end`: dot 0 pulses at t = 0; when a
  /// dot's pulse starts, the next dot's starts 0.25 s later
  /// (`performSelector:afterDelay:`, at its nominal time, Rule.nominalCallbacks), so pulse n is on
  /// dot n mod 3 at t = 0.25·n. Each replaces the dot's previous pulse
  /// (key "groupAnimation").
  static func dotsScript(until end: Double) -> [ScriptEvent] {
    var script: [ScriptEvent] = []
    var n = 0
    while Double(n) * dotStep <= end {
      script.append(ScriptEvent(at: Double(n) * dotStep, layer: n % dotCount, .add(dotPulse, key: "groupAnimation")))
      n += 1
    }
    return script
  }
}
