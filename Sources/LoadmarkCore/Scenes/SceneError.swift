/// Where in a text a problem is; frame documents' and scenes' errors share it.
public enum SourceLocation: Equatable, Sendable {
  /// The file as a whole: it cannot be read, is too large, or a root-level
  /// field is missing or unknown.
  case file
  /// A place in the text, from a parse error (1-based line and column, the
  /// column counted in characters, as Jansson reports it).
  case position(line: Int, column: Int)
  /// A value, by its path such as `layers[2].center[1]` or
  /// `clips[0].tracks["ring.sweep"][12]`.
  case field(String)
}

/// Why a scene could not be read: where in it, and what is wrong. Readers
/// add the file name (`LoadmarkJSON`'s `DocumentError` carries it natively;
/// the WebAssembly engine hands the text to the page).
public struct SceneError: Error, Equatable, Sendable {
  /// Where the problem is.
  public var location: SourceLocation
  /// What is wrong, without the location.
  public var message: ByteText

  public init(location: SourceLocation, message: ByteText) {
    self.location = location
    self.message = message
  }

  /// An error about the value at `path`; the root is reported as the file.
  @inline(never)
  package init(_ path: FieldPath, _ message: ByteText) {
    self.location = path.isRoot ? .file : .field(path.description)
    self.message = message
  }

  /// `<line>:<column>: <message>` or `<path>: <message>` (or the message
  /// alone), to follow a file name and `: `.
  public var text: ByteText {
    var result = ByteText()
    switch location {
    case .file:
      break
    case .position(let line, let column):
      result.append(line)
      result.append(":")
      result.append(column)
      result.append(": ")
    case .field(let path):
      result.append(ByteText(Array(path.utf8)))
      result.append(": ")
    }
    result.append(message)
    return result
  }
}
