import LoadmarkEngine
import LoadmarkText

/// A clip's host script as a scene writes it: actions, calls of routines
/// and timers, with expressions over the script's variables. Expanding it
/// gives the timed ``ScriptEvent``s a timeline replays; a progress clip
/// expands it once per progress value `p`.
public struct ScriptProgram: Sendable {
  package var items: [ScriptItem]
  package var routines: [Routine]
  package var slotCount: Int
  /// The time timers stop at unless they say otherwise: the clip's end.
  package var end: Double

  /// The variable slot of `t`, the time of what is happening.
  package static let timeSlot = 0
  /// The variable slot of `p`, a progress clip's progress.
  package static let progressSlot = 1
  /// How deeply routine calls may nest as a script expands; the scene
  /// compiler holds named animations, layer chains and calls to the same
  /// bound (`SceneCompiler.maximumNesting`).
  package static let maximumNesting = 16

  /// The events for progress `p` (a progress clip's actions, all at time 0).
  public func events(progress p: Double) -> [ScriptEvent] {
    expansion(progress: p).events.map { $0.event }
  }

  /// What a sampler needs of the expansion for progress `p`
  /// (``expansion(progress:stepLimit:)``): its events in script order (a
  /// progress clip's actions all happen at once), settled
  /// (``Indicator/settled(_:)``), the steps it took, whether
  /// it stopped at `stepLimit` below the budget, and whether it failed.
  package func expand(
    progress p: Double, stepLimit: Int = SceneBudget.maximumScriptSteps
  ) -> (events: [ScriptEvent], steps: Int, stoppedShort: Bool, failed: Bool) {
    var expansion = ScriptExpansion(program: self, limit: SceneBudget.maximumEvents)
    expansion.stepLimit = stepLimit
    expansion.variables[ScriptProgram.progressSlot] = p
    expansion.run(items, at: 0)
    return (expansion.events.map { Indicator.settled($0.event) }, expansion.steps, expansion.stoppedShort, expansion.failed)
  }

  /// The expansion for progress `p`: its events, the steps it took and its
  /// first failure, if any.
  package func expansion(progress p: Double, stepLimit: Int = SceneBudget.maximumScriptSteps) -> ScriptExpansion {
    var expansion = ScriptExpansion(program: self, limit: SceneBudget.maximumEvents)
    expansion.stepLimit = stepLimit
    expansion.variables[ScriptProgram.progressSlot] = p
    expansion.run(items, at: 0)
    return expansion
  }

  /// The memberwise initializer, for the scene compiler and image reader.
  package init(items: [ScriptItem], routines: [Routine], slotCount: Int, end: Double) {
    self.items = items
    self.routines = routines
    self.slotCount = slotCount
    self.end = end
  }
}

/// A named list of script items with parameters (a method of the seed's
/// view, such as `updateProgress:`).
package struct Routine: Sendable {
  package var parameters: [Int]
  package var body: [ScriptItem]

  /// The memberwise initializer, for the scene compiler and image reader.
  package init(parameters: [Int], body: [ScriptItem]) {
    self.parameters = parameters
    self.body = body
  }
}

/// One entry of a script.
package indirect enum ScriptItem: Sendable {
  case action(ScriptAction)
  case call(ScriptCall)
  case timer(ScriptTimer)

  package var header: ScriptHeader {
    switch self {
    case .action(let action): return action.header
    case .call(let call): return call.header
    case .timer(let timer): return timer.header
    }
  }
}

/// What every script item has: a condition and its time.
package struct ScriptHeader: Sendable {
  /// The item runs only where this is not 0.
  package var condition: Expression?
  /// An absolute time (top-level items of time clips).
  package var at: Expression?
  /// Added to the time of what contains the item.
  package var after: Expression?
  /// Where the item is, for errors while expanding.
  package var path: FieldPath

  /// The memberwise initializer, for the scene compiler and image reader.
  package init(condition: Expression? = nil, at: Expression? = nil, after: Expression? = nil, path: FieldPath) {
    self.condition = condition
    self.at = at
    self.after = after
    self.path = path
  }
}

