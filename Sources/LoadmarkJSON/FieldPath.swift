/// Where a value sits in a document, spelled as messages show it:
/// `layers[2].center[1]`, `clips[0].tracks["ring.sweep"][12]`.
struct FieldPath: Equatable, CustomStringConvertible {
  /// The spelled path; empty for the root object.
  let description: String

  /// The root object.
  static let root = FieldPath(description: "")

  /// Whether this is the root object, which messages name by the file alone.
  var isRoot: Bool { description.isEmpty }

  /// The member `name` of an object: `layers`, `clips[0].frames`.
  func field(_ name: String) -> FieldPath {
    FieldPath(description: isRoot ? name : description + "." + name)
  }

  /// Element `index` of an array: `layers[2]`.
  func index(_ index: Int) -> FieldPath {
    FieldPath(description: description + "[" + String(index) + "]")
  }

  /// The member `key` of an object whose keys are data rather than field
  /// names, quoted because they contain dots: `tracks["ring.sweep"]`.
  func key(_ key: String) -> FieldPath {
    FieldPath(description: description + "[" + key.jsonQuoted + "]")
  }
}
