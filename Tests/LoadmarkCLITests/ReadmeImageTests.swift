import Foundation
import LoadmarkTestSupport
import Testing

/// The animated SVGs in docs/images/, which the README shows, are what the
/// tool writes today; tools/update-images rewrites them.
struct ReadmeImageTests {
  /// The commands of tools/update-images.
  static let commands: [[String]] = [
    ["export", "success", "error", "dots", "--format", "svg", "-o", "images/"],
    ["export", "refresh", "--format", "svg", "--clip", "spin", "-o", "images/"],
    ["export", "progress", "--format", "svg", "--clip", "demo", "-o", "images/"],
    ["export", "refresh", "--format", "png", "--clip", "spin", "--frame", "10", "--scale", "2", "-o", "images/export/refresh-spin.png"],
    ["export", "dots", "--format", "sprite", "-o", "images/export/"],
    ["export", "success", "--format", "gif", "-o", "images/export/"],
    ["export", "refresh", "--format", "webp", "--clip", "spin", "-o", "images/export/"],
  ]

  /// The examples docs/EXPORT.md shows.
  static let examples = [
    "dots-loop.sprite.json", "dots-loop.sprite.png", "refresh-spin.png", "refresh-spin.webp", "success-main.gif",
  ]

  @Test func imagesAreFresh() throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path("images/export"), withIntermediateDirectories: true)
    for command in ReadmeImageTests.commands {
      #expect(try sandbox.run(command).status == 0)
    }
    let names = try sandbox.listing("images").filter { $0 != "export" }
    #expect(names == ["dots-loop.svg", "error-main.svg", "progress-demo.svg", "refresh-spin.svg", "success-main.svg"])
    let readme = String(decoding: try Repository.data("README.md"), as: UTF8.self)
    for name in names {
      let committed = try Repository.data("docs/images/" + name)
      #expect(committed == (try sandbox.data("images/" + name)), "docs/images/\(name) is stale: run tools/update-images")
      #expect(readme.contains("docs/images/\(name)"), "the README shows \(name)")
    }
    let guide = String(decoding: try Repository.data("docs/EXPORT.md"), as: UTF8.self)
    #expect(try sandbox.listing("images/export") == ReadmeImageTests.examples)
    for name in ReadmeImageTests.examples {
      let committed = try Repository.data("docs/images/export/" + name)
      #expect(committed == (try sandbox.data("images/export/" + name)), "docs/images/export/\(name) is stale: run tools/update-images")
      #expect(name.hasSuffix(".json") || guide.contains("images/export/\(name)"), "docs/EXPORT.md shows \(name)")
    }
  }

  @Test func theScriptRunsTheseCommands() throws {
    let script = String(decoding: try Repository.data("tools/update-images"), as: UTF8.self)
    for command in ReadmeImageTests.commands {
      let line = "\"$loadmark\" " + command.map { $0.hasPrefix("#") ? "'\($0)'" : $0 }.joined(separator: " ")
      #expect(script.contains(line.replacingOccurrences(of: "images/", with: "docs/images/")), "\(line)")
    }
  }
}
