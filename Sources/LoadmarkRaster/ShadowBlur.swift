import LoadmarkCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The Gaussian blur of a shadow's alpha mask, which cairo does not have
/// (`Rule.shadowBlur`).
///
/// σ below 2 pixels: a true Gaussian kernel to 3σ. From 2 pixels on: three
/// box blurs of size d = ⌊σ · 3√(2π)/4 + 0.5⌋, as the Filter Effects
/// specification describes for `feGaussianBlur` and Skia does for canvas
/// shadows; they differ from the Gaussian by under 3 % of the peak.
enum ShadowBlur {
  /// How far, in pixels, the blur spreads coverage beyond a shape.
  static func reach(sigma: Double) -> Double {
    sigma > 0 ? 3 * sigma + 2 : 0
  }

  /// Blurs an A8 image in place.
  static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double) {
    guard sigma > 0 else { return }
    var storage = [Float](repeating: 0, count: width * height)
    // Unchecked access: every index below is within width · height.
    storage.withUnsafeMutableBufferPointer { values in
      for y in 0..<height {
        for x in 0..<width { values[y * width + x] = Float(data[y * stride + x]) }
      }
      var line = [Float](repeating: 0, count: max(width, height))
      var output = line
      for y in 0..<height {
        for x in 0..<width { line[x] = values[y * width + x] }
        blurLine(&line, &output, length: width, sigma: sigma)
        for x in 0..<width { values[y * width + x] = output[x] }
      }
      // Columns a block at a time: each row of the block is read and written
      // whole, where a column alone would touch one value of every row (a
      // cache miss each on a large mask). Each column is blurred exactly as
      // alone, so the pixels do not change.
      let block = 32
      var columns = [[Float]](repeating: [Float](repeating: 0, count: height), count: block)
      var blurred = [Float](repeating: 0, count: height)
      for first in Swift.stride(from: 0, to: width, by: block) {
        let count = min(block, width - first)
        for y in 0..<height {
          let row = y * width + first
          for j in 0..<count { columns[j][y] = values[row + j] }
        }
        for j in 0..<count {
          blurLine(&columns[j], &blurred, length: height, sigma: sigma)
          swap(&columns[j], &blurred)
        }
        for y in 0..<height {
          let row = y * width + first
          for j in 0..<count { values[row + j] = columns[j][y] }
        }
      }
      for y in 0..<height {
        for x in 0..<width {
          // Rounded to the nearest and clamped to 0...255; the conversion
          // truncates, which is rounding down for the positive values it gets.
          let v = values[y * width + x] + 0.5
          data[y * stride + x] = v <= 0 ? 0 : v >= 255 ? 255 : UInt8(v)
        }
      }
    }
  }

  /// One row or column, from `line` into `output` (which is also scratch).
  static func blurLine(_ line: inout [Float], _ output: inout [Float], length: Int, sigma: Double) {
    if sigma < 2 {
      let kernel = gaussianKernel(sigma: sigma)
      let radius = kernel.count / 2
      for i in 0..<length {
        var sum: Float = 0
        for (j, weight) in kernel.enumerated() {
          let source = i + j - radius
          if source >= 0 && source < length { sum += line[source] * weight }
        }
        output[i] = sum
      }
      return
    }
    // The mask's side (at most cairo's 32767) bounds σ far below the clamp,
    // which only keeps the size an Int for any σ.
    let d = (sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).clampedInteger(.down, in: 1...Int(Int32.max))
    if d % 2 == 1 {
      box(&line, into: &output, length: length, size: d, leftward: true)
      box(&output, into: &line, length: length, size: d, leftward: true)
      box(&line, into: &output, length: length, size: d, leftward: true)
    } else {
      // Centred on the pixel boundary to the left, then the one to the
      // right, then a box of d + 1 centred on the pixel.
      box(&line, into: &output, length: length, size: d, leftward: true)
      box(&output, into: &line, length: length, size: d, leftward: false)
      box(&line, into: &output, length: length, size: d + 1, leftward: true)
    }
  }

  /// A box blur of `size` taps, zero beyond the ends. An odd box is centred
  /// on the pixel; an even one on the boundary to its left (`leftward`) or
  /// to its right.
  static func box(_ source: inout [Float], into output: inout [Float], length: Int, size: Int, leftward: Bool) {
    // Taps i − left … i + right.
    let left = size % 2 == 1 || leftward ? size / 2 : size / 2 - 1
    let right = size - 1 - left
    let scale = 1 / Float(size)
    var sum: Float = 0
    for j in -left...right where j >= 0 && j < length { sum += source[j] }
    for i in 0..<length {
      output[i] = sum * scale
      let leaving = i - left
      let entering = i + right + 1
      if leaving >= 0 && leaving < length { sum -= source[leaving] }
      if entering < length { sum += source[entering] }
    }
  }

  /// Normalised Gaussian weights from −⌈3σ⌉ to ⌈3σ⌉.
  static func gaussianKernel(sigma: Double) -> [Float] {
    // Only used below σ = 2 (blurLine), so at most 6; the clamp keeps it an Int for any σ.
    let radius = (3 * sigma).clampedInteger(.up, in: 1...Int(Int32.max))
    var weights: [Double] = []
    for i in -radius...radius {
      let x = Double(i)
      weights.append(exp(-x * x / (2 * sigma * sigma)))
    }
    let total = weights.reduce(0, +)
    return weights.map { Float($0 / total) }
  }
}
