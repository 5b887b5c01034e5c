import Foundation
import LoadmarkCore
import LoadmarkJSON
import Testing

/// `loadmark export`: what it writes, where, and that it is valid.
struct ExportTests {
  @Test func allPresetsToADirectoryWriteFiveValidFiles() throws {
    let sandbox = try Sandbox()
    let export = try sandbox.run("export", "--all", "-o", "out/")
    #expect(export.status == 0)
    let names = Indicator.builtInNames.map { $0 + ".json" }
    #expect(try sandbox.listing("out") == names.sorted())

    let validate = try sandbox.run(["validate"] + names.map { "out/" + $0 })
    #expect(validate.status == 0)
    #expect(validate.standardError == "")
    #expect(validate.output.split(separator: "\n").count == Indicator.builtInNames.count)
    #expect(validate.output.contains("out/success.json: ok (preset success, 1 clip, 91 frames)\n"))
    #expect(validate.output.contains("out/progress.json: ok (preset progress, 3 clips, 289 frames)\n"))
  }

  @Test func reportsEachFileWrittenWithItsSize() throws {
    let sandbox = try Sandbox()
    let export = try sandbox.run("export", "success", "dots", "-o", "out/")
    #expect(export.status == 0)
    let successSize = try sandbox.data("out/success.json").count
    let dotsSize = try sandbox.data("out/dots.json").count
    #expect(export.standardError == "wrote out/success.json (\(successSize) bytes)\nwrote out/dots.json (\(dotsSize) bytes)\n")
    #expect(export.standardOutput.isEmpty)
  }

  @Test func standardOutputMatchesAFileExport() throws {
    let sandbox = try Sandbox()
    let toStandardOutput = try sandbox.run("export", "success", "-o", "-")
    let byDefault = try sandbox.run("export", "success")
    let toFile = try sandbox.run("export", "success", "-o", "success.json")
    #expect(toStandardOutput.status == 0 && byDefault.status == 0 && toFile.status == 0)
    #expect(toStandardOutput.standardError == "")
    #expect(toStandardOutput.standardOutput == (try sandbox.data("success.json")))
    #expect(byDefault.standardOutput == toStandardOutput.standardOutput)
  }

