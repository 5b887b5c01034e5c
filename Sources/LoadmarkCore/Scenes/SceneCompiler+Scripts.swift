/// A routine as read: its name, parameters and body.
struct RoutineEntry {
  var name: [UInt8]
  var node: SceneNode
  var parameters: [Expression.Name]
  var body: [ScriptItem] = []
  /// What the body animates or sets, marked for every clip that calls it.
  var changes: [PropertyChange] = []
  /// Whether its name or parameters could not be read (errors collected):
  /// its calls are then not checked.
  var isBroken = false
}

/// The names a script expression may use, innermost last.
struct ScriptScope {
  var names: [Expression.Name]
  /// Whether the items are a progress clip's (no time: no timers, `at` or `after`).
  var progress: Bool
  /// Whether the items are a clip's own, where `at` may set the time.
  var topLevel: Bool

  func resolve(_ name: [UInt8]) -> Int? {
    names.last { $0.name == name }?.slot
  }
}

extension SceneCompiler {
  static let clipFields: [StaticString] = ["name", "summary", "index", "duration", "start", "loop", "script"]
  /// The progress clip's fields of scene version 2.
  static let progressClipFields: [StaticString] = ["domain", "repeatFrom", "finish"]
  /// The widest domain a progress clip may have: its frames are the samples
  /// of [0, 1] times its width.
  static let maximumDomainWidth = 16.0
  static let itemFields: [StaticString] = [
    "if", "at", "after", "layer", "add", "key", "beginTime", "remove", "removeAll", "set", "implicit", "pause", "resume", "call",
    "with", "every", "first", "until", "count", "state", "skip", "update", "do",
  ]
  static let verbs: [StaticString] = ["add", "remove", "removeAll", "set", "pause", "resume", "call", "every"]
  static let routineFields: [StaticString] = ["parameters", "do"]

  mutating func newSlot() -> Int {
    slotCount += 1
    return slotCount - 1
  }

  /// The scene's routines: names and parameters first, so that bodies can
  /// call routines defined after them; then bodies; then no routine may
  /// call itself, directly or through others.
  mutating func readRoutines(_ node: SceneNode) throws(SceneError) {
    for (name, routineNode) in try node.namedMembers() {
      // A routine whose heading is wrong is still kept by its name, with
      // no body, so that its calls are not refused as well.
      var entry = RoutineEntry(name: name, node: routineNode, parameters: [])
      do throws(SceneError) {
        guard SceneCompiler.isPropertyName(name) else {
          throw routineNode.failure("a routine needs a name of letters, digits and \"_\"")
        }
        try routineNode.rejectUnknownFields(SceneCompiler.routineFields)
        if let list = routineNode.optional("parameters") {
          for parameter in try list.array() {
            let parameterName = try parameter.string()
            guard SceneCompiler.isPropertyName(parameterName) else {
              throw parameter.failure("a parameter needs a name of letters, digits and \"_\"")
            }
            entry.parameters.append(Expression.Name(parameterName, newSlot()))
          }
        }
      } catch {
        try recover(error)
        entry.isBroken = true
      }
      routines.append(entry)
    }
    for i in routines.indices where !routines[i].isBroken {
      let scope = ScriptScope(
        names: [Expression.Name(ByteText.bytes(of: "t"), SceneCompiler.timeSlot)] + routines[i].parameters, progress: false,
        topLevel: false)
      pendingChanges = []
      do throws(SceneError) {
        routines[i].body = try readItems(try routines[i].node.required("do"), scope: scope)
      } catch {
        try recover(error)
      }
      routines[i].changes = pendingChanges
    }
    // Each routine's calls are followed once: a routine met again after
    // its calls were all checked adds nothing, so checking is linear in the
    // scene however the routines fan out.
    var checked = [Bool](repeating: false, count: routines.count)
    do throws(SceneError) {
      for i in routines.indices where !checked[i] {
        var path = [i]
        try checkCalls(routines[i].body, path: &path, checked: &checked)
        checked[i] = true
      }
    } catch {
      // Calls without end would only fail the clips' expansions again.
      for i in routines.indices { routines[i].body = [] }
      throw error
    }
  }

