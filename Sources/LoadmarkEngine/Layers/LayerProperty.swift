import LoadmarkText

/// An animatable layer property, by its slot in a layer's values: the
/// built-in ones Core Animation defines, then the custom ones a scene
/// declares (as seed 004's `N_refreshLayer` declares `startPross`).
public struct LayerProperty: Equatable, Hashable, Sendable {
  /// The slot in ``PropertyValues``.
  public let index: Int

  public init(index: Int) {
    self.index = index
  }

  /// `opacity`; Core Animation clamps it to [0, 1] when compositing.
  public static let opacity = LayerProperty(index: 0)
  /// `strokeStart` of a `CAShapeLayer`; clamped to [0, 1] when drawn.
  public static let strokeStart = LayerProperty(index: 1)
  /// `strokeEnd` of a `CAShapeLayer`; clamped to [0, 1] when drawn.
  public static let strokeEnd = LayerProperty(index: 2)
  /// `transform.scale`: a uniform scale about the layer's anchor point.
  public static let scale = LayerProperty(index: 3)
  /// `transform.rotation` (`transform.rotation.z`): radians, clockwise on
  /// screen, about the anchor point.
  public static let rotation = LayerProperty(index: 4)
  /// `transform.translation.x` and `.y`, in points.
  public static let translationX = LayerProperty(index: 5)
  public static let translationY = LayerProperty(index: 6)

  /// `transform.scale.x` and `.y`: a scale along one axis about the anchor
  /// point, applied with ``scale`` (`Rule.transformOrder`).
  public static let scaleX = LayerProperty(index: 7)
  public static let scaleY = LayerProperty(index: 8)
  /// `position.x` and `.y`: where the anchor point sits in the superlayer.
  /// A scene's layer starts with its `position` (or its frame's) here.
  public static let positionX = LayerProperty(index: 9)
  public static let positionY = LayerProperty(index: 10)

  /// How many built-in properties there are; custom ones follow.
  public static let builtInCount = 11

  /// The `number`th custom property a scene declares (from 0).
  public static func custom(_ number: Int) -> LayerProperty {
    LayerProperty(index: builtInCount + number)
  }

  /// Whether a scene declared it, rather than Core Animation.
  public var isCustom: Bool { index >= LayerProperty.builtInCount }

  /// The built-in properties by key path, aliases included.
  package static let builtIns: [(keyPath: StaticString, property: LayerProperty)] = [
    ("opacity", .opacity), ("strokeStart", .strokeStart), ("strokeEnd", .strokeEnd),
    ("transform.scale", .scale), ("transform.rotation", .rotation), ("transform.rotation.z", .rotation),
    ("transform.translation.x", .translationX), ("transform.translation.y", .translationY),
    ("transform.scale.x", .scaleX), ("transform.scale.y", .scaleY), ("position.x", .positionX),
    ("position.y", .positionY),
  ]

  /// The key paths whose values are points (`CGPoint`, `CGSize`), each with
  /// the two properties its x and y animate: a scene writes their values
  /// as `[x, y]`.
  package static let pointKeyPaths: [(keyPath: StaticString, x: LayerProperty, y: LayerProperty)] = [
    ("position", .positionX, .positionY), ("transform.translation", .translationX, .translationY),
  ]

  /// Whether the property places or shapes the layer in its superlayer:
  /// what a layer transform (frame format 3) draws.
  public var isGeometry: Bool {
    switch self {
    case .scale, .rotation, .translationX, .translationY, .scaleX, .scaleY, .positionX, .positionY: return true
    default: return false
    }
  }

