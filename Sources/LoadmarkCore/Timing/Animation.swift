/// An animation attached to a layer: a basic animation or a group.
public indirect enum Animation: Equatable, Hashable, Sendable {
  case basic(BasicAnimation)
  case group(AnimationGroup)

  /// The animation's own timing.
  public var timing: MediaTiming {
    get {
      switch self {
      case .basic(let basic): return basic.timing
      case .group(let group): return group.timing
      }
    }
    set {
      switch self {
      case .basic(var basic):
        basic.timing = newValue
        self = .basic(basic)
      case .group(var group):
        group.timing = newValue
        self = .group(group)
      }
    }
  }

  var removedOnCompletion: Bool {
    switch self {
    case .basic(let basic): return basic.removedOnCompletion
    case .group(let group): return group.removedOnCompletion
    }
  }

  var timingFunction: TimingFunction? {
    switch self {
    case .basic(let basic): return basic.timingFunction
    case .group(let group): return group.timingFunction
    }
  }
}
