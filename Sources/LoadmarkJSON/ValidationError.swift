import LoadmarkCore

/// A document that parsed but breaks a rule of the format: where, and what
/// is wrong. The reader adds the file name when it turns this into a
/// ``DocumentError``.
struct ValidationError: Error, Equatable {
  /// The value at fault, or the object missing or holding a bad field.
  var path: FieldPath
  /// What is wrong.
  var message: String

  /// The public error for `source`. Root-level problems have no path to show,
  /// so they are located at the file.
  func documentError(source: String) -> DocumentError {
    DocumentError(source: source, location: path.isRoot ? .file : .field(path.description), message: message)
  }
}
