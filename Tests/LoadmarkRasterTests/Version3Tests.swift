import LoadmarkCore
import Testing

@testable import LoadmarkRaster

/// Format version 3 drawn by cairo: transforms after the pixel scale, with
/// the stroke transformed and the shadow not, polygons, and tracks read at
/// frames counting on (docs/FORMAT.md, "Transforms", "Polygons", "Reading a
/// track at a frame"). Each expected pixel is worked out from the geometry
/// by hand.
struct Version3Tests {
  func render(
    _ document: (FrameDocument, FrameDocument.Clip), frame: Int = 0, scale: Double = 1
  ) throws -> RasterImage {
    try FrameRenderer(document: document.0, pixelsPerPoint: scale).render(document.1, frame: frame)
  }

  /// The premultiplied 0xAARRGGBB pixel at (x, y).
  func pixel(_ image: RasterImage, _ x: Int, _ y: Int) -> UInt32 { image.pixels[y * image.width + x] }

  /// Where pixel (x, y), the square from (x, y) to (x + 1, y + 1), lies
  /// against a band around `center`: the points whose distance from it,
  /// after x is divided by `rx` and y by `ry`, is from `inner` to `outer`
  /// (an ellipse for `inner` below 0, a ring for `rx` = `ry`). True when the
  /// whole square is in it, false when none of it is, nil for a pixel on an
  /// edge, each by `margin` (in the divided units) for the curves' flattening.
  static func band(
    _ x: Int, _ y: Int, center: Point, rx: Double, ry: Double, inner: Double, outer: Double, margin: Double = 0.02
  ) -> Bool? {
    let u = ((Double(x) - center.x) / rx, (Double(x + 1) - center.x) / rx)
    let v = ((Double(y) - center.y) / ry, (Double(y + 1) - center.y) / ry)
    func nearest(_ range: (Double, Double)) -> Double { range.0 <= 0 && range.1 >= 0 ? 0 : min(abs(range.0), abs(range.1)) }
    func farthest(_ range: (Double, Double)) -> Double { max(abs(range.0), abs(range.1)) }
    let near = (nearest(u) * nearest(u) + nearest(v) * nearest(v)).squareRoot()
    let far = (farthest(u) * farthest(u) + farthest(v) * farthest(v)).squareRoot()
    if near > inner + margin && far < outer - margin { return true }
    if far < inner - margin || near > outer + margin { return false }
    return nil
  }

  /// Compares every pixel `classify` decides (true: `color`, false:
  /// transparent) and counts those that differ, and how many were checked
  /// each way, so that a test can also see that the check was not empty.
  func mismatches(_ image: RasterImage, color: UInt32, _ classify: (Int, Int) -> Bool?) -> (wrong: Int, full: Int, empty: Int) {
    var result = (wrong: 0, full: 0, empty: 0)
    for y in 0..<image.height {
      for x in 0..<image.width {
        guard let inside = classify(x, y) else { continue }
        if inside { result.full += 1 } else { result.empty += 1 }
        if pixel(image, x, y) != (inside ? color : 0) { result.wrong += 1 }
      }
    }
    return result
  }

  @Test func aTranslatedSquareCoversTheMovedPixels() throws {
    let square = FrameDocument.Layer(
      id: "r", shape: .roundedRect(Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0), style: Style(fill: Documents.red))
    let moved = { (tx: Double) in
      try self.render(Documents.single(square, width: 40, height: 40, values: [:], tracks: Documents.transform("r", [.tx: tx, .ty: 20])))
    }
    // tx = 20, ty = 20: the square covers 20 to 30 both ways.
    let image = try moved(20)
    #expect(pixel(image, 25, 25) == 0xffff_0000)
    #expect(pixel(image, 20, 20) == 0xffff_0000)
    #expect(pixel(image, 29, 29) == 0xffff_0000)
    #expect(pixel(image, 5, 5) == 0)
    #expect(pixel(image, 19, 25) == 0)
    #expect(pixel(image, 30, 25) == 0)
    // Perturbed: 1 pt further, pixel 20 is left and pixel 30 covered.
    let further = try moved(21)
    #expect(pixel(further, 20, 25) == 0)
    #expect(pixel(further, 30, 25) == 0xffff_0000)
  }

