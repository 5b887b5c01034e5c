import LoadmarkText

/// A layer's model values, timing and attached animations: what Core
/// Animation's render tree knows of one layer.
///
/// Times given to its methods are its parent's time: host time for a layer
/// at the root, the superlayer's local time otherwise (``TimelineState``
/// walks the tree).
public struct AnimatedLayer: Equatable, Sendable {
  /// The name scenes and scripts use for the layer.
  public var nameText: ByteText
  public var name: String {
    get { nameText.string }
    set { nameText = ByteText(Array(newValue.utf8)) }
  }
  /// The superlayer's index in the timeline, or nil at the root.
  public var parent: Int?
  /// Model values: what the layer shows when no animation applies.
  public var model: PropertyValues
  /// `hidden`: a hidden layer draws nothing (reported as opacity 0), and
  /// neither do its sublayers.
  public var isHidden: Bool
  public var timing: LayerTiming
  /// Attached animations in the order they were added; later ones apply on
  /// top of earlier ones.
  public private(set) var animations: [Attached]

  /// An animation attached to the layer, with the key it was added for.
  public struct Attached: Equatable, Sendable {
    public var key: AnimationKey?
    public var animation: Animation
    /// ``Animation/cost``.
    public var cost: Int { animation.cost }

    public init(key: AnimationKey?, animation: Animation) {
      self.key = key
      self.animation = animation
    }
  }

  /// What evaluating every attached animation once costs
  /// (``Animation/cost`` summed): the work of one ``presentation(atHostTime:)``.
  public var attachedCost: Int {
    @inline(never) get {
      var total = 0
      for i in animations.indices { total += animations[i].cost }
      return total
    }
  }

  public init(_ name: String, model: PropertyValues = PropertyValues(), isHidden: Bool = false, parent: Int? = nil) {
    self.init(nameText: ByteText(Array(name.utf8)), model: model, isHidden: isHidden, parent: parent)
  }

  public init(nameText: ByteText, model: PropertyValues = PropertyValues(), isHidden: Bool = false, parent: Int? = nil) {
    self.nameText = nameText
    self.parent = parent
    self.model = model
    self.isHidden = isHidden
    self.timing = LayerTiming()
    self.animations = []
  }

  /// The presentation values at parent time `t`: the model values with every
  /// attached animation applied at the layer's local time.
  @inline(never)
  public func presentation(atHostTime t: Double) -> PropertyValues {
    let local = timing.localTime(atHostTime: t)
    var values = model
    for attached in animations {
      attached.animation.apply(atTime: local, to: &values, model: model)
    }
    return values
  }

  /// `addAnimation:forKey:` at parent time `t`.
  ///
  /// `Rule.addedBeginTime`: a beginTime of 0 becomes the layer's current local
  /// time, so the animation starts now. `Rule.unresolvedEndpoints`: a basic
  /// animation with no from, to or by runs from the previous presentation
  /// value to the model value. An animation added for an existing key
  /// replaces it.
  public mutating func add(_ animation: Animation, forKey key: AnimationKey?, atHostTime t: Double) {
    var animation = animation
    if animation.timing.beginTime == 0 {
      animation.timing.beginTime = timing.localTime(atHostTime: t)
    }
    if case .basic(var basic) = animation,
      basic.fromValue == nil && basic.toValue == nil && basic.byValue == nil
    {
      basic.fromValue = presentation(atHostTime: t)[basic.property]
      basic.toValue = model[basic.property]
      animation = .basic(basic)
    }
    if let key {
      animations.removeAll { $0.key == key }
    }
    animations.append(Attached(key: key, animation: animation))
  }

  /// Sets a model value at parent time `t`. With `implicit`, as on a
  /// standalone layer outside a disabled transaction, the change of a
  /// built-in property animates by `Rule.implicitAnimation`; custom
  /// properties have no implicit animation.
  public mutating func setValue(_ value: Double, for property: LayerProperty, atHostTime t: Double, implicit: Bool) {
    let previous = presentation(atHostTime: t)[property]
    model[property] = value
    if implicit, let key = property.keyPath {
      var animation = AnimatedLayer.implicitAnimation(property)
      animation.fromValue = previous
      animation.toValue = value
      add(.basic(animation), forKey: key, atHostTime: t)
    }
  }

  /// `Rule.implicitAnimation`: the action a standalone layer runs for a
  /// property change: a basic animation with no endpoints (previous
  /// presentation value → new model value), the transaction's default
  /// duration of 0.25 s and the default timing function [obs].
  public static func implicitAnimation(_ property: LayerProperty) -> BasicAnimation {
    BasicAnimation(property, timing: MediaTiming(duration: 0.25), timingFunction: .default)
  }

  /// `removeAnimationForKey:`.
  public mutating func removeAnimation(forKey key: AnimationKey) {
    animations.removeAll { $0.key == key }
  }

  /// `removeAllAnimations`.
  public mutating func removeAllAnimations() {
    animations.removeAll()
  }

  /// Detaches animations that have completed by parent time `t` and are
  /// removed on completion, as Core Animation does after each frame.
  public mutating func removeCompletedAnimations(atHostTime t: Double) {
    let local = timing.localTime(atHostTime: t)
    animations.removeAll { attached in
      guard attached.animation.removedOnCompletion else { return false }
      var scratch = model
      return attached.animation.apply(atTime: local, to: &scratch, model: model)
    }
  }
}
