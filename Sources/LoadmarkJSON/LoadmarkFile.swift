import LoadmarkCore

/// A file Loadmark reads: a frame document (docs/FORMAT.md) or a scene
/// (docs/SCENE.md), told apart by its `format` field.
public enum LoadmarkFile {
  case document(FrameDocument)
  case scene(Indicator)

  /// Reads `path` once with Jansson and validates it as what its `format`
  /// says: `"loadmark-scene"` is a scene, anything else is held to the frame
  /// document's rules (and its messages).
  /// - Parameters:
  ///   - path: the file to read, named so in messages.
  ///   - listingEveryError: whether a scene's error carries the errors found
  ///     after it (``Indicator/diagnose(scene:)``); a frame document's
  ///     reader stops at its first.
  public static func read(path: String, listingEveryError: Bool = false) throws(DocumentError) -> LoadmarkFile {
    let bytes = try DocumentReader.contents(path: path)
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(DocumentError) in try decode(raw, source: path, listingEveryError: listingEveryError) }
    }
    return try result.get()
  }

  /// Reads standard input to its end (at most
  /// ``DocumentReader/maximumFileSize`` bytes) as ``read(path:listingEveryError:)`` reads a file.
  /// - Parameters:
  ///   - source: the name messages give standard input, such as `<stdin>`.
  ///   - listingEveryError: as for ``read(path:listingEveryError:)``.
  public static func readStandardInput(source: String, listingEveryError: Bool = false) throws(DocumentError) -> LoadmarkFile {
    let bytes = try DocumentReader.standardInputContents(source: source)
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(DocumentError) in try decode(raw, source: source, listingEveryError: listingEveryError) }
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

  static func decode(
    _ bytes: UnsafeRawBufferPointer, source: String, listingEveryError: Bool = false
  ) throws(DocumentError) -> LoadmarkFile {
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
      let tree: JSONTree
      do {
        tree = try root.tree(path: .root, depth: 1)
      } catch {
        throw SceneReader.documentError(error, source: source)
      }
      guard listingEveryError else {
        do {
          return .scene(try Indicator(scene: tree))
        } catch {
          throw SceneReader.documentError(error, source: source)
        }
      }
      let diagnosis = Indicator.diagnose(scene: tree)
      if let indicator = diagnosis.indicator { return .scene(indicator) }
      var error = SceneReader.documentError(diagnosis.errors[0], source: source)
      error.followingErrors = diagnosis.errors.dropFirst().map { SceneReader.documentError($0, source: source) }
      error.unlistedErrorCount = diagnosis.errorCount - diagnosis.errors.count
      throw error

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
