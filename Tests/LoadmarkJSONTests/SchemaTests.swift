import Foundation
import LoadmarkCore
import LoadmarkJSON
import Testing

/// docs/loadmark.schema.json, checked against the lists the reader enforces,
/// so that the two cannot drift apart unnoticed. It does not run a schema
/// validator: none is available to Swift here.
@Suite("Schema")
struct SchemaTests {
  /// The schema, parsed by Jansson.
  static func schema() throws -> JSONValue {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/loadmark.schema.json")
    return try JSONValue.parse(String(contentsOf: url, encoding: .utf8))
  }

  /// The value reached from `root` through the member names of `path`.
  func value(_ root: JSONValue, _ path: String...) throws -> JSONValue {
    try lookup(root, path)
  }

  /// The keys, in order, of the object at `path`.
  func keys(_ root: JSONValue, _ path: String...) throws -> [String] {
    try lookup(root, path).members.map(\.key)
  }

  /// The strings of the array at `path`.
  func strings(_ root: JSONValue, _ path: String...) throws -> [String] {
    try lookup(root, path).elements.compactMap(\.string)
  }

  func lookup(_ root: JSONValue, _ path: [String]) throws -> JSONValue {
    var value = root
    for key in path {
      value = try #require(value.member(key), "no \(key) in \(path)")
    }
    return value
  }

  @Test("the root requires and allows exactly the reader's fields")
  func root() throws {
    let schema = try SchemaTests.schema()
    #expect(try value(schema, "$schema").string == "https://json-schema.org/draft/2020-12/schema")
    #expect(try strings(schema, "required") == DocumentReader.requiredRootFields)
    #expect(try keys(schema, "properties") == DocumentReader.requiredRootFields)
    #expect(try value(schema, "additionalProperties").boolean == false)
    #expect(try value(schema, "properties", "format", "const").string == FrameDocument.formatName)
    #expect(try value(schema, "properties", "version", "const").number == Double(FrameDocument.formatVersion))
  }

  @Test("layers: the fields of each kind, the style fields, and the choices")
  func layers() throws {
    let schema = try SchemaTests.schema()
    let kinds = FrameDocument.ShapeKind.allCases
    let shapeFields = kinds.flatMap { DocumentReader.shapeFields($0) }
    let allowed = DocumentReader.layerHeaderFields + shapeFields + DocumentReader.styleFields + DocumentReader.roleFields
    #expect(try Set(keys(schema, "$defs", "layer", "properties")) == Set(allowed))
    #expect(try strings(schema, "$defs", "layer", "required") == DocumentReader.layerHeaderFields)
    #expect(try strings(schema, "$defs", "layer", "properties", "kind", "enum") == kinds.map(\.rawValue))
    #expect(try strings(schema, "$defs", "layer", "properties", "lineCap", "enum") == LineCap.allCases.map(\.rawValue))
    #expect(try strings(schema, "$defs", "layer", "properties", "lineJoin", "enum") == LineJoin.allCases.map(\.rawValue))
    // One if/then per kind: it requires that kind's shape fields and forbids the others'.
    let rules = try value(schema, "$defs", "layer", "allOf").elements
    #expect(rules.count == kinds.count)
    for (kind, rule) in zip(kinds, rules) {
      #expect(try value(rule, "if", "properties", "kind", "const").string == kind.rawValue)
      #expect(try strings(rule, "then", "required") == DocumentReader.shapeFields(kind))
      let forbidden = Set(shapeFields).subtracting(DocumentReader.shapeFields(kind))
      #expect(try Set(keys(rule, "then", "properties")) == forbidden)
    }
  }

  @Test("shadows, subpaths and segments allow exactly the reader's fields")
  func parts() throws {
    let schema = try SchemaTests.schema()
    #expect(try keys(schema, "$defs", "shadow", "properties") == DocumentReader.shadowFields)
    #expect(try strings(schema, "$defs", "shadow", "required") == DocumentReader.shadowFields)
    let shadow = try value(schema, "$defs", "shadow", "properties")
    let limit = DocumentReader.maximumShadowLength
    #expect(try value(shadow, "radius", "minimum").number == 0)
    #expect(try value(shadow, "radius", "maximum").number == limit)
    #expect(try value(shadow, "offset", "items", "minimum").number == -limit)
    #expect(try value(shadow, "offset", "items", "maximum").number == limit)
    #expect(try keys(schema, "$defs", "subpath", "properties") == DocumentReader.subpathFields)
    #expect(try strings(schema, "$defs", "subpath", "required") == DocumentReader.subpathFields)
    #expect(try value(schema, "$defs", "subpath", "properties", "segments", "maxItems").number == Double(DocumentReader.maximumPathSegments))
    #expect(try value(schema, "$defs", "layer", "properties", "subpaths", "maxItems").number == Double(DocumentReader.maximumSubpaths))
    #expect(try value(schema, "properties", "layers", "maxItems").number == Double(DocumentReader.maximumLayers))
    let segments = try value(schema, "$defs", "segment", "oneOf").elements
    #expect(try segments.flatMap { try strings($0, "required") } == DocumentReader.segmentFields)
  }

