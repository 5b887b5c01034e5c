import CJansson

extension JSONValue {
  /// A new empty object (`json_object`). Members keep their insertion order.
  package static func object() throws(JanssonError) -> JSONValue {
    try owning(json_object(), "json_object")
  }

  /// A new empty array (`json_array`).
  package static func array() throws(JanssonError) -> JSONValue {
    try owning(json_array(), "json_array")
  }

  /// A string (`json_stringn`), which takes an explicit length so that a NUL
  /// inside the Swift string is kept rather than ending it.
  package static func string(_ value: String) throws(JanssonError) -> JSONValue {
    let handle = value.withCString { json_stringn($0, value.utf8.count) }
    return try owning(handle, "json_stringn")
  }

  /// An integer (`json_integer`).
  package static func integer(_ value: Int64) throws(JanssonError) -> JSONValue {
    try owning(json_integer(value), "json_integer")
  }

  /// A real (`json_real`); Jansson refuses NaN and the infinities.
  package static func real(_ value: Double) throws(JanssonError) -> JSONValue {
    try owning(json_real(value), "json_real")
  }

  /// `true` (`json_true`) or `false` (`json_false`).
  package static func boolean(_ value: Bool) throws(JanssonError) -> JSONValue {
    value ? try owning(json_true(), "json_true") : try owning(json_false(), "json_false")
  }

  /// `null` (`json_null`).
  package static func null() throws(JanssonError) -> JSONValue {
    try owning(json_null(), "json_null")
  }

  /// Sets member `key` to `value` (`json_object_setn`, which takes its own
  /// reference). A new key goes last, so members are written in the order
  /// they were first set.
  package func set(_ key: String, _ value: JSONValue) throws(JanssonError) {
    let status = key.withCString { json_object_setn(handle, $0, key.utf8.count, value.handle) }
    guard status == 0 else { throw .failed(function: "json_object_setn") }
  }

  /// Appends `value` (`json_array_append`, which takes its own reference).
  package func append(_ value: JSONValue) throws(JanssonError) {
    guard json_array_append(handle, value.handle) == 0 else {
      throw .failed(function: "json_array_append")
    }
  }

  /// Wraps a constructor's new reference, or reports that it returned NULL.
  private static func owning(
    _ handle: UnsafeMutablePointer<json_t>?, _ function: String
  ) throws(JanssonError) -> JSONValue {
    guard let handle else { throw .failed(function: function) }
    return JSONValue(owning: handle)
  }
}
