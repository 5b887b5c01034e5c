import LoadmarkCore

/// A file Loadmark reads: a frame document (docs/FORMAT.md) or a scene
/// (docs/SCENE.md), told apart by its `format` field.
public enum LoadmarkFile {
  case document(FrameDocument)
  case scene(Indicator)

  /// Reads `path` once with Jansson and validates it as what its `format`
  /// says: `"loadmark-scene"` is a scene, anything else is held to the frame
  /// document's rules (and its messages).
  public static func read(path: String) throws(DocumentError) -> LoadmarkFile {
    let bytes = try DocumentReader.contents(path: path)
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(DocumentError) in try decode(raw, source: path) }
    }
    return try result.get()
  }

  /// Reads standard input to its end (at most
  /// ``DocumentReader/maximumFileSize`` bytes) as ``read(path:)`` reads a file.
  /// - Parameter source: the name messages give standard input, such as `<stdin>`.
  public static func readStandardInput(source: String) throws(DocumentError) -> LoadmarkFile {
    let bytes = try DocumentReader.standardInputContents(source: source)
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(DocumentError) in try decode(raw, source: source) }
    }
    return try result.get()
  }

  /// Whether the file at `path` says it is a scene (its `format` is
  /// `"loadmark-scene"`), whatever else is wrong with it; false when it
  /// cannot be read or parsed.
  public static func declaresScene(path: String) -> Bool {
    guard let bytes = try? DocumentReader.contents(path: path, limit: SceneReader.maximumFileSize) else { return false }
    let root = bytes.withUnsafeBytes { raw in
      (try? JSONStructure.check(raw, limits: SceneReader.limits)) == nil ? nil : try? JSONValue.parse(raw)
    }
    return root?.member("format")?.string == "loadmark-scene"
  }

  static func decode(_ bytes: UnsafeRawBufferPointer, source: String) throws(DocumentError) -> LoadmarkFile {
    // What either format allows, before knowing which it is (a scene may
    // have longer strings than a document, a document more of everything
    // else); each is then held to its own.
    try JSONStructure.check(bytes, limits: DocumentReader.limits.union(SceneReader.limits), source: source)
    let root = try JSONValue.parse(bytes, source: source)
    if root.kind == .object, root.member("format")?.string == "loadmark-scene" {
      guard bytes.count <= SceneReader.maximumFileSize else {
        throw DocumentError(
          source: source, location: .file,
          message: DocumentReader.sizeMessage(bytes: bytes.count, limit: SceneReader.maximumFileSize))
      }
      try JSONStructure.check(bytes, limits: SceneReader.limits, source: source)
      do {
        return .scene(try Indicator(scene: try root.tree(path: .root, depth: 1)))
      } catch {
        throw SceneReader.documentError(error, source: source)
      }
    }
    guard bytes.count <= DocumentReader.maximumFileSize else {
      throw DocumentError(source: source, location: .file, message: DocumentReader.sizeMessage(bytes: bytes.count))
    }
    try JSONStructure.check(bytes, limits: DocumentReader.limits, source: source)
    do {
      return .document(try DocumentReader.document(JSONNode(value: root, path: .root)))
    } catch {
      throw error.documentError(source: source)
    }
  }
}
