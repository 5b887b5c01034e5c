import LoadmarkText

/// The key an animation is added for (`addAnimation:forKey:`); adding
/// another animation for the same key replaces the first. Implicit
/// animations use the property's key path, so an explicit animation added
/// for `"strokeEnd"` replaces an implicit one, as in Core Animation.
///
/// Keys compare byte for byte: exact for the ASCII key paths and names
/// scenes use, and it spares the WebAssembly build the Unicode machinery
/// `String` comparison needs.
public struct AnimationKey: Equatable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  public let bytes: [UInt8]

  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  public init(stringLiteral text: StaticString) {
    self.bytes = ByteText.bytes(of: text)
  }

  public var description: String { ByteText(bytes).string }
}
