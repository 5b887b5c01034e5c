/// A growable buffer of Doubles in linear memory that the host reads after a
/// call; it is reused across calls so sampling does not grow the heap.
struct OutputBuffer {
  private(set) var base: UnsafeMutablePointer<Double>?
  private(set) var capacity = 0

  /// Makes room for `count` values; earlier contents are not kept.
  mutating func reserve(_ count: Int) {
    guard count > capacity else { return }
    base?.deallocate()
    base = UnsafeMutablePointer<Double>.allocate(capacity: count)
    capacity = count
  }

  subscript(index: Int) -> Double {
    get { base![index] }
    nonmutating set { base![index] = newValue }
  }
}

/// Bytes the host writes into linear memory (a scene's text) before a call
/// that reads them; reused across calls.
struct InputBuffer {
  private(set) var base: UnsafeMutablePointer<UInt8>?
  private(set) var capacity = 0

  /// The most bytes it holds: the largest scene a reader accepts, 1 MiB.
  static let maximumSize = 1024 * 1024

  /// Makes room for `count` bytes and returns their address, or nil when
  /// `count` is negative or over ``maximumSize``.
  mutating func reserve(_ count: Int) -> UnsafeMutablePointer<UInt8>? {
    guard count >= 0, count <= InputBuffer.maximumSize else { return nil }
    if count > capacity || base == nil {
      base?.deallocate()
      base = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
      capacity = max(count, 1)
    }
    return base
  }

  /// The first `count` bytes.
  func bytes(_ count: Int) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(start: base, count: min(max(count, 0), capacity))
  }
}
