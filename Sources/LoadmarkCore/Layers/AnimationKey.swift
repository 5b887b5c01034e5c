/// The key an animation is added for (`addAnimation:forKey:`); adding
/// another animation for the same key replaces the first.
///
/// Keys are string literals (key paths and names in the seeds), kept as
/// `StaticString` and compared byte for byte: exact for them, and it spares
/// the WebAssembly build the Unicode machinery `String` comparison needs.
public struct AnimationKey: Equatable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
  public let text: StaticString

  public init(stringLiteral text: StaticString) {
    self.text = text
  }

  public static func == (a: AnimationKey, b: AnimationKey) -> Bool {
    a.bytes.elementsEqual(b.bytes)
  }

  public func hash(into hasher: inout Hasher) {
    for byte in bytes { hasher.combine(byte) }
  }

  var bytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
  }

  public var description: String { text.description }
}