  @Test("clips: fields, index choices, frame limit and track keys")
  func clips() throws {
    let schema = try SchemaTests.schema()
    #expect(try keys(schema, "$defs", "clip", "properties") == DocumentReader.clipFields)
    #expect(
      try strings(schema, "$defs", "clip", "required")
        == DocumentReader.clipFields.filter { $0 != "duration" && !DocumentReader.progressClipFields.contains($0) })
    #expect(try strings(schema, "$defs", "clip", "properties", "index", "enum") == FrameDocument.ClipIndex.allCases.map(\.rawValue))
    #expect(try value(schema, "$defs", "clip", "properties", "frames", "maximum").number == Double(DocumentReader.maximumFrames))
    // A polygon's vertex tracks are x and y with the vertex's number (version 3), the others by name.
    let named = FrameDocument.TrackProperty.allCases.filter { $0 != .x && $0 != .y }.map(\.rawValue)
    #expect(
      try value(schema, "$defs", "clip", "properties", "tracks", "propertyNames", "pattern").string
        == "^[A-Za-z0-9_-]+\\.(\(named.joined(separator: "|"))|[xy](0|[1-9][0-9]?))$")
  }

  @Test("transitions allow exactly the reader's fields; time clips none of the progress clips' fields")
  func transitions() throws {
    let schema = try SchemaTests.schema()
    #expect(try keys(schema, "$defs", "transition", "properties") == DocumentReader.transitionFields)
    #expect(try strings(schema, "$defs", "transition", "required") == DocumentReader.transitionFields)
    #expect(try keys(schema, "$defs", "clip", "else", "properties") == DocumentReader.progressClipFields)
    #expect(try strings(schema, "$defs", "layer", "properties", "role", "enum") == FrameDocument.Role.allCases.map(\.rawValue))
  }

  @Test("the version 1 schema still describes version 1: accent, and the clips' first fields")
  func version1() throws {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/loadmark-v1.schema.json")
    let schema = try JSONValue.parse(String(contentsOf: url, encoding: .utf8))
    #expect(try value(schema, "properties", "version", "const").number == 1)
    #expect(try keys(schema, "$defs", "clip", "properties") == DocumentReader.version1ClipFields)
    #expect(try value(schema, "$defs", "layer", "properties", "accent", "type").string == "boolean")
  }

  @Test("tracks: a number, an array of numbers, a delta object or (version 3) a periodic track of exactly the reader's fields")
  func tracks() throws {
    let schema = try SchemaTests.schema()
    let forms = try value(schema, "$defs", "track", "oneOf").elements
    #expect(try [forms[0], forms[1], forms[3]].map { try value($0, "type").string } == ["number", "array", "object"])
    #expect(try value(forms[2], "$ref").string == "#/$defs/deltaTrack")
    #expect(try value(forms[1], "items", "type").string == "number")
    #expect(try value(forms[1], "maxItems").number == Double(DocumentReader.maximumFrames))
    let periodic = forms[3]
    #expect(try keys(periodic, "properties") == DocumentReader.periodicTrackFields)
    #expect(try strings(periodic, "required") == DocumentReader.periodicTrackFields)
    #expect(try value(periodic, "properties", "period", "minimum").number == 1)
    #expect(try value(periodic, "properties", "period", "maximum").number == Double(DocumentReader.maximumFrames))
    let deltas = try value(schema, "$defs", "deltaTrack")
    #expect(try keys(deltas, "properties") == DocumentReader.deltaTrackFields)
    #expect(try strings(deltas, "required") == DocumentReader.deltaTrackFields)
    #expect(try value(deltas, "additionalProperties").boolean == false)
    #expect(try value(deltas, "properties", "decimals", "type").string == "integer")
    #expect(try value(deltas, "properties", "decimals", "minimum").number == 0)
    #expect(try value(deltas, "properties", "decimals", "maximum").number == Double(DocumentReader.maximumDeltaDecimals))
    #expect(try value(deltas, "properties", "deltas", "items", "type").string == "integer")
    #expect(try value(deltas, "properties", "deltas", "maxItems").number == Double(DocumentReader.maximumFrames))
  }
}
