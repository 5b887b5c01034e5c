import Foundation
import LoadmarkTestSupport
import Testing

/// `loadmark validate` on scenes: every error listed, each at the field
/// that causes it, and warnings (exit 0) of what draws nothing.
struct ValidateSceneDiagnosticsTests {
  static let corpus = Repository.root.appendingPathComponent("Tests/Fixtures/multi-error-scenes")

  /// The starter scene with a change; the starter draws a 40 × 40 ring that turns.
  func starter(_ edit: (inout [String: Any]) -> Void) throws -> Sandbox {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("new", "ring.scene.json", "-q").status == 0)
    var scene = try #require(try JSONSerialization.jsonObject(with: Data(try sandbox.text("ring.scene.json").utf8)) as? [String: Any])
    edit(&scene)
    try sandbox.write(String(decoding: try JSONSerialization.data(withJSONObject: scene), as: UTF8.self), to: "edited.scene.json")
    return sandbox
  }

  @Test func everyErrorIsListedInTheOrderTheReaderMeetsThem() throws {
    let sandbox = try Sandbox()
    try sandbox.write(try String(contentsOf: Self.corpus.appendingPathComponent("several-fields.scene.json"), encoding: .utf8), to: "bad.scene.json")
    let result = try sandbox.run("validate", "bad.scene.json")
    #expect(result.status == 65)
    #expect(result.output.isEmpty)
    #expect(result.standardError == """
      loadmark validate: bad.scene.json: animations["grow"].duration: expected a number ≥ 0, got -1
      loadmark validate: bad.scene.json: clips[0].script[1].layer: unknown layer "rings"
      loadmark validate: bad.scene.json: clips[1].script[0].set["strokeEnd"]: expression "0.05 + * p" does not parse: expected a number, a name or "(" (character 8)
      loadmark validate: bad.scene.json: layers[0].lineWidth: expected a number ≥ 0, got -4

      """)
    // export stops at the first, and writes nothing.
    let export = try sandbox.run("export", "bad.scene.json", "-o", "bad.json")
    #expect(export.status == 65)
    #expect(export.standardError == #"loadmark export: bad.scene.json: animations["grow"].duration: expected a number ≥ 0, got -1"# + "\n")
    #expect(!FileManager.default.fileExists(atPath: sandbox.path("bad.json")))
  }

  @Test func pastTwentyErrorsTheRestAreCounted() throws {
    let sandbox = try Sandbox()
    try sandbox.write(try String(contentsOf: Self.corpus.appendingPathComponent("more-than-twenty.scene.json"), encoding: .utf8), to: "many.scene.json")
    let result = try sandbox.run("validate", "many.scene.json")
    #expect(result.status == 65)
    let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 22)
    #expect(lines[19] == #"loadmark validate: many.scene.json: clips[0].script[19].layer: unknown layer "ring19""#)
    #expect(lines[20] == "loadmark validate: many.scene.json: and 5 more errors (the first 20 are listed)")
    #expect(lines[21].isEmpty)
  }

  @Test func theJSONReportListsEveryErrorAndCountsThem() throws {
    let sandbox = try Sandbox()
    try sandbox.write(try String(contentsOf: Self.corpus.appendingPathComponent("caused-by-scripts.scene.json"), encoding: .utf8), to: "bad.scene.json")
    let result = try sandbox.run("validate", "--json", "bad.scene.json")
    #expect(result.status == 65)
    let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
    let file = try #require((object["files"] as? [[String: Any]])?.first)
    let errors = try #require(file["errors"] as? [[String: String]])
    #expect(errors.map { $0["field"] } == [
      "clips[0].script[0].add.animations[1].values[1]", #"animations["turn"].calculationMode"#, #"clips[1].script[0].set["position"]"#,
    ])
    #expect(errors.allSatisfy { $0["kind"] == "data" })
    #expect(errors[2]["message"] == #""position" is a point: animate it with values [x, y], or set its ".x" and ".y" one by one"#)
    #expect(file["errorCount"] as? Int == 3)
    // `error` is the first, as before the list.
    #expect((file["error"] as? [String: String]) == errors[0])
  }

  @Test func thePresetsWarnOfNothing() throws {
    let sandbox = try Sandbox()
    let presets = ["dots", "error", "progress", "refresh", "success"].map { Repository.root.appendingPathComponent("presets/\($0).scene.json").path }
    let result = try sandbox.run(["validate"] + presets)
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    let report = try sandbox.run(["validate", "--json"] + presets)
    let object = try #require(try JSONSerialization.jsonObject(with: report.standardOutput) as? [String: Any])
    let files = try #require(object["files"] as? [[String: Any]])
    #expect(files.count == 5)
    #expect(files.allSatisfy { ($0["warnings"] as? [Any])?.isEmpty == true })
  }

  struct Warning: CustomTestStringConvertible, Sendable {
    var name: String
    var message: String
    var edit: @Sendable (inout [String: Any]) -> Void
    var testDescription: String { name }
  }

  static let warnings: [Warning] = [
    Warning(name: "opacity 0 throughout", message: #""ring" draws nothing: its opacity is 0 in every frame of every clip"#) {
      layers(&$0) { $0["opacity"] = 0 }
    },
    Warning(name: "hidden", message: #""ring" draws nothing: its opacity is 0 in every frame of every clip"#) {
      layers(&$0) { $0["hidden"] = true }
    },
    Warning(name: "an arc that sweeps nothing", message: #""ring" draws nothing: its arc sweeps no angle in any frame of any clip"#) {
      layers(&$0) { layer in
        layer["lineCap"] = "butt"
        var path = layer["path"] as! [[String: Any]]
        var arc = path[0]["arc"] as! [String: Any]
        arc["endAngle"] = "-90deg"
        path[0]["arc"] = arc
        layer["path"] = path
      }
    },
    Warning(name: "no stroke", message: #""ring" draws nothing: an arc with no stroke"#) {
      layers(&$0) { $0["strokeColor"] = NSNull() }
    },
    Warning(name: "a radius of 0", message: #""ring" draws nothing: its arc has a radius of 0"#) {
      layers(&$0) { layer in
        layer["lineCap"] = "butt"
        var path = layer["path"] as! [[String: Any]]
        var arc = path[0]["arc"] as! [String: Any]
        arc["radius"] = 0
        path[0]["arc"] = arc
        layer["path"] = path
      }
    },
  ]

  /// Edits the starter's one layer.
  static func layers(_ scene: inout [String: Any], _ edit: (inout [String: Any]) -> Void) {
    var layers = scene["layers"] as! [[String: Any]]
    edit(&layers[0])
    scene["layers"] = layers
  }

  @Test(arguments: warnings)
  func whatDrawsNothingIsAWarning(_ warning: Warning) throws {
    let sandbox = try starter(warning.edit)
    let result = try sandbox.run("validate", "edited.scene.json")
    #expect(result.status == 0)
    #expect(result.output == "edited.scene.json: ok (scene ring, 1 layer, 2 clips)\n")
    #expect(result.standardError == "loadmark validate: edited.scene.json: layers[0]: warning: \(warning.message)\n")
    let report = try sandbox.run("validate", "--json", "edited.scene.json")
    #expect(report.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: report.standardOutput) as? [String: Any])
    let file = try #require((object["files"] as? [[String: Any]])?.first)
    #expect((file["warnings"] as? [[String: String]]) == [["field": "layers[0]", "message": warning.message]])
  }

  /// A filled circle whose scale is 0 for one whole clip, and a path of no length.
  @Test func aDotOfScaleZeroForAClipAndAPathOfNoLength() throws {
    let sandbox = try Sandbox()
    try sandbox.write("""
      {"format": "loadmark-scene", "version": 1, "name": "dot", "size": [20, 20],
       "layers": [
         {"id": "dot", "class": "CAShapeLayer", "frame": [0, 0, 20, 20], "path": [{"oval": [5, 5, 10, 10]}], "fillColor": "red"},
         {"id": "point", "class": "CAShapeLayer", "frame": [0, 0, 20, 20], "fillColor": "red", "strokeColor": "blue",
          "path": [{"arc": {"center": [10, 10], "radius": 4, "startAngle": 0, "endAngle": 0, "clockwise": true}}]}],
       "clips": [
         {"name": "shown", "index": "progress", "script": [{"layer": "dot", "set": {"transform.scale": "p"}}]},
         {"name": "gone", "index": "progress", "script": [{"layer": "dot", "set": {"transform.scale": 0}}]}]}
      """, to: "dot.scene.json")
    let result = try sandbox.run("validate", "dot.scene.json")
    #expect(result.status == 0)
    #expect(result.standardError == """
      loadmark validate: dot.scene.json: layers[0]: warning: "dot" draws nothing in clip "gone": its scale is 0 in every frame
      loadmark validate: dot.scene.json: layers[1]: warning: "point" draws nothing: its path has no length

      """)
  }

  /// The same scenes mended draw: no warning (a perturbation of the above).
  @Test func aSceneThatDrawsHasNoWarning() throws {
    let sandbox = try starter { Self.layers(&$0) { $0["opacity"] = 0.5 } }
    let result = try sandbox.run("validate", "edited.scene.json")
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
  }
}