/// Something done to one layer.
package struct ScriptAction: Sendable {
  package var header: ScriptHeader
  package var layer: Int
  package var verb: Verb

  package enum Verb: Sendable {
    case add(Animation, key: AnimationKey?)
    case remove(AnimationKey)
    case removeAll
    case set([Assignment], implicit: Expression)
    case pause
    case resume
  }

  /// One property set by a `set` action.
  package struct Assignment: Sendable {
    package enum Target: Sendable {
      case property(LayerProperty)
      case hidden
      case timing(LayerTiming.Field)
    }
    package var target: Target
    package var value: Expression

    /// The memberwise initializer, for the scene compiler and image reader.
    package init(target: Target, value: Expression) {
      self.target = target
      self.value = value
    }
  }

  /// The memberwise initializer, for the scene compiler and image reader.
  package init(header: ScriptHeader, layer: Int, verb: Verb) {
    self.header = header
    self.layer = layer
    self.verb = verb
  }
}

/// A routine called with arguments.
package struct ScriptCall: Sendable {
  package var header: ScriptHeader
  package var routine: Int
  package var arguments: [SlotValue]

  /// The memberwise initializer, for the scene compiler and image reader.
  package init(header: ScriptHeader, routine: Int, arguments: [SlotValue]) {
    self.header = header
    self.routine = routine
    self.arguments = arguments
  }
}

/// A value for a script variable.
package struct SlotValue: Sendable {
  package var slot: Int
  package var value: Expression

  /// The memberwise initializer, for the scene compiler and image reader.
  package init(slot: Int, value: Expression) {
    self.slot = slot
    self.value = value
  }
}

/// A repeating timer: ticks at start + k·interval for k = first, first + 1,
/// … (`NSTimer` fires first one interval after it is scheduled:
/// `Rule.timerGrid`), while the tick's time is at most `until` and fewer
/// than `count` ticks have run.
package struct ScriptTimer: Sendable {
  package var header: ScriptHeader
  package var interval: Double
  package var first: Int
  package var until: Double?
  package var count: Int?
  /// The slot of `n`, the tick's number.
  package var tickSlot: Int
  /// Variables kept across ticks, with their initial values.
  package var state: [SlotValue]
  /// A tick does nothing where this is not 0 (the timer block's early return).
  package var skip: Expression?
  /// New values of state variables, each seeing the ones before, at every tick not skipped.
  package var update: [SlotValue]
  package var body: [ScriptItem]

  /// The memberwise initializer, for the scene compiler and image reader.
  package init(
    header: ScriptHeader, interval: Double, first: Int, until: Double? = nil, count: Int? = nil, tickSlot: Int,
    state: [SlotValue], skip: Expression? = nil, update: [SlotValue], body: [ScriptItem]
  ) {
    self.header = header
    self.interval = interval
    self.first = first
    self.until = until
    self.count = count
    self.tickSlot = tickSlot
    self.state = state
    self.skip = skip
    self.update = update
    self.body = body
  }
}

/// Why an expansion failed: a code, so that the WebAssembly engine, which
/// never reports it, holds none of the messages.
package enum ScriptFailure: UInt8 {
  case time, nesting, events, value, ticks, steps

  /// The message a reader reports.
  package var message: StaticString {
    switch self {
    case .time: return "the time is not a finite number"
    case .nesting: return "routines call each other too deep"
    case .events: return "the script makes more than 100000 events"
    case .value: return "the value set is not a finite number"
    case .ticks: return "the timer ticks more than 100000 times"
    case .steps: return "the scripts take more than 1000000 steps (items run and timer ticks, docs/SCENE.md's Limits)"
    }
  }
}

