import LoadmarkCore
import Testing

@testable import LoadmarkRaster

/// The cairo renderer draws what the web player's `draw` draws; each
/// expected pixel is worked out from the geometry by hand.
struct RendererTests {
  func render(_ document: (FrameDocument, FrameDocument.Clip), frame: Int = 0, scale: Double = 1, accent: Color? = nil, background: Color? = nil) throws -> RasterImage {
    try FrameRenderer(document: document.0, pixelsPerPoint: scale, accent: accent, background: background).render(document.1, frame: frame)
  }

  /// The premultiplied 0xAARRGGBB pixel at (x, y).
  func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> UInt32 { image.pixels[y * image.width + x] }

  @Test func aDotIsACircleOfRadiusTimesScale() throws {
    let dot = FrameDocument.Layer(id: "d", shape: .dot(center: Point(10, 10), radius: 4), style: Style(fill: Documents.red))
    let small = try render(Documents.single(dot, values: [.scale: [1], .opacity: [1]]))
    let large = try render(Documents.single(dot, values: [.scale: [2], .opacity: [1]]))
    // Pixel (10, 4) has its centre at (10.5, 4.5): 5.5 from the centre, and (4, 10) likewise.
    #expect(pixel(small, 10, 10) == 0xffff_0000)
    #expect(pixel(small, 10, 4) == 0)
    #expect(pixel(large, 10, 4) == 0xffff_0000)
    #expect(pixel(large, 4, 10) == 0xffff_0000)
    // 8.5 from the centre: outside radius 8.
    #expect(pixel(large, 10, 1) == 0)
  }

  @Test func opacityIsGlobalAlphaAndZeroSkipsTheLayer() throws {
    let dot = FrameDocument.Layer(id: "d", shape: .dot(center: Point(10, 10), radius: 6), style: Style(fill: Documents.red))
    let half = try render(Documents.single(dot, values: [.opacity: [0.5]]))
    let hidden = try render(Documents.single(dot, values: [.opacity: [0]]))
    let over = try render(Documents.single(dot, values: [.opacity: [3]]))
    // Premultiplied: alpha 0.5 · 255 = 127.5, and red as much.
    let alpha = pixel(half, 10, 10) >> 24
    #expect(alpha == 127 || alpha == 128)
    #expect(pixel(half, 10, 10) >> 16 & 0xff == alpha)
    #expect(hidden.pixels.allSatisfy { $0 == 0 })
    #expect(pixel(over, 10, 10) == 0xffff_0000)
  }

  @Test func arcsFollowTheSignOfTheirSweep() throws {
    // Radius 6, 4 wide: radii 4 to 8 are covered; the pixels probed have centres 6.52 out.
    let arc = FrameDocument.Layer(id: "a", shape: .arc(center: Point(10, 10), radius: 6), style: Style(stroke: Documents.blue, lineWidth: 4))
    // From 3 o'clock, +π runs clockwise through 6 o'clock (y down); −π through 12 o'clock.
    let clockwise = try render(Documents.single(arc, values: [.start: [0], .sweep: [Double.pi]]))
    let anticlockwise = try render(Documents.single(arc, values: [.start: [0], .sweep: [-Double.pi]]))
    #expect(pixel(clockwise, 10, 16) == 0xff00_00ff)
    #expect(pixel(clockwise, 10, 3) == 0)
    #expect(pixel(anticlockwise, 10, 3) == 0xff00_00ff)
    #expect(pixel(anticlockwise, 10, 16) == 0)
  }

  @Test func aFullSweepIsAWholeRingAndNoSweepIsNothing() throws {
    let arc = FrameDocument.Layer(id: "a", shape: .arc(center: Point(10, 10), radius: 6), style: Style(stroke: Documents.blue, lineWidth: 4, lineCap: .round))
    // 6.2832 is just over 2π, as compact documents write it.
    let full = try render(Documents.single(arc, values: [.start: [1], .sweep: [-6.2832]]))
    for (x, y) in [(16, 10), (3, 10), (10, 16), (10, 3)] {
      #expect(pixel(full, x, y) == 0xff00_00ff, "(\(x), \(y))")
    }
    // Exactly −2π (Rule.arcSweep's full turn backwards, NVActivityIndicatorView's
    // ring), and float32's 2π, 6.2831855: whole rings too.
    for sweep in [-2 * Double.pi, Double(Float(2 * Double.pi))] {
      let ring = try render(Documents.single(arc, values: [.start: [0], .sweep: [sweep]]))
      for (x, y) in [(16, 10), (3, 10), (10, 16), (10, 3)] {
        #expect(pixel(ring, x, y) == 0xff00_00ff, "\(sweep) at (\(x), \(y))")
      }
    }
    let empty = try render(Documents.single(arc, values: [.start: [1], .sweep: [0]]))
    // Canvas draws nothing for an empty arc, not even a round cap.
    #expect(empty.pixels.allSatisfy { $0 == 0 })
  }

