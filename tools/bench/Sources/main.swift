import Foundation
import LoadmarkCore
import LoadmarkJSON

/// Loadmark's export benchmark: sampling and encoding throughput, compared
/// with Foundation's encoders on the same frames in the same run.
///
/// Usage: loadmark-bench [--lottie DIR] [--quick] | --sampling | --raster | --compile SCENE...
///        loadmark-bench --budgets [--update FILE]
///        loadmark-bench --memory LOADMARK [--baseline LOADMARK --baseline-label TEXT] [--update FILE]
var arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
var lottieDirectory: String?
if let index = arguments.firstIndex(of: "--lottie"), index + 1 < arguments.count {
  lottieDirectory = arguments[index + 1]
}

/// The value after `option`, if given.
let value = { (option: String) -> String? in
  guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

if arguments.first == MemoryBench.childMode {
  exit(MemoryBench.runChild(Array(arguments.dropFirst())))
} else if let loadmark = value("--memory") {
  // For tools/bench/memory: peak memory on hostile input, as a section of
  // docs/benchmarks.md.
  let bench = MemoryBench(loadmark: loadmark, baseline: value("--baseline"), baselineLabel: value("--baseline-label"))
  let section = bench.markdown()
  print(section, terminator: "")
  if let file = value("--update") { try MemoryBench.update(file, with: section) }
} else if arguments.contains("--raster") {
  // For tools/bench/export.py: cairo's frames per second at 1× and 2×.
  print(RasterBench.json())
} else if arguments.contains("--budgets") {
  // The weights of the scene budget: seconds per unit of sampling work.
  let section = BudgetBench.markdown()
  print(section, terminator: "")
  if let file = value("--update") { try MemoryBench.update(file, with: section, heading: BudgetBench.heading) }
} else if let index = arguments.firstIndex(of: "--compile") {
  // For tools/bench/compile.mjs: the native side of the compilers' comparison.
  print(CompileBench.json(Array(arguments[(index + 1)...])))
} else if arguments.contains("--sampling") {
  // For tools/bench/wasm.mjs: the native side of the wasm comparison.
  print(SamplingBench.json())
} else {
  let report = BenchReport(quick: quick, lottieDirectory: lottieDirectory)
  print(report.markdown())
}
