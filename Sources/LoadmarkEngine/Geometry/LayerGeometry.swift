/// The geometry of one `CALayer`: what places its coordinate space in its
/// superlayer's, and what it does to its sublayers' (`Rule.layerComposition`
/// in docs/FIDELITY.md).
///
/// A layer's own coordinates are its bounds' coordinates: its content's
/// top-left corner is `bounds.origin`. The anchor point, in those
/// coordinates, is bounds.origin + anchorPoint·bounds.size; `position` is
/// where the anchor lands in the superlayer's coordinates, and `transform`
/// applies about the anchor [doc: Core Animation Programming Guide, "Layers
/// Have Their Own Geometry" / "Anchor Points Affect Geometric
/// Manipulations"; CALayer `position`, `anchorPoint`, `bounds`,
/// `transform`]. `sublayerTransform` applies to the sublayers, about the
/// same anchor [obs: Apple documents only "the transform to apply to
/// sublayers when rendering"; the vanishing point of an m34 set there is
/// the container's centre, and WebKit's TextureMapperLayer, which mirrors
/// Core Animation's layer model, applies its `childrenTransform` there
/// too]. A `CALayer` flattens its sublayers into its own plane (drops their
/// z) before its own transform applies [doc: CATransformLayer.h, "Unlike
/// normal layers, transform layers do not project (i.e. flatten) their
/// sublayers into the plane at Z=0"].
public struct LayerGeometry: Equatable, Hashable, Sendable {
  /// Where the anchor point lands in the superlayer's coordinates.
  public var position: Point
  /// `zPosition`: the anchor's z in the superlayer's space.
  public var zPosition: Double
  /// The anchor in unit coordinates of the bounds, (0.5, 0.5) by default.
  public var anchorPoint: Point
  /// `anchorPointZ`: the anchor's z in the layer's own space.
  public var anchorPointZ: Double
  /// The layer's own coordinate space: its origin and size.
  public var bounds: Rect
  public var transform: Transform3D
  public var sublayerTransform: Transform3D

  /// A layer's geometry, with Core Animation's defaults for what is left out.
  ///
  /// - Parameters:
  ///   - position: where the anchor lands in the superlayer.
  ///   - bounds: the layer's own coordinate space.
  ///   - anchorPoint: the anchor in unit coordinates of `bounds`.
  ///   - transform: the layer's transform, about the anchor.
  ///   - sublayerTransform: the transform applied to the sublayers.
  ///   - zPosition: the anchor's z in the superlayer.
  ///   - anchorPointZ: the anchor's z in the layer.
  public init(
    position: Point, bounds: Rect, anchorPoint: Point = Point(0.5, 0.5),
    transform: Transform3D = .identity, sublayerTransform: Transform3D = .identity,
    zPosition: Double = 0, anchorPointZ: Double = 0
  ) {
    self.position = position
    self.zPosition = zPosition
    self.anchorPoint = anchorPoint
    self.anchorPointZ = anchorPointZ
    self.bounds = bounds
    self.transform = transform
    self.sublayerTransform = sublayerTransform
  }

  /// The layer `UIKit` makes from a `frame` with an identity transform: the
  /// bounds at the origin with the frame's size, the position at the frame's
  /// anchor point (its centre by default).
  ///
  /// - Parameters:
  ///   - frame: the rectangle in the superlayer.
  ///   - anchorPoint: the anchor in unit coordinates.
  public init(frame: Rect, anchorPoint: Point = Point(0.5, 0.5)) {
    self.init(
      position: Point(
        frame.origin.x + anchorPoint.x * frame.width, frame.origin.y + anchorPoint.y * frame.height),
      bounds: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
      anchorPoint: anchorPoint)
  }

  /// The anchor point in the layer's own coordinates.
  public var anchor: Point {
    Point(bounds.origin.x + anchorPoint.x * bounds.width, bounds.origin.y + anchorPoint.y * bounds.height)
  }

  /// From the layer's coordinates to its superlayer's (before the
  /// superlayer's `sublayerTransform`):
  /// translate(−anchor, −anchorPointZ) · transform · translate(position, zPosition).
  public var toSuperlayer: Transform3D {
    let a = anchor
    return Transform3D.makeTranslation(-a.x, -a.y, -anchorPointZ)
      .concatenating(transform)
      .concatenating(Transform3D.makeTranslation(position.x, position.y, zPosition))
  }

  /// From the coordinates this layer's sublayers are placed in (its own) to
  /// its superlayer's, as their content is drawn:
  /// translate(−anchor, −anchorPointZ) · sublayerTransform · flatten ·
  /// transform · translate(position, zPosition). `flatten` drops z, so a
  /// sublayer's 3D turn is seen through this layer's `sublayerTransform`
  /// (its perspective) and then drawn in this layer's plane.
  public var sublayersToSuperlayer: Transform3D {
    let a = anchor
    return Transform3D.makeTranslation(-a.x, -a.y, -anchorPointZ)
      .concatenating(sublayerTransform)
      .concatenating(LayerGeometry.flatten)
      .concatenating(transform)
      .concatenating(Transform3D.makeTranslation(position.x, position.y, zPosition))
  }

  /// [x y z 1] → [x y 0 1]: the projection of a flattening layer.
  public static let flatten = Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)

  /// From the coordinates of the last layer of `chain` to the coordinates
  /// the first layer is placed in (the canvas, for a root layer), composed
  /// down the tree as Core Animation does: the layer's ``toSuperlayer``,
  /// then each ancestor's ``sublayersToSuperlayer``, innermost first. A
  /// point p of the layer is drawn at (x/w, y/w) of [p.x p.y 0 1]·M.
  ///
  /// - Parameters:
  ///   - chain: the layers from the root (placed on the canvas) to the layer
  ///     whose content is drawn; an empty chain is the identity.
  public static func toCanvas(_ chain: [LayerGeometry]) -> Transform3D {
    guard let last = chain.last else { return .identity }
    var matrix = last.toSuperlayer
    var index = chain.count - 2
    while index >= 0 {
      matrix = matrix.concatenating(chain[index].sublayersToSuperlayer)
      index -= 1
    }
    return matrix
  }
}
