import LoadmarkCore
import LoadmarkJSON
import Testing

@Suite("Reader")
struct ReaderTests {
  @Test("the base document reads as the document built by hand")
  func baseDocument() throws {
    #expect(try DocumentReader.decode(BaseDocument.text, source: "success.json") == BaseDocument.document)
  }

  static let edits: [BadEdit] = [
    // Parse errors: Jansson's text at its line and column.
    BadEdit(
      "duplicate key", ##""fps": 60,"##, ##""fps": 60, "fps": 30,"##,
      ##"success.json:5:18: duplicate object key near '"fps"'"##),
    BadEdit(
      "not JSON", ##""width": 40,"##, ##""width": 40 40,"##,
      "success.json:6:16: '}' expected near '40'"),
    // Format and version come before everything else.
    BadEdit(
      "wrong format", ##""format": "loadmark""##, ##""format": "lottie""##,
      ##"success.json: format: expected "loadmark", got "lottie""##),
    BadEdit(
      "format not a string", ##""format": "loadmark""##, ##""format": 1"##,
      ##"success.json: format: expected "loadmark", got 1"##),
    BadEdit("missing format", ##""format": "loadmark","##, "", ##"success.json: missing field "format""##),
    BadEdit(
      "wrong version", ##""version": 1,"##, ##""version": 4,"##,
      "success.json: version: unsupported version 4; this build reads versions 1, 2 and 3"),
    BadEdit(
      "version wins over field errors", ##""version": 1,"##, ##""version": 2.5, "fps2": 30,"##,
      "success.json: version: unsupported version 2.5; this build reads versions 1, 2 and 3"),
    BadEdit(
      "version as a string", ##""version": 1,"##, ##""version": "1","##,
      ##"success.json: version: expected a finite number, got "1""##),
    BadEdit("missing version", ##""version": 1,"##, "", ##"success.json: missing field "version""##),
    // Missing and unknown fields.
    BadEdit("missing preset", ##""preset": "success","##, "", ##"success.json: missing field "preset""##),
    BadEdit(
      "missing radius", ##""radius": 17, "##, "",
      ##"success.json: layers[0]: missing field "radius""##),
    BadEdit("unknown root field", ##""fps": 60,"##, ##""fps": 60, "foo": 1,"##, ##"success.json: unknown field "foo""##),
    BadEdit(
      "field of another kind", ##""radius": 17,"##, ##""radius": 17, "rect": [0, 0, 1, 1],"##,
      ##"success.json: layers[0]: unknown field "rect""##),
    BadEdit(
      "unknown shadow field", ##""radius": 3}"##, ##""radius": 3, "spread": 1}"##,
      ##"success.json: layers[3].shadow: unknown field "spread""##),
    BadEdit(
      "missing shadow field", ##""opacity": 0.5, "##, "",
      ##"success.json: layers[3].shadow: missing field "opacity""##),
    BadEdit(
      "unknown clip field", ##""frames": 13,"##, ##""frames": 13, "speed": 2,"##,
      ##"success.json: clips[0]: unknown field "speed""##),
    // Wrong types, one per JSON type in the "got" wording.
    BadEdit(
      "string for a number", "[20, 20], \"radius\": 17", "[\"x\", 20], \"radius\": 17",
      ##"success.json: layers[0].center[0]: expected a finite number, got "x""##),
    BadEdit(
      "null for a number", "[20, 20], \"radius\": 17", "[null, 20], \"radius\": 17",
      "success.json: layers[0].center[0]: expected a finite number, got null"),
    BadEdit(
      "true for a number", "[20, 20], \"radius\": 17", "[true, 20], \"radius\": 17",
      "success.json: layers[0].center[0]: expected a finite number, got true"),
    BadEdit(
      "false for a number", "[20, 20], \"radius\": 17", "[false, 20], \"radius\": 17",
      "success.json: layers[0].center[0]: expected a finite number, got false"),
    BadEdit(
      "array for a number", "[20, 20], \"radius\": 17", "[[20], 20], \"radius\": 17",
      "success.json: layers[0].center[0]: expected a finite number, got an array"),
    BadEdit(
      "object for a number", "[20, 20], \"radius\": 17", "[{}, 20], \"radius\": 17",
      "success.json: layers[0].center[0]: expected a finite number, got an object"),
    BadEdit(
      "string for a number with a range", ##""fps": 60"##, ##""fps": "60""##,
      ##"success.json: fps: expected a number > 0 and ≤ 1000, got "60""##),
    BadEdit(
      "long string", ##""fps": 60"##, "\"fps\": \"" + String(repeating: "x", count: 65) + "\"",
      "success.json: fps: expected a number > 0 and ≤ 1000, got a string of 65 characters"),
    BadEdit(
      "string of the longest length quoted", ##""fps": 60"##, "\"fps\": \"" + String(repeating: "x", count: 64) + "\"",
      "success.json: fps: expected a number > 0 and ≤ 1000, got \"" + String(repeating: "x", count: 64) + "\""),
    BadEdit(
      "escaped string", ##""fps": 60"##, ##""fps": "a\"b\n""##,
      ##"success.json: fps: expected a number > 0 and ≤ 1000, got "a\"b\n""##),
    BadEdit(
      "number for a string", ##""preset": "success""##, ##""preset": 3"##,
      "success.json: preset: expected a non-empty string, got 3"),
    BadEdit(
      "empty string", ##""preset": "success""##, ##""preset": """##,
      ##"success.json: preset: expected a non-empty string, got """##),
    BadEdit(
      "string for a boolean", ##""duration": 0.2, "loop": false"##, ##""duration": 0.2, "loop": "no""##,
      ##"success.json: clips[0].loop: expected true or false, got "no""##),
    BadEdit(
      "object for an array", ##""segments": [{"line": [18, 27]}, {"arc": [20, 20, 5, 0, -1.5]}]"##, ##""segments": {}"##,
      "success.json: layers[1].subpaths[0].segments: expected an array, got an object"),
    BadEdit(
      "array for an object", ##""shadow": {"color": "#000000", "opacity": 0.5, "offset": [0, 1], "radius": 3}"##,
      ##""shadow": []"##, "success.json: layers[3].shadow: expected an object, got an array"),
    BadEdit(
      "string in a point", ##""center": [20, 20], "radius": 17"##, ##""center": [20, "y"], "radius": 17"##,
      ##"success.json: layers[0].center[1]: expected a finite number, got "y""##),
    BadEdit(
      "point of three", ##""center": [20, 20], "radius": 17"##, ##""center": [20, 20, 1], "radius": 17"##,
      "success.json: layers[0].center: expected 2 values, got 3"),
    BadEdit(
      "object for a point", ##""center": [20, 20], "radius": 17"##, ##""center": {"x": 20}, "radius": 17"##,
      "success.json: layers[0].center: expected an array of 2 numbers, got an object"),
    // Ranges and choices.
    BadEdit("fps zero", ##""fps": 60"##, ##""fps": 0"##, "success.json: fps: expected a number > 0 and ≤ 1000, got 0"),
    BadEdit(
      "width too large", ##""width": 40"##, ##""width": 3e4"##,
      "success.json: width: expected a number > 0 and ≤ 10000, got 30000"),
    BadEdit(
      "negative radius", ##""radius": 2"##, ##""radius": -1.50"##,
      "success.json: layers[2].radius: expected a number ≥ 0, got -1.5"),
    BadEdit(
      "negative arc radius", "[20, 20, 5, 0, -1.5]", "[20, 20, -5, 0, -1.5]",
      "success.json: layers[1].subpaths[0].segments[1].arc[2]: expected a number ≥ 0, got -5"),
    BadEdit(
      "short line", ##"{"line": [18, 27]}"##, ##"{"line": [18]}"##,
      "success.json: layers[1].subpaths[0].segments[0].line: expected 2 values, got 1"),
    BadEdit(
      "segment with both", ##"{"line": [18, 27]}"##, ##"{"line": [18, 27], "arc": [0, 0, 1, 0, 1]}"##,
      ##"success.json: layers[1].subpaths[0].segments[0]: expected exactly one of "line" or "arc", got both"##),
    BadEdit(
      "empty segment", ##"{"line": [18, 27]}"##, "{}",
      ##"success.json: layers[1].subpaths[0].segments[0]: missing field "line" or "arc""##),
    BadEdit(
      "unknown segment", ##"{"line": [18, 27]}"##, ##"{"curve": [18, 27]}"##,
      ##"success.json: layers[1].subpaths[0].segments[0]: unknown field "curve""##),
    BadEdit(
      "shadow opacity over 1", ##""opacity": 0.5"##, ##""opacity": 1.25"##,
      "success.json: layers[3].shadow.opacity: expected a number from 0 to 1, got 1.25"),
    BadEdit(
      "unknown kind", ##""kind": "dot""##, ##""kind": "star""##,
      ##"success.json: layers[2].kind: expected one of "arc", "path", "dot", "roundedRect", "polygon", got "star""##),
    BadEdit(
      "accent that is not a boolean", ##""accent": true"##, ##""accent": "yes""##,
      ##"success.json: layers[0].accent: expected true or false, got "yes""##),
    BadEdit(
      "unknown line cap", ##""lineCap": "round""##, ##""lineCap": "flat""##,
      ##"success.json: layers[2].lineCap: expected one of "butt", "round", "square", got "flat""##),
    BadEdit(
      "colour word", ##""stroke": "#3478F6""##, ##""stroke": "blue""##,
      ##"success.json: layers[0].stroke: expected a colour "#rrggbb" or "#rrggbbaa", got "blue""##),
    BadEdit(
      "short colour", ##""stroke": "#3478F6""##, ##""stroke": "#fff""##,
      ##"success.json: layers[0].stroke: expected a colour "#rrggbb" or "#rrggbbaa", got "#fff""##),
    BadEdit(
      "colour with a bad digit", ##""fill": "#ff0000cc""##, ##""fill": "#ff0000cg""##,
      ##"success.json: layers[2].fill: expected a colour "#rrggbb" or "#rrggbbaa", got "#ff0000cg""##),
    BadEdit(
      "id with a dot", ##""id": "dot""##, ##""id": "dot.1""##,
      ##"success.json: layers[2].id: expected an id of letters, digits, "_" and "-", got "dot.1""##),
    BadEdit(
      "duplicate layer id", ##""id": "check""##, ##""id": "ring""##,
      ##"success.json: layers[1].id: duplicate layer id "ring""##),
    // Clips.
    BadEdit(
      "duplicate clip name", ##""name": "drag""##, ##""name": "success""##,
      ##"success.json: clips[1].name: duplicate clip name "success""##),
    BadEdit(
      "unknown index", ##""index": "progress""##, ##""index": "scroll""##,
      ##"success.json: clips[1].index: expected one of "time", "progress", got "scroll""##),
    BadEdit(
      "frames over the limit", ##""frames": 3"##, ##""frames": 100001"##,
      "success.json: clips[1].frames: expected an integer from 1 to 100000, got 100001"),
    BadEdit(
      "fractional frames", ##""frames": 3"##, ##""frames": 2.5"##,
      "success.json: clips[1].frames: expected an integer from 1 to 100000, got 2.5"),
    BadEdit(
      "progress clip of one frame", ##""frames": 3"##, ##""frames": 1"##,
      "success.json: clips[1].frames: a progress clip needs at least 2 frames, got 1"),
    BadEdit(
      "progress clip with a duration", ##""frames": 3,"##, ##""frames": 3, "duration": 1,"##,
      "success.json: clips[1].duration: not allowed in a progress clip"),
    BadEdit(
      "looping progress clip", ##""frames": 3, "loop": false"##, ##""frames": 3, "loop": true"##,
      "success.json: clips[1].loop: must be false in a progress clip"),
    BadEdit(
      "time clip without a duration", ##""duration": 0.2, "##, "",
      ##"success.json: clips[0]: missing field "duration""##),
    // Tracks.
    BadEdit(
      "track too short", "[0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6]", "[0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5]",
      ##"success.json: clips[0].tracks["ring.sweep"]: expected 13 values, got 12"##),
    BadEdit(
      "string in a track", "5, 5.5, 6]", ##"5, 5.5, "x"]"##,
      ##"success.json: clips[0].tracks["ring.sweep"][12]: expected a finite number, got "x""##),
    BadEdit(
      "string for a track", ##""check.strokeEnd": 1,"##, ##""check.strokeEnd": "1","##,
      ##"success.json: clips[0].tracks["check.strokeEnd"]: expected a number, an array of 13 numbers or an object {"decimals", "deltas"}, got "1""##),
    BadEdit(
      "unknown layer", ##""ring.start": 0, "ring.sweep": [0, 0.5"##, ##""rung.start": 0, "ring.sweep": [0, 0.5"##,
      ##"success.json: clips[0].tracks["rung.start"]: unknown layer "rung""##),
    BadEdit(
      "property of another kind", ##""dot.scale": 1, "dot.opacity": 0, "bg.opacity": 1}},"##,
      ##""dot.sweep": 1, "dot.opacity": 0, "bg.opacity": 1}},"##,
      ##"success.json: clips[0].tracks["dot.sweep"]: layer "dot" of kind dot has no property "sweep"; its properties are scale, opacity"##),
    BadEdit(
      "key without a dot", ##""bg.opacity": 1}},"##, ##""bg.opacity": 1, "bg": 1}},"##,
      ##"success.json: clips[0].tracks["bg"]: expected a key "<layerId>.<property>""##),
    BadEdit(
      "missing track", ##""dot.opacity": 0, "bg.opacity": 1}},"##, ##""dot.opacity": 0}},"##,
      ##"success.json: clips[0].tracks: missing track "bg.opacity""##),
  ]

  @Test("each broken document gives its exact message", arguments: edits)
  func badEdit(edit: BadEdit) throws {
    let text = try BaseDocument.replacing(edit.old, with: edit.new)
    let error = try #require(throws: DocumentError.self) {
      try DocumentReader.decode(text, source: "success.json")
    }
    #expect(error.description == edit.message)
  }

  @Test("the version 2 base reads as the document built by hand: a role, a domain, a transition, a finish")
  func version2Document() throws {
    #expect(try DocumentReader.decode(BaseDocument.version2Text, source: "success.json") == BaseDocument.version2Document)
    // Version 1 and version 2 spell the accent apart and mean the same layer.
    #expect(BaseDocument.version2Document.layers == BaseDocument.document.layers)
  }

  /// What version 2 adds, broken one at a time in the version 2 base.
  static let version2Edits: [BadEdit] = [
    BadEdit(
      "accent in version 2", ##""role": "accent""##, ##""accent": true"##,
      ##"success.json: layers[0]: unknown field "accent""##),
    BadEdit(
      "unknown role", ##""role": "accent""##, ##""role": "primary""##,
      ##"success.json: layers[0].role: expected one of "accent", "secondary", "surface", got "primary""##),
    BadEdit(
      "reversed domain", ##""domain": [0, 2]"##, ##""domain": [2, 0]"##,
      "success.json: clips[1].domain: expected [from, to] with from < to, got [2, 0]"),
    BadEdit(
      "domain of one number", ##""domain": [0, 2]"##, ##""domain": [2]"##,
      "success.json: clips[1].domain: expected 2 values, got 1"),
    BadEdit(
      "repeat past the domain", ##""repeatFrom": 1"##, ##""repeatFrom": 2"##,
      "success.json: clips[1].repeatFrom: expected a number in the domain, before its end (≥ 0 and < 2), got 2"),
    BadEdit(
      "transition values short", ##""values": [0, 0.5, 0.9, 1]"##, ##""values": [0, 1]"##,
      "success.json: clips[1].transition.values: expected 4 values, got 2"),
    BadEdit(
      "transition without frames", ##""frames": 4, "values""##, ##""values""##,
      ##"success.json: clips[1].transition: missing field "frames""##),
    BadEdit(
      "transition with a stray field", ##""duration": 0.05,"##, ##""duration": 0.05, "curve": 1,"##,
      ##"success.json: clips[1].transition: unknown field "curve""##),
    BadEdit(
      "finish naming no clip", ##""finish": "success""##, ##""finish": "done""##,
      ##"success.json: clips[1].finish: unknown clip "done""##),
    BadEdit(
      "finish naming a progress clip", ##""finish": "success""##, ##""finish": "drag""##,
      ##"success.json: clips[1].finish: clip "drag" is not a time clip"##),
    BadEdit(
      "domain in a time clip", ##""duration": 0.2, "loop": false,"##, ##""duration": 0.2, "loop": false, "domain": [0, 1],"##,
      "success.json: clips[0].domain: not allowed in a time clip"),
  ]

  @Test("each broken version 2 document gives its exact message", arguments: version2Edits)
  func badVersion2Edit(edit: BadEdit) throws {
    let text = try BaseDocument.version2Text.replacingOnce(edit.old, with: edit.new)
    let error = try #require(throws: DocumentError.self) {
      try DocumentReader.decode(text, source: "success.json")
    }
    #expect(error.description == edit.message)
  }

  @Test("version 1 knows none of version 2's fields")
  func version1RefusesVersion2Fields() throws {
    let role = try BaseDocument.replacing(##""accent": true"##, with: ##""role": "accent""##)
    #expect(throws: DocumentError.self) { try DocumentReader.decode(role, source: "a.json") }
    let domain = try BaseDocument.replacing(##""frames": 3, "loop": false,"##, with: ##""frames": 3, "loop": false, "domain": [0, 2],"##)
    let error = try #require(throws: DocumentError.self) { try DocumentReader.decode(domain, source: "a.json") }
    #expect(error.description == ##"a.json: clips[1]: unknown field "domain""##)
  }
}
