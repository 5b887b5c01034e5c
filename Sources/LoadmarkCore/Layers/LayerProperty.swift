/// An animatable layer property that the seeds animate or set, by key path.
public enum LayerProperty: Int, Equatable, Hashable, Sendable, CaseIterable {
  /// `opacity`; Core Animation clamps it to [0, 1] when compositing.
  case opacity
  /// `strokeStart` of a `CAShapeLayer`; clamped to [0, 1] when drawn.
  case strokeStart
  /// `strokeEnd` of a `CAShapeLayer`; clamped to [0, 1] when drawn.
  case strokeEnd
  /// `transform.scale`: a uniform scale about the layer's anchor point.
  case scale
  /// `progress` of seed 000's `CCArcMoveLayer`.
  case progress
  /// `startPross` of seed 004's `N_refreshLayer`.
  case startProgress
  /// `endPross` of seed 004's `N_refreshLayer`.
  case endProgress

  /// The property's value on a new layer: `CALayer` and `CAShapeLayer`
  /// defaults (opacity 1, strokeEnd 1, scale 1), 0 for the custom ones.
  public var initialValue: Double {
    switch self {
    case .opacity, .strokeEnd, .scale: return 1
    case .strokeStart, .progress, .startProgress, .endProgress: return 0
    }
  }

  /// The key path, used as the key of implicit animations.
  public var keyPath: AnimationKey {
    switch self {
    case .opacity: return "opacity"
    case .strokeStart: return "strokeStart"
    case .strokeEnd: return "strokeEnd"
    case .scale: return "transform.scale"
    case .progress: return "progress"
    case .startProgress: return "startPross"
    case .endProgress: return "endPross"
    }
  }
}
