import Foundation
import LoadmarkCore
import LoadmarkJSON
import Testing

/// ``SceneBudget``: what a scene may cost to read, expand and sample, each
/// budget refused with the path of what spends it. The scenes are the
/// reproductions of the probe that found them unbounded (a few hundred
/// bytes each that took gigabytes, or never finished).
@Suite("Scene budgets")
struct SceneBudgetTests {
  /// A one-ring scene with `extra` root members and `clips`.
  static func scene(clips: String, extra: String = "") -> String {
    #"""
    {
      "format": "loadmark-scene", "version": 2, "name": "ring", "size": [40, 40],
      "layers": [
        {"id": "ring", "class": "CAShapeLayer", "strokeColor": "red", "fillColor": null, "strokeEnd": 0.5,
         "path": [{"arc": {"center": [20, 20], "radius": 10, "startAngle": 0, "endAngle": "2*pi", "clockwise": true}}]}
      ]\#(extra),
      "clips": [\#(clips)]
    }
    """#
  }

  /// The scene, or the reader's message.
  func read(_ text: String) -> Result<Indicator, DocumentError> {
    do {
      return .success(try SceneReader.decode(text, source: "s.scene.json"))
    } catch {
      return .failure(error)
    }
  }

  func message(_ text: String) -> String? {
    if case .failure(let error) = read(text) { return error.description }
    return nil
  }

  /// `routines` R0…R(depth−1), each calling the next `fanOut` times, the
  /// last one doing `last`.
  static func routineTree(depth: Int, fanOut: Int = 10, parameter: Bool = false, last: String = "") -> String {
    let with = parameter ? #", "with": {"q": "q"}"# : ""
    let parameters = parameter ? #""parameters": ["q"], "# : ""
    var members = (0..<depth).map { i in
      let calls = Array(repeating: #"{"call": "R\#(i + 1)"\#(with)}"#, count: fanOut).joined(separator: ", ")
      return #""R\#(i)": {\#(parameters)"do": [\#(calls)]}"#
    }
    members.append(#""R\#(depth)": {\#(parameters)"do": [\#(last)]}"#)
    return #", "routines": {\#(members.joined(separator: ", "))}"#
  }

  // Finding 2: named groups that each list the next ten times.
  @Test func namedGroupsThatFanOutAreRefusedAtTheAnimationThatPassesTheBudget() {
    func groups(_ depth: Int) -> String {
      var members = [#""g0": {"type": "basic", "keyPath": "strokeEnd", "from": 0, "to": 1, "duration": 1}"#]
      for i in 1...depth {
        members.append(#""g\#(i)": {"type": "group", "duration": 1, "animations": [\#(Array(repeating: "\"g\(i - 1)\"", count: 10).joined(separator: ", "))]}"#)
      }
      return #", "animations": {\#(members.joined(separator: ", "))}"#
    }
    let clip = { (depth: Int) in #"{"name": "c", "duration": 1, "script": [{"at": 0, "layer": "ring", "add": "g\#(depth)"}]}"# }
    // 10⁴ + 10³ + … + 1 = 11,111 animations: within the budget.
    #expect(message(Self.scene(clips: clip(4), extra: groups(4))) == nil)
    // 10⁸ at depth 8 (4 GB and counting before): the 20,001st is refused.
    #expect(
      message(Self.scene(clips: clip(8), extra: groups(8)))
        == #"s.scene.json: animations["g0"]: the scene's animations expand to more than 20000 (a named animation counts each time it is used; docs/SCENE.md's Limits)"#)
  }

  // Finding 3: routines that call the next ten times, 16 deep, checked in
  // linear time when no clip calls them, refused by steps when one does.
  @Test func routineFanOutIsCheckedOnceAndItsCallsAreCounted() {
    let uncalled = Self.scene(clips: #"{"name": "c", "duration": 1, "script": []}"#, extra: Self.routineTree(depth: 15))
    #expect(message(uncalled) == nil)
    let called = Self.scene(clips: #"{"name": "c", "duration": 1, "script": [{"call": "R0"}]}"#, extra: Self.routineTree(depth: 15))
    #expect(
      message(called)
        == #"s.scene.json: routines["R14"].do[1]: the scripts take more than 1000000 steps (items run and timer ticks, docs/SCENE.md's Limits)"#)
    // A cycle is still found through routines already checked.
    let cycle = Self.scene(
      clips: #"{"name": "c", "duration": 1, "script": []}"#,
      extra: #", "routines": {"a": {"do": [{"call": "b"}]}, "b": {"do": [{"call": "c"}, {"call": "a"}]}, "c": {"do": []}}"#)
    #expect(message(cycle) == #"s.scene.json: routines["b"].do[1]: routines call each other without end: "a" → "b" → "a""#)
  }

  // Finding 3: nested timers whose inner ticks are all skipped make no
  // events, but every tick is a step (10¹⁰ of them took about 24 minutes).
  @Test func nestedTimersAreBoundedByTheirTicks() {
    let timers = Self.scene(clips: #"""
      {"name": "c", "duration": 1, "script": [
        {"every": 1e-9, "count": 100000, "do": [
          {"every": 1e-9, "count": 100000, "skip": "1", "do": [{"layer": "ring", "set": {"strokeEnd": 0.5}}]}]}]}
      """#)
    #expect(
      message(timers)
        == "s.scene.json: clips[0].script[0].do[0]: the scripts take more than 1000000 steps (items run and timer ticks, docs/SCENE.md's Limits)")
  }

  // The steps of the scene's time clips add up: two clips of 601,201 steps
  // each (1 + 600 ticks, each running a timer of 1,000 skipped ticks) pass
  // alone and not together.
  @Test func theTimeClipsShareOneBudgetOfSteps() {
    let clip = { (name: String) in
      #"{"name": "\#(name)", "duration": 1, "script": [{"every": 1e-9, "count": 600, "do": [{"every": 1e-9, "count": 1000, "skip": "1", "do": []}]}]}"#
    }
    #expect(message(Self.scene(clips: clip("a"))) == nil)
    #expect(
      message(Self.scene(clips: clip("a") + ", " + clip("b")))
        == "s.scene.json: clips[1].script[0].do[0]: the scripts take more than 1000000 steps (items run and timer ticks, docs/SCENE.md's Limits)")
  }

  // A progress clip's events are counted up front, each routine once: 10⁵
  // sets through five levels of ten calls is the limit exactly.
  @Test func progressEventsAreCountedPerRoutineOnce() {
    let clip = #"{"name": "p", "index": "progress", "script": [{"call": "R0", "with": {"q": "p"}}]}"#
    let exact = Self.scene(clips: clip, extra: Self.routineTree(depth: 5, parameter: true, last: #"{"layer": "ring", "set": {"strokeEnd": "q"}}"#))
    #expect(message(exact) == nil)
    let over = Self.scene(
      clips: clip,
      extra: Self.routineTree(depth: 5, parameter: true, last: #"{"layer": "ring", "set": {"strokeEnd": "q", "strokeStart": 0}}"#))
    #expect(message(over) == "s.scene.json: clips[0]: the script makes more than 100000 events")
  }

  /// The work of sampling `preset`'s clip `index` as export does, counted
  /// against no limit.
  func work(_ preset: Indicator, clip index: Int = 0, fps: Double = 60, progressSamples: Int = 101) -> Int {
    let clip = preset.clips[index]
    let count = Int(preset.frameCount(of: clip, fps: fps, progressSamples: progressSamples))
    var spent = 0
    _ = try? preset.replay(clip, frameCount: count, fps: fps, budget: .max, spent: &spent)
    return spent
  }

  // The units, by hand: a progress clip of 1,000 items whose condition is
  // false spends 1,000 steps of 5 per sample, and reads one layer (8, no
  // animation attached): 5,008 a sample, 10⁷ / 5,008 = 1,996.8 samples.
  @Test func samplingWorkIsCountedAsDocumentedAndRefusedPastTheBudget() throws {
    let items = Array(repeating: #"{"if": "0", "layer": "ring", "set": {"strokeEnd": "p"}}"#, count: 1000).joined(separator: ", ")
    let preset = try read(Self.scene(clips: #"{"name": "p", "index": "progress", "script": [\#(items)]}"#)).get()
    #expect(SceneBudget.stepWork == 5 && SceneBudget.layerWork == 8 && SceneBudget.maximumSamplingWork == 10_000_000)
    // Unmetered, the work is counted without a budget: the same by hand.
    var spent = 0
    _ = try preset.replay(preset.clips[0], frameCount: 1996, fps: 60, budget: .max, spent: &spent)
    #expect(spent == 1996 * 5_008)
    #expect(throws: Never.self) { _ = try preset.checkedFrames(progressSamples: 1996) }
    #expect {
      _ = try preset.checkedFrames(progressSamples: 1997)
    } throws: { error in
      (error as? SceneError)?.location == .field("clips[0]")
        && (error as? SceneError)?.message.string
          == "sampling the clips takes more than 10000000 units of work (animations evaluated, events and script steps; docs/SCENE.md's Limits): fewer frames, animations or events"
    }
  }

  // Finding 5: a timer adding an endless animation 99,999 times validated in
  // 0.12 s and took 475 s to export; every add looks through the ones
  // attached before it, so the budget runs out after about 3,000.
  @Test func addsThatPileUpAreRefusedAtTheClip() throws {
    let adds = Self.scene(clips: #"""
      {"name": "c", "duration": 1, "script": [{"every": 1e-6, "count": 99999, "do": [
        {"layer": "ring", "add": {"type": "basic", "keyPath": "strokeEnd", "from": 0, "to": 1, "duration": 1, "repeatCount": "infinity"}}]}]}
      """#)
    let preset = try read(adds).get()
    #expect {
      _ = try preset.checkedFrames()
    } throws: { error in
      (error as? SceneError)?.location == .field("clips[0]")
    }
  }

  // Finding 11: values that are not numbers are the scene's errors, found
  // where they are made when a script sets them, else at the track.
  @Test func valuesThatAreNotFiniteAreRefusedWithTheirPlace() throws {
    #expect(
      message(Self.scene(clips: #"{"name": "c", "duration": 1, "script": [{"at": 0, "layer": "ring", "set": {"strokeEnd": "0/0"}}]}"#))
        == "s.scene.json: clips[0].script[0]: the value set is not a finite number")
    let overflow = try read(Self.scene(clips: #"""
      {"name": "c", "duration": 1, "script": [{"at": 0, "layer": "ring", "add": {"type": "basic", "keyPath": "strokeEnd", "from": 1e308, "to": -1e308, "duration": 1}}]}
      """#)).get()
    #expect {
      _ = try overflow.checkedFrames()
    } throws: { error in
      (error as? SceneError)?.location == .field("clips[0]")
        && (error as? SceneError)?.message.string == #"track "ring.strokeEnd" is not a finite number at frame 0 (an animation's values overflow)"#
    }
    // Unmetered sampling (trusted presets) does not check.
    _ = overflow.frames()
  }

  // The presets cost less than the budget at the largest request the CLI
  // takes: time clips at 1000 fps, progress clips at 100,000 samples (at
  // most the 100,000 frames a document holds), so no option within range
  // is refused for cost.
  @Test func thePresetsSampleWithinTheBudgetAtTheirLargestRequests() {
    for name in Indicator.presetNames {
      let preset = Indicator.named(name)!
      var total = 0
      for index in preset.clips.indices {
        let clip = preset.clips[index]
        let frames = preset.frameCount(of: clip, fps: Indicator.maximumFPS, progressSamples: Indicator.maximumFrames)
        guard frames <= Double(Indicator.maximumFrames) else { continue }
        total += work(preset, clip: index, fps: Indicator.maximumFPS, progressSamples: Indicator.maximumFrames)
      }
      #expect(total < SceneBudget.maximumSamplingWork, "\(name): \(total)")
    }
  }

  // docs/SCENE.md's table of budgets and its paragraph of weights are the
  // constants'.
  @Test func sceneDocsListTheBudgets() throws {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/SCENE.md")
    let page = try String(contentsOf: url, encoding: .utf8)
    func grouped(_ n: Int) -> String {
      let digits = Array(String(n))
      var text = ""
      for (i, digit) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { text += "," }
        text.append(digit)
      }
      return text
    }
    let rows: [(String, Int)] = [
      ("| animations built while the scene is read", SceneBudget.maximumAnimations),
      ("| events of one expansion of a clip's script", SceneBudget.maximumEvents),
      ("| ticks of one timer run", SceneBudget.maximumEvents),
      ("| script steps of the time clips together", SceneBudget.maximumScriptSteps),
      ("| units of sampling work for all the clips of one export", SceneBudget.maximumSamplingWork),
    ]
    for (start, value) in rows {
      let line = try #require(page.split(separator: "\n").first { $0.hasPrefix(start) }, "no row \(start)")
      #expect(line.hasSuffix("| \(grouped(value)) |"), "\(line)")
    }
    #expect(page.contains("every layer read (\(SceneBudget.layerWork))"))
    #expect(page.contains("a keyframe animation 1 more per \(SceneBudget.valuesPerUnit) values"))
    #expect(page.contains("for each event, \(SceneBudget.eventWork), plus \(SceneBudget.completionCheckWork) per unit"))
    #expect(page.contains("\(SceneBudget.stepWork) per step of its script's expansion"))
  }
}