  /// Follows the calls in `items`, refusing a routine that calls one already
  /// on `path`; routines marked `checked` call no cycle and are not followed
  /// again.
  func checkCalls(_ items: [ScriptItem], path: inout [Int], checked: inout [Bool]) throws(SceneError) {
    for item in items {
      switch item {
      case .call(let call):
        if path.contains(call.routine) {
          var message: ByteText = "routines call each other without end: "
          for (n, index) in (path + [call.routine]).enumerated() {
            if n > 0 { message.append(" → ") }
            message.append(quoted: routines[index].name)
          }
          throw SceneError(call.header.path, message)
        }
        guard path.count < SceneCompiler.maximumNesting else {
          throw SceneError(call.header.path, "routines call each other more than 16 deep")
        }
        guard !checked[call.routine] else { continue }
        path.append(call.routine)
        try checkCalls(routines[call.routine].body, path: &path, checked: &checked)
        path.removeLast()
        checked[call.routine] = true
      case .timer(let timer):
        try checkCalls(timer.body, path: &path, checked: &checked)
      case .action:
        break
      }
    }
  }

  /// A clip and its name: a time clip's script is expanded now, so that its
  /// errors show when the scene is read; a progress clip's is kept to be
  /// expanded for each progress value.
  mutating func readClip(_ node: SceneNode) throws(SceneError) -> (ClipDefinition, [UInt8]) {
    try node.rejectUnknownFields(SceneCompiler.clipFields + (version >= 2 ? SceneCompiler.progressClipFields : []))
    let name = try node.required("name").fileStem()
    let summary = try node.optional("summary")?.string() ?? []
    let progress = try node.optional("index")?.choice([("time", false), ("progress", true)]) ?? false
    if !progress {
      for field in SceneCompiler.progressClipFields {
        if let extra = node.optional(field) { throw extra.failure("only a progress clip has this field") }
      }
    }
    let scope = ScriptScope(
      names: [Expression.Name(ByteText.bytes(of: "t"), SceneCompiler.timeSlot)]
        + (progress ? [Expression.Name(ByteText.bytes(of: "p"), SceneCompiler.progressSlot)] : []),
      progress: progress, topLevel: true)
    pendingChanges = []
    let errorsBefore = errorCount
    let items = try readItems(try node.required("script"), scope: scope)
    markChanges(items, own: pendingChanges)
    // A script with an item missing would expand to something else.
    let expands = errorCount == errorsBefore
    let kind: ClipDefinition.Kind
    if progress {
      for field in ["duration", "start", "loop"] as [StaticString] {
        if let extra = node.optional(field) { throw extra.failure("a progress clip has no time; remove this field") }
      }
      var perRoutine = [Int?](repeating: nil, count: routines.count)
      if expands { _ = try countEvents(items, perRoutine: &perRoutine, at: node) }
      kind = .progress(ScriptProgram(items: items, routines: routines.map { Routine(parameters: $0.parameters.map { $0.slot }, body: $0.body) }, slotCount: slotCount, end: 0))
      var clip = ClipDefinition(nameText: ByteText(name), summaryText: ByteText(summary), kind: kind)
      clip.domain = try readDomain(node)
      var visited = [Bool](repeating: false, count: routines.count)
      clip.animatesImplicitly = mayAnimateImplicitly(items, visited: &visited)
      return (clip, name)
    } else {
      let duration = try node.required("duration").number(.nonNegative)
      let start = try node.optional("start")?.number() ?? 0
      let loop = try node.optional("loop")?.boolean() ?? false
      let program = ScriptProgram(
        items: items, routines: routines.map { Routine(parameters: $0.parameters.map { $0.slot }, body: $0.body) },
        slotCount: slotCount, end: start + duration)
      var expansion = ScriptExpansion(program: program, limit: SceneCompiler.maximumEvents)
      // The time clips' expansions share one budget of steps.
      expansion.steps = scriptSteps
      if expands { expansion.run(items, at: 0) }
      if let failure = expansion.failure {
        if expansion.failureReason == .steps { budgetSpent = true }
        throw failure
      }
      scriptSteps = expansion.steps
      kind = .time(duration: duration, loop: loop, startTime: start, script: expansion.sortedEvents)
    }
    return (ClipDefinition(nameText: ByteText(name), summaryText: ByteText(summary), kind: kind), name)
  }

