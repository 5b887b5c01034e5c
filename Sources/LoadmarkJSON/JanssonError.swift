/// A Jansson call that failed, as a Swift error instead of a NULL or -1 result.
package enum JanssonError: Error, Equatable {
  /// `json_loadb` rejected the text: the position and message from its `json_error_t`.
  case parse(line: Int, column: Int, text: String)
  /// `function` returned NULL or -1. Jansson's constructors and setters only
  /// fail when memory runs out or an argument is invalid (NULL, a non-finite
  /// real, a string that is not UTF-8), and Jansson gives no reason.
  case failed(function: String)
}
