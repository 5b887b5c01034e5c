import LoadmarkCore

/// Reads scenes (docs/SCENE.md) natively: Jansson parses the text, exactly
/// as for frame documents, and LoadmarkCore's interpreter, the same one the
/// WebAssembly engine runs, compiles the tree into an ``Indicator``.
///
/// Errors name the file, then the line and column for syntax (Jansson's)
/// or the path of the value at fault for meaning (the interpreter's).
public enum SceneReader {
  /// The largest scene read, 1 MiB (``SceneText/maximumSize``).
  public static let maximumFileSize = SceneText.maximumSize

  /// How much structure a scene may have before Jansson reads it
  /// (``SceneText/limits``: the WebAssembly reader holds a text to the same).
  public static let limits = SceneText.limits

  /// Reads and compiles the scene file at `path`, with `path` as the source.
  public static func read(path: String) throws(DocumentError) -> Indicator {
    let bytes = try DocumentReader.contents(path: path, limit: maximumFileSize)
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(DocumentError) in try decode(raw, source: path) }
    }
    return try result.get()
  }

  /// Reads standard input to its end (at most ``maximumFileSize`` bytes) and
  /// compiles it as ``read(path:)`` compiles a file.
  /// - Parameter source: the name messages give standard input, such as `<stdin>`.
  public static func readStandardInput(source: String) throws(DocumentError) -> Indicator {
    let bytes = try DocumentReader.standardInputContents(source: source, limit: maximumFileSize)
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(DocumentError) in try decode(raw, source: source) }
    }
    return try result.get()
  }

  /// Parses and compiles `text`; `source` names it in messages.
  public static func decode(_ text: String, source: String) throws(DocumentError) -> Indicator {
    var text = text
    // withUTF8 rethrows untyped errors, so the typed one travels in a Result.
    let result = text.withUTF8 { utf8 in
      Result { () throws(DocumentError) in try decode(UnsafeRawBufferPointer(utf8), source: source) }
    }
    return try result.get()
  }

  /// Parses and compiles UTF-8 bytes.
  public static func decode(_ bytes: UnsafeRawBufferPointer, source: String) throws(DocumentError) -> Indicator {
    let scene = try tree(bytes, source: source)
    do {
      return try Indicator(scene: scene)
    } catch {
      throw documentError(error, source: source)
    }
  }

  /// The JSON tree of a scene text, as Jansson reads it; the interpreter's
  /// input, and what the WebAssembly engine's own parser must match.
  public static func tree(_ bytes: UnsafeRawBufferPointer, source: String) throws(DocumentError) -> JSONTree {
    guard bytes.count <= maximumFileSize else {
      throw DocumentError(
        source: source, location: .file,
        message: JSONLimits.sizeMessage(bytes: bytes.count, limit: maximumFileSize).string)
    }
    try JSONStructure.check(bytes, limits: limits, source: source)
    let root = try JSONValue.parse(bytes, source: source)
    do {
      return try root.tree(path: .root, depth: 1)
    } catch {
      throw documentError(error, source: source)
    }
  }

  /// A scene error as the reader's error for `source`.
  static func documentError(_ error: SceneError, source: String) -> DocumentError {
    DocumentError(source: source, location: error.location, message: error.message.string)
  }
}

extension JSONValue {
  /// The value as a ``JSONTree``: members in document order, strings as
  /// bytes, every number a Double (Jansson reads integers as reals here).
  /// Refuses nesting deeper than ``JSONTree/maximumDepth``, as the
  /// WebAssembly parser does.
  func tree(path: FieldPath, depth: Int) throws(SceneError) -> JSONTree {
    switch kind {
    case .object, .array:
      guard depth <= JSONTree.maximumDepth else { throw SceneError(path, JSONTree.depthMessage) }
      if kind == .array {
        var elements: [JSONTree] = []
        for (index, element) in self.elements.enumerated() {
          elements.append(try element.tree(path: path.index(index), depth: depth + 1))
        }
        return .array(elements)
      }
      var members: [JSONTree.Member] = []
      for (key, value) in self.members {
        let bytes = Array(key.utf8)
        members.append(JSONTree.Member(key: bytes, value: try value.tree(path: path.field(bytes), depth: depth + 1)))
      }
      return .object(members)
    case .string:
      return .string(Array((string ?? "").utf8))
    case .number:
      return .number(number ?? 0)
    case .boolean:
      return .boolean(boolean ?? false)
    case .null:
      return .null
    }
  }
}
