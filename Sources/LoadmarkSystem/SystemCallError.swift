#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call that failed: which call, the file it was for, and `errno`.
///
/// The one error type of `LoadmarkSystem`: every wrapped call reports its
/// failure this way, so that callers can tell "the file could not be read"
/// (this error) from "the file was read and is wrong" (theirs) by type,
/// never by the wording of a message.
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The call's name, such as `open` or `rename`.
  public var call: String
  /// The file the caller was working on, as the user named it.
  public var path: String
  /// The `errno` the call left.
  public var code: Int32

  /// A failure of `call` on `path` with `errno` `code`.
  /// - Parameters:
  ///   - call: the system call's name, as messages show it.
  ///   - path: the file as the user named it.
  ///   - code: the `errno` value.
  public init(call: String, path: String, code: Int32) {
    self.call = call
    self.path = path
    self.code = code
  }

  /// The system's text for ``code`` (`strerror`), such as `Permission denied`.
  public var reason: String {
    String(cString: strerror(code))
  }

  /// `<path>: <call>: <reason>`, as in `out/a.json: open: Permission denied`.
  public var description: String {
    "\(path): \(call): \(reason)"
  }

  /// Runs `call` again while it fails with `EINTR`; any other failure (a
  /// negative result) is a ``SystemCallError`` for `name` on `path`.
  static func retrying<Result: BinaryInteger>(
    _ name: String, _ path: String, _ call: () -> Result
  ) throws(SystemCallError) -> Result {
    while true {
      let result = call()
      if result >= 0 { return result }
      guard errno == EINTR else { throw SystemCallError(call: name, path: path, code: errno) }
    }
  }
}
