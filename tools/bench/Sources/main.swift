import Foundation
import LoadmarkCore
import LoadmarkJSON

/// Loadmark's export benchmark: sampling and encoding throughput, compared
/// with Foundation's encoders on the same frames in the same run.
///
/// Usage: loadmark-bench [--lottie DIR] [--quick] | --sampling | --raster
var arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
var lottieDirectory: String?
if let index = arguments.firstIndex(of: "--lottie"), index + 1 < arguments.count {
  lottieDirectory = arguments[index + 1]
}

if arguments.contains("--raster") {
  // For tools/bench/export.py: cairo's frames per second at 1× and 2×.
  print(RasterBench.json())
} else if arguments.contains("--sampling") {
  // For tools/bench/wasm.mjs: the native side of the wasm comparison.
  print(SamplingBench.json())
} else {
  let report = BenchReport(quick: quick, lottieDirectory: lottieDirectory)
  print(report.markdown())
}
