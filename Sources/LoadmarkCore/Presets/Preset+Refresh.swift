/// Seed 004 (`N_refreshLayer` + `N_RefreshAnimView`): two arcs that chase
/// each other in a 35 × 35 white disc with a shadow.
extension Preset {
  static let refreshViewSide = 35.0
  /// Room around the view for its shadow: offset 3 plus radius 5.
  static let refreshMargin = 8.0
  static let refreshSpinDuration = 0.8
  /// `[NSNumber numberWithFloat:0.15]` and `…0.85`: float32-rounded
  /// (Rule.float32Values).
  static let refreshSpinStart = Double(Float(0.15))
  static let refreshSpinEnd = Double(Float(0.85))

  /// The pull-to-refresh spinner.
  public static var refresh: Preset {
    let m = refreshMargin
    let side = refreshViewSide
    let center = Point(m + side / 2, m + side / 2)
    // drawInContext: radius = min(w, h)/2 − 1 − 6; two arcs, clockwise NO.
    let radius = min(side, side) / 2 - 1 - 6
    let halfPi = Double.pi / 2
    let twoPi = 2 * Double.pi
    let arcStyle = Style(stroke: .red, lineWidth: 2, lineCap: .round)
    let background = Figure(
      id: "background", layer: 0,
      shape: .roundedRect(Rect(x: m, y: m, width: side, height: side), cornerRadius: 17.5),
      style: Style(fill: .white, shadow: Shadow(color: .black, opacity: 0.1, offset: Point(3, 3), radius: 5)))
    let arc1 = Figure(
      id: "arc1", layer: 1,
      shape: .arc(
        center: center, radius: radius,
        startAngle: AngleExpression(-halfPi + Double.pi * 0.05, [.init(.startProgress, -twoPi)]),
        endAngle: AngleExpression(-halfPi - Double.pi * 0.05, [.init(.endProgress, -twoPi)]),
        clockwise: false),
      style: arcStyle, roles: [.accent, .line])
    let arc2 = Figure(
      id: "arc2", layer: 1,
      shape: .arc(
        center: center, radius: radius,
        startAngle: AngleExpression(-halfPi - Double.pi * 0.25, [.init(.endProgress, -twoPi)]),
        endAngle: AngleExpression(-halfPi + Double.pi * 0.25, [.init(.startProgress, -twoPi)]),
        clockwise: false),
      style: arcStyle, roles: [.accent, .line])
    var spinner = AnimatedLayer("animLayer")
    // Rule.pullAtZero: at P = 0 the seed leaves opacity as it was; before any
    // pull the header is out of sight, so the arcs start transparent.
    spinner.model[.opacity] = 0
    return Preset(
      name: "refresh", summary: "Pull-to-refresh: two arcs follow the pull, then spin (seed 004).",
      width: side + 2 * m, height: side + 2 * m,
      layers: [AnimatedLayer("view"), spinner], figures: [background, arc1, arc2],
      clips: [
        ClipDefinition(
          name: "pull", summary: "The arcs and their opacity at host-driven pull percent.",
          kind: .progress { p in refreshPullScript(p) }),
        ClipDefinition(
          name: "spin", summary: "Refreshing: startPross → 0.15, endPross → 0.85, 0.8 s easeOut, forever.",
          kind: .time(duration: refreshSpinDuration, loop: true, startTime: 0, script: refreshSpinScript)),
      ])
  }

  /// `setPullingPercent:`: opacity = P when P > 0, then `setProgressWith:`
  /// with P − (int)P: remove all animations, speed 1, startPross = 0.15·q,
  /// endPross = 0.85·q. Custom properties do not animate implicitly; the
  /// opacity change is shown at its target (Rule.progressClips).
  static func refreshPullScript(_ pull: Double) -> [ScriptEvent] {
    var script: [ScriptEvent] = []
    if pull > 0 {
      script.append(ScriptEvent(at: 0, layer: 1, .set(.opacity, pull, implicit: false)))
    }
    let q = pull - pull.rounded(.towardZero)
    script += [
      ScriptEvent(at: 0, layer: 1, .removeAllAnimations),
      ScriptEvent(at: 0, layer: 1, .set(.startProgress, q * 0.15, implicit: false)),
      ScriptEvent(at: 0, layer: 1, .set(.endProgress, q * 0.85, implicit: false)),
    ]
    return script
  }

  /// `startAnimation` after a full pull (P = 1, so q = 0 and opacity 1): the
  /// layer's timing is reset as the seed does (a resume), then both
  /// animations are added; they get their begin time when the transaction
  /// commits, after that reset (Rule.addedBeginTime). Only toValue is set, so
  /// every cycle runs from the model value 0.
  static var refreshSpinScript: [ScriptEvent] {
    func spin(_ property: LayerProperty, to value: Double) -> Animation {
      .basic(BasicAnimation(
        property, to: value,
        timing: MediaTiming(duration: refreshSpinDuration, repeatCount: .greatestFiniteMagnitude, fillMode: .forwards),
        timingFunction: .easeOut, removedOnCompletion: false))
    }
    return refreshPullScript(1) + [
      ScriptEvent(at: 0, layer: 1, .resume),
      ScriptEvent(at: 0, layer: 1, .add(spin(.startProgress, to: refreshSpinStart), key: "anim1")),
      ScriptEvent(at: 0, layer: 1, .add(spin(.endProgress, to: refreshSpinEnd), key: "anim2")),
    ]
  }
}
