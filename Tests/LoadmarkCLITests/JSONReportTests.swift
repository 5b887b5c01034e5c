import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

@testable import loadmark

/// `--json` on validate, info, diff and list: one object per run, read here
/// with Foundation's parser (not Jansson, which writes it), its values
/// checked against the reader's, and every field it can hold documented in
/// docs/CLI.md, and nothing documented that it never holds.
struct JSONReportTests {
  /// A sandbox with documents, scenes and broken files to report on.
  func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "dots", "success", "--tracks", "plain", "-o", "./", "-q").status == 0)
    #expect(try sandbox.run("new", "ring.scene.json", "-q").status == 0)
    let starter = try sandbox.text("ring.scene.json")
    try sandbox.write(starter.replacingOccurrences(of: #""layer": "ring", "add": "grow""#, with: #""layer": "rings", "add": "grow""#), to: "field.scene.json")
    // Valid, but never visible: a warning.
    try sandbox.write(starter.replacingOccurrences(of: #""strokeEnd": 0.05,"#, with: #""strokeEnd": 0.05, "opacity": 0,"#), to: "unseen.scene.json")
    try sandbox.write("{\"format\":", to: "broken.json")
    try sandbox.write(try sandbox.text("dots.json").replacingOccurrences(of: "\"version\":\(FrameDocument.lowestWrittenVersion)", with: "\"version\":7"), to: "version.json")
    let changed = try #require(DocumentText.replacingFrame(13, ofTrack: "dot1.scale", in: try sandbox.text("dots.json"), with: "0.25"))
    try sandbox.write(changed, to: "changed.json")
    try FileManager.default.createDirectory(atPath: sandbox.path("scenes"), withIntermediateDirectories: false)
    try sandbox.write(starter, to: "scenes/ring.scene.json")
    try sandbox.write("{\"format\":", to: "scenes/broken.scene.json")
    try sandbox.write(try sandbox.text("field.scene.json"), to: "scenes/field.scene.json")
    return sandbox
  }

  /// The one object `loadmark arguments --json` writes, and its exit code.
  func report(_ sandbox: Sandbox, _ arguments: [String]) throws -> (object: [String: Any], status: Int32) {
    let result = try sandbox.run(arguments + ["--json"])
    #expect(result.output.hasSuffix("}\n") && result.output.filter { $0 == "\n" }.count == 1, "one line: \(arguments)")
    let object = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any])
    #expect(object["command"] as? String == arguments[0])
    #expect((object["exitCode"] as? NSNumber)?.int32Value == result.status)
    return (object, result.status)
  }

  /// The runs whose reports, together, hold every field a command reports.
  static let runs: [String: [[String]]] = [
    "validate": [["validate", "dots.json", "ring.scene.json", "field.scene.json", "unseen.scene.json", "broken.json", "missing.json"]],
    "info": [["info", "dots.json"], ["info", "broken.json"], ["info", "version.json"], ["info", "missing.json"]],
    "diff": [
      ["diff", "dots.json", "changed.json"], ["diff", "dots.json", "success.json"], ["diff", "dots.json", "broken.json"],
      ["diff", "version.json", "dots.json"], ["diff", "missing.json", "dots.json"],
    ],
    "list": [["list"], ["list", "scenes"]],
  ]

  @Test(arguments: ["validate", "info", "diff", "list"])
  func everyFieldIsDocumentedAndEveryDocumentedFieldOccurs(_ command: String) throws {
    let sandbox = try sandbox()
    var seen: Set<String> = []
    for arguments in Self.runs[command]! {
      seen.formUnion(Self.paths(try report(sandbox, arguments).object))
    }
    let documented = try Self.documentedPaths(command)
    #expect(seen.subtracting(documented).isEmpty, "undocumented: \(seen.subtracting(documented).sorted())")
    #expect(documented.subtracting(seen).isEmpty, "never written: \(documented.subtracting(seen).sorted())")
  }

  @Test func validateReportsEachFileAsTheReaderReadsIt() throws {
    let sandbox = try sandbox()
    let (object, status) = try report(sandbox, ["validate", "dots.json", "ring.scene.json", "broken.json", "missing.json", "field.scene.json"])
    #expect(status == 65)
    let files = try #require(object["files"] as? [[String: Any]])
    #expect(files.map { $0["file"] as? String } == ["dots.json", "ring.scene.json", "broken.json", "missing.json", "field.scene.json"])
    #expect(files.map { $0["valid"] as? Bool } == [true, true, false, false, false])
    let dots = try DocumentReader.read(path: sandbox.path("dots.json"))
    #expect(files[0]["preset"] as? String == "dots" && files[0]["kind"] as? String == "document")
    #expect(files[0]["frames"] as? Int == dots.clips.reduce(0) { $0 + $1.frameCount })
    #expect(files[1]["scene"] as? String == "ring" && files[1]["layers"] as? Int == 1 && files[1]["clips"] as? Int == 2)
    let broken = try #require(files[2]["error"] as? [String: Any])
    let readerError = try #require(throws: DocumentError.self) { try DocumentReader.read(path: sandbox.path("broken.json")) }
    guard case .position(let line, let column) = readerError.location else { Issue.record("no position"); return }
    #expect(broken["kind"] as? String == "data" && broken["message"] as? String == readerError.message)
    #expect(broken["line"] as? Int == line && broken["column"] as? Int == column)
    let missing = try #require(files[3]["error"] as? [String: Any])
    #expect(missing["kind"] as? String == "read")
    #expect(missing["message"] as? String == "cannot read \"missing.json\": No such file or directory")
    let field = try #require(files[4]["error"] as? [String: Any])
    #expect(field["field"] as? String == "clips[0].script[0].layer" && field["message"] as? String == "unknown layer \"rings\"")
    // Only the unreadable file: exit 74.
    #expect(try report(sandbox, ["validate", "dots.json", "missing.json"]).status == 74)
  }

  @Test func infoReportsWhatTheReaderReads() throws {
    let sandbox = try sandbox()
    let (object, status) = try report(sandbox, ["info", "dots.json"])
    #expect(status == 0)
    let document = try DocumentReader.read(path: sandbox.path("dots.json"))
    #expect(object["preset"] as? String == document.preset)
    #expect(object["width"] as? Double == document.width && object["height"] as? Double == document.height)
    #expect(object["fps"] as? Double == document.fps && object["version"] as? Int == 2)
    let layers = try #require(object["layers"] as? [[String: Any]])
    #expect(layers.map { $0["id"] as? String } == document.layers.map(\.id))
    for (report, layer) in zip(layers, document.layers) {
      let values = try #require(report["values"] as? [String: Any])
      guard case .dot(let center, let radius) = layer.shape else { Issue.record("not a dot"); continue }
      #expect(values["center.x"] as? Double == center.x && values["center.y"] as? Double == center.y)
      #expect(values["radius"] as? Double == radius)
      #expect(values["fill"] as? String == layer.style.fill?.hex && values["stroke"] as? String == "none")
    }
    let clips = try #require(object["clips"] as? [[String: Any]])
    for (report, clip) in zip(clips, document.clips) {
      #expect(report["frames"] as? Int == clip.frameCount && report["duration"] as? Double == clip.duration)
      let tracks = try #require(report["tracks"] as? [[String: Any]])
      #expect(tracks.map { $0["key"] as? String } == clip.tracks.map(\.key))
      for (track, values) in zip(tracks, clip.tracks) {
        let all = (0..<clip.frameCount).map { values.value(at: $0) }
        #expect(track["min"] as? Double == all.min() && track["max"] as? Double == all.max(), "\(values.key)")
      }
    }
  }

  @Test func diffReportsTheDeviationAndTheFirstFrame() throws {
    let sandbox = try sandbox()
    let (object, status) = try report(sandbox, ["diff", "dots.json", "changed.json", "--tolerance", "0.1"])
    #expect(status == 1)
    #expect(object["matches"] as? Bool == false && object["tolerance"] as? Double == 0.1)
    #expect(object["tracksCompared"] as? Int == 6 && object["tracksOverTolerance"] as? Int == 1)
    let clip = try #require((object["clips"] as? [[String: Any]])?.first)
    let tracks = try #require(clip["tracks"] as? [[String: Any]])
    let changed = try #require(tracks.first { $0["key"] as? String == "dot1.scale" })
    let document = try DocumentReader.read(path: sandbox.path("dots.json"))
    let original = try #require(document.clips[0].track("dot1.scale")).value(at: 13)
    #expect(changed["maxDeviation"] as? Double == abs(original - 0.25))
    #expect(changed["firstFrameOverTolerance"] as? Int == 13 && changed["result"] as? String == "differs")
    let unchanged = try #require(tracks.first { $0["key"] as? String == "dot0.scale" })
    #expect(unchanged["firstFrameOverTolerance"] is NSNull && unchanged["result"] as? String == "equal")

    let failed = try report(sandbox, ["diff", "dots.json", "missing.json"])
    #expect(failed.status == 74)
    let error = try #require(failed.object["error"] as? [String: Any])
    #expect(error["file"] as? String == "missing.json" && error["kind"] as? String == "read")
  }

  @Test func listReportsThePresetsAndAFoldersScenes() throws {
    let sandbox = try sandbox()
    let (presets, status) = try report(sandbox, ["list"])
    #expect(status == 0 && presets["folder"] is NSNull)
    let indicators = try #require(presets["indicators"] as? [[String: Any]])
    #expect(indicators.map { $0["name"] as? String } == Indicator.builtInNames)
    // The presets' frame counts at 60 fps, as README's table gives them; the catalogue follows.
    let frames = indicators.prefix(5).flatMap { ($0["clips"] as? [[String: Any]] ?? []).map { "\($0["name"]!)=\($0["frames"]!)" } }
    #expect(frames == ["main=91", "main=91", "demo=127", "progress=101", "done=61", "loop=45", "pull=201", "spin=48"])

    let (folder, folderStatus) = try report(sandbox, ["list", "scenes"])
    #expect(folderStatus == 65 && folder["folder"] as? String == "scenes")
    let scenes = try #require(folder["indicators"] as? [[String: Any]])
    #expect(scenes.map { $0["file"] as? String } == ["scenes/ring.scene.json"])
    let errors = try #require(folder["errors"] as? [[String: Any]])
    #expect(errors.map { $0["file"] as? String } == ["scenes/broken.scene.json", "scenes/field.scene.json"])
  }

  /// Every path in `value`: `files[].error.line`; the values of
  /// `layers[].values`, named after the document's fields, are one path.
  static func paths(_ value: Any, prefix: String = "") -> Set<String> {
    var found: Set<String> = []
    if let object = value as? [String: Any] {
      for (key, member) in object {
        let path = prefix.isEmpty ? key : prefix + "." + key
        found.insert(path)
        if path != "layers[].values" { found.formUnion(paths(member, prefix: path)) }
      }
    } else if let array = value as? [Any] {
      for element in array { found.formUnion(paths(element, prefix: prefix + "[]")) }
    }
    return found
  }

  /// The fields docs/CLI.md gives `command`'s report: those every report
  /// starts with, and the first column of its own table.
  static func documentedPaths(_ command: String) throws -> Set<String> {
    let text = String(decoding: try Repository.data("docs/CLI.md"), as: UTF8.self)
    func fields(after heading: String) throws -> Set<String> {
      let section = try #require(text.components(separatedBy: heading + "\n").dropFirst().first)
      var paths: Set<String> = []
      for line in section.split(separator: "\n").drop(while: { !$0.hasPrefix("|") }).prefix(while: { $0.hasPrefix("|") }) {
        let cell = line.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
        for (index, part) in cell.split(separator: "`").enumerated() where index % 2 == 1 {
          paths.insert(String(part))
        }
      }
      return paths
    }
    return try fields(after: "## JSON reports").union(fields(after: "### \(command) --json"))
  }
}
