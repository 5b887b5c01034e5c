/// How much structure a JSON text may have before a reader lets Jansson
/// build its tree, checked by ``JSONStructure/check(_:limits:)``.
///
/// Jansson allocates for every value it parses, far more than the value's
/// text takes (about 250 bytes for `{}`, 40 for a one-digit number), so a
/// file that is small on disk can still ask for gigabytes. These limits
/// bound that: each counts something Jansson would allocate, and the pre-scan
/// counts it first, in one pass over the bytes that allocates nothing.
///
/// Each reader states its own: ``DocumentReader/limits`` for frame documents.
public struct JSONLimits: Equatable, Sendable {
  /// The most bytes the text may have.
  public var maximumBytes: Int
  /// How deep arrays and objects may nest; the outermost is depth 1.
  public var maximumDepth: Int
  /// The most bytes of one string or key, as written between its quotes
  /// (escapes counted as written).
  public var maximumStringBytes: Int
  /// The most members of one object.
  public var maximumMembers: Int
  /// The most elements of one array.
  public var maximumElements: Int
  /// The most values in all: numbers, strings, `true`, `false`, `null`,
  /// arrays and objects, at every depth. Keys are not values.
  public var maximumValues: Int
  /// The most strings in all, keys included.
  public var maximumStrings: Int
  /// The most arrays and objects in all.
  public var maximumContainers: Int

  /// Limits as given.
  /// - Parameters:
  ///   - maximumBytes: the most bytes of the text.
  ///   - maximumDepth: how deep arrays and objects may nest.
  ///   - maximumStringBytes: the most bytes of one string or key.
  ///   - maximumMembers: the most members of one object.
  ///   - maximumElements: the most elements of one array.
  ///   - maximumValues: the most values in all.
  ///   - maximumStrings: the most strings in all, keys included.
  ///   - maximumContainers: the most arrays and objects in all.
  public init(
    maximumBytes: Int, maximumDepth: Int, maximumStringBytes: Int, maximumMembers: Int,
    maximumElements: Int, maximumValues: Int, maximumStrings: Int, maximumContainers: Int
  ) {
    self.maximumBytes = maximumBytes
    self.maximumDepth = maximumDepth
    self.maximumStringBytes = maximumStringBytes
    self.maximumMembers = maximumMembers
    self.maximumElements = maximumElements
    self.maximumValues = maximumValues
    self.maximumStrings = maximumStrings
    self.maximumContainers = maximumContainers
  }

  /// The limits that allow what either `self` or `other` allows: a first
  /// pass for a text that may be either of two formats.
  public func union(_ other: JSONLimits) -> JSONLimits {
    JSONLimits(
      maximumBytes: max(maximumBytes, other.maximumBytes), maximumDepth: max(maximumDepth, other.maximumDepth),
      maximumStringBytes: max(maximumStringBytes, other.maximumStringBytes),
      maximumMembers: max(maximumMembers, other.maximumMembers),
      maximumElements: max(maximumElements, other.maximumElements),
      maximumValues: max(maximumValues, other.maximumValues), maximumStrings: max(maximumStrings, other.maximumStrings),
      maximumContainers: max(maximumContainers, other.maximumContainers))
  }

  /// What a reader says of a text of `bytes` bytes over a limit of `limit`
  /// bytes: `file is 2097152 bytes; the limit is 1048576 (1 MiB)`.
  public static func sizeMessage(bytes: Int, limit: Int) -> ByteText {
    var message: ByteText = "file is "
    message.append(bytes)
    message.append(" bytes; the limit is ")
    message.append(limit)
    message.append(" (")
    message.append(limit >> 20)
    message.append(" MiB)")
    return message
  }
}