  @Test func exportIsByteForByteRepeatable() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "--all", "-o", "first/").status == 0)
    #expect(try sandbox.run("export", "--all", "-o", "second/").status == 0)
    for name in Indicator.presetNames {
      #expect(try sandbox.data("first/\(name).json") == (try sandbox.data("second/\(name).json")), "\(name)")
    }
  }

  @Test func fullPrecisionDiffersFromCompactAndBothValidate() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "refresh", "--precision", "compact", "-o", "compact.json").status == 0)
    #expect(try sandbox.run("export", "refresh", "--precision", "full", "-o", "full.json").status == 0)
    #expect(try sandbox.data("compact.json") != (try sandbox.data("full.json")))
    let validate = try sandbox.run("validate", "compact.json", "full.json")
    #expect(validate.status == 0)
    #expect(validate.output == "compact.json: ok (preset refresh, 2 clips, 249 frames)\nfull.json: ok (preset refresh, 2 clips, 249 frames)\n")

    let full = try DocumentReader.read(path: sandbox.path("full.json"))
    #expect(full == Indicator.named("refresh")!.frames())
  }

  @Test func plainTracksDecodeToTheSameDocumentAsDeltas() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "success", "-o", "deltas.json").status == 0)
    #expect(try sandbox.run("export", "success", "--tracks", "plain", "-o", "plain.json").status == 0)
    #expect(try sandbox.text("deltas.json").contains(#""ring.sweep":{"decimals":4,"deltas":[0,-1571,"#))
    #expect(try sandbox.text("plain.json").contains(#""ring.sweep":[0,-0.1571,-0.3142,"#))
    let deltas = try DocumentReader.read(path: sandbox.path("deltas.json"))
    let plain = try DocumentReader.read(path: sandbox.path("plain.json"))
    #expect(deltas == plain)
    #expect(plain == Indicator.named("success")!.frames().rounded(to: .compact))
    let bad = try sandbox.run("export", "success", "--tracks", "zip")
    #expect(bad.status == 64)
    #expect(bad.standardError == "loadmark export: --tracks expects deltas or plain, got \"zip\"\n")
  }

  @Test func fpsSetsTheFrameCount() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "success", "--fps", "30", "-o", "success.json").status == 0)
    let document = try DocumentReader.read(path: sandbox.path("success.json"))
    #expect(document.fps == 30)
    #expect(document.clip("main")?.frameCount == 46)
  }

  @Test func sizeSetsTheCanvas() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "success", "--size", "100x100", "-o", "success.json").status == 0)
    let document = try DocumentReader.read(path: sandbox.path("success.json"))
    #expect(document.width == 100)
    #expect(document.height == 100)
  }

  @Test func sizeFitsTheCanvasAndCentresTheProgressRing() throws {
    // The help says the canvas is scaled to fit and centred: progress's ring,
    // at (27.5, 44) of the seed's view, is cropped to 42 × 42 about it
    // (`Rule.contentCanvas`), which --size 96x96 fits: its centre is (48, 48),
    // its radius 19 · 96/42 = 43.43 (compact: to 0.01).
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "progress", "--size", "96x96", "-o", "progress.json").status == 0)
    let document = try DocumentReader.read(path: sandbox.path("progress.json"))
    #expect(document.width == 96 && document.height == 96)
    guard case .path(let ring) = try #require(document.layer("ring")).shape, case .arc(let arc) = ring.subpaths[0].segments[0]
    else {
      Issue.record("the ring is one arc")
      return
    }
    #expect(arc.center == Point(48, 48) && arc.radius == 43.43)
    // --canvas scene keeps the seed's view: the ring stays off-centre.
    #expect(try sandbox.run("export", "progress", "--size", "96x96", "--canvas", "scene", "-o", "scene.json").status == 0)
    let scene = try DocumentReader.read(path: sandbox.path("scene.json"))
    guard case .path(let sceneRing) = try #require(scene.layer("ring")).shape, case .arc(let sceneArc) = sceneRing.subpaths[0].segments[0]
    else {
      Issue.record("the ring is one arc")
      return
    }
    #expect(sceneArc.center == Point(26.4, 42.24))
  }

  @Test func optionsReachThePreset() throws {
    let sandbox = try Sandbox()
    let arguments = [
      "export", "progress", "--scale", "2", "--color", "#34C759", "--line-width", "4", "--speed", "2",
      "--progress-samples", "11", "--precision", "full", "-o", "progress.json",
    ]
    #expect(try sandbox.run(arguments).status == 0)
    // The CLI's default canvas is auto: progress is cropped to its ring, at the options' line width.
    let options = IndicatorOptions(scale: 2, color: Color(hex: "#34c759"), lineWidth: 4, speed: 2, canvas: .auto)
    let expected = Indicator.named("progress", options: options)!.frames(fps: 60, progressSamples: 11)
    #expect(expected.width == 88 && expected.height == 88)
    #expect(try DocumentReader.read(path: sandbox.path("progress.json")) == expected)
  }

  @Test func aPathEndingInASlashIsCreatedAsADirectory() throws {
    let sandbox = try Sandbox()
    let export = try sandbox.run("export", "dots", "-o", "a/b/c/")
    #expect(export.status == 0)
    #expect(try sandbox.listing("a/b/c") == ["dots.json"])
  }

  @Test func anExistingDirectoryReceivesPresetFiles() throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.path("existing"), withIntermediateDirectories: false)
    let export = try sandbox.run("export", "dots", "-o", "existing")
    #expect(export.status == 0)
    #expect(export.standardError == "wrote existing/dots.json (\(try sandbox.data("existing/dots.json").count) bytes)\n")
  }

  @Test func repeatedPresetNamesAreWrittenOnce() throws {
    let sandbox = try Sandbox()
    let export = try sandbox.run("export", "dots", "dots", "-o", "out/")
    #expect(export.status == 0)
    #expect(export.standardError.split(separator: "\n").count == 1)
  }
}