  @Test func strokesAreTrimmedByCoresTrimming() throws {
    var path = Path()
    path.move(to: Point(0, 10))
    path.addLine(to: Point(20, 10))
    let line = FrameDocument.Layer(id: "p", shape: .path(path), style: Style(stroke: Documents.blue, lineWidth: 4))
    let half = try render(Documents.single(line, values: [.strokeStart: [0.25], .strokeEnd: [0.5]]))
    #expect(pixel(half, 6, 10) == 0xff00_00ff)
    #expect(pixel(half, 3, 10) == 0)
    #expect(pixel(half, 11, 10) == 0)
    let none = try render(Documents.single(line, values: [.strokeStart: [0.5], .strokeEnd: [0.5]]))
    #expect(none.pixels.allSatisfy { $0 == 0 })
  }

  @Test func theFillCoversTheUntrimmedPath() throws {
    var path = Path()
    path.move(to: Point(2, 2))
    path.addLine(to: Point(18, 2))
    path.addLine(to: Point(18, 18))
    path.addLine(to: Point(2, 18))
    let square = FrameDocument.Layer(id: "p", shape: .path(path), style: Style(stroke: Documents.blue, fill: Documents.red, lineWidth: 2))
    let image = try render(Documents.single(square, values: [.strokeEnd: [0.25]]))
    #expect(pixel(image, 10, 10) == 0xffff_0000)
    // The stroke covers the top edge only.
    #expect(pixel(image, 10, 2) == 0xff00_00ff)
    #expect(pixel(image, 10, 17) == 0xffff_0000)
  }

  @Test func theAccentReplacesTheStrokeElseTheFill() throws {
    let stroked = FrameDocument.Layer(
      id: "a", shape: .arc(center: Point(10, 10), radius: 6), style: Style(stroke: Documents.blue, fill: Documents.red, lineWidth: 4), role: .accent)
    let filled = FrameDocument.Layer(id: "d", shape: .dot(center: Point(10, 10), radius: 6), style: Style(fill: Documents.red), role: .accent)
    let green = Color(red: 0, green: 255, blue: 0)
    let arc = try render(Documents.single(stroked, values: [.sweep: [2 * Double.pi]]), accent: green)
    let dot = try render(Documents.single(filled, values: [:]), accent: green)
    #expect(pixel(arc, 16, 10) == 0xff00_ff00)
    #expect(pixel(arc, 10, 10) == 0xffff_0000)
    #expect(pixel(dot, 10, 10) == 0xff00_ff00)
    // Without a theme colour, the document's own.
    #expect(pixel(try render(Documents.single(stroked, values: [.sweep: [2 * Double.pi]])), 16, 10) == 0xff00_00ff)
  }

  @Test func anUnblurredShadowIsTheShapeOffsetInDevicePixels() throws {
    let shadow = Shadow(color: .black, opacity: 0.5, offset: Point(0, 3), radius: 0)
    let rect = FrameDocument.Layer(
      id: "r", shape: .roundedRect(Rect(x: 4, y: 4, width: 6, height: 6), cornerRadius: 0), style: Style(fill: .white, shadow: shadow))
    let image = try render(Documents.single(rect, width: 30, height: 30, values: [:]), scale: 2)
    // At scale 2 the square covers 8..<20 and its shadow 14..<26 in y.
    #expect(pixel(image, 10, 10) == 0xffff_ffff)
    let shade = pixel(image, 10, 22)
    #expect(shade & 0xff_ffff == 0)
    #expect(shade >> 24 == 127 || shade >> 24 == 128)
    #expect(pixel(image, 10, 27) == 0)
  }

  /// Shadows no reader accepts (a document built in code or by a scene):
  /// the mask they would need is refused with its size, a number the
  /// conversion to whole pixels can no longer trap on.
  @Test(arguments: [
    [3.1e18, 0, 0], [1e300, 0, 0], [0, 1e300, 0], [0, 0, -1e300], [Double.greatestFiniteMagnitude, 1e308, 1e308],
  ])
  func aShadowPastEveryCanvasIsAnErrorNotACrash(radiusAndOffset: [Double]) throws {
    let shadow = Shadow(
      color: .black, opacity: 1, offset: Point(radiusAndOffset[1], radiusAndOffset[2]), radius: radiusAndOffset[0])
    let dot = FrameDocument.Layer(id: "d", shape: .dot(center: Point(10, 10), radius: 4), style: Style(fill: Documents.red, shadow: shadow))
    let error = try #require(throws: RasterError.self) { try render(Documents.single(dot, values: [:])) }
    #expect(error.function == "cairo_image_surface_create")
    #expect(error.message == "4294967314 × 4294967314 pixels: each side must be 1 to 32767")
  }