  /// A progress clip's `domain` and `repeatFrom` (scene version 2): the
  /// progress values its frames span, `[0, 1]` unless given, and where host
  /// values past the end repeat from.
  func readDomain(_ node: SceneNode) throws(SceneError) -> ProgressDomain {
    var domain = ProgressDomain()
    if let domainNode = node.optional("domain") {
      let bounds = try domainNode.numbers(2)
      let width = bounds[1] - bounds[0]
      guard width > 0, width <= SceneCompiler.maximumDomainWidth else {
        throw domainNode.failure(
          "expected [from, to] with from < to and to − from ≤ 16, got [" + ByteText.number(bounds[0]) + ", "
            + ByteText.number(bounds[1]) + "]")
      }
      domain.lower = bounds[0]
      domain.upper = bounds[1]
    }
    if let repeatNode = node.optional("repeatFrom") {
      let from = try repeatNode.number()
      guard from >= domain.lower, from < domain.upper else {
        throw repeatNode.failure(
          "expected a progress from " + ByteText.number(domain.lower) + " up to but not including "
            + ByteText.number(domain.upper) + ", got " + ByteText.number(from))
      }
      domain.repeatFrom = from
    }
    return domain
  }

  /// Whether `items` (and the routines they call) may set a built-in
  /// property implicitly: a `set` whose `implicit` is not the constant 0,
  /// whatever its condition.
  func mayAnimateImplicitly(_ items: [ScriptItem], visited: inout [Bool]) -> Bool {
    for item in items {
      switch item {
      case .action(let action):
        guard case .set(let assignments, let implicit) = action.verb,
          !(implicit.isConstant && implicit.value([]) == 0)
        else { continue }
        for assignment in assignments {
          if case .property(let property) = assignment.target, !property.isCustom { return true }
        }
      case .call(let call):
        guard !visited[call.routine] else { continue }
        visited[call.routine] = true
        if mayAnimateImplicitly(routines[call.routine].body, visited: &visited) { return true }
      case .timer(let timer):
        if mayAnimateImplicitly(timer.body, visited: &visited) { return true }
      }
    }
    return false
  }

  /// Each progress clip's `finish`: the time clip the host plays when its
  /// progress reaches the domain's end (seed 002's `progress >= 1`).
  /// `nodes` and `names` are the clips read, in order; `unread` the names
  /// of those that could not be (errors collected), which a finish may
  /// name without a second error.
  mutating func resolveFinishes(
    _ clips: inout [ClipDefinition], nodes: [SceneNode], names: [[UInt8]], unread: [[UInt8]]
  ) throws(SceneError) {
    for (i, node) in nodes.enumerated() {
      guard let finishNode = node.optional("finish") else { continue }
      do throws(SceneError) {
        let name = try finishNode.string()
        guard let target = names.firstIndex(of: name) else {
          if unread.contains(name) { continue }
          throw finishNode.failure("unknown clip " + ByteText.quoted(name))
        }
        guard case .time = clips[target].kind else {
          throw finishNode.failure("clip " + ByteText.quoted(name) + " is a progress clip; a progress clip finishes with a time clip")
        }
        clips[i].finish = target
      } catch {
        try recover(error)
      }
    }
  }

