import LoadmarkCore
import Testing

@testable import LoadmarkRaster

/// Shadow masks are blurred once per outline, geometry and blur, kept
/// within ``ShadowLimits/retainedBytes``, and counted before drawing by
/// ``FrameRenderer/shadowCost(_:frames:)``.
struct ShadowMaskTests {
  static let shadow = Shadow(color: .black, opacity: 0.5, offset: Point(1, 2), radius: 3)

  /// `count` layers of the same shadowed disc, or discs moved 1 pt apart
  /// when `distinct`, with the dot's scale `scales` over the frames.
  static func discs(_ count: Int, distinct: Bool = false, scales: [Double] = [1]) -> (FrameDocument, FrameDocument.Clip) {
    let layers = (0..<count).map { index in
      FrameDocument.Layer(
        id: "d\(index)", shape: .dot(center: Point(20 + (distinct ? Double(index) : 0), 20), radius: 5),
        style: Style(fill: Documents.red, shadow: shadow))
    }
    let tracks = layers.flatMap { layer in
      [
        FrameDocument.Track(layer: layer.id, property: .scale, values: scales.count == 1 ? .constant(scales[0]) : .frames(scales)),
        FrameDocument.Track(layer: layer.id, property: .opacity, values: .constant(1)),
      ]
    }
    let clip = FrameDocument.Clip(
      name: "main", index: .time, frameCount: scales.count, duration: Double(scales.count - 1) / 10, loop: false, tracks: tracks)
    return (FrameDocument(preset: "test", fps: 10, width: 40, height: 40, layers: layers, clips: [clip]), clip)
  }

  @Test func repeatedLayersShareOneBlurredMask() throws {
    let (document, clip) = Self.discs(50)
    let renderer = try FrameRenderer(document: document)
    _ = try renderer.render(clip, frame: 0)
    #expect(renderer.shadowMasks.blurs == 1)
    #expect(renderer.shadowMasks.count == 1)
    // The same pixels as each layer blurring its own mask: 50 copies of
    // one shadow, drawn by the same mask.
    let distinct = try FrameRenderer(document: Self.discs(2, distinct: true).0)
    _ = try distinct.render(clip, frame: 0)
    #expect(distinct.shadowMasks.blurs == 2)
  }

  @Test func aMaskNoLongerUsedIsFreed() throws {
    let (document, clip) = Self.discs(1, scales: [1, 2, 2, 1])
    let renderer = try FrameRenderer(document: document)
    for frame in 0..<4 {
      _ = try renderer.render(clip, frame: frame)
      // Only the mask of the frame just drawn is kept.
      #expect(renderer.shadowMasks.count == 1, "frame \(frame)")
    }
    // Frame 2 reuses frame 1's mask; frame 3 blurs scale 1 again.
    #expect(renderer.shadowMasks.blurs == 3)
  }

  @Test func keptMasksStayWithinTheirBudget() {
    let cache = ShadowMaskCache(retainedBudget: 100)
    let key = { (outline: Int) in
      ShadowMaskKey(outline: outline, stroke: false, geometry: LayerValues { _ in 0 }, sigma: 1, margin: 5)
    }
    // a, b, a: a is kept for its second use; b does not fit beside it.
    cache.begin([key(0), key(1), key(0)])
    cache.account(key(0), pixels: 60)
    cache.account(key(1), pixels: 60)
    cache.account(key(0), pixels: 60)
    #expect(cache.retainedBytes == 60)
    #expect(cache.blurs == 2)
    // A mask larger than the budget is never kept, so it is blurred for each use.
    cache.begin([key(2), key(2)])
    cache.account(key(2), pixels: 101)
    cache.account(key(2), pixels: 101)
    #expect(cache.count == 0)
    #expect(cache.retainedBytes == 0)
    #expect(cache.blurredPixels == 120 + 202)
  }

  @Test func theCostIsWhatARenderBlurs() throws {
    let (document, clip) = Self.discs(3, distinct: true, scales: [1, 1, 2, 3, 3])
    let renderer = try FrameRenderer(document: document)
    let cost = renderer.shadowCost(clip, frames: 0..<5)
    for frame in 0..<5 { _ = try renderer.render(clip, frame: frame) }
    #expect(cost.blurredPixels == renderer.shadowMasks.blurredPixels)
    // 3 layers × 3 geometries, each mask (40 + 2 · 13)² pixels (reach 3 · 3 + 2, offset 2).
    #expect(cost.blurredPixels == 9 * 66 * 66)
    #expect(cost.largestMask == 66 * 66)
    #expect(cost.largestMaskLayer == 0)
  }

  @Test func aMaskIsCountedAtItsSizeBeforeAnythingIsMade() throws {
    // Radius 1000 on 2000 × 2000: the finding's mask of 8010 × 8010 pixels
    // (reach 3002 plus offset 3 each side), past ShadowLimits.maskPixels.
    let shadow = Shadow(color: .black, opacity: 0.1, offset: Point(3, 3), radius: 1000)
    let rect = FrameDocument.Layer(
      id: "r", shape: .roundedRect(Rect(x: 8, y: 8, width: 35, height: 35), cornerRadius: 17.5),
      style: Style(fill: .white, shadow: shadow))
    let (document, clip) = Documents.single(rect, width: 2000, height: 2000, values: [:])
    let renderer = try FrameRenderer(document: document)
    let cost = renderer.shadowCost(clip, frames: 0..<1)
    #expect(cost.largestMask == 8010 * 8010)
    #expect(cost.largestMask > ShadowLimits.maskPixels)
    #expect(renderer.shadowMasks.blurs == 0)
  }

  @Test func theBudgetsAreTheDocumentedNumbers() {
    #expect(ShadowLimits.maskPixels == 16_777_216)
    #expect(ShadowLimits.blurredPixels == 33_554_432)
    #expect(ShadowLimits.retainedBytes == 33_554_432)
    #expect(WebPEncoder.maximumFrames == 5000)
  }

  @Test func aPNGFromTheCanvasIsThePNGOfTheFrame() throws {
    let (document, clip) = Self.discs(2, distinct: true, scales: [1, 2])
    let renderer = try FrameRenderer(document: document)
    let direct = try renderer.png(clip, frame: 1)
    #expect(direct == (try PNGEncoder.encode(renderer.render(clip, frame: 1))))
    let sheet = try renderer.spriteSheet(clip)
    let frames = try (0..<2).map { frame in try renderer.render(clip, frame: frame) }
    #expect(sheet == (try SpriteSheet.png(frames)))
  }
}