/// Expands a ``ScriptProgram`` into events.
package struct ScriptExpansion {
  package let program: ScriptProgram
  package let limit: Int
  package var variables: [Double]
  package var events: [(time: Double, sequence: Int, event: ScriptEvent)] = []
  /// Where the first problem met is, and what it is; kept apart until a
  /// reader asks for the error, so the engine never spells one.
  package var failurePath: FieldPath?
  package var failureReason = ScriptFailure.time
  package var failed = false

  /// The first problem met, if any.
  package var failure: SceneError? {
    failurePath.map { SceneError($0, ByteText(stringLiteral: failureReason.message)) }
  }
  /// How many calls deep the expansion is; a scene's routines cannot call
  /// themselves, and an image that makes them is stopped here.
  package var callDepth = 0
  /// Items run and timer ticks so far (``SceneBudget/maximumScriptSteps``).
  package var steps = 0
  /// The most steps the expansion may take: the budget, or less when a
  /// sampler has less work left (``stoppedShort``).
  package var stepLimit = SceneBudget.maximumScriptSteps

  /// Whether the expansion stopped at a step limit below the budget.
  package var stoppedShort: Bool { steps > stepLimit && stepLimit < SceneBudget.maximumScriptSteps }

  /// Counts one step: false past the limit.
  package mutating func step() -> Bool {
    steps += 1
    return steps <= stepLimit
  }

  package init(program: ScriptProgram, limit: Int) {
    self.program = program
    self.limit = limit
    self.variables = [Double](repeating: 0, count: program.slotCount)
  }

  /// The events in time order; events at the same time keep the order the
  /// script gave them.
  package var sortedEvents: [ScriptEvent] {
    events.sorted { $0.time < $1.time || ($0.time == $1.time && $0.sequence < $1.sequence) }.map { $0.event }
  }

  @inline(never)
  package mutating func fail(_ path: FieldPath, _ reason: ScriptFailure) {
    if !failed {
      failed = true
      failurePath = path
      failureReason = reason
    }
  }

  /// Runs `items` within something happening at `time`.
  package mutating func run(_ items: [ScriptItem], at time: Double) {
    for item in items {
      guard !failed else { return }
      let header = item.header
      guard step() else { return fail(header.path, .steps) }
      variables[ScriptProgram.timeSlot] = time
      if let condition = header.condition, condition.value(variables) == 0 { continue }
      var itemTime = header.at?.value(variables) ?? time
      if let after = header.after { itemTime += after.value(variables) }
      guard itemTime.isFinite else { return fail(header.path, .time) }
      variables[ScriptProgram.timeSlot] = itemTime
      switch item {
      case .action(let action):
        perform(action, at: itemTime)
      case .call(let call):
        guard callDepth < ScriptProgram.maximumNesting else { return fail(header.path, .nesting) }
        var values: [Double] = []
        for argument in call.arguments { values.append(argument.value.value(variables)) }
        for (argument, value) in zip(call.arguments, values) { variables[argument.slot] = value }
        callDepth += 1
        run(program.routines[call.routine].body, at: itemTime)
        callDepth -= 1
      case .timer(let timer):
        runTimer(timer, at: itemTime)
      }
    }
  }

  /// Adds `hostAction` of `action` at `time` to the events, failing past the limit.
  @inline(never)
  package mutating func emit(_ hostAction: HostAction, of action: ScriptAction, at time: Double) {
    guard events.count < limit else { return fail(action.header.path, .events) }
    events.append((time, events.count, ScriptEvent(at: time, layer: action.layer, hostAction)))
  }

  package mutating func perform(_ action: ScriptAction, at time: Double) {
    func emit(_ hostAction: HostAction) {
      self.emit(hostAction, of: action, at: time)
    }
    switch action.verb {
    case .add(let animation, let key): emit(.add(animation, key: key))
    case .remove(let key): emit(.remove(key: key))
    case .removeAll: emit(.removeAllAnimations)
    case .pause: emit(.pause)
    case .resume: emit(.resume)
    case .set(let assignments, let implicit):
      let animated = implicit.value(variables) != 0
      for assignment in assignments {
        let value = assignment.value.value(variables)
        guard value.isFinite else { return fail(action.header.path, .value) }
        switch assignment.target {
        case .property(let property): emit(.set(property, value, implicit: animated))
        case .hidden: emit(.setHidden(value != 0))
        case .timing(let field): emit(.setTiming(field, value))
        }
      }
    }
  }

  package mutating func runTimer(_ timer: ScriptTimer, at start: Double) {
    for entry in timer.state { variables[entry.slot] = entry.value.value(variables) }
    let until = timer.until ?? program.end
    var k = timer.first
    var ticks = 0
    while !failed {
      if let count = timer.count, ticks >= count { return }
      let time = start == 0 ? Double(k) * timer.interval : start + Double(k) * timer.interval
      guard time <= until else { return }
      guard ticks < limit else { return fail(timer.header.path, .ticks) }
      guard step() else { return fail(timer.header.path, .steps) }
      ticks += 1
      variables[timer.tickSlot] = Double(k)
      variables[ScriptProgram.timeSlot] = time
      k += 1
      if let skip = timer.skip, skip.value(variables) != 0 { continue }
      for entry in timer.update { variables[entry.slot] = entry.value.value(variables) }
      run(timer.body, at: time)
    }
  }
}
