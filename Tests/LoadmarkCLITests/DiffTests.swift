import Foundation
import Testing

/// `loadmark diff`.
struct DiffTests {
  @Test func aFileMatchesItself() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "progress", "-o", "progress.json").status == 0)
    let result = try sandbox.run("diff", "progress.json", "progress.json")
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(result.output.hasSuffix("\nmatch: no value differs by more than 0\n"))
    #expect(!result.output.contains(" differs\n"))
  }

  @Test func oneChangedValueNamesTheTrackAndTheFrame() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "success", "--fps", "60", "--tracks", "plain", "-o", "success.json").status == 0)
    let text = try sandbox.text("success.json")
    #expect(DocumentText.frame(42, ofTrack: "check.opacity", in: text) == "0")
    try sandbox.write(try #require(DocumentText.replacingFrame(42, ofTrack: "check.opacity", in: text, with: "0.25")), to: "changed.json")

    let result = try sandbox.run("diff", "success.json", "changed.json")
    #expect(result.status == 1)
    #expect(try row("check.opacity", in: result.output) == ["check.opacity", "0.25", "42", "differs"])
    #expect(result.output.hasSuffix("\ndiffer: 1 of 9 compared tracks over the tolerance\n"))

    let tolerant = try sandbox.run("diff", "success.json", "changed.json", "--tolerance", "0.25")
    #expect(tolerant.status == 0)
    #expect(try row("check.opacity", in: tolerant.output) == ["check.opacity", "0.25", "-", "within", "tolerance"])
  }

  @Test func compactAndFullPrecisionMatchWithinTheirRounding() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "refresh", "-o", "compact.json").status == 0)
    #expect(try sandbox.run("export", "refresh", "--precision", "full", "-o", "full.json").status == 0)
    #expect(try sandbox.run("diff", "compact.json", "full.json").status == 1)
    #expect(try sandbox.run("diff", "compact.json", "full.json", "--tolerance", "0.00005").status == 0)
  }

  @Test func differentStructureIsListed() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "success", "-o", "60.json").status == 0)
    #expect(try sandbox.run("export", "success", "--fps", "30", "-o", "30.json").status == 0)
    #expect(try sandbox.run("export", "error", "-o", "error.json").status == 0)

    let rates = try sandbox.run("diff", "60.json", "30.json")
    #expect(rates.status == 1)
    #expect(rates.output.contains("\ndifferences\n  fps: 60 vs 30\n  clip main: 91 vs 46 frames\n"))

    let presets = try sandbox.run("diff", "60.json", "error.json")
    #expect(presets.status == 1)
    #expect(presets.output.contains("\n  preset: success vs error\n  layers: border, ring, check vs border, ring, cross\n"))
    #expect(presets.output.contains("\n  clip main track cross.opacity: only in B\n"))
  }

  @Test func styleAndGeometryAreCompared() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "success", "-o", "plain.json").status == 0)
    #expect(try sandbox.run("export", "success", "--color", "#00ff00", "--line-width", "4", "-o", "styled.json").status == 0)
    let result = try sandbox.run("diff", "plain.json", "styled.json")
    #expect(result.status == 1)
    #expect(result.output.contains("\n  layer ring stroke: #f98680 vs #00ff00\n"))
    #expect(result.output.contains("\n  layer ring lineWidth: 3 vs 4\n"))
  }

  @Test func badInputGivesTheReadersExitCodes() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "dots", "-o", "dots.json").status == 0)
    try sandbox.write("{\"format\":\"loadmark\"", to: "broken.json")
    let invalid = try sandbox.run("diff", "dots.json", "broken.json")
    #expect(invalid.status == 65)
    #expect(invalid.standardError.hasPrefix("loadmark diff: broken.json:1:"))
    let missing = try sandbox.run("diff", "missing.json", "dots.json")
    #expect(missing.status == 74)
    #expect(missing.standardError == "loadmark diff: missing.json: cannot read \"missing.json\": No such file or directory\n")
  }

  /// The words of the table row for `track` in a diff report.
  private func row(_ track: String, in report: String) throws -> [String] {
    let line = try #require(report.split(separator: "\n").first { $0.hasPrefix("  \(track) ") })
    return line.split(separator: " ").map(String.init)
  }
}