  @Test func aDotScaledTwoByAHalfIsAnEllipse() throws {
    // Radius 4 at (10, 10) under a = 2, d = 0.5: centre (20, 5), half axes
    // 8 across and 2 down.
    let dot = FrameDocument.Layer(id: "d", shape: .dot(center: Point(10, 10), radius: 4), style: Style(fill: Documents.red))
    let scaled = { (a: Double, d: Double) in
      try self.render(Documents.single(dot, width: 40, height: 12, values: [:], tracks: Documents.transform("d", [.a: a, .d: d])))
    }
    let ellipse = { (x: Int, y: Int) in Self.band(x, y, center: Point(20, 5), rx: 8, ry: 2, inner: -1, outer: 1) }
    let image = try scaled(2, 0.5)
    let result = mismatches(image, color: 0xffff_0000, ellipse)
    #expect(result.wrong == 0)
    #expect(result.full > 20 && result.empty > 300)
    // A pixel inside the ellipse past the unscaled dot, and one inside the
    // dot's radius 4 across but outside the ellipse's 2 down.
    #expect(pixel(image, 26, 5) == 0xffff_0000)
    #expect(pixel(image, 20, 8) == 0)
    // Perturbed: a = 2, d = 0.75 is a taller ellipse, which the check tells apart.
    #expect(mismatches(try scaled(2, 0.75), color: 0xffff_0000, ellipse).wrong > 0)
  }

  @Test func aRingScaledByAHalfHasHalfItsLineWidth() throws {
    // Radius 12 around (21, 21), 4 wide, under a = d = 0.5 about the
    // origin: radius 6 around (10.5, 10.5), 2 wide, so radii 5 to 7.
    let ring = FrameDocument.Layer(id: "a", shape: .arc(center: Point(21, 21), radius: 12), style: Style(stroke: Documents.blue, lineWidth: 4))
    let scaled = { (k: Double) in
      try self.render(Documents.single(
        ring, width: 21, height: 21, values: [.sweep: [2 * Double.pi]], tracks: Documents.transform("a", [.a: k, .d: k])))
    }
    let annulus = { (x: Int, y: Int) in Self.band(x, y, center: Point(10.5, 10.5), rx: 1, ry: 1, inner: 5, outer: 7) }
    let image = try scaled(0.5)
    let result = mismatches(image, color: 0xff00_00ff, annulus)
    #expect(result.wrong == 0)
    #expect(result.full > 0 && result.empty > 0)
    // Across the row through the centre (pixel centres on it), the stroke
    // covers radii 5 to 7 on each side: 2 px of coverage a side.
    let right = (11..<21).reduce(0.0) { $0 + Double(pixel(image, $1, 10) >> 24) / 255 }
    #expect(abs(right - 2) < 0.05, "\(right)")
    #expect(pixel(image, 16, 10) == 0xff00_00ff)
    #expect(pixel(image, 14, 10) == 0 && pixel(image, 18, 10) == 0)
    // Perturbed: at a = d = 0.6, radius 7.2 and 2.4 wide, the check fails.
    #expect(mismatches(try scaled(0.6), color: 0xff00_00ff, annulus).wrong > 0)
  }

