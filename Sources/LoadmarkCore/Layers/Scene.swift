/// Layers plus the host code's actions over time: everything needed to
/// replay a seed's timeline.
public struct Scene: Equatable, Sendable {
  /// Layers in their initial state.
  public var layers: [AnimatedLayer]
  /// Host actions, in the order the host performs them.
  public var script: [ScriptEvent]

  public init(layers: [AnimatedLayer], script: [ScriptEvent] = []) {
    self.layers = layers
    self.script = script
  }

  /// The index of the layer named `name`.
  public func layerIndex(_ name: String) -> Int? {
    layers.firstIndex { $0.name == name }
  }
}

/// One host action at a host time (seconds since the clip began).
public struct ScriptEvent: Equatable, Sendable {
  public var time: Double
  public var layer: Int
  public var action: HostAction

  public init(at time: Double, layer: Int, _ action: HostAction) {
    self.time = time
    self.layer = layer
    self.action = action
  }
}

/// What host code does to a layer.
public enum HostAction: Equatable, Sendable {
  /// `addAnimation:forKey:`.
  case add(Animation, key: AnimationKey?)
  /// Sets a model value, implicitly animated or not.
  case set(LayerProperty, Double, implicit: Bool)
  /// `hidden = …`.
  case setHidden(Bool)
  /// `removeAllAnimations`.
  case removeAllAnimations
  /// Pause as QA1673 (and seed 004's `stopAnimation`) does.
  case pause
  /// Resume as QA1673 (and seed 004's `startAnimation`) does.
  case resume
}
