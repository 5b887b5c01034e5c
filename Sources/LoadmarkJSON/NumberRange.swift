/// The numbers a field accepts, and how a message names them.
struct NumberRange: Equatable, CustomStringConvertible {
  /// The smallest accepted value, or the bound just below it when `lowerIsOpen`.
  var lower: Double
  /// Whether `lower` itself is refused.
  var lowerIsOpen: Bool
  /// The largest accepted value, if any.
  var upper: Double?

  /// Lengths, radii, widths and durations: 0 and up.
  static let nonNegative = NumberRange(lower: 0, lowerIsOpen: false, upper: nil)

  /// Fractions such as a shadow's opacity.
  static let unit = NumberRange(lower: 0, lowerIsOpen: false, upper: 1)

  /// A shadow's blur radius: 0 to ``DocumentReader/maximumShadowLength``.
  static let shadowRadius = NumberRange(lower: 0, lowerIsOpen: false, upper: DocumentReader.maximumShadowLength)

  /// Each component of a shadow's offset: ±``DocumentReader/maximumShadowLength``.
  static let shadowOffset = NumberRange(
    lower: -DocumentReader.maximumShadowLength, lowerIsOpen: false, upper: DocumentReader.maximumShadowLength)

  /// Sizes and rates that must be positive, up to `limit`.
  static func positive(upTo limit: Double) -> NumberRange {
    NumberRange(lower: 0, lowerIsOpen: true, upper: limit)
  }

  /// Whether `value` is accepted.
  func contains(_ value: Double) -> Bool {
    let aboveLower = lowerIsOpen ? value > lower : value >= lower
    return aboveLower && (upper.map { value <= $0 } ?? true)
  }

  /// The accepted numbers in words: `a number ≥ 0`, `a number > 0 and ≤ 1000`,
  /// `a number from 0 to 1`.
  var description: String {
    switch (lowerIsOpen, upper) {
    case (false, nil):
      return "a number ≥ \(lower.messageText)"
    case (true, nil):
      return "a number > \(lower.messageText)"
    case (false, let upper?):
      return "a number from \(lower.messageText) to \(upper.messageText)"
    case (true, let upper?):
      return "a number > \(lower.messageText) and ≤ \(upper.messageText)"
    }
  }
}
