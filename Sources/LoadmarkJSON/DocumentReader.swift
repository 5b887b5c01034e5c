import LoadmarkCore

/// Reads documents: parses the JSON with Jansson, then checks every rule of
/// the format (docs/FORMAT.md) and builds the ``FrameDocument``.
///
/// Validation is strict: unknown fields, wrong types, values out of range and
/// incomplete tracks are errors with the path of the value at fault, because
/// players trust a document they load and a silent default hides mistakes.
public enum DocumentReader {
  /// The largest file or text read, 16 MiB: far above any preset, and small
  /// enough to hold in memory twice.
  public static let maximumFileSize = 16 * 1024 * 1024
  /// The most frames a clip may have.
  public static let maximumFrames = 100_000
  /// The most tracks a document may have, counted over all clips.
  public static let maximumTracks = 1_000

  /// Parses and validates `text`; `source` is the file name used in messages.
  public static func decode(_ text: String, source: String) throws(DocumentError) -> FrameDocument {
    var text = text
    // withUTF8 rethrows untyped errors, so the typed one travels in a Result.
    let result = text.withUTF8 { utf8 in
      Result { () throws(DocumentError) in try decode(UnsafeRawBufferPointer(utf8), source: source) }
    }
    return try result.get()
  }

  /// Reads the file at `path` (its size is checked before parsing), then
  /// decodes it with `path` as the source.
  public static func read(path: String) throws(DocumentError) -> FrameDocument {
    let bytes = try contents(path: path)
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(DocumentError) in try decode(raw, source: path) }
    }
    return try result.get()
  }

  /// Parses and validates UTF-8 bytes. Bytes rather than a String so that a
  /// file that is not UTF-8 gets Jansson's error with its position.
  static func decode(_ bytes: UnsafeRawBufferPointer, source: String) throws(DocumentError) -> FrameDocument {
    guard bytes.count <= maximumFileSize else {
      throw DocumentError(source: source, location: .file, message: sizeMessage(bytes: bytes.count))
    }
    let root = try JSONValue.parse(bytes, source: source)
    do {
      return try document(JSONNode(value: root, path: .root))
    } catch {
      throw error.documentError(source: source)
    }
  }

  /// The message for a file of `bytes` bytes, over the limit.
  static func sizeMessage(bytes: Int, limit: Int = maximumFileSize) -> String {
    "file is \(bytes) bytes; the limit is \(limit) (\(limit >> 20) MiB)"
  }

  /// The document in `root`.
  static func document(_ root: JSONNode) throws(ValidationError) -> FrameDocument {
    try root.requireObject()
    // Format and version come first: a document of another version may have
    // other fields, and its reader should hear about the version, not them.
    let format = try root.required("format")
    guard format.value.string == FrameDocument.formatName else {
      throw format.expected(FrameDocument.formatName.jsonQuoted)
    }
    let versionNode = try root.required("version")
    let version = try versionNode.number()
    guard version == Double(FrameDocument.formatVersion) else {
      throw versionNode.failure(
        "unsupported version \(version.messageText); this build reads version \(FrameDocument.formatVersion)")
    }
    try root.rejectUnknownFields(allowed: requiredRootFields)

    let preset = try root.required("preset").nonEmptyString()
    let fps = try root.required("fps").number(in: .positive(upTo: 1000))
    let width = try root.required("width").number(in: .positive(upTo: 10000))
    let height = try root.required("height").number(in: .positive(upTo: 10000))

    let layersNode = try root.required("layers")
    let layerNodes = try layersNode.array()
    guard !layerNodes.isEmpty else { throw layersNode.failure("expected at least one layer") }
    var ids: Set<String> = []
    var layers: [FrameDocument.Layer] = []
    for node in layerNodes {
      layers.append(try layer(node, ids: &ids))
    }

    let clipsNode = try root.required("clips")
    let clipNodes = try clipsNode.array()
    guard !clipNodes.isEmpty else { throw clipsNode.failure("expected at least one clip") }
    // Every clip has the same tracks, so the total is known before reading
    // them; checking it first bounds the work a hostile file can cause.
    let tracksPerClip = layers.reduce(0) { $0 + $1.properties.count }
    let trackCount = tracksPerClip * clipNodes.count
    guard trackCount <= maximumTracks else {
      throw clipsNode.failure("\(trackCount) tracks in all; the limit is \(maximumTracks)")
    }
    var names: Set<String> = []
    var clips: [FrameDocument.Clip] = []
    for node in clipNodes {
      clips.append(try clip(node, layers: layers, names: &names))
    }
    return FrameDocument(preset: preset, fps: fps, width: width, height: height, layers: layers, clips: clips)
  }
}