  @Test func aCanvasPastCairosSideIsAnErrorAtAnyScale() throws {
    let dot = FrameDocument.Layer(id: "d", shape: .dot(center: Point(10, 10), radius: 4), style: Style(fill: Documents.red))
    for (scale, side) in [(1e6, "20000000"), (1e300, "2147483647")] {
      let error = try #require(throws: RasterError.self) { try render(Documents.single(dot, values: [:]), scale: scale) }
      #expect(error.message == "\(side) × \(side) pixels: each side must be 1 to 32767", "scale \(scale)")
    }
  }

  @Test func aBlurredShadowSpreadsWithoutLosingItsWeight() throws {
    let shadow = Shadow(color: .black, opacity: 1, offset: Point(0, 0), radius: 3)
    let dot = FrameDocument.Layer(id: "d", shape: .dot(center: Point(30, 30), radius: 5), style: Style(fill: Color(red: 0, green: 0, blue: 0, alpha: 0), shadow: shadow))
    let image = try render(Documents.single(dot, width: 60, height: 60, values: [:]))
    let weight = image.pixels.reduce(0.0) { $0 + Double($1 >> 24) / 255 }
    // The shadow of a disc of radius 5 carries its area, π·25 ≈ 78.5.
    #expect(abs(weight - Double.pi * 25) < 2, "weight \(weight)")
    // Symmetric about the centre, and it reaches past the disc.
    #expect(pixel(image, 30 - 7, 30) >> 24 == pixel(image, 29 + 7, 30) >> 24)
    #expect(pixel(image, 30, 38) >> 24 > 0)
  }

  @Test func aCachedShadowFollowsItsLayersGeometry() throws {
    let shadow = Shadow(color: .black, opacity: 1, offset: Point(0, 0), radius: 3)
    let dot = FrameDocument.Layer(id: "d", shape: .dot(center: Point(30, 30), radius: 5), style: Style(fill: Documents.red, shadow: shadow))
    let document = Documents.single(dot, width: 60, height: 60, frames: 3, values: [.scale: [1, 2, 2], .opacity: [1, 1, 0.5]])
    let renderer = try FrameRenderer(document: document.0)
    let first = try renderer.render(document.1, frame: 0)
    let larger = try renderer.render(document.1, frame: 1)
    let fainter = try renderer.render(document.1, frame: 2)
    // Radius 10 reaches 15 px from the centre with its shadow; radius 5 does not.
    #expect(pixel(larger, 30, 44) >> 24 > 0)
    #expect(pixel(first, 30, 44) >> 24 == 0)
    #expect(try renderer.render(document.1, frame: 0) == first)
    // Same geometry, half the opacity: the cached shadow at half strength.
    let shade = { (image: RasterImage) in Double(self.pixel(image, 30, 43) >> 24) }
    #expect(abs(shade(fainter) - shade(larger) / 2) <= 1)
  }

  @Test func theBackgroundIsPaintedUnderTheFrame() throws {
    let dot = FrameDocument.Layer(id: "d", shape: .dot(center: Point(10, 10), radius: 2), style: Style(fill: Documents.red))
    let image = try render(Documents.single(dot, values: [:]), background: .white)
    #expect(pixel(image, 0, 0) == 0xffff_ffff)
    #expect(pixel(image, 10, 10) == 0xffff_0000)
    #expect(image.isOpaque)
  }

  @Test func framesAreClampedToTheClipAsThePlayerClampsThem() throws {
    let dot = FrameDocument.Layer(id: "d", shape: .dot(center: Point(10, 10), radius: 4), style: Style(fill: Documents.red))
    let document = Documents.single(dot, frames: 2, values: [.scale: [0, 1]])
    #expect(try render(document, frame: 5) == (try render(document, frame: 1)))
    #expect(try render(document, frame: -1).pixels.allSatisfy { $0 == 0 })
  }

  @Test func aSurfaceTooLargeForCairoIsATypedError() throws {
    let dot = FrameDocument.Layer(id: "d", shape: .dot(center: Point(10, 10), radius: 4), style: Style(fill: Documents.red))
    let document = Documents.single(dot, width: 40_000, values: [:]).0
    #expect(throws: RasterError.self) { try FrameRenderer(document: document) }
    do {
      _ = try FrameRenderer(document: document)
    } catch {
      #expect(error.description.hasPrefix("cairo: cairo_image_surface_create: 40000 × 20 pixels"))
    }
  }

  @Test func straightRGBAUndoesPremultiplication() {
    let image = RasterImage(width: 2, height: 1, pixels: [0x8000_0080, 0])
    #expect(image.straightRGBA == [0, 0, 255, 128, 0, 0, 0, 0])
  }
}