  @Test func aNegativeScaleMirrorsAnArc() throws {
    // Radius 6 around (10, 10), 4 wide, from 3 o'clock a quarter turn
    // clockwise (y down): the lower right quarter. Under a = −1, tx = 20 the
    // centre stays and the quarter is the lower left.
    let arc = FrameDocument.Layer(id: "a", shape: .arc(center: Point(10, 10), radius: 6), style: Style(stroke: Documents.blue, lineWidth: 4))
    let quarter = [FrameDocument.TrackProperty.sweep: [Double.pi / 2]]
    let plain = try render(Documents.single(arc, values: quarter))
    let mirrored = try render(Documents.single(arc, values: quarter, tracks: Documents.transform("a", [.a: -1, .tx: 20])))
    // Pixel (14, 14) spans radii 5.66 to 7.07 within the first quarter;
    // pixel (5, 14) is its mirror image.
    #expect(pixel(plain, 14, 14) == 0xff00_00ff)
    #expect(pixel(plain, 5, 14) == 0)
    #expect(pixel(mirrored, 5, 14) == 0xff00_00ff)
    #expect(pixel(mirrored, 14, 14) == 0)
    // Mirrored, not turned: the upper quarters stay empty.
    #expect(pixel(mirrored, 5, 5) == 0 && pixel(mirrored, 14, 5) == 0)
  }

  @Test func aQuarterTurnMakesAHorizontalBarVertical() throws {
    // x 0 to 10, y −1 to 1; under a = 0, b = 1, c = −1, d = 0, tx = 10,
    // ty = 5 a point (x, y) goes to (10 − y, 5 + x): x 9 to 11, y 5 to 15.
    let bar = FrameDocument.Layer(
      id: "r", shape: .roundedRect(Rect(x: 0, y: -1, width: 10, height: 2), cornerRadius: 0), style: Style(fill: Documents.red))
    let turned = try render(Documents.single(bar, values: [:], tracks: Documents.transform("r", [.a: 0, .b: 1, .c: -1, .d: 0, .tx: 10, .ty: 5])))
    for (x, y) in [(9, 5), (10, 10), (9, 14), (10, 14)] {
      #expect(pixel(turned, x, y) == 0xffff_0000, "(\(x), \(y))")
    }
    for (x, y) in [(8, 10), (11, 10), (10, 4), (10, 15), (15, 4)] {
      #expect(pixel(turned, x, y) == 0, "(\(x), \(y))")
    }
    // Perturbed: the translation alone leaves the bar horizontal, x 10 to
    // 20 and y 4 to 6; the opposite turn (b = −1, c = 1) puts it above, y −5 to 5.
    let moved = try render(Documents.single(bar, values: [:], tracks: Documents.transform("r", [.tx: 10, .ty: 5])))
    #expect(pixel(moved, 15, 4) == 0xffff_0000 && pixel(moved, 10, 10) == 0)
    let back = try render(Documents.single(bar, values: [:], tracks: Documents.transform("r", [.a: 0, .b: -1, .c: 1, .d: 0, .tx: 10, .ty: 5])))
    #expect(pixel(back, 10, 2) == 0xffff_0000 && pixel(back, 10, 10) == 0)
  }

  /// A triangle with its apex at (10.5, 18): edges x = 2.5 + (y − 2)/2 and
  /// x = 18.5 − (y − 2)/2 below the top edge y = 2.
  static let triangle = [Point(2.5, 2), Point(18.5, 2), Point(10.5, 18)]

  @Test func aPolygonFillsItsInterior() throws {
    let polygon = FrameDocument.Layer(id: "p", shape: .polygon(vertexCount: 3), style: Style(fill: Documents.red))
    let image = try render(Documents.single(polygon, width: 21, height: 21, values: [:], tracks: Documents.vertices("p", Self.triangle)))
    // Pixel (5, 4): x 5 to 6 is right of the left edge's 3.5 to 4 there.
    for (x, y) in [(10, 10), (5, 4), (15, 4), (10, 16)] {
      #expect(pixel(image, x, y) == 0xffff_0000, "(\(x), \(y))")
    }
    // At y 10 to 11 the edges are at 6.5 to 7 and 14 to 14.5.
    for (x, y) in [(3, 10), (16, 10), (10, 1), (10, 19), (2, 16)] {
      #expect(pixel(image, x, y) == 0, "(\(x), \(y))")
    }
    // Its opacity track is globalAlpha: 0.5 of 255.
    let half = try render(Documents.single(polygon, width: 21, height: 21, values: [.opacity: [0.5]], tracks: Documents.vertices("p", Self.triangle)))
    #expect([127, 128].contains(pixel(half, 10, 10) >> 24))
  }

