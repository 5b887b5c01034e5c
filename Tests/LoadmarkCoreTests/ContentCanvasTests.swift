import LoadmarkCore
import LoadmarkJSON
import Testing

/// `Rule.contentCanvas` (docs/FIDELITY.md): the ink each preset draws, over
/// every frame of every clip, derived by hand from the seeds' numbers
/// (../shared/SEEDS.md), and the canvas an export crops to.
@Suite("Content canvas")
struct ContentCanvasTests {
  static func ink(_ name: String) -> DocumentInk {
    Indicator.named(name)!.frames().ink
  }

  @Test func successIsItsBorderRingAndKeepsTheSeedsView() {
    // The border's centre line has radius 23.5 about (25, 25), 1 pt wide:
    // ink from 25 − 24 to 25 + 24. The 3 pt ring (radius 20) and the check
    // lie inside it.
    let ink = ContentCanvasTests.ink("success")
    #expect(ink.shapes == Bounds(minX: 1, minY: 1, maxX: 49, maxY: 49))
    #expect(ink.shadows.isEmpty)
    // 24 + 1 pt of margin each side: the seed's 50 × 50 view, at its origin.
    #expect(ink.contentFrame == Rect(x: 0, y: 0, width: 50, height: 50))
    #expect(Indicator.named("error")!.frames().ink.contentFrame == Rect(x: 0, y: 0, width: 50, height: 50))
  }

  @Test func progressIsCentredOnItsRingNotOnTheSeedsView() {
    // Seed 002: rings about (27.5, 44); the red ring has radius 19 and is
    // 2 pt wide, so its ink reaches 20 from the centre; the track ring is
    // red at alpha 0 and draws nothing; the white ring (16) and the check
    // (19, 43) → (25, 49) → (36, 39), 2 pt wide, lie inside.
    let ink = ContentCanvasTests.ink("progress")
    #expect(ink.shapes.minX == 7.5 && ink.shapes.maxX == 47.5)
    #expect(ink.shapes.minY == 24 && ink.shapes.maxY == 64)
    // Half-sides 20 + 1: a 42 × 42 canvas about (27.5, 44).
    #expect(ink.contentFrame == Rect(x: 6.5, y: 23, width: 42, height: 42))
  }

  @Test func dotsReachTheirLargestPulse() {
    // Seed 003 on the preset's 120 × 40 canvas: dots of radius 10 at x 25, 60
    // and 95, y 20, each pulsing to scale 1.5 (radius 15) at its peak.
    let ink = ContentCanvasTests.ink("dots")
    #expect(ink.shapes == Bounds(minX: 10, minY: 5, maxX: 110, maxY: 35))
    // Half-sides 50 + 1 and 15 + 1 about (60, 20).
    #expect(ink.contentFrame == Rect(x: 9, y: 4, width: 102, height: 32))
  }

  @Test func refreshKeepsItsShadowsReachAndStaysCentredOnTheDisc() {
    // Seed 004: the 35 × 35 disc at (8, 8) of the preset's 51 × 51 canvas;
    // its shadow, offset (3, 3) with radius 5, reaches 8 + 3 − 5 = 6 to
    // 43 + 3 + 5 = 51. The arcs (radius 10.5, 2 pt) lie on the disc.
    let ink = ContentCanvasTests.ink("refresh")
    #expect(ink.shapes == Bounds(minX: 8, minY: 8, maxX: 43, maxY: 43))
    #expect(ink.shadows == Bounds(minX: 6, minY: 6, maxX: 51, maxY: 51))
    // Centred on the disc (25.5): the shadow's 25.5 beats the disc's 17.5 + 1,
    // which is the scene's own 51 × 51 canvas.
    #expect(ink.contentFrame == Rect(x: 0, y: 0, width: 51, height: 51))
  }

