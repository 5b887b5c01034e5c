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
  /// The most frames a clip may have (``Indicator/maximumFrames``, which the
  /// WebAssembly engine also holds requests to).
  public static let maximumFrames = Indicator.maximumFrames
  /// The most tracks a document may have, counted over all clips.
  public static let maximumTracks = 1_000
  /// The most layers a document may have. Every layer has a track in every
  /// clip, so ``maximumTracks`` allows no more; this is checked before any
  /// layer is read. Clips are bounded the same way, by the track count,
  /// which is checked before any clip is read.
  public static let maximumLayers = 1_000
  /// The most subpaths one path layer may have.
  public static let maximumSubpaths = 1_000
  /// The most segments one path layer may have, over all its subpaths: far
  /// more than an indicator draws, few enough for a player to trim and
  /// stroke every frame.
  public static let maximumPathSegments = 10_000
  /// The largest canvas side, `width` or `height`, in points (a side must
  /// also be more than 0).
  public static let maximumSize = 10_000.0
  /// The largest shadow blur `radius` and the largest magnitude of each
  /// component of a shadow's `offset`, in points: the largest canvas side.
  /// An offset past it moves the shadow off every canvas, and a blur past it
  /// spreads a shape thinner than any canvas shows; a raster export sizes its
  /// shadow masks by both, so they must stay numbers a renderer can count
  /// pixels with.
  public static let maximumShadowLength = maximumSize

  /// What the pre-scan allows before Jansson parses a document (docs/FORMAT.md,
  /// "Limits"):
  ///
  /// - depth 16: a valid document nests 8 deep (a path segment's point);
  ///   the slack lets a near miss get the message of the field at fault;
  /// - strings of 1024 bytes: ids, names, colours and track keys are short;
  /// - 1000 members: the largest object is a clip's tracks, at most 1000;
  /// - 100000 elements: the longest array is a track of ``maximumFrames``;
  /// - 800000 values, 40000 strings (keys included) and 30000 arrays and
  ///   objects in all: a budget for peak memory. Jansson takes about 40
  ///   bytes for a number, 70 to 85 for a string or key and 120 to 210 for
  ///   an array or object, each of which can be written in 2 to 4 bytes; at
  ///   all three limits at once its tree stays under 40 MB beyond four times
  ///   the text. A valid document needs two containers and a key per path
  ///   segment (a path of ``maximumPathSegments`` fits) and a few per layer
  ///   and track; the values cap the track values a document holds.
  ///
  /// Together they keep a reader's peak memory within 64 MB plus four times
  /// the text's size for any text up to ``maximumFileSize``, which
  /// `tools/bench/memory` measures.
  public static let limits = JSONLimits(
    maximumBytes: maximumFileSize, maximumDepth: 16, maximumStringBytes: 1_024, maximumMembers: 1_000,
    maximumElements: maximumFrames, maximumValues: 800_000, maximumStrings: 40_000,
    maximumContainers: 30_000)

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

  /// Reads standard input to its end (at most ``maximumFileSize`` bytes)
  /// and decodes it.
  /// - Parameter source: the name messages give standard input, such as
  ///   `<stdin>`.
  public static func readStandardInput(source: String) throws(DocumentError) -> FrameDocument {
    let bytes = try standardInputContents(source: source)
    let result = bytes.withUnsafeBytes { raw in
      Result { () throws(DocumentError) in try decode(raw, source: source) }
    }
    return try result.get()
  }

  /// Parses and validates UTF-8 bytes. Bytes rather than a String so that a
  /// file that is not UTF-8 gets Jansson's error with its position.
  /// - Parameters:
  ///   - bytes: the document's text.
  ///   - source: the file name used in messages.
  public static func decode(_ bytes: UnsafeRawBufferPointer, source: String) throws(DocumentError) -> FrameDocument {
    guard bytes.count <= maximumFileSize else {
      throw DocumentError(source: source, location: .file, message: sizeMessage(bytes: bytes.count))
    }
    try JSONStructure.check(bytes, limits: limits, source: source)
    let root = try JSONValue.parse(bytes, source: source)
    do {
      return try document(JSONNode(value: root, path: .root))
    } catch {
      throw error.documentError(source: source)
    }
  }

  /// The versions read, for messages: `1, 2 and 3`.
  static var readableVersionsText: String {
    let versions = FrameDocument.readableVersions.map { String($0) }
    return versions.dropLast().joined(separator: ", ") + " and " + versions[versions.count - 1]
  }

  /// The message for a file of `bytes` bytes, over the limit.
  static func sizeMessage(bytes: Int, limit: Int = maximumFileSize) -> String {
    JSONLimits.sizeMessage(bytes: bytes, limit: limit).string
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
    let versionNumber = try versionNode.number()
    guard let version = FrameDocument.readableVersions.first(where: { Double($0) == versionNumber }) else {
      throw versionNode.failure(
        "unsupported version \(versionNumber.messageText); this build reads versions \(readableVersionsText)")
    }
    try root.rejectUnknownFields(allowed: requiredRootFields)

    let preset = try root.required("preset").nonEmptyString()
    let fps = try root.required("fps").number(in: .positive(upTo: Indicator.maximumFPS))
    let width = try root.required("width").number(in: .positive(upTo: maximumSize))
    let height = try root.required("height").number(in: .positive(upTo: maximumSize))

    let layersNode = try root.required("layers")
    let layerNodes = try layersNode.array()
    guard !layerNodes.isEmpty else { throw layersNode.failure("expected at least one layer") }
    guard layerNodes.count <= maximumLayers else {
      throw layersNode.failure("\(layerNodes.count) layers; the limit is \(maximumLayers)")
    }
    var ids: Set<String> = []
    var layers: [FrameDocument.Layer] = []
    for node in layerNodes {
      layers.append(try layer(node, ids: &ids, version: version))
    }

    let clipsNode = try root.required("clips")
    let clipNodes = try clipsNode.array()
    guard !clipNodes.isEmpty else { throw clipsNode.failure("expected at least one clip") }
    // Every clip has the same tracks, so the total is known before reading
    // them; checking it first bounds the work a hostile file can cause.
    let tracksPerClip = layers.reduce(0) { $0 + $1.trackNames.count }
    let trackCount = tracksPerClip * clipNodes.count
    guard trackCount <= maximumTracks else {
      throw clipsNode.failure("\(trackCount) tracks in all; the limit is \(maximumTracks)")
    }
    var names: Set<String> = []
    var clips: [FrameDocument.Clip] = []
    var tracksRead = 0
    for node in clipNodes {
      let clip = try clip(node, layers: layers, names: &names, version: version, tracksBefore: tracksRead)
      tracksRead += clip.tracks.count
      clips.append(clip)
    }
    // A progress clip finishes with a time clip, which may come after it.
    for (clip, node) in zip(clips, clipNodes) {
      guard let finish = clip.finish, let finishNode = node.optional("finish") else { continue }
      guard let target = clips.first(where: { $0.name == finish }) else {
        throw finishNode.failure("unknown clip \(finish.jsonQuoted)")
      }
      guard target.index == .time else { throw finishNode.failure("clip \(finish.jsonQuoted) is not a time clip") }
    }
    return FrameDocument(preset: preset, fps: fps, width: width, height: height, layers: layers, clips: clips)
  }
}