  @Test func aPolygonIsClosedAndStrokedWithItsJoin() throws {
    let stroked = { (join: LineJoin, miterLimit: Double) in
      let polygon = FrameDocument.Layer(
        id: "p", shape: .polygon(vertexCount: 3),
        style: Style(stroke: Documents.blue, lineWidth: 2, lineJoin: join, miterLimit: miterLimit))
      return try self.render(Documents.single(polygon, width: 21, height: 24, values: [:], tracks: Documents.vertices("p", Self.triangle)))
    }
    let miter = try stroked(.miter, 10)
    // The closing edge, from the apex back to (2.5, 2): pixel (6, 10) is
    // within 0.9 of it, so covered whole.
    #expect(pixel(miter, 6, 10) == 0xff00_00ff)
    #expect(pixel(miter, 10, 10) == 0)
    // The apex's angle is 2·atan(0.5): its miter is 1/sin(atan 0.5) = 2.236
    // half widths long, within the limit of 10, and reaches y = 20.236. It
    // covers 0.236 + 0.764 · 0.618 = 0.708 of pixel (10, 19): alpha 180.
    let tip = Int(pixel(miter, 10, 19) >> 24)
    #expect(abs(tip - 180) <= 3, "\(tip)")
    // A bevel ends at y = 18.447, a round join at 19; a miter limit of 2,
    // under 2.236, bevels the apex.
    #expect(pixel(try stroked(.bevel, 10), 10, 19) == 0)
    #expect(pixel(try stroked(.round, 10), 10, 19) == 0)
    #expect(pixel(try stroked(.miter, 2), 10, 19) == 0)
  }

  @Test func tracksAreReadAtFramesCountingOn() throws {
    // A loop of 2 frames whose dot steps 10 pt a frame on a periodic track
    // of 3: frame n shows the dot in cell n mod 3, whatever n mod 2.
    let dot = FrameDocument.Layer(id: "d", shape: .dot(center: Point(5, 5), radius: 4), style: Style(fill: Documents.red))
    let step = FrameDocument.Track(layer: "d", property: .tx, values: .periodic([0, 10, 20]))
    let loop = Documents.single(dot, width: 30, height: 10, frames: 2, loop: true, values: [:], tracks: [step])
    let renderer = try FrameRenderer(document: loop.0)
    for n in 0..<7 {
      let image = try renderer.render(loop.1, frame: n)
      for cell in 0..<3 {
        #expect(pixel(image, 5 + 10 * cell, 5) == (cell == n % 3 ? 0xffff_0000 : 0), "frame \(n), cell \(cell)")
      }
    }
    // A one-shot holds its last frame: frame 5 of 2 frames is frame 1.
    let once = Documents.single(
      dot, width: 30, height: 10, frames: 2, values: [:],
      tracks: [FrameDocument.Track(layer: "d", property: .tx, values: .frames([0, 10]))])
    #expect(pixel(try render(once, frame: 5), 15, 5) == 0xffff_0000)
    #expect(pixel(try render(once, frame: 5), 5, 5) == 0)
  }

