extension Indicator {
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
  static let maximumNesting = 16
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

  static let timeSlot = 0
  static let progressSlot = 1

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
    try root.rejectUnknownFields(SceneCompiler.rootFields)
    if let schema = root.optional("$schema") { _ = try schema.string() }
    let name = try root.required("name").fileStem()
    let summary = try root.optional("summary")?.string() ?? []
    let sizeNode = try root.required("size")
    let size = try sizeNode.numbers(2, .positive(upTo: SceneCompiler.maximumSide))

    try readLayers(try root.required("layers"))
    if let animations = root.optional("animations") {
      namedAnimations = try animations.namedMembers()
    }
    if let routinesNode = root.optional("routines") {
      try readRoutines(routinesNode)
    }
    changed = layers.map { _ in [FieldPath?](repeating: nil, count: LayerProperty.builtInCount + customNames.count) }
    let clipsNode = try root.required("clips")
    let clipNodes = try clipsNode.array()
    guard !clipNodes.isEmpty else { throw clipsNode.failure("expected at least one clip") }
    guard clipNodes.count <= SceneCompiler.maximumClips else { throw clipsNode.failure("more than 64 clips") }
    var clips: [ClipDefinition] = []
    var clipNames: [[UInt8]] = []
    for node in clipNodes {
      let (clip, nameBytes) = try readClip(node)
      guard !clipNames.contains(nameBytes) else {
        throw try node.required("name").failure("duplicate clip name " + ByteText.quoted(nameBytes))
      }
      clipNames.append(nameBytes)
      clips.append(clip)
    }
    try resolveFinishes(&clips, nodes: clipNodes, names: clipNames)
    let figures = try buildFigures()
    guard !figures.isEmpty else { throw try root.required("layers").failure("the scene draws nothing") }
    return Indicator(
      nameText: ByteText(name), summaryText: ByteText(summary), width: size[0], height: size[1],
      layers: layers.map { $0.animated }, figures: figures, clips: clips)
  }
}
