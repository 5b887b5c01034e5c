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
