/// An animation attached to a layer: a basic (or spring) animation, a
/// keyframe animation or a group.
public indirect enum Animation: Equatable, Hashable, Sendable {
  case basic(BasicAnimation)
  case keyframe(KeyframeAnimation)
  case group(AnimationGroup)

  /// The animation's own timing.
  public var timing: MediaTiming {
    get {
      switch self {
      case .basic(let basic): return basic.timing
      case .keyframe(let keyframe): return keyframe.timing
      case .group(let group): return group.timing
      }
    }
    set {
      switch self {
      case .basic(var basic):
        basic.timing = newValue
        self = .basic(basic)
      case .keyframe(var keyframe):
        keyframe.timing = newValue
        self = .keyframe(keyframe)
      case .group(var group):
        group.timing = newValue
        self = .group(group)
      }
    }
  }

  var removedOnCompletion: Bool {
    switch self {
    case .basic(let basic): return basic.removedOnCompletion
    case .keyframe(let keyframe): return keyframe.removedOnCompletion
    case .group(let group): return group.removedOnCompletion
    }
  }

  var timingFunction: TimingFunction? {
    switch self {
    case .basic(let basic): return basic.timingFunction
    case .keyframe(let keyframe): return keyframe.timingFunction
    case .group(let group): return group.timingFunction
    }
  }

  /// Every property the animation (or any animation in it) changes.
  public var properties: [LayerProperty] {
    switch self {
    case .basic(let basic): return [basic.property]
    case .keyframe(let keyframe): return [keyframe.property]
    case .group(let group): return group.animations.flatMap { $0.properties }
    }
  }

  /// What evaluating the animation once costs, in the units of
  /// ``SceneBudget/maximumSamplingWork``: 1 for a basic animation, 1 plus
  /// one per ``SceneBudget/valuesPerUnit`` values for a keyframe animation
  /// (its key times and segment are found by scanning them), 1 plus its
  /// children's for a group.
  public var cost: Int {
    switch self {
    case .basic: return 1
    case .keyframe(let keyframe): return 1 + keyframe.values.count / SceneBudget.valuesPerUnit
    case .group(let group):
      var total = 1
      for child in group.animations { total += child.cost }
      return total
    }
  }
}
