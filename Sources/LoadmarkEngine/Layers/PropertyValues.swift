/// One value per ``LayerProperty``: a layer's model or presentation values.
/// Built-in properties start at their initial values; a custom property
/// that was never set reads 0.
public struct PropertyValues: Equatable, Hashable, Sendable {
  /// The values by slot, the variables that drawing expressions read.
  public private(set) var storage: [Double]

  /// Every built-in property at its initial value.
  public init() {
    storage = (0..<LayerProperty.builtInCount).map { LayerProperty(index: $0).initialValue }
  }

  public subscript(property: LayerProperty) -> Double {
    get { property.index < storage.count ? storage[property.index] : 0 }
    set {
      while storage.count <= property.index { storage.append(0) }
      storage[property.index] = newValue
    }
  }
}
