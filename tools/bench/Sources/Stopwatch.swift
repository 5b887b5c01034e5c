import Foundation

/// Wall-clock timing of a repeated body: the best of several rounds, so
/// noise from the rest of the machine shows less.
enum Stopwatch {
  /// Seconds per call of `body`, the minimum over `rounds` rounds of
  /// `iterations` calls each.
  static func seconds(rounds: Int = 5, iterations: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
      let start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<iterations { body() }
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
      best = min(best, elapsed / Double(iterations))
    }
    return best
  }
}
