/// A parsed JSON value, as the scene interpreter reads it: objects keep their
/// members in written order, strings are UTF-8 bytes, and every number is a
/// Double, as a browser reads it.
///
/// Natively `LoadmarkJSON` builds it from Jansson's values; in WebAssembly,
/// which has no C library for Jansson, ``JSONTree/parse(_:)`` reads the text.
/// Both reject what the other rejects (duplicate keys, comments, trailing
/// commas, a top level that is not an object or array) and convert numbers
/// to the same, correctly rounded Doubles.
public enum JSONTree: Sendable {
  case object([Member])
  case array([JSONTree])
  case string([UInt8])
  case number(Double)
  case boolean(Bool)
  case null

  /// One member of an object.
  public struct Member: Sendable {
    public var key: [UInt8]
    public var value: JSONTree

    public init(key: [UInt8], value: JSONTree) {
      self.key = key
      self.value = value
    }
  }

  /// The deepest nesting of arrays and objects either reader accepts, the
  /// outermost being depth 1: 16, as the native reader's pre-scan allows
  /// (`SceneReader.limits`). Scenes need fewer than ten levels; the bound
  /// keeps recursion off the edge of WebAssembly's small stack.
  public static let maximumDepth = 16

  /// What both readers say of text nested deeper than ``maximumDepth``.
  public static let depthMessage: ByteText = "arrays and objects nested more than 16 deep; the limit is 16"

  /// The member `key` of an object, if any.
  public func member(_ key: StaticString) -> JSONTree? {
    guard case .object(let members) = self else { return nil }
    for member in members where ByteText.equal(member.key, key) { return member.value }
    return nil
  }

  /// Whether the two trees are the same, numbers compared bit for bit (so
  /// that −0 and 0 differ), members in order.
  public func isIdentical(to other: JSONTree) -> Bool {
    switch (self, other) {
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      for i in 0..<a.count where a[i].key != b[i].key || !a[i].value.isIdentical(to: b[i].value) { return false }
      return true
    case (.array(let a), .array(let b)):
      guard a.count == b.count else { return false }
      for i in 0..<a.count where !a[i].isIdentical(to: b[i]) { return false }
      return true
    case (.string(let a), .string(let b)): return a == b
    case (.number(let a), .number(let b)): return a.bitPattern == b.bitPattern
    case (.boolean(let a), .boolean(let b)): return a == b
    case (.null, .null): return true
    default: return false
    }
  }

  /// The value's type in words, as messages name it after "got".
  var kindDescription: ByteText {
    switch self {
    case .object: return "an object"
    case .array: return "an array"
    case .string: return "a string"
    case .number: return "a number"
    case .boolean: return "a boolean"
    case .null: return "null"
    }
  }

  /// The value as messages show it after "got": a short string quoted, a
  /// number, `true`, `false`, `null`, or the kind of a container.
  package var gotDescription: ByteText {
    switch self {
    case .string(let bytes):
      return bytes.count <= 64 ? ByteText.quoted(bytes) : "a long string"
    case .number(let value):
      return ByteText.number(value)
    case .boolean(let value):
      return value ? "true" : "false"
    default:
      return kindDescription
    }
  }
}
