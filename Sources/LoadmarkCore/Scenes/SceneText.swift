/// A scene's text read without Jansson, as the WebAssembly playground reads
/// it: the size limit, the pre-scan (``JSONStructure``), LoadmarkCore's
/// parser (``JSONTree/parse(_:)-(UnsafeRawBufferPointer)``) and the
/// interpreter, in the order the native reader (`SceneReader`) takes them,
/// so that every text gets the same result and the same message on both.
public enum SceneText {
  /// The largest scene read, 1 MiB: scenes are a few kilobytes.
  public static let maximumSize = 1024 * 1024

  /// How much structure a scene may have before it is parsed (docs/SCENE.md,
  /// "Limits"). The five presets' scenes are at most 5.2 KB, nest 9 deep and
  /// hold a few hundred values; the limits leave room for far larger scenes
  /// while keeping a reader's peak memory (the parser's tree, then the
  /// interpreter's) far below 64 MB:
  ///
  /// - depth 16, as for frame documents: the presets nest 9 deep, and each
  ///   animation group inside another adds 2, so groups of groups three
  ///   levels down still fit;
  /// - strings of 4096 bytes: expressions and comments are the longest;
  /// - 1000 members and 10000 elements: no object or array of a scene is
  ///   long (keyframe values are the longest arrays);
  /// - 100000 values, 40000 strings and 20000 arrays and objects in all.
  public static let limits = JSONLimits(
    maximumBytes: maximumSize, maximumDepth: JSONTree.maximumDepth, maximumStringBytes: 4_096, maximumMembers: 1_000,
    maximumElements: 10_000, maximumValues: 100_000, maximumStrings: 40_000, maximumContainers: 20_000)

  /// The JSON tree of the scene text `bytes`: its size checked, then its
  /// structure, then its syntax.
  public static func tree(_ bytes: UnsafeRawBufferPointer) throws(SceneError) -> JSONTree {
    guard bytes.count <= maximumSize else {
      throw SceneError(location: .file, message: JSONLimits.sizeMessage(bytes: bytes.count, limit: maximumSize))
    }
    do {
      try JSONStructure.check(bytes, limits: limits)
    } catch {
      throw SceneError(location: .position(line: error.line, column: error.column), message: error.message)
    }
    return try JSONTree.parse(bytes)
  }

  /// The scene in the text `bytes`, compiled.
  public static func compile(_ bytes: UnsafeRawBufferPointer) throws(SceneError) -> Indicator {
    try Indicator(scene: try tree(bytes))
  }
}
