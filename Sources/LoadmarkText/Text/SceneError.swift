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
  /// Where the problem is. A field's path is spelled only when asked for:
  /// the WebAssembly compiler reads ``text`` and ``fieldText``, which keep
  /// to bytes.
  public var location: SourceLocation {
    get {
      if let field = storage.field { return .field(field.description) }
      return storage.place
    }
    set { self = SceneError(location: newValue, message: message) }
  }
  /// What is wrong, without the location.
  public var message: ByteText {
    get { storage.message }
    set { storage = Storage(place: storage.place, field: storage.field, message: newValue) }
  }

  /// One reference, so that an error passes through every `try` of the
  /// interpreter as a pointer: a struct of its parts made each call site of
  /// the WebAssembly compiler copy and release them all.
  private final class Storage: Sendable {
    /// The location, unless it is a field (``field``).
    let place: SourceLocation
    let field: FieldPath?
    let message: ByteText

    init(place: SourceLocation, field: FieldPath?, message: ByteText) {
      self.place = place
      self.field = field
      self.message = message
    }
  }

  private var storage: Storage

  /// An error at `location`. Inlined, so that callers that never give a
  /// field (the WebAssembly compiler's parser) carry no `String` handling.
  @inline(__always)
  public init(location: SourceLocation, message: ByteText) {
    if case .field(let path) = location {
      storage = Storage(place: .file, field: .member(.root, ByteText(Array(path.utf8))), message: message)
    } else {
      storage = Storage(place: location, field: nil, message: message)
    }
  }

  /// An error about the value at `path`; the root is reported as the file.
  @inline(never)
  package init(_ path: FieldPath, _ message: ByteText) {
    storage = Storage(place: .file, field: path.isRoot ? nil : path, message: message)
  }

  public static func == (a: SceneError, b: SceneError) -> Bool {
    a.location == b.location && a.message == b.message
  }

  /// The path of the field at fault, as ``text`` begins with it; nil for
  /// an error about the file or at a line and column.
  public var fieldText: ByteText? { storage.field?.text }

  /// The line and column of an error found in the text's syntax or
  /// structure; nil for the others.
  public var position: (line: Int, column: Int)? {
    if case .position(let line, let column) = storage.place { return (line, column) }
    return nil
  }

  /// `<line>:<column>: <message>` or `<path>: <message>` (or the message
  /// alone), to follow a file name and `: `.
  public var text: ByteText {
    var result = ByteText()
    if let field = fieldText {
      result.append(field)
      result.append(": ")
    } else if let (line, column) = position {
      result.append(line)
      result.append(":")
      result.append(column)
      result.append(": ")
    }
    result.append(message)
    return result
  }
}
