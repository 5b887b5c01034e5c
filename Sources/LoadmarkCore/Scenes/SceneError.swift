/// Why a scene could not be read: where in it, and what is wrong. Readers
/// add the file name (`LoadmarkJSON`'s `DocumentError` carries it natively;
/// the WebAssembly engine hands the text to the page).
public struct SceneError: Error, Equatable, Sendable {
  /// Where the problem is.
  public var location: Location
  /// What is wrong, without the location.
  public var message: ByteText

  /// Where in a scene a problem is.
  public enum Location: Equatable, Sendable {
    /// The text as a whole: too large, or the root object lacks a field.
    case file
    /// A place in the text: 1-based line and column, the column counted in
    /// characters, as Jansson reports its parse errors.
    case position(line: Int, column: Int)
    /// A value, by its path, such as `layers[2].path[0].arc.startAngle`.
    case field(ByteText)
  }

  public init(location: Location, message: ByteText) {
    self.location = location
    self.message = message
  }

  /// An error about the value at `path`; the root is reported as the file.
  @inline(never)
  package init(_ path: FieldPath, _ message: ByteText) {
    self.location = path.isRoot ? .file : .field(path.text)
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
      result.append(path)
      result.append(": ")
    }
    result.append(message)
    return result
  }
}
