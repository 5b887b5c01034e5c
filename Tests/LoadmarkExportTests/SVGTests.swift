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
    // The base state is the last frame, a whole circle, turned by CSS.
    #expect(svg.contains("#lm0{transform-origin:50px 50px;transform:rotate(-180deg);animation-name:lmk0,lmk1,lmk2}"))
    #expect(svg.contains(#"stroke-dashoffset="0.01" pathLength="251.33""#))
  }

  @Test func aLoopHoldsItsLastFrameToTheEnd() {
    let (document, clip) = SVGTests.arcDocument(start: [0, 1, 2, 3], sweep: [1, 1, 1, 1], loop: true)
    let svg = SVGWriter.animated(document, clip: clip)
    #expect(svg.contains(".a{animation:0.4s linear infinite}"))
    // Frame 3 at 75 %, held to 100 %.
    #expect(svg.contains("75%{transform:rotate(171.89deg)}100%{transform:rotate(171.89deg)}"))
  }

  @Test func idsTakeTheirPrefixForInlineUse() throws {
    let document = try #require(Preset.named("refresh")).frames()
    let svg = SVGWriter.still(document, clip: document.clips[1], frame: 0, idPrefix: "poster3-")
    #expect(svg.contains(#"<filter id="poster3-s0""#))
    #expect(svg.contains(##"filter="url(#poster3-s0)""##))
  }

  @Test func theShadowIsADropShadowOverTheCanvas() throws {
    let document = try #require(Preset.named("refresh")).frames()
    let svg = SVGWriter.still(document, clip: document.clips[1], frame: 0)
    #expect(svg.contains(##"<filter id="lms0" filterUnits="userSpaceOnUse" x="0" y="0" width="51" height="51" color-interpolation-filters="sRGB"><feDropShadow dx="3" dy="3" stdDeviation="5" flood-color="#000000" flood-opacity="0.1"/></filter>"##))
  }

  /// The most bytes a preset clip's animated SVG may have after `gzip -9`.
  static let gzipBudget = 4096

  @Test("each clip's animated SVG at 60 fps is at most 4 KB gzipped", arguments: Preset.names)
  func sizeBudget(name: String) throws {
    let document = try #require(Preset.named(name)).frames().rounded(to: .compact)
    for clip in document.clips {
      let size = try gzipSize(Data(SVGWriter.animated(document, clip: clip).utf8))
      #expect(size <= SVGTests.gzipBudget, "\(name) \(clip.name): \(size) bytes gzipped")
    }
  }
}
