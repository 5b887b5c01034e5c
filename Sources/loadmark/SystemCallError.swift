#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call that failed: which call, the file it was for, and `errno`.
struct SystemCallError: Error, Equatable, CustomStringConvertible {
  /// The call's name, such as `open` or `rename`.
  var call: String
  /// The file the caller was working on, as the user named it.
  var path: String
  /// The `errno` the call left.
  var code: Int32

  /// The system's text for `code` (`strerror`), such as `Permission denied`.
  var reason: String {
    String(cString: strerror(code))
  }

  /// `<path>: <call>: <reason>`, as in `out/a.json: open: Permission denied`.
  var description: String {
    "\(path): \(call): \(reason)"
  }
}