  @Test func optionsApplyToTheCroppedCanvas() {
    let progress = Indicator.named("progress")!
    // At scale 2 the 42 × 42 crop is 84 × 84, the ring's centre at its middle.
    let scaled = progress.customized(IndicatorOptions(scale: 2, canvas: .content)).frames()
    #expect(scaled.width == 84 && scaled.height == 84)
    guard case .path(let ring) = scaled.layer("ring")!.shape, case .arc(let arc) = ring.subpaths[0].segments[0] else {
      Issue.record("the ring is one arc")
      return
    }
    #expect(arc.center == Point(42, 42) && arc.radius == 38)
    // --size 96x96 fits 42 × 42 into it: k = 96/42, the ring's centre at (48, 48).
    let sized = progress.customized(IndicatorOptions(size: (96, 96), canvas: .content)).frames()
    guard case .path(let sizedRing) = sized.layer("ring")!.shape, case .arc(let sizedArc) = sizedRing.subpaths[0].segments[0]
    else {
      Issue.record("the ring is one arc")
      return
    }
    #expect(abs(sizedArc.center.x - 48) < 1e-12 && abs(sizedArc.center.y - 48) < 1e-12)
    #expect(abs(sizedArc.radius - 19 * 96 / 42) < 1e-12)
    // At scale 1 the crop of a cropped document is itself: nothing moves
    // again. (Scaled, its margin is scaled too: 96 × 96 crops to 94 × 94.)
    let cropped = progress.customized(IndicatorOptions(canvas: .content)).frames()
    #expect(cropped.width == 42 && cropped.ink.contentFrame == Rect(x: 0, y: 0, width: 42, height: 42))
    #expect(sized.ink.contentFrame == Rect(x: 1, y: 1, width: 94, height: 94))
  }

  @Test func aWiderLineWidensTheCrop() {
    // --line-width 5 on success: the ring (radius 20) reaches 22.5, the 1 pt
    // border is not a line the option sets (its role is accent alone), so
    // the border's 24 still bounds it.
    let success = Indicator.named("success")!
    #expect(success.contentFrame(lineWidth: 5) == Rect(x: 0, y: 0, width: 50, height: 50))
    // On progress both rings and the check are lines: 19 + 6/2 = 22, + 1.
    #expect(Indicator.named("progress")!.contentFrame(lineWidth: 6) == Rect(x: 4.5, y: 21, width: 46, height: 46))
  }

  @Test func theAutomaticCanvasCropsOnlyWhatIsOffCentreOrClipped() {
    // Success, error, dots and refresh show their drawing centred and whole:
    // auto keeps their canvas, bit for bit. Progress's ring is off-centre: cropped.
    for name in Indicator.presetNames {
      let preset = Indicator.named(name)!
      let auto = preset.customized(IndicatorOptions(canvas: .auto)).frames()
      if name == "progress" {
        #expect(auto.width == 42 && auto.height == 42)
      } else {
        #expect(auto == preset.frames(), "\(name) keeps its canvas")
      }
    }
    let ink = ContentCanvasTests.ink("dots")
    #expect(ink.fits(width: 120, height: 40))
    // Off-centre by more than half a point, or clipped, it does not fit.
    #expect(!ink.fits(width: 121.5, height: 40))
    #expect(!ink.fits(width: 108, height: 40) && !ink.fits(width: 120, height: 30))
    // A shadow outside the canvas is clipped too: refresh's reaches 51.
    #expect(ContentCanvasTests.ink("refresh").fits(width: 51, height: 51))
    #expect(!ContentCanvasTests.ink("refresh").fits(width: 50, height: 50))
  }

  @Test func aClipTooLongForADocumentKeepsTheSceneCanvasForTheSamplerToRefuse() {
    var preset = Indicator.named("dots")!
    preset.clips[0].kind = .time(duration: 1e300, loop: true, startTime: 0, script: [])
    #expect(preset.contentFrame() == nil)
  }

  @Test func theSceneCanvasIsTheSeedsBitForBit() {
    // The default is the scene's canvas: options that leave it are the seed's preset.
    for name in Indicator.presetNames {
      let preset = Indicator.named(name)!
      #expect(preset.customized(IndicatorOptions()).frames() == preset.frames())
    }
  }

