import Foundation
import Testing

@testable import loadmark

/// Every command writes only inside its `-o` folder: a name read from a
/// file's contents (a scene's `name`, a clip's) is a file name stem only if
/// it can be one, so that `../package` cannot replace `./package.json`.
struct OutputConfinementTests {
  /// What the scene reader says of a name that cannot be a file name stem.
  static let rule =
    #"expected a name for output files: at most 100 ASCII letters, digits, "_", "-" and ".", the first a letter, digit or "_""#

  /// Every file and folder under `url`, as paths relative to it, sorted.
  static func tree(_ url: URL) throws -> [String] {
    let paths = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []
    return paths.sorted()
  }

  /// A project folder beside the one the commands run in, which a
  /// traversing name would reach: `proj/package.json` and the scene, in a
  /// sandbox whose top level holds nothing else.
  static func project(scene: String) throws -> (sandbox: Sandbox, project: URL) {
    let sandbox = try Sandbox()
    let project = sandbox.url.appendingPathComponent("proj")
    try FileManager.default.createDirectory(at: project, withIntermediateDirectories: false)
    try Data(#"{"name":"victim"}"#.utf8).write(to: project.appendingPathComponent("package.json"))
    try Data(scene.utf8).write(to: project.appendingPathComponent("evil.scene.json"))
    return (sandbox, project)
  }

  @Test(arguments: [
    (#""name": "ring""#, #""name": "../package""#, "name", #""../package""#),
    (#""name": "ring""#, #""name": "/tmp/x""#, "name", #""/tmp/x""#),
    (#""name": "spin""#, #""name": "../../x""#, "clips[0].name", #""../../x""#),
    (#""name": "progress""#, #""name": ".""#, "clips[1].name", #"".""#),
  ])
  func aSceneNamedToTraverseIsRefusedAndNothingIsWritten(_ old: String, _ new: String, _ field: String, _ shown: String) throws {
    let scene = NewCommand.starter.replacingOccurrences(of: old, with: new)
    #expect(scene != NewCommand.starter)
    let (sandbox, project) = try Self.project(scene: scene)
    let before = try Self.tree(sandbox.url)
    #expect(before == ["proj", "proj/evil.scene.json", "proj/package.json"])
    let message = "evil.scene.json: \(field): \(Self.rule), got \(shown)\n"
    for arguments in [
      ["validate", "evil.scene.json"],
      ["export", "evil.scene.json", "-o", "build/"],
      ["export", "evil.scene.json", "--format", "svg", "-o", "build/"],
      ["export", "evil.scene.json", "--format", "sprite", "-o", "build/"],
      ["export", "evil.scene.json", "--format", "lottie", "-o", "build/"],
      ["export", "evil.scene.json", "--format", "gif", "-o", "build/"],
      ["compile", "evil.scene.json", "-o", "build/"],
      ["gallery", "-o", "site", "evil.scene.json", "-q"],
      ["html", "evil.scene.json", "-o", "page.html"],
    ] {
      let result = try LoadmarkTool.run(arguments, in: project)
      #expect(result.status == 65, "\(arguments)")
      #expect(result.standardError == "loadmark \(arguments[0]): \(message)", "\(arguments)")
      #expect(try Self.tree(sandbox.url) == before, "\(arguments)")
    }
    #expect(try Data(contentsOf: project.appendingPathComponent("package.json")) == Data(#"{"name":"victim"}"#.utf8))
  }

  @Test func theStarterAndThePresetsWriteOnlyInsideTheirFolder() throws {
    let (sandbox, project) = try Self.project(scene: NewCommand.starter)
    for arguments in [
      ["export", "evil.scene.json", "dots", "-o", "build/", "-q"],
      ["export", "evil.scene.json", "--format", "sprite", "-o", "build/", "-q"],
      ["compile", "evil.scene.json", "progress", "-o", "build/", "-q"],
      ["gallery", "-o", "site", "evil.scene.json", "-q"],
    ] {
      #expect(try LoadmarkTool.run(arguments, in: project).status == 0, "\(arguments)")
    }
    let outside = try Self.tree(sandbox.url).filter { !$0.hasPrefix("proj/build/") && !$0.hasPrefix("proj/site/") }
    #expect(outside == ["proj", "proj/build", "proj/evil.scene.json", "proj/package.json", "proj/site"])
    #expect(try Self.tree(project.appendingPathComponent("build")) == [
      "dots.json", "progress.lmscene", "ring-progress.sprite.json", "ring-progress.sprite.png",
      "ring-spin.sprite.json", "ring-spin.sprite.png", "ring.json", "ring.lmscene",
    ])
  }

  @Test func aDocumentsClipNamedToTraverseIsRefusedWhereItWouldNameAFile() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "dots", "-o", "dots.json", "-q").status == 0)
    let text = try sandbox.text("dots.json").replacingOccurrences(of: #""name":"loop""#, with: #""name":"../../x""#)
    try sandbox.write(text, to: "evil.json")
    let before = try sandbox.listing()
    // The document is valid: only a file named after the clip is refused.
    #expect(try sandbox.run("validate", "evil.json", "-q").status == 0)
    let result = try sandbox.run("export", "evil.json", "--format", "svg", "-o", "out/")
    #expect(result.status == 65)
    #expect(result.standardError == "loadmark export: evil.json: clips[0].name: \(Self.rule), got \"../../x\"\n")
    #expect(try sandbox.listing() == before)
    // To a file -o names, the clip's name names nothing.
    let one = try sandbox.run("export", "evil.json", "--format", "svg", "-o", "loop.svg")
    #expect(one.status == 0)
    #expect(one.standardError == "wrote loop.svg (\(try sandbox.data("loop.svg").count) bytes)\n")
    // A document's own name is its file's, whatever characters it has.
    try sandbox.write(try sandbox.text("dots.json"), to: "my dots.json")
    #expect(try sandbox.run("export", "my dots.json", "--format", "svg", "-o", "out/", "-q").status == 0)
    #expect(try sandbox.listing("out") == ["my dots-loop.svg"])
  }
}
