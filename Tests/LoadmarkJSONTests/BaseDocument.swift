import Foundation
import LoadmarkCore

/// A valid document as a person might write it, with line breaks so that
/// parse errors have interesting positions, and the FrameDocument it stands
/// for, built independently.
enum BaseDocument {
  static let text = ##"""
    {
      "format": "loadmark",
      "version": 1,
      "preset": "success",
      "fps": 60,
      "width": 40,
      "height": 40,
      "layers": [
        {"id": "ring", "kind": "arc", "center": [20, 20], "radius": 17, "stroke": "#3478F6", "lineWidth": 3, "accent": true},
        {"id": "check", "kind": "path", "subpaths": [{"move": [12, 21], "segments": [{"line": [18, 27]}, {"arc": [20, 20, 5, 0, -1.5]}]}], "stroke": "#ffffff"},
        {"id": "dot", "kind": "dot", "center": [20, 20], "radius": 2, "fill": "#ff0000cc", "lineCap": "round"},
        {"id": "bg", "kind": "roundedRect", "rect": [0, 0, 40, 40], "cornerRadius": 8, "fill": "#000000",
         "shadow": {"color": "#000000", "opacity": 0.5, "offset": [0, 1], "radius": 3}}
      ],
      "clips": [
        {"name": "success", "index": "time", "frames": 13, "duration": 0.2, "loop": false, "tracks": {
          "ring.start": 0, "ring.sweep": [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6], "ring.opacity": 1,
          "check.strokeStart": 0, "check.strokeEnd": 1, "check.opacity": 1,
          "dot.scale": 1, "dot.opacity": 0, "bg.opacity": 1}},
        {"name": "drag", "index": "progress", "frames": 3, "loop": false, "tracks": {
          "ring.start": 0, "ring.sweep": [0, 3.0, 6.0], "ring.opacity": 1,
          "check.strokeStart": 0, "check.strokeEnd": 0, "check.opacity": 0,
          "dot.scale": 1, "dot.opacity": 0, "bg.opacity": 1}}
      ]
    }
    """##

  /// `text` as version 2: the ring's role spelt `role`, and the progress
  /// clip with a domain past 1, a repeat, a transition and a finish.
  static let version2Text = text
    .replacingOccurrences(of: ##""version": 1,"##, with: ##""version": 2,"##)
    .replacingOccurrences(of: ##""accent": true"##, with: ##""role": "accent""##)
    .replacingOccurrences(
      of: ##""frames": 3, "loop": false,"##,
      with: ##""frames": 3, "loop": false, "domain": [0, 2], "repeatFrom": 1, "transition": {"duration": 0.05, "frames": 4, "values": [0, 0.5, 0.9, 1]}, "finish": "success","##)

  /// What `version2Text` stands for.
  static var version2Document: FrameDocument {
    var document = self.document
    document.clips[1].domain = ProgressDomain(lower: 0, upper: 2, repeatFrom: 1)
    document.clips[1].transition = FrameDocument.Transition(duration: 0.05, frameCount: 4, values: .frames([0, 0.5, 0.9, 1]))
    document.clips[1].finish = "success"
    return document
  }

  /// `text` with `old`, which must occur exactly once, replaced by `new`.
  static func replacing(_ old: String, with new: String) throws -> String {
    try text.replacingOnce(old, with: new)
  }

  /// What `text` stands for.
  static var document: FrameDocument {
    func constant(_ layer: String, _ property: FrameDocument.TrackProperty, _ value: Double) -> Track {
      Track(layer: layer, property: property, values: .constant(value))
    }
    let layers = [
      Layer(
        id: "ring", shape: .arc(center: Point(20, 20), radius: 17),
        style: Style(stroke: Color(red: 0x34, green: 0x78, blue: 0xf6), lineWidth: 3), role: .accent),
      Layer(
        id: "check",
        shape: .path(
          Path([
            Path.Subpath(
              start: Point(12, 21),
              segments: [.line(to: Point(18, 27)), .arc(Arc(center: Point(20, 20), radius: 5, start: 0, sweep: -1.5))])
          ])),
        style: Style(stroke: .white)),
      Layer(
        id: "dot", shape: .dot(center: Point(20, 20), radius: 2),
        style: Style(fill: Color(red: 255, green: 0, blue: 0, alpha: 0xcc), lineCap: .round)),
      Layer(
        id: "bg", shape: .roundedRect(Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 8),
        style: Style(fill: .black, shadow: Shadow(color: .black, opacity: 0.5, offset: Point(0, 1), radius: 3))),
    ]
    let success = Clip(
      name: "success", index: .time, frameCount: 13, duration: 0.2, loop: false,
      tracks: [
        constant("ring", .start, 0),
        Track(layer: "ring", property: .sweep, values: .frames((0...12).map { Double($0) / 2 })),
        constant("ring", .opacity, 1),
        constant("check", .strokeStart, 0), constant("check", .strokeEnd, 1), constant("check", .opacity, 1),
        constant("dot", .scale, 1), constant("dot", .opacity, 0), constant("bg", .opacity, 1),
      ])
    let drag = Clip(
      name: "drag", index: .progress, frameCount: 3, duration: 0, loop: false,
      tracks: [
        constant("ring", .start, 0),
        Track(layer: "ring", property: .sweep, values: .frames([0, 3, 6])),
        constant("ring", .opacity, 1),
        constant("check", .strokeStart, 0), constant("check", .strokeEnd, 0), constant("check", .opacity, 0),
        constant("dot", .scale, 1), constant("dot", .opacity, 0), constant("bg", .opacity, 1),
      ])
    return FrameDocument(preset: "success", fps: 60, width: 40, height: 40, layers: layers, clips: [success, drag])
  }
}
