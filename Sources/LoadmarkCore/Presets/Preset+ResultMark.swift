/// Seed 000 (`AnimationView` + `CCArcMoveLayer`): a ring sweeps in, then a
/// check or a cross is stroked. Numbers are the seed's, for its 50 × 50 view.
extension Preset {
  /// `#F98680`, the seed's only colour.
  static let resultMarkColor = Color(red: 0xF9, green: 0x86, blue: 0x80)
  /// `kRadius`, `kLineWidth`, `kStep1Duration`, `kStep2Duration`.
  static let resultMarkRadius = 20.0
  static let resultMarkLineWidth = 3.0
  static let resultMarkStep1 = 1.0
  static let resultMarkStep2 = 0.5

  /// The success check.
  public static var success: Preset {
    let (cx, cy, r) = (25.0, 25.0, resultMarkRadius)
    var check = Path()
    check.move(to: Point(cx - r + 5, cy))
    check.addLine(to: Point(cx - r / 5, cy + r / 5 * 2))
    check.addLine(to: Point(cx + r - r / 8 * 3, cy - r / 2))
    return resultMark(name: "success", summary: "A ring sweeps in, then a check is drawn (seed 000).", markID: "check", mark: check)
  }

  /// The error cross: two strokes, trimmed over their summed length.
  public static var error: Preset {
    let w = 50.0
    var cross = Path()
    cross.move(to: Point(w / 4 + 3, w / 4 + 3))
    cross.addLine(to: Point(w / 4 * 3 - 3, w / 4 * 3 - 3))
    cross.move(to: Point(w / 4 * 3 - 3, w / 4 + 3))
    cross.addLine(to: Point(w / 4.0 + 3, w / 4 * 3 - 3))
    return resultMark(name: "error", summary: "A ring sweeps in, then a cross is drawn (seed 000).", markID: "cross", mark: cross)
  }

  static func resultMark(name: String, summary: String, markID: String, mark: Path) -> Preset {
    let w = 50.0
    let color = resultMarkColor
    // The border view at (1, 1), (w−2) square, cornerRadius (w−2)/2, 1 pt
    // border drawn inside the bounds: centre line radius (w−2)/2 − 0.5.
    let border = Figure(
      id: "border", layer: 0,
      shape: .arc(center: Point(w / 2, w / 2), radius: (w - 2) / 2 - 0.5,
                  startAngle: AngleExpression(0), endAngle: AngleExpression(Angle.fullTurn), clockwise: true),
      style: Style(stroke: color, lineWidth: 1), roles: .accent)
    // CCArcMoveLayer: bounds 2·kRadius + kLineWidth square, centred; its
    // drawInContext: radius = min(w, h)/2 − kLineWidth/2, start 3π, end
    // 3π − (3π − 0)·progress, clockwise NO.
    let side = 2 * resultMarkRadius + resultMarkLineWidth
    let threePi = Double.pi * 3
    let ring = Figure(
      id: "ring", layer: 1,
      shape: .arc(
        center: Point(w / 2, w / 2), radius: side / 2 - resultMarkLineWidth / 2,
        startAngle: AngleExpression(threePi, [.init(.progress, -(threePi - threePi))]),
        endAngle: AngleExpression(threePi, [.init(.progress, -(threePi - 0))]),
        clockwise: false),
      style: Style(stroke: color, lineWidth: resultMarkLineWidth), roles: [.accent, .line])
    // The mark's CAShapeLayer: UIBezierPath's cap and join are ignored by
    // CAShapeLayer, so butt caps and miter joins (Rule.shapeLayerStyle).
    let markFigure = Figure(id: markID, layer: 2, shape: .path(mark), style: Style(stroke: color, lineWidth: resultMarkLineWidth), roles: [.accent, .line])

    var arcLayer = AnimatedLayer("arcMove")
    arcLayer.model[.progress] = 1  // "end status", so the ring stays
    var markLayer = AnimatedLayer("checkLine", isHidden: true)  // created at step 2
    markLayer.model[.strokeEnd] = 1

    let step1 = BasicAnimation(.progress, from: 0, to: 1, timing: MediaTiming(duration: resultMarkStep1))
    // Step 2: a strokeEnd animation with no duration of its own in a 0.5 s
    // easeOut group (Rule.groupChildDuration, Rule.groupTime).
    let strokeEnd = BasicAnimation(.strokeEnd, from: 0, to: 1)
    let step2 = AnimationGroup([.basic(strokeEnd)], timing: MediaTiming(duration: resultMarkStep2), timingFunction: .easeOut)
    // animationDidStop: fires when step 1 ends; a replay uses the nominal
    // time (Rule.nominalCallbacks).
    let step2Start = resultMarkStep1
    let script = [
      ScriptEvent(at: 0, layer: 1, .add(.basic(step1), key: nil)),
      ScriptEvent(at: step2Start, layer: 2, .setHidden(false)),
      ScriptEvent(at: step2Start, layer: 2, .add(.group(step2), key: nil)),
    ]
    return Preset(
      name: name, summary: summary, width: w, height: w,
      layers: [AnimatedLayer("border"), arcLayer, markLayer],
      figures: [border, ring, markFigure],
      clips: [
        ClipDefinition(
          name: "main", summary: "Ring sweep (1 s, linear), then the mark (0.5 s, easeOut).",
          kind: .time(duration: resultMarkStep1 + resultMarkStep2, loop: false, startTime: 0, script: script))
      ])
  }
}
