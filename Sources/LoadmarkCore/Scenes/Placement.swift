/// Where a layer's coordinates land on the canvas: a uniform scale and a
/// rotation about the origin, then an offset (`Rule.transformOrder`). Built
/// from model values; what scripts animate is checked separately.
struct Placement {
  var scale = 1.0
  var rotation = 0.0
  var offset = Point(0, 0)

  var isTranslation: Bool { scale == 1 && rotation == 0 }

  /// The placement as an affine transform: x' = a·x + c·y + tx.
  var affine: AffineTransform2D {
    let c = Angle.cosine(rotation)
    let s = Angle.sine(rotation)
    return isTranslation
      ? AffineTransform2D(a: 1, b: 0, c: 0, d: 1, tx: offset.x, ty: offset.y)
      : AffineTransform2D(a: scale * c, b: scale * s, c: -scale * s, d: scale * c, tx: offset.x, ty: offset.y)
  }

  /// `p` on the canvas. A pure translation adds the offset alone (and a zero
  /// offset nothing), so untransformed scenes keep their numbers exactly.
  func apply(_ p: Point) -> Point {
    var q = p
    if !isTranslation {
      let c = Angle.cosine(rotation)
      let s = Angle.sine(rotation)
      q = Point(scale * (c * p.x - s * p.y), scale * (s * p.x + c * p.y))
    }
    if offset.x == 0 && offset.y == 0 { return q }
    return Point(offset.x + q.x, offset.y + q.y)
  }

  /// `child`'s coordinates through this placement.
  func then(_ child: Placement) -> Placement {
    Placement(scale: scale * child.scale, rotation: rotation + child.rotation, offset: apply(child.offset))
  }

  /// An arc through this placement: its centre moved, radius scaled, start turned.
  func apply(_ arc: Arc) -> Arc {
    Arc(
      center: apply(arc.center), radius: scale == 1 ? arc.radius : arc.radius * scale,
      start: rotation == 0 ? arc.start : Angle.wrapped(arc.start + rotation), sweep: arc.sweep)
  }

  func apply(_ path: Path) -> Path {
    Path(path.subpaths.map { subpath in
      Path.Subpath(start: apply(subpath.start), segments: subpath.segments.map { segment in
        switch segment {
        case .line(let point): return .line(to: apply(point))
        case .arc(let arc): return .arc(apply(arc))
        }
      })
    })
  }
}

extension SceneCompiler {
  /// Layer `index`'s own placement in its superlayer: the anchor point
  /// (bounds origin + anchorPoint · size) goes to `position` + translation,
  /// scaled and rotated about it by the model transform.
  func localPlacement(_ index: Int) -> Placement {
    let entry = layers[index]
    let model = entry.animated.model
    let anchor = Point(
      entry.bounds.origin.x + entry.anchorPoint.x * entry.bounds.width,
      entry.bounds.origin.y + entry.anchorPoint.y * entry.bounds.height)
    let pivot = pivotInParent(index)
    let turned = Placement(scale: model[.scale], rotation: model[.rotation]).apply(anchor)
    return Placement(scale: model[.scale], rotation: model[.rotation], offset: Point(pivot.x - turned.x, pivot.y - turned.y))
  }

  /// Where layer `index`'s anchor point sits in its superlayer: the point its
  /// transform turns and scales about.
  func pivotInParent(_ index: Int) -> Point {
    let entry = layers[index]
    let model = entry.animated.model
    let tx = model[.translationX]
    let ty = model[.translationY]
    return Point(tx == 0 ? entry.position.x : entry.position.x + tx, ty == 0 ? entry.position.y : entry.position.y + ty)
  }

  /// Layer `index`'s coordinates on the canvas.
  func canvasPlacement(_ index: Int) -> Placement {
    let local = localPlacement(index)
    guard let parent = layers[index].parent else { return local }
    return sublayersPlacement(parent).then(local)
  }

  /// Where the sublayers of layer `index` are placed on the canvas: its own
  /// placement after its `sublayerTransform` (`Rule.layerComposition`).
  func sublayersPlacement(_ index: Int) -> Placement {
    let sublayer = layers[index].sublayerPlacement
    let own = canvasPlacement(index)
    return sublayer.isTranslation && sublayer.offset.x == 0 && sublayer.offset.y == 0 ? own : own.then(sublayer)
  }

  /// Layer `index`'s pivot on the canvas.
  func canvasPivot(_ index: Int) -> Point {
    let pivot = pivotInParent(index)
    guard let parent = layers[index].parent else { return pivot }
    return sublayersPlacement(parent).apply(pivot)
  }
}
