/// An sRGB colour with 8-bit channels, written `#rrggbb` or `#rrggbbaa`.
public struct Color: Equatable, Hashable, Sendable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  public var alpha: UInt8

  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The colour as seed code writes it with `colorWithWhite:alpha:`, rounded to 8 bits.
  public init(white: Double, alpha: Double = 1) {
    let w = Color.channel(white)
    self.init(red: w, green: w, blue: w, alpha: Color.channel(alpha))
  }

  /// A unit-interval component as an 8-bit channel, rounded half away from zero.
  static func channel(_ unit: Double) -> UInt8 {
    let clamped = unit < 0 ? 0 : (unit > 1 ? 1 : unit)
    return UInt8((clamped * 255).rounded())
  }

  public static let white = Color(red: 255, green: 255, blue: 255)
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// `UIColor.redColor`.
  public static let red = Color(red: 255, green: 0, blue: 0)
  /// `UIColor.grayColor`: white 0.5, which rounds to 128 per channel.
  public static let gray = Color(white: 0.5)
}
