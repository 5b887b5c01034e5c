import CJansson

extension JSONValue {
  /// The number, integer or real alike (`json_number_value`); nil for any
  /// other type.
  package var number: Double? {
    JSONValue.numberValue(handle)
  }

  /// The string (`json_string_value`, `json_string_length`), whole even if it
  /// holds a NUL; nil for any other type.
  package var string: String? {
    guard kind == .string, let start = json_string_value(handle) else { return nil }
    let bytes = UnsafeRawBufferPointer(start: start, count: json_string_length(handle))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The boolean; nil for any other type.
  package var boolean: Bool? {
    switch handle.pointee.type {
    case JSON_TRUE: return true
    case JSON_FALSE: return false
    default: return nil
    }
  }

  /// The number of elements of an array (`json_array_size`); 0 for any other type.
  package var elementCount: Int {
    json_array_size(handle)
  }

  /// Element `index` of an array, or nil when out of range or not an array.
  package func element(at index: Int) -> JSONValue? {
    elementHandle(at: index).map { JSONValue(borrowing: $0) }
  }

  /// Element `index` as a number, without wrapping it: long tracks read
  /// millions of these. Nil when it is not a number or out of range.
  func number(at index: Int) -> Double? {
    elementHandle(at: index).flatMap(JSONValue.numberValue)
  }

  /// The elements of an array in order; empty for any other type.
  package var elements: [JSONValue] {
    (0..<elementCount).compactMap { element(at: $0) }
  }

  /// The number of members of an object (`json_object_size`); 0 for any other type.
  package var memberCount: Int {
    json_object_size(handle)
  }

  /// The value of member `key` (`json_object_getn`), or nil when absent or not an object.
  package func member(_ key: String) -> JSONValue? {
    let found = key.withCString { json_object_getn(handle, $0, key.utf8.count) }
    return found.map { JSONValue(borrowing: $0) }
  }

  /// The members of an object in document order (Jansson keeps insertion
  /// order); empty for any other type.
  package var members: [(key: String, value: JSONValue)] {
    var result: [(key: String, value: JSONValue)] = []
    result.reserveCapacity(memberCount)
    var iterator = firstMember()
    while let current = iterator {
      result.append((JSONValue.memberKey(current), JSONValue(borrowing: JSONValue.memberValue(current))))
      iterator = member(after: current)
    }
    return result
  }

  /// Drops every element of an array (`json_array_clear`) or every member
  /// of an object (`json_object_clear`), freeing what nothing else holds;
  /// any other value is left as it is. The array's own storage stays.
  package func removeContents() {
    switch handle.pointee.type {
    case JSON_ARRAY: json_array_clear(handle)
    case JSON_OBJECT: json_object_clear(handle)
    default: break
    }
  }

  /// `json_array_get`.
  private func elementHandle(at index: Int) -> UnsafeMutablePointer<json_t>? {
    json_array_get(handle, index)
  }

  /// `json_number_value`, with the type check it lacks (it returns 0 for a non-number).
  private static func numberValue(_ handle: UnsafeMutablePointer<json_t>) -> Double? {
    switch handle.pointee.type {
    case JSON_INTEGER, JSON_REAL: return json_number_value(handle)
    default: return nil
    }
  }

  /// `json_object_iter`: the first member, or nil for an empty object or a non-object.
  private func firstMember() -> UnsafeMutableRawPointer? {
    json_object_iter(handle)
  }

  /// `json_object_iter_next`: the member after `iterator`, or nil after the last.
  private func member(after iterator: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    json_object_iter_next(handle, iterator)
  }

  /// `json_object_iter_key` and `json_object_iter_key_len`: the key, whole even if it holds a NUL.
  private static func memberKey(_ iterator: UnsafeMutableRawPointer) -> String {
    guard let start = json_object_iter_key(iterator) else { return "" }
    let bytes = UnsafeRawBufferPointer(start: start, count: json_object_iter_key_len(iterator))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `json_object_iter_value`: the member's value, still owned by the object.
  private static func memberValue(_ iterator: UnsafeMutableRawPointer) -> UnsafeMutablePointer<json_t> {
    // Jansson returns NULL only for a NULL iterator, which never reaches here.
    json_object_iter_value(iterator)!
  }
}
