import Foundation
import LoadmarkCore
import LoadmarkJSON
import Testing

@testable import LoadmarkExport

/// NVActivityIndicatorShape's `.circle` and `.ring` as the library writes
/// them, `addArc(0 → 2π, clockwise: false)`, filled and stroked: full circles
/// by `Rule.arcSweep`, from the scene through the document to the SVG.
struct FullCircleArcTests {
  static let scene = #"""
    {
      "format": "loadmark-scene", "version": 2, "name": "nv-shapes", "summary": "@", "size": [60, 60],
      "layers": [
        {"id": "circle", "class": "CAShapeLayer", "fillColor": "white", "strokeColor": null,
         "path": [{"arc": {"center": [15, 30], "radius": 10, "startAngle": 0, "endAngle": "2 * pi", "clockwise": false}}]},
        {"id": "ring", "class": "CAShapeLayer", "fillColor": null, "strokeColor": "white", "lineWidth": 2, "strokeEnd": 0.25,
         "path": [{"arc": {"center": [45, 30], "radius": 10, "startAngle": 0, "endAngle": "2 * pi", "clockwise": false}}]}
      ],
      "clips": [{"name": "still", "duration": 1, "script": []}]
    }
    """#

  func document() throws -> FrameDocument {
    try SceneReader.decode(Self.scene, source: "nv-shapes.scene.json").frames(fps: 10)
  }

  @Test func theFilledCircleIsADotAndTheRingAWholeTurnAnticlockwise() throws {
    let document = try document()
    #expect(document.layers[0].shape == .dot(center: Point(15, 30), radius: 10))
    // One subpath from the point at angle 0, (45 + 10, 30), through −2π.
    let ring = Path([.init(start: Point(55, 30), segments: [.arc(Arc(center: Point(45, 30), radius: 10, start: 0, sweep: -2 * Double.pi))])])
    #expect(document.layers[1].shape == .path(ring))
    // Its length is the whole circumference, 20π, so strokeEnd 0.25 trims a
    // quarter turn, anticlockwise from angle 0 to −π/2.
    #expect(ring.length == 20 * Double.pi)
  }

  @Test func theSVGDrawsBothCircles() throws {
    let document = try document()
    let svg = SVGWriter.still(document, clip: document.clips[0], frame: 0)
    #expect(svg.contains(##"<circle cx="15" cy="30" fill="#ffffff" r="10"/>"##))
    // The whole ring, anticlockwise (sweep flag 0) in two halves, trimmed by
    // a dash: its length 20π = 62.83; the gap 62.85 (62.832 rounded up, plus
    // 0.01); the dash a quarter of 20π, 15.71, so the offset 62.85 − 15.71.
    #expect(svg.contains(
      ##"d="M55 30A10 10 0 0 0 35 30A10 10 0 0 0 55 30" fill="none" stroke="#ffffff" stroke-width="2" "##
        + #"stroke-miterlimit="10" stroke-dasharray="62.85 62.85" stroke-dashoffset="47.14" pathLength="62.83""#),
      "\(svg)")
  }

  /// BallPulse's way: the library's circle in a layer of its own, scaled
  /// about its centre. It was refused before, the path drawing nothing.
  @Test func theLibrarysCircleScalesAboutItsCentre() throws {
    let text = #"""
      {
        "format": "loadmark-scene", "version": 2, "name": "pulse", "summary": "@", "size": [60, 60],
        "layers": [
          {"id": "circle", "class": "CAShapeLayer", "frame": [5, 20, 20, 20], "fillColor": "white", "strokeColor": null,
           "path": [{"arc": {"center": [10, 10], "radius": 10, "startAngle": 0, "endAngle": "2 * pi", "clockwise": false}}]}
        ],
        "clips": [{"name": "pulse", "duration": 1, "script": [
          {"layer": "circle", "add": {"type": "basic", "keyPath": "transform.scale", "from": 0, "to": 1, "duration": 1}}
        ]}]
      }
      """#
    let document = try SceneReader.decode(text, source: "pulse.scene.json").frames(fps: 4)
    // The frame's origin plus the path's centre: (5 + 10, 20 + 10).
    #expect(document.layers[0].shape == .dot(center: Point(15, 30), radius: 10))
    // Linear 0 → 1 in 1 s: 0.25 at 0.25 s.
    #expect(document.clips[0].track("circle.scale")?.value(at: 1) == 0.25)
  }

  @Test func untrimmedTheRingIsTwoHalfArcs() throws {
    let text = Self.scene.replacingOccurrences(of: #", "strokeEnd": 0.25"#, with: "")
    let document = try SceneReader.decode(text, source: "nv-shapes.scene.json").frames(fps: 10)
    let svg = SVGWriter.still(document, clip: document.clips[0], frame: 0)
    // Halves, since one SVG arc cannot end where it starts: (55, 30) to
    // (35, 30) to (55, 30), both anticlockwise.
    #expect(svg.contains(#"d="M55 30A10 10 0 0 0 35 30A10 10 0 0 0 55 30""#), "\(svg)")
  }
}
