import CJansson

/// One reference to a Jansson value, released when the wrapper is.
///
/// Every wrapper owns exactly one reference: constructors and `json_loadb`
/// hand over a new one, and members or elements read out of a container take
/// their own with `json_incref`, so a child stays valid even if its container
/// is released first. The `json_t` pointer never leaves this module.
package final class JSONValue {
  /// The owned reference.
  let handle: UnsafeMutablePointer<json_t>

  /// Takes over `handle`, a new reference a Jansson function returned.
  init(owning handle: UnsafeMutablePointer<json_t>) {
    self.handle = handle
  }

  /// Takes a reference of its own to `handle`, which a container still owns
  /// (`json_incref`).
  init(borrowing handle: UnsafeMutablePointer<json_t>) {
    self.handle = json_incref(handle)
  }

  /// Drops the reference (`json_decref`); Jansson frees the value with its last one.
  deinit {
    json_decref(handle)
  }

  /// The JSON types as the document reader tells them apart.
  package enum Kind: Equatable, Sendable {
    /// `{...}`.
    case object
    /// `[...]`.
    case array
    /// `"..."`.
    case string
    /// An integer or a real; JSON does not tell them apart.
    case number
    /// `true` or `false`.
    case boolean
    /// `null`.
    case null
  }

  /// The value's type (`json_typeof`). Jansson's integer and real both are `number`.
  package var kind: Kind {
    switch handle.pointee.type {
    case JSON_OBJECT: return .object
    case JSON_ARRAY: return .array
    case JSON_STRING: return .string
    case JSON_INTEGER, JSON_REAL: return .number
    case JSON_TRUE, JSON_FALSE: return .boolean
    default: return .null
    }
  }
}
