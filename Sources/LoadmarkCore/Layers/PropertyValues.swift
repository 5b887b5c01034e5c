/// One value per ``LayerProperty``: a layer's model or presentation values.
public struct PropertyValues: Equatable, Hashable, Sendable {
  private var storage: [Double]

  /// Every property at its initial value.
  public init() {
    storage = LayerProperty.allCases.map { $0.initialValue }
  }

  public subscript(property: LayerProperty) -> Double {
    get { storage[property.rawValue] }
    set { storage[property.rawValue] = newValue }
  }
}
