import Foundation
import LoadmarkCore
import LoadmarkJSON
import LoadmarkTestSupport
import Testing

/// web/dist/presets/ holds the documents the web package ships and its
/// helpers load by default: every preset as `loadmark export` writes it by
/// default today. tools/update-web-presets rewrites them.
struct WebPresetTests {
  /// The command of tools/update-web-presets.
  static let command = ["export", "--all", "--quiet", "-o", "presets/"]

  @Test func thePackagesPresetsAreTheDefaultExports() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(WebPresetTests.command).status == 0)
    let names = try sandbox.listing("presets")
    // The presets and the catalogue.
    #expect(names == Indicator.builtInNames.map { $0 + ".json" }.sorted())
    #expect(names.contains("dots.json") && names.contains("nv-ball-pulse.json"))
    let committed = try FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent("web/dist/presets").path)
    #expect(committed.sorted() == names, "web/dist/presets/ has other files: run tools/update-web-presets")
    for name in names {
      let committed = try Repository.data("web/dist/presets/" + name)
      #expect(committed == (try sandbox.data("presets/" + name)), "web/dist/presets/\(name) is stale: run tools/update-web-presets")
    }
  }

  @Test func theScriptRunsThisCommand() throws {
    let script = String(decoding: try Repository.data("tools/update-web-presets"), as: UTF8.self)
    let line = "loadmark\" " + WebPresetTests.command.joined(separator: " ").replacingOccurrences(of: "presets/", with: "web/dist/presets/")
    #expect(script.contains(line), "\(line)")
  }
}
