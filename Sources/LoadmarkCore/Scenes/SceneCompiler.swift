/// Every error of a scene, as `loadmark validate` lists them: the compiled
/// indicator when there is none.
public struct SceneDiagnosis: Sendable {
  /// The scene compiled; nil when it has an error.
  public var indicator: Indicator?
  /// The first errors found, in the order a reader meets them, at most
  /// ``SceneDiagnosis/maximumListed``; the first is the one
  /// ``Indicator/init(scene:)`` throws.
  public var errors: [SceneError]
  /// How many errors were found in all, listed or not.
  public var errorCount: Int

  /// The most errors listed; the others are only counted.
  public static let maximumListed = 20
}

extension Indicator {
  /// Compiles a scene as ``init(scene:)`` does, but goes on past an error,
  /// item by item (each layer, animation, routine, clip, script item and
  /// drawing), so that one bad item does not hide the next. What an error
  /// makes meaningless (the items of a layer that could not be read, the
  /// drawings below a layer tree with a cycle, a budget spent) is skipped
  /// rather than reported again.
  /// - Parameter scene: the scene's JSON tree.
  public static func diagnose(scene: JSONTree) -> SceneDiagnosis {
    var compiler = SceneCompiler()
    compiler.collectsErrors = true
    var indicator: Indicator?
    do throws(SceneError) {
      indicator = try compiler.compile(SceneNode(value: scene, path: .root))
    } catch {
      // Unless it is the first collected error thrown again at the end,
      // it stopped the compiler: it is the last error found.
      if !compiler.rethrowsCollected { compiler.collect(error) }
    }
    if compiler.errorCount > 0 { indicator = nil }
    return SceneDiagnosis(indicator: indicator, errors: compiler.errors, errorCount: compiler.errorCount)
  }

  /// Compiles a scene document (docs/SCENE.md): the layers, what they draw,
  /// their animations and the clips' host scripts, checked as strictly as a
  /// frame document, every error with the path of the value at fault.
  public init(scene: JSONTree) throws(SceneError) {
    var compiler = SceneCompiler()
    self = try compiler.compile(SceneNode(value: scene, path: .root))
  }
}

/// A property of a layer that a script animates or sets, and where.
struct PropertyChange {
  var layer: Int
  /// The property's slot (``LayerProperty/index``).
  var property: Int
  var path: FieldPath
}

/// Reads a scene into an ``Indicator``: the one interpreter behind every
/// platform's scene reader.
struct SceneCompiler {
  /// The `format` field of every scene, and the versions this build reads.
  static let formatName: StaticString = "loadmark-scene"
  /// Version 2 adds the colour roles `secondary` and `surface` and the
  /// progress clips' `domain`, `repeatFrom` and `finish` (docs/SCENE.md).
  static let formatVersion = 2

  // Bounds on what one scene may ask for, so that a hostile file cannot
  // make a reader work or allocate without end.
  static let maximumLayers = 256
  static let maximumClips = 64
  static let maximumEvents = SceneBudget.maximumEvents
  /// The largest `first` of a timer.
  static let maximumFirstTick = 1_000_000
  static let maximumKeyframes = 10_000
  static let maximumNesting = ScriptProgram.maximumNesting
  static let maximumSide = IndicatorOptions.maximumSide

  static let rootFields: [StaticString] = [
    "format", "version", "$schema", "name", "summary", "size", "layers", "animations", "routines", "clips",
  ]

  var layers: [LayerEntry] = []
  /// Custom property names; property `custom(i)` is `customNames[i]`.
  var customNames: [[UInt8]] = []
  var namedAnimations: [(name: [UInt8], node: SceneNode)] = []
  /// Named animations being expanded, to refuse one that contains itself.
  var expanding: [[UInt8]] = []
  /// Animations built so far (``SceneBudget/maximumAnimations``).
  var animationCount = 0
  /// Steps the time clips' expansions took so far (``SceneBudget/maximumScriptSteps``).
  var scriptSteps = 0
  var routines: [RoutineEntry] = []
  /// Script variable slots; 0 is `t`, 1 is `p`.
  var slotCount = 2
  /// Per layer, per property slot: where a script first animates or sets
  /// it, so that a refusal of what the change asks for points at the script
  /// (the animation's key path, the `set` entry) rather than at the layer.
  var changed: [[FieldPath?]] = []
  /// The changes of the script being read, applied once it is known which
  /// clips run it (``markChanges(_:own:)``).
  var pendingChanges: [PropertyChange] = []
  /// While a named animation is expanded: where the script names it, the
  /// place a change it makes is reported at.
  var namedAnimationUse: FieldPath?
  /// The ids of the figures built so far.
  var figureIDs: [[UInt8]] = []
  /// The version of the scene being read.
  var version = 1

