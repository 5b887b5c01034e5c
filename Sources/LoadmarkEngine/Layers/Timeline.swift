/// Layers plus the host code's actions over time: everything needed to
/// replay a clip.
public struct Timeline: Equatable, Sendable {
  /// Layers in their initial state; a layer's parent comes before it.
  public var layers: [AnimatedLayer]
  /// Host actions, in the order the host performs them.
  public var script: [ScriptEvent]

  public init(layers: [AnimatedLayer], script: [ScriptEvent] = []) {
    self.layers = layers
    self.script = script
  }
}

/// One host action at a host time (seconds since the clip's timeline began).
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
  /// `removeAnimationForKey:`.
  case remove(key: AnimationKey)
  /// `removeAllAnimations`.
  case removeAllAnimations
  /// Sets a model value, implicitly animated or not.
  case set(LayerProperty, Double, implicit: Bool)
  /// `hidden = …`.
  case setHidden(Bool)
  /// Sets the layer's own `beginTime`, `speed` or `timeOffset`.
  case setTiming(LayerTiming.Field, Double)
  /// Pause as QA1673 (and seed 004's `stopAnimation`) does.
  case pause
  /// Resume as QA1673 (and seed 004's `startAnimation`) does.
  case resume
}

/// A timeline replayed up to some host time.
public struct TimelineState: Sendable {
  public private(set) var layers: [AnimatedLayer]
  private let script: [ScriptEvent]
  private var nextEvent = 0
  /// The work done so far performing events, in the units of
  /// ``SceneBudget/maximumSamplingWork``: each event costs
  /// ``SceneBudget/eventWork`` plus its layer's
  /// ``AnimatedLayer/attachedCost`` times
  /// ``SceneBudget/completionCheckWork`` (completed animations are looked
  /// for first), and that cost again when it reads the presentation value
  /// (an add without endpoints, a set).
  public private(set) var work = 0

  public init(_ timeline: Timeline) {
    layers = timeline.layers
    script = timeline.script
  }

  /// Performs every scripted action at or before host time `t` that has not
  /// run yet, in script order. Times must not go backwards between calls.
  ///
  /// - Parameters:
  ///   - t: the host time to advance to.
  ///   - workLimit: where ``work`` may stop short of `t`: the events are
  ///     performed only while it stays at or under this.
  public mutating func advance(toHostTime t: Double, workLimit: Int = .max) {
    while nextEvent < script.count && script[nextEvent].time <= t && work <= workLimit {
      let event = script[nextEvent]
      nextEvent += 1
      perform(event.action, on: event.layer, atHostTime: event.time)
    }
  }

  mutating func perform(_ action: HostAction, on index: Int, atHostTime hostTime: Double) {
    let t = parentTime(of: index, atHostTime: hostTime)
    let cost = layers[index].attachedCost
    work += SceneBudget.eventWork + SceneBudget.completionCheckWork * cost
    // One change of the layers, for all the actions.
    if layers[index].perform(action, atLocalTime: t) { work += cost }
  }

  /// The time of layer `index`'s parent at host time `t`: host time at the
  /// root, else the superlayer's local time (`Rule.layerTree`).
  public func parentTime(of index: Int, atHostTime t: Double) -> Double {
    guard let parent = layers[index].parent else { return t }
    return layers[parent].timing.localTime(atHostTime: parentTime(of: parent, atHostTime: t))
  }

  /// What reading layer `index`'s presentation value costs: every attached
  /// animation of it and of its ancestors (opacity and turns are multiplied
  /// down the tree) evaluated once.
  public func presentationCost(of index: Int) -> Int {
    var total = 0
    var layer: Int? = index
    while let next = layer {
      total += layers[next].attachedCost + SceneBudget.layerWork
      layer = layers[next].parent
    }
    return total
  }

  /// Presentation values of layer `index` at host time `t`.
  public func presentation(of index: Int, atHostTime t: Double) -> PropertyValues {
    layers[index].presentation(atHostTime: parentTime(of: index, atHostTime: t))
  }
}

extension AnimatedLayer {
  /// Performs `action` at the layer's parent time `t`, once its completed
  /// animations are removed; whether it read the presentation value (an
  /// add, a set), which costs the attached animations again.
  mutating func perform(_ action: HostAction, atLocalTime t: Double) -> Bool {
    removeCompletedAnimations(atHostTime: t)
    switch action {
    case .add(let animation, let key):
      add(animation, forKey: key, atHostTime: t)
      return true
    case .remove(let key):
      removeAnimation(forKey: key)
    case .removeAllAnimations:
      removeAllAnimations()
    case .set(let property, let value, let implicit):
      setValue(value, for: property, atHostTime: t, implicit: implicit)
      return true
    case .setHidden(let hidden):
      isHidden = hidden
    case .setTiming(let field, let value):
      timing[field] = value
    case .pause:
      timing.pause(atHostTime: t)
    case .resume:
      timing.resume(atHostTime: t)
    }
    return false
  }
}