  @Test(arguments: [[0.0, 0, 0, 0], [1, 2, 2, 4], [1e-160, 0, 0, 1e-160]])
  func aSingularTransformDrawsNothingAndLeavesNoError(matrix: [Double]) throws {
    // a·d − b·c is 0, or 1e-320, whose inverse is past the doubles.
    let shadow = Shadow(color: .black, opacity: 1, offset: Point(2, 2), radius: 1)
    let dot = FrameDocument.Layer(id: "d", shape: .dot(center: Point(10, 10), radius: 6), style: Style(stroke: Documents.blue, fill: Documents.red, shadow: shadow))
    let frames: [FrameDocument.Track] = [
      FrameDocument.Track(layer: "d", property: .a, values: .frames([matrix[0], 1])),
      FrameDocument.Track(layer: "d", property: .b, values: .frames([matrix[1], 0])),
      FrameDocument.Track(layer: "d", property: .c, values: .frames([matrix[2], 0])),
      FrameDocument.Track(layer: "d", property: .d, values: .frames([matrix[3], 1])),
    ]
    let document = Documents.single(dot, frames: 2, values: [:], tracks: frames)
    let renderer = try FrameRenderer(document: document.0, pixelsPerPoint: 2)
    let singular = try renderer.render(document.1, frame: 0)
    #expect(singular.pixels.allSatisfy { $0 == 0 })
    #expect(renderer.shadowCost(document.1, frames: 0..<1).blurredPixels == 0)
    // The next frame, the identity, is drawn: no error stayed on the canvas.
    let identity = try renderer.render(document.1, frame: 1)
    #expect(pixel(identity, 20, 20) == 0xffff_0000)
    #expect(try renderer.png(document.1, frame: 0).count > 0)
  }

  @Test func aShadowIsNotTurnedByItsLayersTransform() throws {
    // The bar of the quarter turn above, x 9 to 11 and y 5 to 15, with an
    // unblurred shadow offset 4 down: the shadow shows below it, y 15 to 19,
    // not 4 left, where the offset turned with the bar would put it.
    let shadow = Shadow(color: .black, opacity: 1, offset: Point(0, 4), radius: 0)
    let bar = FrameDocument.Layer(
      id: "r", shape: .roundedRect(Rect(x: 0, y: -1, width: 10, height: 2), cornerRadius: 0),
      style: Style(fill: Documents.red, shadow: shadow))
    let quarter = Documents.transform("r", [.a: 0, .b: 1, .c: -1, .d: 0, .tx: 10, .ty: 5])
    let image = try render(Documents.single(bar, width: 20, height: 24, values: [:], tracks: quarter))
    #expect(pixel(image, 10, 10) == 0xffff_0000)
    #expect(pixel(image, 10, 17) == 0xff00_0000)
    #expect(pixel(image, 10, 19) == 0)
    #expect(pixel(image, 6, 10) == 0)
    // At 2 pixels a point the offset is 8 pixels: the shadow ends at y 38.
    let doubled = try render(Documents.single(bar, width: 20, height: 24, values: [:], tracks: quarter), scale: 2)
    #expect(pixel(doubled, 20, 36) == 0xff00_0000)
    #expect(pixel(doubled, 20, 38) == 0)
  }

  @Test func aMovingLayersShadowHasAMaskPerTransform() throws {
    let shadow = Shadow(color: .black, opacity: 1, offset: Point(0, 4), radius: 0)
    let square = FrameDocument.Layer(
      id: "r", shape: .roundedRect(Rect(x: 0, y: 0, width: 4, height: 4), cornerRadius: 0),
      style: Style(fill: Documents.red, shadow: shadow))
    let moving = FrameDocument.Track(layer: "r", property: .tx, values: .frames([0, 10, 10]))
    let document = Documents.single(square, frames: 3, values: [:], tracks: [moving])
    let renderer = try FrameRenderer(document: document.0)
    let first = try renderer.render(document.1, frame: 0)
    let moved = try renderer.render(document.1, frame: 1)
    _ = try renderer.render(document.1, frame: 2)
    // Frame 1's shadow is under the moved square, x 10 to 14 and y 4 to 8,
    // not frame 0's mask again; frame 2 reuses frame 1's.
    #expect(pixel(first, 2, 6) == 0xff00_0000 && pixel(first, 12, 6) == 0)
    #expect(pixel(moved, 12, 6) == 0xff00_0000 && pixel(moved, 2, 6) == 0)
    #expect(renderer.shadowMasks.blurs == 2)
    // Counted alike before drawing: a margin of the offset's 4 on each
    // side, (20 + 8)² = 784 pixels a mask, two masks.
    #expect(renderer.shadowCost(document.1, frames: 0..<3).blurredPixels == 2 * 784)
  }
}
