import CJansson

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSONValue {
  /// Parses one complete JSON document (`json_loadb`).
  ///
  /// Duplicate keys are an error (`JSON_REJECT_DUPLICATES`): a reader cannot
  /// know which of two values the writer meant. Integers load as reals
  /// (`JSON_DECODE_INT_AS_REAL`) so that every JSON number is a Double, the way
  /// a browser reads it, and a long integer is not a "too big integer" error.
  package static func parse(_ bytes: UnsafeRawBufferPointer) throws(JanssonError) -> JSONValue {
    var error = json_error_t()
    let flags = Int(JSON_REJECT_DUPLICATES | JSON_DECODE_INT_AS_REAL)
    // An empty buffer may have no address, which Jansson rejects as a wrong
    // argument; any valid address with length 0 gets the usual parse error.
    let empty: CChar = 0
    let handle = withUnsafePointer(to: empty) { fallback in
      json_loadb(
        bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? fallback, bytes.count, flags, &error)
    }
    guard let handle else {
      throw .parse(line: Int(error.line), column: Int(error.column), text: JSONValue.message(of: error))
    }
    return JSONValue(owning: handle)
  }

  /// Parses `text`; see ``parse(_:)-(UnsafeRawBufferPointer)``.
  package static func parse(_ text: String) throws(JanssonError) -> JSONValue {
    var text = text
    // withUTF8 rethrows untyped errors, so the typed one travels in a Result.
    let result = text.withUTF8 { utf8 in
      Result { () throws(JanssonError) in try parse(UnsafeRawBufferPointer(utf8)) }
    }
    return try result.get()
  }

  /// The value as JSON text without spaces or newlines, reals printed with
  /// `digits` significant digits (`json_dumps` with `JSON_COMPACT` and
  /// `JSON_REAL_PRECISION(digits)`). Members come in insertion order.
  package func compactText(realDigits digits: Int32) throws(JanssonError) -> String {
    let flags = Int(JSON_COMPACT) | loadmark_json_real_precision(digits)
    guard let text = json_dumps(handle, flags) else { throw .failed(function: "json_dumps") }
    // json_dumps allocates with Jansson's allocator, which is malloc unless a
    // program installs another with json_set_alloc_funcs; this one does not.
    defer { free(text) }
    return String(cString: text)
  }

  /// The NUL-terminated message in `json_error_t.text`.
  private static func message(of error: json_error_t) -> String {
    withUnsafeBytes(of: error.text) { raw in
      let bytes = raw.prefix { $0 != 0 }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}
