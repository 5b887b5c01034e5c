import Foundation
import LoadmarkCore

/// How long sampling takes per unit of ``SceneBudget/maximumSamplingWork``
/// for each kind of work a scene can spend it on, and so how long a scene
/// at the budget takes: the measurement behind the weights
/// (``SceneBudget/stepWork``, ``SceneBudget/eventWork``, ``Animation/cost``).
///
/// Each case is a scene built to spend its work on one kind, sampled as
/// `export` samples it (every clip, metered), timed best of three.
enum BudgetBench {
  /// The section's heading in docs/benchmarks.md.
  static let heading = "## Scene budgets"

  /// A case: what it spends its work on, and the scene.
  struct Case {
    var kind: String
    var scene: String
  }

  /// The starter's ring, with `clips` and `extra` root members.
  static func scene(clips: String, extra: String = "", layers: Int = 1) -> String {
    let layerList = (0..<layers).map { i in
      ##"{"id": "ring\##(i)", "class": "CAShapeLayer", "frame": [0, 0, 40, 40], "path": [{"arc": {"center": [20, 20], "radius": 16, "startAngle": "-90deg", "endAngle": "270deg", "clockwise": true}}], "strokeColor": "#0a84ff", "fillColor": null, "lineWidth": 4, "strokeEnd": 0.05}"##
    }.joined(separator: ",")
    return #"{"format": "loadmark-scene", "version": 2, "name": "bench", "size": [40, 40], "layers": [\#(layerList)]\#(extra), "clips": [\#(clips)]}"#
  }

  static var cases: [Case] {
    // Script steps that do nothing: 2,000 false conditions for each of 1,001 progress values.
    let idle = (0..<2000).map { _ in #"{"if": "0", "layer": "ring0", "set": {"strokeEnd": "p"}}"# }.joined(separator: ",")
    // Calls: a routine tree, 10 × 10 × 10 calls of a routine that sets nothing.
    let routines = #", "routines": {"a": {"do": [\#(Array(repeating: #"{"call": "b"}"#, count: 10).joined(separator: ","))]}, "b": {"do": [\#(Array(repeating: #"{"call": "c"}"#, count: 10).joined(separator: ","))]}, "c": {"do": [\#(Array(repeating: #"{"call": "d"}"#, count: 10).joined(separator: ","))]}, "d": {"do": []}}"#
    // Events: 1,000 sets for each progress value.
    let sets = (0..<1000).map { _ in #"{"layer": "ring0", "set": {"strokeEnd": "p"}}"# }.joined(separator: ",")
    // Evaluations: 64 layers each turning for 100 s at 60 fps.
    let turns = (0..<64).map { i in
      #"{"at": 0, "layer": "ring\#(i)", "add": {"type": "basic", "keyPath": "strokeEnd", "from": 0, "to": 1, "duration": 1, "repeatCount": "infinity"}}"#
    }.joined(separator: ",")
    // Keyframe values: one paced animation of 10,000 values for 15 s.
    let values = (0..<10_000).map { $0 % 2 == 0 ? "0.1" : "0.9" }.joined(separator: ",")
    return [
      Case(kind: "script steps (conditions)", scene: scene(clips: #"{"name": "c", "index": "progress", "script": [\#(idle)]}"#)),
      Case(kind: "script steps (calls)", scene: scene(clips: #"{"name": "c", "index": "progress", "script": [{"call": "a"}]}"#, extra: routines)),
      Case(kind: "events", scene: scene(clips: #"{"name": "c", "index": "progress", "script": [\#(sets)]}"#)),
      Case(kind: "animations evaluated", scene: scene(clips: #"{"name": "c", "duration": 100, "script": [\#(turns)]}"#, layers: 64)),
      Case(kind: "keyframe values scanned", scene: scene(clips: #"{"name": "c", "duration": 15, "script": [{"at": 0, "layer": "ring0", "add": {"type": "keyframe", "keyPath": "strokeEnd", "values": [\#(values)], "calculationMode": "paced", "duration": 1, "repeatCount": "infinity"}}]}"#)),
      Case(kind: "completed animations looked for", scene: scene(clips: #"{"name": "c", "duration": 1, "script": [{"every": 0.0001, "count": 2500, "do": [{"layer": "ring0", "add": {"type": "basic", "keyPath": "strokeEnd", "from": 0, "to": 1, "duration": 1, "repeatCount": "infinity"}}]}]}"#)),
    ]
  }

  /// The work `preset` spends sampled at the defaults (progress clips at
  /// 1,001 samples, the playground's), unmetered.
  static func work(_ preset: Indicator) -> Int {
    var spent = 0
    for clip in preset.clips {
      let count = Int(preset.frameCount(of: clip, fps: Indicator.defaultFPS, progressSamples: 1001))
      _ = try? preset.replay(clip, frameCount: count, fps: Indicator.defaultFPS, budget: .max, spent: &spent)
    }
    return spent
  }

  /// A Markdown section: per kind, the units, the seconds, nanoseconds per
  /// unit and the seconds a scene at the budget would take.
  static func markdown() -> String {
    var text = """
      \(heading)

      Sampling work per kind (docs/SCENE.md, Limits): a scene built to spend its work on
      one kind, sampled unmetered, best of three. "At the budget" is the time a scene
      spending the whole budget of \(SceneBudget.maximumSamplingWork) units on that kind would take.

      | kind | units | seconds | ns per unit | at the budget |
      |---|---:|---:|---:|---:|

      """
    for entry in cases {
      let result: Result<Indicator, SceneError> = Array(entry.scene.utf8).withUnsafeBytes { raw in
        do throws(SceneError) { return .success(try SceneText.compile(raw)) } catch { return .failure(error) }
      }
      guard case .success(let preset) = result else {
        if case .failure(let error) = result { text += "| \(entry.kind) | refused: \(error.message.string) | | | |\n" }
        continue
      }
      let units = work(preset)
      let seconds = Stopwatch.seconds(rounds: 3, iterations: 1) { _ = work(preset) }
      let perUnit = seconds / Double(units) * 1e9
      let atBudget = perUnit * Double(SceneBudget.maximumSamplingWork) / 1e9
      text += "| \(entry.kind) | \(units) | \(String(format: "%.3f", seconds)) | \(String(format: "%.1f", perUnit)) | \(String(format: "%.2f", atBudget)) s |\n"
    }
    return text
  }
}
