import LoadmarkCore

extension DocumentReader {
  /// The root object's fields in written order; all are required. The reader
  /// checks documents against these lists, and the tests check
  /// docs/loadmark.schema.json against them.
  package static let requiredRootFields = [
    "format", "version", "preset", "fps", "width", "height", "layers", "clips",
  ]

  /// The fields every layer starts with, both required.
  package static let layerHeaderFields = ["id", "kind"]

  /// The geometry fields of a layer of `kind`, all required, in written order.
  package static func shapeFields(_ kind: FrameDocument.ShapeKind) -> [String] {
    switch kind {
    case .arc, .dot: return ["center", "radius"]
    case .path: return ["subpaths"]
    case .roundedRect: return ["rect", "cornerRadius"]
    case .polygon: return ["vertices"]
    }
  }

  /// The fewest vertices a polygon may have: a triangle.
  package static let minimumPolygonVertices = 3
  /// The most vertices a polygon may have: a flat layer seen through
  /// perspective projects to as many vertices as its outline has (a square
  /// 4, a triangle 3); 64 is room for a polygon of many sides, and keeps a
  /// polygon's 129 tracks within ``maximumTracks`` several times over.
  package static let maximumPolygonVertices = 64

  /// The fields of a periodic track (version 3) in written order, both
  /// required: its period in frames and its values over one period.
  package static let periodicTrackFields = ["period", "values"]

  /// The style fields of a layer, all optional, in written order.
  package static let styleFields = [
    "stroke", "fill", "lineWidth", "lineCap", "lineJoin", "miterLimit", "shadow",
  ]

  /// The optional field that says which theme colour a layer takes, if any:
  /// `role`, one of ``FrameDocument/Role``.
  package static let roleFields = ["role"]

  /// Version 1's: `accent`, true or false (false by default).
  package static let version1RoleFields = ["accent"]

  /// The fields of a shadow, all required.
  package static let shadowFields = ["color", "opacity", "offset", "radius"]

  /// The fields of a path's subpath, both required.
  package static let subpathFields = ["move", "segments"]

  /// The keys a path segment may have; it has exactly one of them.
  package static let segmentFields = ["line", "arc"]

  /// The fields of a delta track in written order, both required.
  package static let deltaTrackFields = ["decimals", "deltas"]

  /// The most decimals a delta track may have.
  package static let maximumDeltaDecimals = 9

  /// The fields of a clip in written order; `duration` only in time clips,
  /// the four after `loop` only in progress clips, optional, from version 2.
  package static let clipFields = [
    "name", "index", "frames", "duration", "loop", "domain", "repeatFrom", "transition", "finish", "tracks",
  ]

  /// The fields of a progress clip that version 2 adds, all optional.
  package static let progressClipFields = ["domain", "repeatFrom", "transition", "finish"]

  /// Version 1's clip fields.
  package static let version1ClipFields = ["name", "index", "frames", "duration", "loop", "tracks"]

  /// The fields of a transition in written order, all required.
  package static let transitionFields = ["duration", "frames", "values"]
}
