import Foundation
import LoadmarkCore
import LoadmarkTestSupport
import Testing

@testable import LoadmarkExport

/// The SVG export: stills worked out by hand, animations' structure, and
/// the size budget.
struct SVGTests {
  /// A 100 × 100 document with one arc layer of radius 40, width 6.
  static func arcDocument(start: [Double], sweep: [Double], loop: Bool = false) -> (FrameDocument, FrameDocument.Clip) {
    let layer = FrameDocument.Layer(
      id: "ring", shape: .arc(center: Point(50, 50), radius: 40), style: Style(stroke: Color(hex: "#3478f6"), lineWidth: 6))
    let frames = sweep.count
    let clip = FrameDocument.Clip(
      name: "main", index: .time, frameCount: frames, duration: Double(frames - (loop ? 0 : 1)) / 10, loop: loop,
      tracks: [
        .init(layer: "ring", property: .start, values: .init(collapsing: start)),
        .init(layer: "ring", property: .sweep, values: .init(collapsing: sweep)),
        .init(layer: "ring", property: .opacity, values: .constant(1)),
      ])
    return (FrameDocument(preset: "ring", fps: 10, width: 100, height: 100, layers: [layer], clips: [clip]), clip)
  }

  @Test func aStillArcIsADashedCircleTurnedToItsFirstPoint() {
    // From π anticlockwise a quarter turn: drawn from π/2 (6 o'clock) clockwise.
    // Circumference 2π·40 = 251.327; the gap 251.34 (rounded up, plus 0.01);
    // the dash ends 62.83 in: offset 251.34 − 62.83 = 188.51.
    let (document, clip) = SVGTests.arcDocument(start: [Double.pi], sweep: [-Double.pi / 2])
    let svg = SVGWriter.still(document, clip: clip, frame: 0)
    #expect(svg == """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
      <circle cx="50" cy="50" r="40" fill="none" stroke="#3478f6" stroke-width="6" stroke-miterlimit="10" \
      transform="rotate(90 50 50)" stroke-dasharray="251.34 251.34" stroke-dashoffset="188.51" pathLength="251.33"/>
      </svg>

      """)
  }

  @Test func aWholeCircleHasNoDashAndAnEmptyArcNoElement() {
    let (document, clip) = SVGTests.arcDocument(start: [1, 1], sweep: [6.2832, 0])
    let whole = SVGWriter.still(document, clip: clip, frame: 0)
    #expect(whole.contains(##"<circle cx="50" cy="50" r="40" fill="none" stroke="#3478f6" stroke-width="6" stroke-miterlimit="10"/>"##))
    #expect(!SVGWriter.still(document, clip: clip, frame: 1).contains("<circle"))
  }

  @Test func anAnimationRestsOnItsReducedMotionFrame() {
    let sweeps = (0..<11).map { -Double($0) / 10 * 2 * Double.pi }
    let (document, clip) = SVGTests.arcDocument(start: [Double.pi], sweep: sweeps)
    let svg = SVGWriter.animated(document, clip: clip)
    // One second, once, holding the last frame; none under reduced motion.
    #expect(svg.contains(".a{animation:1s linear forwards}"))
    #expect(svg.contains("@media (prefers-reduced-motion:reduce){.a{animation:none}}"))
    // A steady sweep: two keyframes for the dash; its start turns with it.
    #expect(svg.contains("@keyframes lmk0{0%{transform:rotate(180deg)}100%{transform:rotate(-180deg)}}"))
    #expect(svg.contains("stroke-dashoffset:251.34}100%{stroke-dashoffset:0.01}"))
    // Whole at its last frame only (10 of 10): the dash goes there.
    #expect(svg.contains("@keyframes lmk1{0%{stroke-dasharray:251.34 251.34;animation-timing-function:step-end}100%{stroke-dasharray:none}}"))
    // The base state is the last frame, a whole circle without a dash,
    // turned by CSS; pathLength stays for the other frames' dashes.
    #expect(svg.contains("#lm0{transform-origin:50px 50px;transform:rotate(-180deg);animation-name:lmk0,lmk1,lmk2,lmk3}"))
    #expect(svg.contains(##"<circle id="lm0" class="a" cx="50" cy="50" r="40" fill="none" stroke="#3478f6" stroke-width="6" stroke-miterlimit="10" pathLength="251.33"/>"##))
  }

  @Test func aRingThatClosesLosesItsDashAtTheFrameItCloses() {
    // Seven frames, 0.6 s once: the sweep reaches a full turn at frame 4
    // and goes on to 3π. Frame 4 is 4/6 of the play, 66.6667 %, rounded
    // down so that the dash is gone at frame 4's time (0.4 s), not after.
    let pi = Double.pi
    let (document, clip) = SVGTests.arcDocument(
      start: Array(repeating: pi, count: 7), sweep: [0, -pi / 2, -pi, -3 * pi / 2, -2 * pi, -5 * pi / 2, -3 * pi])
    let svg = SVGWriter.animated(document, clip: clip)
    // Frame 0 shows nothing (sweep 0), so its dash is whatever frame 1 has.
    #expect(svg.contains("{0%{stroke-dasharray:251.34 251.34;animation-timing-function:step-end}66.666%{stroke-dasharray:none}}"))
    #expect(!svg.contains(#"stroke-dasharray=""#))
    #expect(!svg.contains(#"stroke-dashoffset=""#))
  }

  @Test func aLoopSwitchesItsDashOffAndOnAtFrameBoundaries() {
    // Eight frames of 0.1 s, looping: whole at frames 3 to 5, which start at
    // 3/8 and 6/8 of the loop; each key holds to the next, the last to 100 %.
    let full = 2 * Double.pi
    let (document, clip) = SVGTests.arcDocument(
      start: Array(repeating: 0, count: 8), sweep: [1, 1, 1, full, full, full, 1, 1], loop: true)
    let svg = SVGWriter.animated(document, clip: clip)
    #expect(svg.contains("""
      {0%{stroke-dasharray:251.34 251.34;animation-timing-function:step-end}\
      37.5%{stroke-dasharray:none;animation-timing-function:step-end}\
      75%{stroke-dasharray:251.34 251.34;animation-timing-function:step-end}}
      """))
    // A loop rests on its first frame, an arc of 1 rad: dashed.
    #expect(svg.contains(#"stroke-dasharray="251.34 251.34" stroke-dashoffset="211.34""#))
  }

  @Test func aRingWholeAtEveryFrameIsAPlainCircle() {
    let full = 2 * Double.pi
    let (document, clip) = SVGTests.arcDocument(start: [0, 1, 2], sweep: [full, -full, full])
    let svg = SVGWriter.animated(document, clip: clip)
    #expect(svg.contains(##"<circle cx="50" cy="50" r="40" fill="none" stroke="#3478f6" stroke-width="6" stroke-miterlimit="10"/>"##))
    #expect(!svg.contains("@keyframes"))
    #expect(!svg.contains("#lm0"))
  }

  @Test func aClosedSubpathSwitchesAMovingDashOff() {
    // One subpath, a full turn of radius 40 (251.33 long, gap 251.34),
    // trimmed from both ends, then whole at frames 2 and 3, then trimmed at
    // its end. The dashed run from frame 0 to 1 is one line, whose end holds
    // until the switch at 2/4; the last frame's dash is reached at 100 %.
    var path = Path()
    path.addArc(center: Point(50, 50), radius: 40, startAngle: 0, endAngle: 2 * Double.pi, clockwise: true)
    let layer = FrameDocument.Layer(id: "ring", shape: .path(path), style: Style(stroke: Color(hex: "#3478f6"), lineWidth: 6))
    let clip = FrameDocument.Clip(
      name: "main", index: .time, frameCount: 5, duration: 0.4, loop: false,
      tracks: [
        .init(layer: "ring", property: .strokeStart, values: .init(collapsing: [0.4, 0.2, 0, 0, 0])),
        .init(layer: "ring", property: .strokeEnd, values: .init(collapsing: [0.6, 0.8, 1, 1, 0.9])),
        .init(layer: "ring", property: .opacity, values: .constant(1)),
      ])
    let document = FrameDocument(preset: "ring", fps: 10, width: 100, height: 100, layers: [layer], clips: [clip])
    let svg = SVGWriter.animated(document, clip: clip)
    // Dashes of 0.2, 0.6 and 0.9 of 251.33.
    #expect(svg.contains("""
      {0%{stroke-dasharray:50.27 251.34}25%{stroke-dasharray:150.8 251.34;animation-timing-function:step-end}\
      50%{stroke-dasharray:none;animation-timing-function:step-end}100%{stroke-dasharray:226.19 251.34}}
      """))
  }

  @Test func theProgressRingLosesItsDashWhereItCloses() throws {
    // `done`: 1 s at 60 fps, 61 frames; the white ring strokes in over
    // 0.5 s and is whole from frame 30, half the play. The check, an open
    // path, cannot meet itself and keeps its dash.
    let document = try #require(Indicator.named("progress")).frames().rounded(to: .compact)
    let done = try #require(document.clips.first { $0.name == "done" })
    let svg = SVGWriter.animated(document, clip: done)
    #expect(svg.contains("@keyframes lmk0{0%{stroke-dasharray:100.55 100.55;animation-timing-function:step-end}50%{stroke-dasharray:none}}"))
    #expect(svg.contains(##"<path id="lm2" class="a" d="M27.5 28L27.5 28A16 16 0 0 1 27.5 60A16 16 0 0 1 27.5 28" fill="none" stroke="#ffffff" stroke-width="2" stroke-miterlimit="10" pathLength="100.53"/>"##))
    #expect(svg.contains(#"stroke-dasharray="23.37 23.37""#))
  }

  @Test func theDurationIsRoundedDownSoThatTheLastSwitchIsReached() throws {
    // `progress` sweeps 101 frames at 60 fps: 100/60 = 1.66667 s, written
    // 1.6666 s, so that at the last frame's time the ring, whole only at
    // that frame (100 %), has lost its dash.
    let document = try #require(Indicator.named("progress")).frames().rounded(to: .compact)
    let sweep = try #require(document.clips.first { $0.name == "progress" })
    let svg = SVGWriter.animated(document, clip: sweep)
    #expect(svg.contains(".a{animation:1.6666s linear forwards}"))
    #expect(svg.contains("{0%{stroke-dasharray:119.4 119.4;animation-timing-function:step-end}100%{stroke-dasharray:none}}"))
  }

  @Test func theSuccessBorderHasNoDashAtAll() throws {
    // The 1 pt border is a full circle at every frame.
    let document = try #require(Indicator.named("success")).frames().rounded(to: .compact)
    let svg = SVGWriter.animated(document, clip: document.clips[0])
    #expect(svg.contains(##"<circle cx="25" cy="25" r="23.5" fill="none" stroke="#f98680" stroke-width="1" stroke-miterlimit="10"/>"##))
    // The ring is whole from 2/3 s, frame 40 of 90: 44.444 %.
    #expect(svg.contains("{0%{stroke-dasharray:125.68 125.68;animation-timing-function:step-end}44.444%{stroke-dasharray:none}}"))
  }

  @Test func aLoopHoldsItsLastFrameToTheEnd() {
    let (document, clip) = SVGTests.arcDocument(start: [0, 1, 2, 3], sweep: [1, 1, 1, 1], loop: true)
    let svg = SVGWriter.animated(document, clip: clip)
    #expect(svg.contains(".a{animation:0.4s linear infinite}"))
    // Frame 3 at 75 %, held to 100 %.
    #expect(svg.contains("75%{transform:rotate(171.89deg)}100%{transform:rotate(171.89deg)}"))
  }

  @Test func idsTakeTheirPrefixForInlineUse() throws {
    let document = try #require(Indicator.named("refresh")).frames()
    let svg = SVGWriter.still(document, clip: document.clips[1], frame: 0, idPrefix: "poster3-")
    #expect(svg.contains(#"<filter id="poster3-s0""#))
    #expect(svg.contains(##"filter="url(#poster3-s0)""##))
  }

  @Test func theShadowIsADropShadowOverTheCanvas() throws {
    let document = try #require(Indicator.named("refresh")).frames()
    let svg = SVGWriter.still(document, clip: document.clips[1], frame: 0)
    #expect(svg.contains(##"<filter id="lms0" filterUnits="userSpaceOnUse" x="0" y="0" width="51" height="51" color-interpolation-filters="sRGB"><feDropShadow dx="3" dy="3" stdDeviation="5" flood-color="#000000" flood-opacity="0.1"/></filter>"##))
  }

  @Test func aOneShotsKeysSpanOnlyTheFramesWhereTheyShow() throws {
    let document = try #require(Indicator.named("success")).frames().rounded(to: .compact)
    let svg = SVGWriter.animated(document, clip: document.clips[0])
    // The ring's turn and dash end at frame 40 (44.444 %), where it is
    // whole; the base value (its last frame) follows, unseen.
    #expect(svg.contains("{0%{transform:rotate(180deg)}44.444%{transform:rotate(-180deg)}}"))
    #expect(svg.contains("{0%{stroke-dashoffset:125.68}44.444%{stroke-dashoffset:0.02}}"))
    // The check is seen from frame 61 (67.778 %): its keys start one frame
    // earlier, at frame 60 (66.667 %), so that between the two frames it
    // fades in as before.
    #expect(svg.contains("{66.667%{stroke-dashoffset:38.03;animation-timing-function:cubic-bezier("))
    #expect(svg.contains("{0%{opacity:0}66.667%{opacity:0}67.778%{opacity:1}100%{opacity:1}}"))
  }

  /// The most bytes a preset clip's animated SVG may have after `gzip -9`.
  static let gzipBudget = 4096

  @Test("each clip's animated SVG at 60 fps is at most 4 KB gzipped", arguments: Indicator.presetNames)
  func sizeBudget(name: String) throws {
    let document = try #require(Indicator.named(name)).frames().rounded(to: .compact)
    for clip in document.clips {
      let size = try gzipSize(Data(SVGWriter.animated(document, clip: clip).utf8))
      #expect(size <= SVGTests.gzipBudget, "\(name) \(clip.name): \(size) bytes gzipped")
    }
  }
}