  /// At most how many events `items` make, every condition taken as true;
  /// a progress clip expands for every value the host reports, so its size
  /// is bounded up front. Each routine's count is found once
  /// (`perRoutine`), so counting is linear in the scene.
  func countEvents(_ items: [ScriptItem], perRoutine: inout [Int?], at node: SceneNode) throws(SceneError) -> Int {
    var total = 0
    for item in items {
      switch item {
      case .action(let action):
        if case .set(let assignments, _) = action.verb { total += assignments.count } else { total += 1 }
      case .call(let call):
        let routine: Int
        if let known = perRoutine[call.routine] {
          routine = known
        } else {
          routine = try countEvents(routines[call.routine].body, perRoutine: &perRoutine, at: node)
          perRoutine[call.routine] = routine
        }
        total += routine
      case .timer(let timer):
        throw SceneError(timer.header.path, "a progress clip has no time, so it cannot run a timer")
      }
      // Checked after every item, so the sum never overflows.
      guard total <= SceneCompiler.maximumEvents else { throw node.failure("the script makes more than 100000 events") }
    }
    return total
  }

  /// Notes every property a clip's script changes, per layer: its own
  /// changes (`own`, its timers' included) and those of every routine it
  /// calls, directly or through others.
  mutating func markChanges(_ items: [ScriptItem], own: [PropertyChange]) {
    mark(own)
    var visited = [Bool](repeating: false, count: routines.count)
    markCalledChanges(items, visited: &visited)
  }

  mutating func markCalledChanges(_ items: [ScriptItem], visited: inout [Bool]) {
    for item in items {
      switch item {
      case .action:
        break
      case .call(let call):
        guard !visited[call.routine] else { continue }
        visited[call.routine] = true
        mark(routines[call.routine].changes)
        markCalledChanges(routines[call.routine].body, visited: &visited)
      case .timer(let timer):
        markCalledChanges(timer.body, visited: &visited)
      }
    }
  }

  /// Keeps the first place each property is changed at.
  mutating func mark(_ changes: [PropertyChange]) {
    for change in changes where changed[change.layer][change.property] == nil {
      changed[change.layer][change.property] = change.path
    }
  }

  /// A script: an array of items.
  mutating func readItems(_ node: SceneNode, scope: ScriptScope) throws(SceneError) -> [ScriptItem] {
    var items: [ScriptItem] = []
    for itemNode in try node.array() {
      // An item for a layer that could not be read is not checked: what it
      // does depends on what the layer is.
      if case .string(let name)? = itemNode.optional("layer")?.value, let layer = layerIndex(name), layers[layer].isBroken {
        continue
      }
      let changesBefore = pendingChanges.count
      do throws(SceneError) {
        items.append(try readItem(itemNode, scope: scope))
      } catch {
        try recover(error)
        pendingChanges.removeLast(pendingChanges.count - changesBefore)
      }
    }
    return items
  }

