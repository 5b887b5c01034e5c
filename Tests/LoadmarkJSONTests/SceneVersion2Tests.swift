import Foundation
import LoadmarkCore
import LoadmarkJSON
import Testing

/// What scene version 2 adds: the colour roles `secondary` and `surface`, and
/// progress clips' `domain`, `repeatFrom` and `finish`; an implicit set in a
/// progress clip gives it a transition. Version 1 scenes know none of it.
@Suite("Scene version 2")
struct SceneVersion2Tests {
  static let text = #"""
    {
      "format": "loadmark-scene", "version": 2, "name": "bar", "summary": "@", "size": [40, 40],
      "layers": [
        {"id": "ring", "class": "CAShapeLayer", "strokeColor": "red", "fillColor": null, "strokeEnd": 0, "roles": ["accent", "line"],
         "path": [{"arc": {"center": [20, 20], "radius": 10, "startAngle": 0, "endAngle": "2*pi", "clockwise": true}}]},
        {"id": "mark", "class": "CAShapeLayer", "strokeColor": "white", "fillColor": null, "hidden": true, "roles": ["secondary"],
         "path": [{"move": [10, 20]}, {"line": [30, 20]}]},
        {"id": "card", "frame": [0, 0, 40, 40], "backgroundColor": "white", "roles": ["surface"]}
      ],
      "clips": [
        {"name": "fill", "index": "progress", "domain": [0, 2], "repeatFrom": 1, "finish": "done",
         "script": [{"layer": "ring", "set": {"strokeEnd": "p - trunc(p)"}, "implicit": true}]},
        {"name": "done", "duration": 0.5, "script": [{"layer": "mark", "set": {"hidden": false}}]}
      ]
    }
    """#

  func compile(_ text: String) throws(DocumentError) -> Indicator {
    try SceneReader.decode(text, source: "bar.scene.json")
  }

  /// The message compiling `text` with `old` replaced by `new` gives.
  func failure(_ old: String, _ new: String, in text: String = SceneVersion2Tests.text) throws -> String {
    let edited = try text.replacingOnce(old, with: new)
    return try #require(throws: DocumentError.self) { try compile(edited) }.description
  }

  @Test func theScenesNewFieldsReachTheDocument() throws {
    let preset = try compile(Self.text)
    let document = preset.frames(fps: 60, progressSamples: 11)
    #expect(document.layers.map { $0.role } == [.accent, .secondary, .surface])
    let fill = try #require(document.clip("fill"))
    #expect(fill.domain == ProgressDomain(lower: 0, upper: 2, repeatFrom: 1))
    #expect(fill.frameCount == 21)
    #expect(fill.finish == "done")
    // Frames show the settled state: strokeEnd p − trunc(p), not the implicit animation's first instant.
    #expect(fill.track("ring.strokeEnd")?.value(at: 5) == 0.5)
    #expect(fill.track("ring.strokeEnd")?.value(at: 15) == 0.5)
    #expect(fill.track("ring.strokeEnd")?.value(at: 20) == 0)
    #expect(fill.transition == preset.transition(fps: 60))
    #expect(document.clip("done")!.transition == nil)
    // The compiled image keeps all of it.
    let image = SceneImage.encode(preset)
    let decoded = try #require(image.withUnsafeBytes { SceneImage.decode($0) })
    #expect(decoded.frames(fps: 60, progressSamples: 11) == document)
  }

  @Test func aProgressClipWithoutImplicitSetsHasNoTransition() throws {
    let preset = try compile(Self.text.replacingOccurrences(of: #", "implicit": true"#, with: ""))
    #expect(preset.frames().clip("fill")!.transition == nil)
  }

  @Test func badVersion2FieldsAreLocated() throws {
    #expect(try failure(#""domain": [0, 2]"#, #""domain": [2, 0]"#)
      == "bar.scene.json: clips[0].domain: expected [from, to] with from < to and to − from ≤ 16, got [2, 0]")
    #expect(try failure(#""domain": [0, 2]"#, #""domain": [0, 20]"#)
      == "bar.scene.json: clips[0].domain: expected [from, to] with from < to and to − from ≤ 16, got [0, 20]")
    #expect(try failure(#""repeatFrom": 1"#, #""repeatFrom": 2"#)
      == "bar.scene.json: clips[0].repeatFrom: expected a progress from 0 up to but not including 2, got 2")
    #expect(try failure(#""finish": "done""#, #""finish": "gone""#) == #"bar.scene.json: clips[0].finish: unknown clip "gone""#)
    #expect(try failure(#""finish": "done""#, #""finish": "fill""#)
      == #"bar.scene.json: clips[0].finish: clip "fill" is a progress clip; a progress clip finishes with a time clip"#)
    #expect(try failure(#""duration": 0.5,"#, #""duration": 0.5, "domain": [0, 1],"#)
      == "bar.scene.json: clips[1].domain: only a progress clip has this field")
    #expect(try failure(#""roles": ["secondary"]"#, #""roles": ["secondary", "accent"]"#)
      == #"bar.scene.json: layers[1].roles[1]: a layer takes one theme colour: "accent", "secondary" or "surface""#)
    #expect(try failure(#""version": 2"#, #""version": 3"#)
      == "bar.scene.json: version: unsupported version 3; this build reads versions 1 and 2")
  }

  @Test func version1KnowsNoneOfIt() throws {
    let version1 = Self.text.replacingOccurrences(of: #""version": 2"#, with: #""version": 1"#)
    // Clips are read before the layers' drawings.
    #expect(try failure("@", "@", in: version1) == #"bar.scene.json: clips[0]: unknown field "domain""#)
    let plainClips = version1.replacingOccurrences(of: #""domain": [0, 2], "repeatFrom": 1, "finish": "done","#, with: "")
    #expect(try failure(#""roles": ["secondary"]"#, #""roles": ["line"]"#, in: plainClips)
      == #"bar.scene.json: layers[2].roles[0]: expected one of "accent" or "line", got "surface""#)
  }

  @Test func thePresetsAreTheVersion2Scenes() throws {
    let progress = try #require(Indicator.named("progress"))
    #expect(progress.clip("progress")!.finish == 2)
    #expect(progress.clip("progress")!.animatesImplicitly)
    let refresh = try #require(Indicator.named("refresh"))
    #expect(refresh.clip("pull")!.domain == ProgressDomain(lower: 0, upper: 2, repeatFrom: 1))
    #expect(!refresh.clip("pull")!.animatesImplicitly)
  }
}
