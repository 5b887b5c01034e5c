/// A scene replayed up to some host time.
public struct SceneState: Sendable {
  public private(set) var layers: [AnimatedLayer]
  private let script: [ScriptEvent]
  private var nextEvent = 0

  public init(_ scene: Scene) {
    layers = scene.layers
    script = scene.script
  }

  /// Performs every scripted action at or before host time `t` that has not
  /// run yet, in script order. Times must not go backwards between calls.
  public mutating func advance(toHostTime t: Double) {
    while nextEvent < script.count && script[nextEvent].time <= t {
      let event = script[nextEvent]
      nextEvent += 1
      perform(event.action, on: event.layer, atHostTime: event.time)
    }
  }

  mutating func perform(_ action: HostAction, on index: Int, atHostTime t: Double) {
    layers[index].removeCompletedAnimations(atHostTime: t)
    switch action {
    case .add(let animation, let key):
      layers[index].add(animation, forKey: key, atHostTime: t)
    case .set(let property, let value, let implicit):
      layers[index].setValue(value, for: property, atHostTime: t, implicit: implicit)
    case .setHidden(let hidden):
      layers[index].isHidden = hidden
    case .removeAllAnimations:
      layers[index].removeAllAnimations()
    case .pause:
      layers[index].timing.pause(atHostTime: t)
    case .resume:
      layers[index].timing.resume(atHostTime: t)
    }
  }

  /// Presentation values of layer `index` at host time `t`.
  public func presentation(of index: Int, atHostTime t: Double) -> PropertyValues {
    layers[index].presentation(atHostTime: t)
  }
}