  mutating func readItem(_ node: SceneNode, scope: ScriptScope) throws(SceneError) -> ScriptItem {
    try node.rejectUnknownFields(SceneCompiler.itemFields)
    let present = SceneCompiler.verbs.filter { node.optional($0) != nil }
    guard present.count == 1 else {
      throw node.failure(
        "expected exactly one of \"add\", \"remove\", \"removeAll\", \"set\", \"pause\", \"resume\", \"call\" or \"every\"")
    }
    let verb = ByteText(stringLiteral: present[0])
    let names = scope.names
    var header = ScriptHeader(path: node.path)
    if let condition = node.optional("if") { header.condition = try condition.expression(names) }
    if let at = node.optional("at") {
      guard scope.topLevel && !scope.progress else {
        throw at.failure(scope.progress
          ? "a progress clip has no time: its actions happen at once"
          : "\"at\" is for a clip's own script; inside a routine or timer use \"after\"")
      }
      header.at = try at.expression(names)
    }
    if let after = node.optional("after") {
      guard !scope.progress else { throw after.failure("a progress clip has no time: its actions happen at once") }
      header.after = try after.expression(names)
    }
    // Fields that belong to other verbs.
    let fieldsByVerb: [(verb: StaticString, fields: [StaticString])] = [
      ("add", ["key", "beginTime"]), ("set", ["implicit"]), ("call", ["with"]),
      ("every", ["first", "until", "count", "state", "skip", "update", "do"]),
    ]
    for entry in fieldsByVerb where !verb.equals(entry.verb) {
      for field in entry.fields {
        if let extra = node.optional(field) {
          throw extra.failure(
            ByteText.quoted(ByteText.bytes(of: field)) + " goes with " + ByteText.quoted(ByteText.bytes(of: entry.verb)))
        }
      }
    }
    if verb.equals("call") {
      if node.optional("layer") != nil { throw try node.required("layer").failure("a call names no layer") }
      return .call(try readCall(node, header: header, scope: scope))
    }
    if verb.equals("every") {
      if node.optional("layer") != nil { throw try node.required("layer").failure("a timer names no layer") }
      guard !scope.progress else {
        throw try node.required("every").failure("a progress clip has no time, so it cannot run a timer")
      }
      return .timer(try readTimer(node, header: header, scope: scope))
    }
    let layerNode = try node.required("layer")
    let layerName = try layerNode.string()
    guard let layer = layerIndex(layerName) else { throw layerNode.failure("unknown layer " + ByteText.quoted(layerName)) }
    let argument = try node.required(present[0])
    let action: ScriptAction.Verb
    if verb.equals("add") {
      var animation = try readAnimation(argument, layer: layer)
      // `animation.beginTime = CACurrentMediaTime() + offset` before
      // `addAnimation:forKey:`, as code that adds one animation object to
      // several layers does: the layer gets a copy with that beginTime, in
      // its local time (`Rule.addedBeginTime` still makes 0 "now").
      if let begin = node.optional("beginTime") { animation.timing.beginTime = try begin.number() }
      let key = try node.optional("key").map { (keyNode) throws(SceneError) in AnimationKey(try keyNode.string()) }
      action = .add(animation, key: key)
    } else if verb.equals("remove") {
      action = .remove(AnimationKey(try argument.string()))
    } else if verb.equals("set") {
      action = try readSet(argument, implicit: node.optional("implicit"), layer: layer, names: names)
    } else {
      guard try argument.boolean() else { throw argument.failure("expected true") }
      action = verb.equals("removeAll") ? .removeAll : (verb.equals("pause") ? .pause : .resume)
    }
    return .action(ScriptAction(header: header, layer: layer, verb: action))
  }

  /// `"set": {"strokeEnd": "progress", "hidden": false}`, in written order.
  mutating func readSet(
    _ node: SceneNode, implicit implicitNode: SceneNode?, layer: Int, names: [Expression.Name]
  ) throws(SceneError) -> ScriptAction.Verb {
    var assignments: [ScriptAction.Assignment] = []
    for (name, valueNode) in try node.namedMembers() {
      let target: ScriptAction.Assignment.Target
      if ByteText.equal(name, "hidden") {
        target = .hidden
      } else if ByteText.equal(name, "speed") {
        target = .timing(.speed)
      } else if ByteText.equal(name, "timeOffset") {
        target = .timing(.timeOffset)
      } else if ByteText.equal(name, "beginTime") {
        target = .timing(.beginTime)
      } else {
        let changedProperty = try property(name, of: layer, at: valueNode)
        pendingChanges.append(PropertyChange(layer: layer, property: changedProperty.index, path: valueNode.path))
        target = .property(changedProperty)
      }
      assignments.append(ScriptAction.Assignment(target: target, value: try valueNode.expression(names)))
    }
    guard !assignments.isEmpty else { throw node.failure("expected at least one property to set") }
    let implicit = try implicitNode?.expression(names) ?? .constant(0)
    if let implicitNode, implicit.isConstant, implicit.value([]) != 0 {
      for assignment in assignments {
        if case .property(let property) = assignment.target, property.isCustom {
          throw implicitNode.failure(
            "custom properties have no implicit animation (Rule.implicitAnimation); add an animation instead")
        }
      }
    }
    return .set(assignments, implicit: implicit)
  }