  /// Core Animation's own animatable key paths that Loadmark does not
  /// animate yet, each with a rewrite that works today where one exists
  /// (empty where none does). A scene may not animate or set them, nor
  /// declare a custom property of the same name: it would validate and do
  /// nothing, since what the name means to Core Animation Loadmark does not
  /// draw. docs/SCENE.md's list is checked against this table.
  public static let notAnimatedYet: [(keyPath: StaticString, rewrite: StaticString)] = [
    ("bounds", ""), ("bounds.origin", ""), ("bounds.origin.x", ""), ("bounds.origin.y", ""),
    ("bounds.size", ""), ("bounds.size.width", ""), ("bounds.size.height", ""),
    ("anchorPoint", ""), ("anchorPoint.x", ""), ("anchorPoint.y", ""), ("zPosition", ""),
    ("transform.rotation.x", ""), ("transform.rotation.y", ""),
    ("transform.scale.z", "without perspective it changes nothing drawn in 2D; leave it out"),
    ("transform.translation.z", "without perspective it changes nothing drawn in 2D; leave it out"),
    ("sublayerTransform", ""), ("sublayerTransform.rotation", ""), ("sublayerTransform.rotation.x", ""),
    ("sublayerTransform.rotation.y", ""), ("sublayerTransform.rotation.z", ""), ("sublayerTransform.scale", ""),
    ("sublayerTransform.scale.x", ""), ("sublayerTransform.scale.y", ""), ("sublayerTransform.scale.z", ""),
    ("sublayerTransform.translation", ""), ("sublayerTransform.translation.x", ""),
    ("sublayerTransform.translation.y", ""), ("sublayerTransform.translation.z", ""),
    ("hidden", #"it changes at once: set it in a script, {"layer": …, "set": {"hidden": true}}"#),
    ("backgroundColor", ""), ("cornerRadius", ""), ("borderColor", ""), ("borderWidth", ""),
    ("shadowColor", ""), ("shadowOffset", ""), ("shadowOpacity", ""), ("shadowRadius", ""), ("shadowPath", ""),
    ("contents", ""), ("contentsRect", ""), ("contentsCenter", ""), ("masksToBounds", ""),
    ("filters", ""), ("backgroundFilters", ""), ("compositingFilter", ""),
    ("path", ""), ("fillColor", ""), ("strokeColor", ""), ("lineWidth", ""), ("lineDashPhase", ""), ("miterLimit", ""),
    ("instanceDelay", ""), ("instanceTransform", ""), ("instanceColor", ""), ("instanceRedOffset", ""),
    ("instanceGreenOffset", ""), ("instanceBlueOffset", ""), ("instanceAlphaOffset", ""),
    ("colors", ""), ("locations", ""), ("startPoint", ""), ("endPoint", ""), ("fontSize", ""), ("foregroundColor", ""),
  ]

  /// Why a scene cannot use Core Animation's `keyPath`, when it is one of
  /// ``notAnimatedYet``: what it is, and the rewrite where one exists.
  /// - Parameters:
  ///   - keyPath: A key path as the scene writes it.
  public static func notAnimatedYetReason(_ keyPath: [UInt8]) -> ByteText? {
    for entry in notAnimatedYet where ByteText.equal(keyPath, entry.keyPath) {
      var reason = ByteText.quoted(keyPath)
      reason.append(" is a Core Animation property Loadmark does not animate yet")
      if entry.rewrite.utf8CodeUnitCount > 0 {
        reason.append("; ")
        reason.append(entry.rewrite)
      }
      return reason
    }
    return nil
  }

  /// The built-in property with key path `keyPath`, if any.
  public static func builtIn(_ keyPath: [UInt8]) -> LayerProperty? {
    builtIns.first { ByteText.equal(keyPath, $0.keyPath) }?.property
  }

  /// The property's value on a new layer: `CALayer` and `CAShapeLayer`
  /// defaults (opacity 1, strokeEnd 1, scale 1, the rest 0); custom
  /// properties start at 0 unless the scene gives a value.
  public var initialValue: Double {
    switch self {
    case .opacity, .strokeEnd, .scale, .scaleX, .scaleY: return 1
    default: return 0
    }
  }

  /// The key path of a built-in property, which its implicit animations
  /// are added for; nil for a custom property, which has none.
  public var keyPath: AnimationKey? {
    guard let entry = LayerProperty.builtIns.first(where: { $0.property == self }) else { return nil }
    return AnimationKey(ByteText.bytes(of: entry.keyPath))
  }
}
