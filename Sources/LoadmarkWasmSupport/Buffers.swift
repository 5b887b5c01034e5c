/// A growable buffer of Doubles in linear memory that the host reads after a
/// call; it is reused across calls so sampling does not grow the heap, and
/// it never holds more than ``maximumCount`` values, so the memory it takes
/// is bounded whatever the host asks.
public struct OutputBuffer {
  public private(set) var base: UnsafeMutablePointer<Double>?
  public private(set) var capacity = 0

  /// The most values it holds: 4,194,304 Doubles, 32 MiB (a clip of 100,000
  /// frames of 41 tracks). Callers refuse a request for more before asking.
  public static let maximumCount = 4 * 1024 * 1024

  public init() {}

  /// The fewest values it makes room for: enough for any message and
  /// name, so that reporting an error never reallocates it.
  public static let minimumCount = 256

  /// Makes room for `count` values (at most ``maximumCount``); earlier
  /// contents are not kept.
  public mutating func reserve(_ count: Int) {
    guard count > capacity || base == nil else { return }
    precondition(count <= OutputBuffer.maximumCount, "output over its cap")
    base?.deallocate()
    capacity = max(count, OutputBuffer.minimumCount)
    base = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
  }

  public subscript(index: Int) -> Double {
    get { base![index] }
    nonmutating set { base![index] = newValue }
  }
}

/// Bytes in linear memory: what the host writes before a call that reads
/// them (a compiled scene, a scene's text), or what a call leaves for the
/// host to read (a compiled scene); reused across calls.
public struct ByteBuffer {
  public private(set) var base: UnsafeMutablePointer<UInt8>?
  public private(set) var capacity = 0
  /// How many of its bytes the last write filled.
  public private(set) var count = 0

  /// The most bytes it holds: 1 MiB, the largest scene a reader accepts.
  public static let maximumSize = 1024 * 1024

  public init() {}

  /// Makes room for `count` bytes and returns their address, or nil (and
  /// nothing changes) when `count` is negative or over ``maximumSize``.
  public mutating func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8>? {
    guard count >= 0, count <= ByteBuffer.maximumSize else { return nil }
    if count > capacity || base == nil {
      base?.deallocate()
      base = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
      capacity = max(count, 1)
    }
    self.count = count
    return base
  }

  /// The first `count` bytes, or nil when `count` is negative or more than
  /// the last ``reserve(_:)`` asked for.
  public func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
    guard count >= 0, count <= self.count, let base else { return nil }
    return UnsafeRawBufferPointer(start: base, count: count)
  }

  /// Replaces the contents with `bytes`; false (and nothing changes) when
  /// they are more than ``maximumSize``.
  public mutating func store(_ bytes: [UInt8]) -> Bool {
    guard let start = reserve(bytes.count) else { return false }
    for (i, byte) in bytes.enumerated() { start[i] = byte }
    return true
  }
}