  @Test func strokeCapsAndJoinsReachBeyondTheCentreLine() {
    // A 4 pt line from (10, 10) to (20, 10): butt caps end at the points,
    // square caps 2 pt beyond, round caps likewise.
    let line = Path([Path.Subpath(start: Point(10, 10), segments: [.line(to: Point(20, 10))])])
    func layer(_ cap: LineCap, _ join: LineJoin = .miter, path: Path = line) -> FrameDocument.Layer {
      FrameDocument.Layer(
        id: "l", shape: .path(path), style: Style(stroke: Color(hex: "#000")!, lineWidth: 4, lineCap: cap, lineJoin: join))
    }
    #expect(layer(.butt).ink([0, 1, 1]) == Bounds(minX: 10, minY: 8, maxX: 20, maxY: 12))
    #expect(layer(.square).ink([0, 1, 1]) == Bounds(minX: 8, minY: 8, maxX: 22, maxY: 12))
    #expect(layer(.round).ink([0, 1, 1]) == Bounds(minX: 8, minY: 8, maxX: 22, maxY: 12))
    // Trimmed to its first half, and hidden.
    #expect(layer(.butt).ink([0, 0.5, 1]) == Bounds(minX: 10, minY: 8, maxX: 15, maxY: 12))
    #expect(layer(.butt).ink([0, 1, 0]).isEmpty)
    #expect(layer(.butt).ink([0.5, 0.5, 1]).isEmpty)
    // A right angle (10, 10) → (20, 10) → (20, 20): the miter's tip at
    // (22, 8), √2 · 2 from the vertex (ratio √2 ≤ 10); a bevel stays in the bands.
    var corner = line
    corner.subpaths[0].segments.append(.line(to: Point(20, 20)))
    #expect(layer(.butt, .miter, path: corner).ink([0, 1, 1]) == Bounds(minX: 10, minY: 8, maxX: 22, maxY: 20))
    #expect(layer(.butt, .bevel, path: corner).ink([0, 1, 1]) == Bounds(minX: 10, minY: 8, maxX: 22, maxY: 20))
    // A sharp turn, (10, 10) → (20, 10) → (10, 11): the miter ratio 1/sin(φ/2)
    // is about 20 > 10, so it is beveled: nothing beyond the vertex's bands.
    var sharp = line
    sharp.subpaths[0].segments.append(.line(to: Point(10, 11)))
    let beveled = layer(.butt, .miter, path: sharp).ink([0, 1, 1])
    #expect(beveled.maxX < 20.3)
    var limitless = layer(.butt, .miter, path: sharp)
    limitless.style.miterLimit = 100
    #expect(limitless.ink([0, 1, 1]).maxX > 59)
  }

  @Test func arcsAreBoundedByTheirExtremesAndEnds() {
    // A quarter arc about (0, 0), radius 10, from 0 to π/2 (clockwise on
    // screen: from 3 o'clock down to 6), 2 pt wide with butt ends: outer
    // radius 11 reaches (11, 0) and (0, 11); the inner ends are at 9.
    let quarter = FrameDocument.Layer(
      id: "a", shape: .arc(center: Point(0, 0), radius: 10), style: Style(stroke: Color(hex: "#000")!, lineWidth: 2))
    let box = quarter.ink([0, Double.pi / 2, 1])
    #expect(box.minX == 0 && box.minY == 0 && box.maxX == 11 && box.maxY == 11)
    // Counter-clockwise, half a turn from 3 o'clock up through 12 to 9.
    let half = quarter.ink([0, -Double.pi, 1])
    #expect(half.minX == -11 && half.minY == -11 && half.maxX == 11 && half.maxY == 0)
    // No sweep draws nothing, as the player skips it.
    #expect(quarter.ink([0, 0, 1]).isEmpty)
  }
}
