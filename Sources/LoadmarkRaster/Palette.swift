/// An indexed palette for GIF: up to `maximum` colours chosen by median cut
/// over a weighted histogram of every frame's colours, and the nearest
/// palette entry for each colour seen.
///
/// When the frames hold no more colours than the palette, every colour gets
/// its own entry and nothing is lost; a one-colour indicator on a plain
/// background has at most 256 anti-aliasing steps and is exact.
struct Palette {
  /// 0xRRGGBB entries.
  private(set) var colors: [UInt32]
  /// The index of each colour seen.
  private var lookup: [UInt32: UInt8]

  /// A palette for the colours of `histogram` (0xRRGGBB → pixel count).
  init(histogram: [UInt32: Int], maximum: Int) {
    precondition(maximum >= 1 && maximum <= 256)
    let entries = histogram.sorted { $0.key < $1.key }
    if entries.count <= maximum {
      colors = entries.map(\.key)
    } else {
      colors = Palette.medianCut(entries.map { ($0.key, $0.value) }, maximum: maximum)
    }
    lookup = [:]
    lookup.reserveCapacity(entries.count)
    for (color, _) in entries {
      lookup[color] = Palette.nearest(color, in: colors)
    }
  }

  /// The entry for a colour that was in the histogram; past the palette
  /// (the transparent index) for one that was not, such as a hidden pixel.
  func index(of color: UInt32) -> UInt8 {
    lookup[color] ?? UInt8(colors.count)
  }

  /// Boxes of colours split at the weighted median of their widest channel
  /// until there are `maximum`; each box gives its weighted mean.
  static func medianCut(_ colors: [(color: UInt32, count: Int)], maximum: Int) -> [UInt32] {
    var boxes: [[(color: UInt32, count: Int)]] = [colors]
    func channel(_ color: UInt32, _ c: Int) -> Int { Int(color >> UInt32(16 - 8 * c) & 0xff) }
    func widest(_ box: [(color: UInt32, count: Int)]) -> (channel: Int, range: Int) {
      var best = (channel: 0, range: -1)
      for c in 0..<3 {
        var low = 255
        var high = 0
        for entry in box {
          let v = channel(entry.color, c)
          low = min(low, v)
          high = max(high, v)
        }
        if high - low > best.range { best = (c, high - low) }
      }
      return best
    }
    while boxes.count < maximum {
      // The box whose widest channel spans most, weighted by its pixels.
      var pick = -1
      var score = 0
      for (index, box) in boxes.enumerated() where box.count > 1 {
        let population = box.reduce(0) { $0 + $1.count }
        let value = widest(box).range * Int(Double(population).squareRoot() + 1)
        if value > score {
          score = value
          pick = index
        }
      }
      guard pick >= 0 else { break }
      let box = boxes[pick]
      let c = widest(box).channel
      let sorted = box.sorted { channel($0.color, c) < channel($1.color, c) }
      let total = sorted.reduce(0) { $0 + $1.count }
      var running = 0
      var cut = 1
      for (index, entry) in sorted.enumerated() {
        running += entry.count
        if running * 2 >= total {
          cut = max(1, min(sorted.count - 1, index + 1))
          break
        }
      }
      boxes[pick] = Array(sorted[..<cut])
      boxes.append(Array(sorted[cut...]))
    }
    return boxes.map { box in
      var sums = [0, 0, 0]
      var total = 0
      for entry in box {
        for c in 0..<3 { sums[c] += channel(entry.color, c) * entry.count }
        total += entry.count
      }
      let mean = sums.map { UInt32(($0 + total / 2) / max(total, 1)) }
      return mean[0] << 16 | mean[1] << 8 | mean[2]
    }
  }

  /// The index of the entry nearest to `color` (squared RGB distance).
  static func nearest(_ color: UInt32, in colors: [UInt32]) -> UInt8 {
    var best = 0
    var distance = Int.max
    for (index, entry) in colors.enumerated() {
      var d = 0
      for shift in [16, 8, 0] as [UInt32] {
        let a = Int(color >> shift & 0xff)
        let b = Int(entry >> shift & 0xff)
        d += (a - b) * (a - b)
      }
      if d < distance {
        distance = d
        best = index
      }
    }
    return UInt8(best)
  }
}
