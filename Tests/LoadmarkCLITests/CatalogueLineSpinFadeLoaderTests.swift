import LoadmarkCore
import LoadmarkJSON
import Testing

/// NVActivityIndicatorView's LineSpinFadeLoader, written as its Swift is
/// written: each line in a container whose still `sublayerTransform` turns it
/// by π/2 + a. Values derived by hand from the source; the eased opacities by
/// the short independent program CatalogueTests describes (float32 control
/// points of easeInEaseOut (0.42, 0, 0.58, 1), x solved by 200 bisection steps).
@Suite("Catalogue: nv-line-spin-fade-loader")
struct CatalogueLineSpinFadeLoaderTests {
  // lineSize = ((60 − 8)/5, (60 − 4)/3) = (10.4, 56/3); radius = 30 − 28/3 = 62/3;
  // each container is 56/3 square.

  func document() throws -> FrameDocument {
    try #require(Indicator.named("nv-line-spin-fade-loader")).frames()
  }

  /// The first point and the first arc's centre of line `i`'s rounded rectangle.
  func startAndFirstCorner(_ document: FrameDocument, _ i: Int) throws -> (Point, Point) {
    guard case .path(let path) = try #require(document.layer("line\(i)")).shape else {
      throw PathMissing()
    }
    let subpath = try #require(path.subpaths.first)
    for segment in subpath.segments {
      if case .arc(let arc) = segment { return (subpath.start, arc.center) }
    }
    throw PathMissing()
  }

  struct PathMissing: Error {}

  @Test("each line is radial: its container's sublayerTransform turns it by π/2 + a")
  func theLinesAreTurnedBySublayerTransforms() throws {
    let document = try document()
    #expect(document.writtenVersion == 2)
    // Line 0 (a = 0): its container at (2·radius, radius), anchor (28/3, 28/3).
    // Line coordinates p go to q = p + ((56/3 − 10.4)/2, 0) in the container,
    // turned by π/2 about the anchor: (56/3 − q.y, q.x), then + (124/3, 62/3).
    // The path starts at the top middle, p = (5.2, 0): q = (28/3, 0), so the
    // canvas point is (124/3 + 56/3, 62/3 + 28/3) = (60, 30); the first corner's
    // centre p = (5.2, 5.2) lands at (60 − 5.2, 30).
    let (start0, corner0) = try startAndFirstCorner(document, 0)
    #expect(abs(start0.x - 60) < 1e-12 && abs(start0.y - 30) < 1e-12, "\(start0)")
    #expect(abs(corner0.x - 54.8) < 1e-12 && abs(corner0.y - 30) < 1e-12, "\(corner0)")
    // Line 2 (a = π/2): container at (radius, 2·radius), turned by π:
    // (56/3 − q.x, 56/3 − q.y); the top middle lands at (62/3 + 28/3, 124/3 + 56/3) = (30, 60).
    let (start2, corner2) = try startAndFirstCorner(document, 2)
    #expect(abs(start2.x - 30) < 1e-12 && abs(start2.y - 60) < 1e-12, "\(start2)")
    #expect(abs(corner2.x - 30) < 1e-12 && abs(corner2.y - 54.8) < 1e-12, "\(corner2)")
  }

  @Test("the opacities at three frames, from the beginTime offsets 0.12·(i + 1)")
  func opacitiesAsDerivedFromTheSource() throws {
    let clip = try #require(try document().clip("loop"))
    func opacity(_ i: Int, _ frame: Int) throws -> Double {
      try #require(clip.track("line\(i).opacity")).value(at: frame)
    }
    // The loop starts at 0.96 s. Frame 0: line 0 is 0.84 s into its 1.2 s,
    // fraction 0.7, s = 0.4 of the second segment: 0.3 + 0.7·ease(0.4).
    #expect(abs(try opacity(0, 0) - 0.5323187205887738) < 1e-6)
    // Frame 18 (0.3 s on): fraction 0.95, s = 0.9: 0.3 + 0.7·ease(0.9).
    #expect(abs(try opacity(0, 18) - 0.9861942835750037) < 1e-6)
    // Line 3 begins at 0.48 s: 0.48 s in, fraction 0.4, s = 0.8 of the first segment.
    #expect(abs(try opacity(3, 0) - 0.35716189528594044) < 1e-6)
    // Line 7 begins at 0.96 s, the loop's start: its first value, 1.
    #expect(try opacity(7, 0) == 1)
  }
}
