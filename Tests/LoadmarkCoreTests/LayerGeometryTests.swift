import Testing
@testable import LoadmarkCore

/// `Rule.layerComposition`: position, anchorPoint, bounds, transform and the
/// superlayer's sublayerTransform composed as Core Animation composes them.
struct LayerGeometryTests {
  let pi = Double.pi

  func drawn(_ point: Point, _ chain: [LayerGeometry]) -> Point {
    let h = LayerGeometry.toCanvas(chain).homogeneousImage(x: point.x, y: point.y)
    return Point(h.x / h.w, h.y / h.w)
  }

  func expectClose(_ a: Point, _ b: Point, within tolerance: Double = 1e-12, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance, "\(a) is not \(b)", sourceLocation: sourceLocation)
  }

  @Test func aQuarterTurnAboutTheCentreMovesEachCornerToTheNext() {
    // A 60×60 layer at (30, 30), anchor (0.5, 0.5), turned π/2 about z: the
    // corner (0, 0) is (−30, −30) from the anchor, turns to (30, −30)
    // (x′ = x·cos − y·sin, y′ = x·sin + y·cos), and lands at (60, 0):
    // clockwise on screen, each corner to the next.
    let layer = LayerGeometry(
      position: Point(30, 30), bounds: Rect(x: 0, y: 0, width: 60, height: 60),
      transform: .makeRotation(pi / 2, 0, 0, 1))
    expectClose(drawn(Point(0, 0), [layer]), Point(60, 0))
    expectClose(drawn(Point(60, 0), [layer]), Point(60, 60))
    expectClose(drawn(Point(60, 60), [layer]), Point(0, 60))
    expectClose(drawn(Point(0, 60), [layer]), Point(0, 0))
    expectClose(drawn(Point(30, 30), [layer]), Point(30, 30))
  }

  @Test func anchorPointZeroTurnsAboutTheTopLeftCorner() {
    // 40×20 at (10, 10), anchor (0, 0), a quarter turn: (0, 0) stays at the
    // position; (40, 0) turns to (0, 40) from it; (40, 20) to (−20, 40).
    let layer = LayerGeometry(
      position: Point(10, 10), bounds: Rect(x: 0, y: 0, width: 40, height: 20),
      anchorPoint: Point(0, 0), transform: .makeRotation(pi / 2, 0, 0, 1))
    expectClose(drawn(Point(0, 0), [layer]), Point(10, 10))
    expectClose(drawn(Point(40, 0), [layer]), Point(10, 50))
    expectClose(drawn(Point(40, 20), [layer]), Point(-10, 50))
  }

  @Test func boundsOriginShiftsTheLayerAndItsSublayers() {
    // Bounds (10, 20, 40, 40): the anchor is (10 + 20, 20 + 20) = (30, 40) in
    // the layer's own coordinates and lands at the position (100, 100); its
    // content's top-left (10, 20) lands at (80, 80).
    let parent = LayerGeometry(position: Point(100, 100), bounds: Rect(x: 10, y: 20, width: 40, height: 40))
    expectClose(drawn(Point(30, 40), [parent]), Point(100, 100))
    expectClose(drawn(Point(10, 20), [parent]), Point(80, 80))
    // A sublayer placed at (10, 20) (anchor (0, 0)) sits at the parent's top-left.
    let child = LayerGeometry(
      position: Point(10, 20), bounds: Rect(x: 0, y: 0, width: 10, height: 10), anchorPoint: Point(0, 0))
    expectClose(drawn(Point(0, 0), [parent, child]), Point(80, 80))
    expectClose(drawn(Point(10, 10), [parent, child]), Point(90, 90))
  }

  @Test func sublayerTransformActsAboutTheSuperlayersAnchor() {
    // A 100×100 container at (50, 50) whose sublayerTransform doubles: its
    // sublayers scale about its centre (50, 50). A child with frame
    // (10, 10, 20, 20): its (0, 0) is (10, 10) in the container, 40 left and
    // up of the centre, so 80 after doubling: (−30, −30). About the bounds'
    // origin instead it would be (20, 20).
    let container = LayerGeometry(
      position: Point(50, 50), bounds: Rect(x: 0, y: 0, width: 100, height: 100),
      sublayerTransform: .makeScale(2, 2, 1))
    let child = LayerGeometry(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    expectClose(drawn(Point(0, 0), [container, child]), Point(-30, -30))
    expectClose(drawn(Point(20, 20), [container, child]), Point(10, 10))
    // The container's own content is not scaled by it.
    expectClose(drawn(Point(0, 0), [container]), Point(0, 0))
  }

  @Test func sublayerPerspectiveHasItsVanishingPointAtTheContainersCentre() {
    // m34 = −1/500 on the container, a child lifted by zPosition 100: w =
    // 1 + 100·(−1/500) = 0.8, so the child's corner (40, 40), 10 from the
    // centre each way, is drawn 12.5 from it: (37.5, 37.5).
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 500
    let container = LayerGeometry(
      position: Point(50, 50), bounds: Rect(x: 0, y: 0, width: 100, height: 100),
      sublayerTransform: perspective)
    var child = LayerGeometry(frame: Rect(x: 40, y: 40, width: 20, height: 20))
    child.zPosition = 100
    expectClose(drawn(Point(0, 0), [container, child]), Point(37.5, 37.5))
    expectClose(drawn(Point(20, 20), [container, child]), Point(62.5, 62.5))
  }

  @Test func aLayerFlattensItsSublayersBeforeItsOwnPerspective() {
    // The middle layer draws its sublayers in its own plane, so the child's
    // zPosition no longer counts under the root's perspective: flattened, the
    // child is drawn where it would be at z = 0.
    var perspective = Transform3D.identity
    perspective.m34 = -1.0 / 500
    let root = LayerGeometry(
      position: Point(50, 50), bounds: Rect(x: 0, y: 0, width: 100, height: 100),
      sublayerTransform: perspective)
    let middle = LayerGeometry(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    var child = LayerGeometry(frame: Rect(x: 40, y: 40, width: 20, height: 20))
    child.zPosition = 100
    expectClose(drawn(Point(0, 0), [root, middle, child]), Point(40, 40))
  }

  @Test func aThreeLevelTree() {
    // Root G: 100×100 at (50, 50), sublayerTransform scale 0.5. Middle P:
    // bounds (5, 5, 40, 40), position (30, 70), anchor (0, 0), a quarter turn,
    // sublayerTransform translate (4, 0). Child C: 10×20 at (15, 25), scaled
    // 2 in x. Expected corners from a short Python program that follows
    // Apple's description point by point (position + transform(p − anchor),
    // sublayerTransform about the superlayer's anchor), without matrices;
    // by hand for (0, 0): (−5, −10) → (−10, −10) → (5, 15) in P → (9, 15)
    // → (20, 74) in G → (35, 62).
    let g = LayerGeometry(
      position: Point(50, 50), bounds: Rect(x: 0, y: 0, width: 100, height: 100),
      sublayerTransform: .makeScale(0.5, 0.5, 1))
    let p = LayerGeometry(
      position: Point(30, 70), bounds: Rect(x: 5, y: 5, width: 40, height: 40), anchorPoint: Point(0, 0),
      transform: .makeRotation(pi / 2, 0, 0, 1), sublayerTransform: .makeTranslation(4, 0, 0))
    let c = LayerGeometry(
      position: Point(15, 25), bounds: Rect(x: 0, y: 0, width: 10, height: 20),
      transform: .makeScale(2, 1, 1))
    expectClose(drawn(Point(0, 0), [g, p, c]), Point(35, 62))
    expectClose(drawn(Point(10, 0), [g, p, c]), Point(35, 72))
    expectClose(drawn(Point(10, 20), [g, p, c]), Point(25, 72))
    expectClose(drawn(Point(0, 20), [g, p, c]), Point(25, 62))
    // The composed matrix draws the plane affinely (flattening zeroes its z
    // column, so it is not `isAffine`), and that map is what a frame
    // document carries. By hand: C's x axis (1, 0) is scaled to (2, 0),
    // turned to (0, 2), halved to (0, 1): a = 0, b = 1; its y axis (0, 1)
    // turns to (−1, 0) and halves to (−0.5, 0): c = −0.5, d = 0.
    let matrix = LayerGeometry.toCanvas([g, p, c])
    #expect(!matrix.isAffine)
    let plane = try! #require(matrix.planeAffine)
    #expect(abs(plane.a) < 1e-15 && abs(plane.b - 1) < 1e-15)
    #expect(abs(plane.c + 0.5) < 1e-15 && abs(plane.d) < 1e-15)
    expectClose(plane.applied(to: Point(0, 0)), Point(35, 62))
  }

  @Test func frameInitialiserPlacesTheAnchorInTheFrame() {
    let layer = LayerGeometry(frame: Rect(x: 10, y: 20, width: 40, height: 60))
    #expect(layer.position == Point(30, 50))
    #expect(layer.bounds == Rect(x: 0, y: 0, width: 40, height: 60))
    #expect(LayerGeometry.toCanvas([]) == .identity)
  }
}
