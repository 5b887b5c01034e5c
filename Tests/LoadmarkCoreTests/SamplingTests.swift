import Testing
@testable import LoadmarkCore
import LoadmarkJSON

/// Frame counts, options and determinism.
struct SamplingTests {
  @Test(arguments: [(30.0, 46, 24), (60, 91, 48), (240, 361, 192), (25, 39, 20)])
  func frameCounts(_ fps: Double, _ oneShot: Int, _ loop: Int) {
    #expect(Indicator.named("success")!.frames(fps: fps).clip("main")!.frameCount == oneShot)
    #expect(Indicator.named("refresh")!.frames(fps: fps).clip("spin")!.frameCount == loop)
  }

  @Test func progressSamples() {
    let document = Indicator.named("refresh")!.frames(progressSamples: 11)
    let pull = document.clip("pull")!
    // The pull's domain is [0, 2]: twice the samples of [0, 1], less the shared one.
    #expect(pull.frameCount == 21)
    #expect(pull.track("arc1.opacity")!.value(at: 3) == 0.3)
    #expect(pull.track("arc1.opacity")!.value(at: 13) == 1)
    #expect(document.clip("spin")!.domain == ProgressDomain())
  }

  @Test func everyPresetHasTheIssueLayerIds() {
    let expected: [String: [String]] = [
      "success": ["border", "ring", "check"], "error": ["border", "ring", "cross"],
      "progress": ["track", "ring", "checkRing", "check"], "dots": ["dot0", "dot1", "dot2"],
      "refresh": ["background", "arc1", "arc2"],
    ]
    for name in Indicator.presetNames {
      #expect(Indicator.named(name)!.frames().layers.map(\.id) == expected[name])
    }
    #expect(Indicator.named("nope") == nil)
  }

  @Test func everyTrackHasOneValuePerFrame() {
    for name in Indicator.presetNames {
      let document = Indicator.named(name)!.frames()
      for clip in document.clips {
        #expect(clip.tracks.count == document.layers.reduce(0) { $0 + $1.properties.count })
        for track in clip.tracks {
          if case .frames(let values) = track.values {
            #expect(values.count == clip.frameCount)
            #expect(values.allSatisfy { $0.isFinite })
          }
        }
      }
    }
  }

  @Test func scaleAndSize() {
    let doubled = Indicator.named("success", options: IndicatorOptions(scale: 2))!.frames()
    #expect(doubled.width == 100)
    #expect(doubled.layer("ring")!.shape == .arc(center: Point(50, 50), radius: 40))
    #expect(doubled.layer("ring")!.style.lineWidth == 6)
    let wide = Indicator.named("success", options: IndicatorOptions(size: (width: 100, height: 50)))!.frames()
    #expect(wide.width == 100 && wide.height == 50)
    #expect(wide.layer("ring")!.shape == .arc(center: Point(50, 25), radius: 20))
    // Angles and fractions do not change with size.
    #expect(wide.clip("main")!.track("ring.sweep") == Indicator.named("success")!.frames().clip("main")!.track("ring.sweep"))
  }

  @Test func colorAndLineWidth() {
    let options = IndicatorOptions(color: Color(hex: "#0a84ff"), lineWidth: 5)
    let themed = Indicator.named("success", options: options)!.frames()
    #expect(themed.layer("ring")!.style.stroke == Color(hex: "#0a84ff"))
    #expect(themed.layer("border")!.style.stroke == Color(hex: "#0a84ff"))
    #expect(themed.layer("ring")!.style.lineWidth == 5)
    #expect(themed.layer("border")!.style.lineWidth == 1)
    let dots = Indicator.named("dots", options: options)!.frames()
    #expect(dots.layer("dot1")!.style.fill == Color(hex: "#0a84ff"))
  }

  @Test func accentLayersAreTheOnesAThemeRecolours() {
    let accents = Indicator.presetNames.map { name in
      Indicator.named(name)!.frames().layers.filter { $0.accent }.map { $0.id }
    }
    // The progress preset's white ring and check are themed apart from its ring (role secondary).
    #expect(accents == [
      ["border", "ring", "check"], ["border", "ring", "cross"], ["ring"], ["dot0", "dot1", "dot2"], ["arc1", "arc2"],
    ])
    let roles = Indicator.presetNames.map { name in
      Indicator.named(name)!.frames().layers.map { $0.role?.rawValue ?? "-" }
    }
    #expect(roles == [
      ["accent", "accent", "accent"], ["accent", "accent", "accent"], ["-", "accent", "secondary", "secondary"],
      ["accent", "accent", "accent"], ["surface", "accent", "accent"],
    ])
    // --color recolours the accent alone.
    let themed = Indicator.named("progress", options: IndicatorOptions(color: Color(hex: "#0a84ff")))!.frames()
    #expect(themed.layer("ring")!.style.stroke == Color(hex: "#0a84ff"))
    #expect(themed.layer("check")!.style.stroke == .white)
  }

  @Test func speedScalesEveryDuration() {
    let fast = Indicator.named("success", options: IndicatorOptions(speed: 2))!.frames()
    let main = fast.clip("main")!
    #expect(main.duration == 0.75 && main.frameCount == 46)
    // Frame 15 at 2× is t = 0.5 of the seed: sweep −1.5π.
    #expect(main.track("ring.sweep")!.value(at: 15) == -1.5 * Double.pi)
  }

  @Test func samplingIsDeterministic() {
    for name in Indicator.presetNames {
      #expect(Indicator.named(name)!.frames() == Indicator.named(name)!.frames())
    }
  }
}
