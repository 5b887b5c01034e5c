/// Where a value sits in a document, spelled as messages show it:
/// `layers[2].center[1]`, `clips[0].tracks["ring.sweep"][12]`.
///
/// Kept as a chain of steps and spelled only when a message needs it, so
/// reading a valid document builds no text.
package indirect enum FieldPath: Equatable, Sendable {
  /// The root value, which messages name by the file alone.
  case root
  /// A member of an object, by field name: `layers`, `clips[0].frames`.
  case member(FieldPath, ByteText)
  /// An element of an array: `layers[2]`.
  case element(FieldPath, Int)
  /// A member of an object whose keys are data rather than field names,
  /// quoted because they may contain dots: `tracks["ring.sweep"]`.
  case dataKey(FieldPath, ByteText)

  /// Whether this is the root value.
  package var isRoot: Bool { self == .root }

  package func field(_ name: StaticString) -> FieldPath { .member(self, ByteText(stringLiteral: name)) }
  package func field(_ name: [UInt8]) -> FieldPath { .member(self, ByteText(name)) }
  @_disfavoredOverload
  package func field(_ name: String) -> FieldPath { .member(self, ByteText(Array(name.utf8))) }
  package func index(_ index: Int) -> FieldPath { .element(self, index) }
  package func key(_ key: [UInt8]) -> FieldPath { .dataKey(self, ByteText(key)) }
  @_disfavoredOverload
  package func key(_ key: String) -> FieldPath { .dataKey(self, ByteText(Array(key.utf8))) }

  /// The path as messages spell it; empty for the root.
  package var text: ByteText {
    var result = ByteText()
    spell(into: &result)
    return result
  }

  package var description: String { text.string }

  private func spell(into result: inout ByteText) {
    switch self {
    case .root:
      return
    case .member(let parent, let name):
      parent.spell(into: &result)
      if parent != .root { result.append(".") }
      result.append(name)
    case .element(let parent, let index):
      parent.spell(into: &result)
      result.append("[")
      result.append(index)
      result.append("]")
    case .dataKey(let parent, let key):
      parent.spell(into: &result)
      result.append("[")
      result.append(quoted: key.bytes)
      result.append("]")
    }
  }
}
