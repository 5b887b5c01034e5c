import LoadmarkCore
import LoadmarkJSON
import Testing

/// `loadmark info`.
struct InfoTests {
  @Test(arguments: Indicator.presetNames)
  func mentionsEveryLayerAndClip(_ name: String) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", name, "-o", "\(name).json").status == 0)
    let result = try sandbox.run("info", "\(name).json")
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let document = try DocumentReader.read(path: sandbox.path("\(name).json"))
    #expect(result.output.contains("preset  \(name)\n"))
    for layer in document.layers {
      #expect(result.output.contains("\n  \(layer.id) "), "layer \(layer.id)")
    }
    for clip in document.clips {
      #expect(result.output.contains(": \(clip.name) (\(clip.index.rawValue), \(clip.frameCount) frames"), "clip \(clip.name)")
      for track in clip.tracks {
        #expect(result.output.contains("\n  \(track.key) "), "track \(track.key)")
      }
    }
  }

  @Test func describesTheSuccessDocument() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run("export", "success", "-o", "success.json").status == 0)
    let output = try sandbox.run("info", "success.json").output
    #expect(output.hasPrefix("file    success.json\nformat  loadmark version 2\npreset  success\ncanvas  50 x 50 points\nfps     60\n"))
    #expect(output.contains("\nclip 0: main (time, 91 frames, 1.5 s, one-shot)\n"))
    #expect(output.contains("\n  border.sweep       constant  6.2832\n"))
    #expect(output.contains("\n  ring.sweep         varying   -6.2832 to 0\n"))
    #expect(output.contains("\n  ring    arc   center (25, 25), radius 20 "))
  }

  @Test func badInputGivesTheReadersExitCodes() throws {
    let sandbox = try Sandbox()
    try sandbox.write("[]", to: "array.json")
    let invalid = try sandbox.run("info", "array.json")
    #expect(invalid.status == 65)
    #expect(invalid.standardError.hasPrefix("loadmark info: array.json: "))
    let missing = try sandbox.run("info", "missing.json")
    #expect(missing.status == 74)
    #expect(missing.standardError == "loadmark info: missing.json: cannot read \"missing.json\": No such file or directory\n")
  }
}
