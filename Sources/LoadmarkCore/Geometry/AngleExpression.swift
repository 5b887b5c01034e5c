/// An angle computed from layer properties the way a seed's `drawInContext:`
/// computes it: `constant + Σ coefficient·property`, evaluated left to right.
public struct AngleExpression: Equatable, Hashable, Sendable {
  public var constant: Double
  public var terms: [Term]

  /// One `coefficient·property` term.
  public struct Term: Equatable, Hashable, Sendable {
    public var property: LayerProperty
    public var coefficient: Double

    public init(_ property: LayerProperty, _ coefficient: Double) {
      self.property = property
      self.coefficient = coefficient
    }
  }

  public init(_ constant: Double, _ terms: [Term] = []) {
    self.constant = constant
    self.terms = terms
  }

  /// The angle for the given presentation values. `a + (−b)·x` equals the
  /// seeds' `a − b·x` bit for bit, so negative coefficients reproduce them.
  public func value(_ values: PropertyValues) -> Double {
    var angle = constant
    for term in terms {
      angle += term.coefficient * values[term.property]
    }
    return angle
  }
}