  /// `"call": "updateProgress", "with": {"progress": "second"}`.
  func readCall(_ node: SceneNode, header: ScriptHeader, scope: ScriptScope) throws(SceneError) -> ScriptCall {
    let nameNode = try node.required("call")
    let name = try nameNode.string()
    guard let index = routines.firstIndex(where: { $0.name == name }) else {
      throw nameNode.failure("unknown routine " + ByteText.quoted(name))
    }
    let routine = routines[index]
    var arguments: [SlotValue] = []
    // Its parameters are not known: its arguments cannot be checked.
    if routine.isBroken { return ScriptCall(header: header, routine: index, arguments: []) }
    let given = try node.optional("with")?.namedMembers() ?? []
    for (argumentName, argumentNode) in given where !routine.parameters.contains(where: { $0.name == argumentName }) {
      throw argumentNode.failure(
        "routine " + ByteText.quoted(name) + " has no parameter " + ByteText.quoted(argumentName))
    }
    for parameter in routine.parameters {
      guard let argument = given.first(where: { $0.name == parameter.name }) else {
        throw node.failure("missing argument " + ByteText.quoted(parameter.name) + " of routine " + ByteText.quoted(name))
      }
      arguments.append(SlotValue(slot: parameter.slot, value: try argument.node.expression(scope.names)))
    }
    return ScriptCall(header: header, routine: index, arguments: arguments)
  }

  /// A timer: `every`, `first`, `until`, `count` (numbers), `state`, `skip`,
  /// `update` and its `do` items, which see `n` (the tick's number) and the
  /// state variables.
  mutating func readTimer(_ node: SceneNode, header: ScriptHeader, scope: ScriptScope) throws(SceneError) -> ScriptTimer {
    let interval = try node.required("every").number(.positive)
    let first = try node.optional("first")?.integer(0...SceneCompiler.maximumFirstTick) ?? 1
    let until = try node.optional("until")?.number()
    let count = try node.optional("count")?.integer(0...SceneCompiler.maximumEvents)
    var inner = scope
    inner.topLevel = false
    let tickSlot = newSlot()
    inner.names.append(Expression.Name(ByteText.bytes(of: "n"), tickSlot))
    var state: [SlotValue] = []
    if let stateNode = node.optional("state") {
      for (name, valueNode) in try stateNode.namedMembers() {
        guard SceneCompiler.isPropertyName(name) else {
          throw valueNode.failure("a variable needs a name of letters, digits and \"_\"")
        }
        // The initial value sees only what is outside the timer.
        let value = try valueNode.expression(scope.names)
        let slot = newSlot()
        inner.names.append(Expression.Name(name, slot))
        state.append(SlotValue(slot: slot, value: value))
      }
    }
    let skip = try node.optional("skip")?.expression(inner.names)
    var update: [SlotValue] = []
    if let updateNode = node.optional("update") {
      for (name, valueNode) in try updateNode.namedMembers() {
        guard let entry = state.first(where: { inner.resolve(name) == $0.slot }) else {
          throw valueNode.failure("only the timer's \"state\" variables can be updated, not " + ByteText.quoted(name))
        }
        update.append(SlotValue(slot: entry.slot, value: try valueNode.expression(inner.names)))
      }
    }
    let body = try readItems(try node.required("do"), scope: inner)
    return ScriptTimer(
      header: header, interval: interval, first: first, until: until, count: count, tickSlot: tickSlot, state: state,
      skip: skip, update: update, body: body)
  }
}