  /// Whether an error is collected and reading goes on (`validate`), or
  /// thrown at once (every other reader).
  var collectsErrors = false
  /// The errors collected, at most ``SceneDiagnosis/maximumListed``.
  var errors: [SceneError] = []
  var errorCount = 0
  /// The errors collected inside the scene's `animations`, as
  /// ``SceneError/text`` spells them.
  var namedAnimationErrors: [[UInt8]] = []
  /// Whether a budget is spent: what follows would only fail again, so the
  /// next error stops the compiler even while collecting.
  var budgetSpent = false
  /// Whether the layer tree has a cycle or is nested too deep (errors
  /// collected): its drawings are then not built.
  var layerTreeIsUnusable = false
  /// Whether the compiler ends by throwing the first error collected.
  var rethrowsCollected = false

  static let timeSlot = ScriptProgram.timeSlot
  static let progressSlot = ScriptProgram.progressSlot

  /// Goes on after `error` when collecting errors (``collect(_:)``), else
  /// throws it; so does a budget spent.
  @inline(never)
  mutating func recover(_ error: SceneError) throws(SceneError) {
    guard collectsErrors && !budgetSpent else { throw error }
    collect(error)
  }

  /// Counts `error` once: a named animation is read at every use, so one
  /// used twice fails twice alike. (Nothing else is read twice.)
  mutating func collect(_ error: SceneError) {
    if let field = error.fieldText, field.bytes.starts(with: ByteText.bytes(of: "animations[")) {
      let text = error.text.bytes
      guard !namedAnimationErrors.contains(text) else { return }
      namedAnimationErrors.append(text)
    }
    errorCount += 1
    if errors.count < SceneDiagnosis.maximumListed { errors.append(error) }
  }

  mutating func compile(_ root: SceneNode) throws(SceneError) -> Indicator {
    _ = try root.members()
    // Format and version come first: a scene of another version may have
    // other fields, and its reader should hear about the version, not them.
    let format = try root.required("format")
    guard case .string(let formatBytes) = format.value, ByteText.equal(formatBytes, SceneCompiler.formatName) else {
      throw format.expected("\"loadmark-scene\"")
    }
    let versionNode = try root.required("version")
    let version = try versionNode.number()
    guard version == 1 || version == Double(SceneCompiler.formatVersion) else {
      var message: ByteText = "unsupported version "
      message.append(number: version)
      message.append("; this build reads versions 1 and 2")
      throw versionNode.failure(message)
    }
    self.version = Int(version)
    do { try root.rejectUnknownFields(SceneCompiler.rootFields) } catch { try recover(error) }
    do { if let schema = root.optional("$schema") { _ = try schema.string() } } catch { try recover(error) }
    var name: [UInt8] = []
    do { name = try root.required("name").fileStem() } catch { try recover(error) }
    var summary: [UInt8] = []
    do { summary = try root.optional("summary")?.string() ?? [] } catch { try recover(error) }
    var size = [1.0, 1.0]
    do { size = try root.required("size").numbers(2, .positive(upTo: SceneCompiler.maximumSide)) } catch { try recover(error) }

    // Without its layers a scene has nothing the rest can be checked against.
    try readLayers(try root.required("layers"))
    do throws(SceneError) {
      if let animations = root.optional("animations") {
        namedAnimations = try animations.namedMembers()
      }
    } catch { try recover(error) }
    if let routinesNode = root.optional("routines") {
      do { try readRoutines(routinesNode) } catch { try recover(error) }
    }
    changed = layers.map { _ in [FieldPath?](repeating: nil, count: LayerProperty.builtInCount + customNames.count) }
    let clipsNode = try root.required("clips")
    let clipNodes = try clipsNode.array()
    guard !clipNodes.isEmpty else { throw clipsNode.failure("expected at least one clip") }
    guard clipNodes.count <= SceneCompiler.maximumClips else { throw clipsNode.failure("more than 64 clips") }
    var clips: [ClipDefinition] = []
    var clipNames: [[UInt8]] = []
    var readNodes: [SceneNode] = []
    /// The names of clips that could not be read, which a finish may name.
    var unreadNames: [[UInt8]] = []
    for node in clipNodes {
      do throws(SceneError) {
        let (clip, nameBytes) = try readClip(node)
        guard !clipNames.contains(nameBytes) else {
          throw try node.required("name").failure("duplicate clip name " + ByteText.quoted(nameBytes))
        }
        clipNames.append(nameBytes)
        clips.append(clip)
        readNodes.append(node)
      } catch {
        try recover(error)
        if case .string(let bytes)? = node.optional("name")?.value { unreadNames.append(bytes) }
      }
    }
    try resolveFinishes(&clips, nodes: readNodes, names: clipNames, unread: unreadNames)
    let figures = layerTreeIsUnusable ? [] : try buildFigures()
    if errorCount > 0 {
      rethrowsCollected = true
      throw errors[0]
    }
    guard !figures.isEmpty else { throw try root.required("layers").failure("the scene draws nothing") }
    return Indicator(
      nameText: ByteText(name), summaryText: ByteText(summary), width: size[0], height: size[1],
      layers: layers.map { $0.animated }, figures: figures, clips: clips)
  }
}
