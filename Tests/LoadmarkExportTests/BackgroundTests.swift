import LoadmarkCore
import LoadmarkExport
import LoadmarkJSON
import Testing

/// `Rule.exportBackground` (docs/FIDELITY.md): contrast ratios derived by
/// hand from WCAG 2's relative luminance, and the background each preset's
/// clips get by default.
@Suite("Export background")
struct BackgroundTests {
  @Test func contrastIsWCAGsRatio() {
    // Pure red: L = 0.2126, so (1 + 0.05) / (0.2126 + 0.05) against white
    // and (0.2126 + 0.05) / 0.05 against black.
    let red = Color(red: 255, green: 0, blue: 0)
    #expect(abs(ExportBackground.contrast(red, on: .white) - 1.05 / 0.2626) < 1e-12)
    #expect(abs(ExportBackground.contrast(red, on: .black) - 0.2626 / 0.05) < 1e-12)
    #expect(ExportBackground.contrast(.white, on: .white) == 1)
    #expect(abs(ExportBackground.contrast(.white, on: .black) - 21) < 1e-12)
    // #808080: c = 128/255 = 0.50196, ((c + 0.055)/1.055)^2.4 = 0.21586: 1.05 / 0.26586 on white.
    let grey = Color(red: 128, green: 128, blue: 128)
    #expect(abs(ExportBackground.contrast(grey, on: .white) - 1.05 / (0.21586 + 0.05)) < 1e-4)
    // Half-transparent white on white is white; on black it is #808080 (127.5).
    let halfWhite = Color(red: 255, green: 255, blue: 255, alpha: 128)
    #expect(ExportBackground.contrast(halfWhite, on: .white) == 1)
    #expect(ExportBackground.contrast(halfWhite, on: .black) > 4)
  }

  @Test func theTransferFunctionIsSRGBs() {
    // #bcbcbc: c = 188/255, ((c + 0.055)/1.055)^2.4 = 0.5028864580325687
    // (Python's `**`, an independent pow), so the ratio on white is
    // 1.05 / 0.5528864580325687 = 1.8991241054020316.
    let grey = Color(red: 188, green: 188, blue: 188)
    #expect(abs(ExportBackground.contrast(grey, on: .white) - 1.8991241054020316) < 1e-12)
    #expect(ExportBackground.contrast(.black, on: .black) == 1)
  }

  @Test func eachPresetsClipsGetABackgroundThatShowsThem() {
    func choice(_ preset: String, _ clip: String, opaque: Bool) -> ExportBackground.Choice {
      let document = Indicator.named(preset)!.frames()
      return ExportBackground.choice(for: document, clip: document.clip(clip)!, opaque: opaque)
    }
    // Seed 002's demo and done end on the white ring and check: white hides them.
    for clip in ["demo", "done"] {
      #expect(choice("progress", clip, opaque: true) == .color(.black))
      #expect(choice("progress", clip, opaque: false) == .color(.black))
    }
    // The red ring alone shows on white: transparent, and a GIF on white.
    #expect(choice("progress", "progress", opaque: false) == .color(nil))
    #expect(choice("progress", "progress", opaque: true) == .color(.white))
    // The refresh disc is a surface: its red arcs decide, and show on white.
    #expect(choice("refresh", "spin", opaque: false) == .color(nil))
    #expect(choice("success", "main", opaque: true) == .color(.white))
    #expect(choice("dots", "loop", opaque: true) == .color(.white))
    // A theme colour that white hides moves every clip to black.
    let dots = Indicator.named("dots")!.frames()
    #expect(ExportBackground.choice(for: dots, clip: dots.clips[0], accent: Color(red: 255, green: 255, blue: 0), opaque: true) == .color(.black))
  }

  @Test func aLayerShownOnlyPastTheClipsOwnFramesByAPeriodicTrackCounts() {
    // A white dot in a loop of 2 frames, its opacity periodic over 4: 0
    // for frames 0 to 2, 1 at frame 3 and every 4 frames after. It is shown,
    // and white hides it: black. Hidden at every frame, it leaves white.
    func choice(_ opacity: [Double]) -> ExportBackground.Choice {
      let dot = FrameDocument.Layer(id: "d", shape: .dot(center: Point(5, 5), radius: 4), style: Style(fill: .white))
      let clip = FrameDocument.Clip(
        name: "loop", index: .time, frameCount: 2, duration: 0.2, loop: true,
        tracks: [
          FrameDocument.Track(layer: "d", property: .scale, values: .constant(1)),
          FrameDocument.Track(layer: "d", property: .opacity, values: .periodic(opacity)),
        ])
      let document = FrameDocument(preset: "test", fps: 10, width: 10, height: 10, layers: [dot], clips: [clip])
      return ExportBackground.choice(for: document, clip: clip, opaque: true)
    }
    #expect(choice([0, 0, 0, 1]) == .color(.black))
    #expect(choice([0, 0, 0, 0]) == .color(.white))
  }

  @Test func aClipNoPlainBackgroundShowsIsNoChoiceForAGIF() {
    // A white stroke and a black one: white hides one, black the other.
    let white = FrameDocument.Layer(
      id: "w", shape: .dot(center: Point(10, 10), radius: 5), style: Style(fill: .white))
    let black = FrameDocument.Layer(
      id: "b", shape: .dot(center: Point(30, 10), radius: 5), style: Style(fill: .black))
    let tracks = ["w", "b"].flatMap { id in
      [FrameDocument.TrackProperty.scale, .opacity].map { FrameDocument.Track(layer: id, property: $0, values: .constant(1)) }
    }
    let clip = FrameDocument.Clip(name: "c", index: .time, frameCount: 1, duration: 0, loop: false, tracks: tracks)
    let document = FrameDocument(preset: "p", fps: 60, width: 40, height: 20, layers: [white, black], clips: [clip])
    #expect(ExportBackground.choice(for: document, clip: clip, opaque: true) == .none(hiddenOnWhite: [.white], hiddenOnBlack: [.black]))
    // With alpha, it stays transparent: a page chooses its own.
    #expect(ExportBackground.choice(for: document, clip: clip, opaque: false) == .color(nil))
  }
}
