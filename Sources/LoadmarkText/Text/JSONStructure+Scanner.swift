extension JSONStructure {
  /// The pre-scan's state: where it is in a string or a token, the open
  /// arrays and objects, and the running totals.
  struct Scanner {
    /// An open array or object.
    struct Container {
      /// Whether it is an object (else an array).
      var isObject: Bool
      /// Its elements, or its members, so far.
      var count = 0
      /// In an object: whether a `:` has come since the last key, so that
      /// the next token is the member's value rather than a key.
      var awaitsValue = false
    }

    let limits: JSONLimits
    /// The open containers, innermost last; never more than the depth limit.
    var open: [Container] = []
    var values = 0
    var strings = 0
    var containers = 0

    init(limits: JSONLimits) {
      self.limits = limits
      open.reserveCapacity(min(limits.maximumDepth, 4096))
    }

    /// The offset and message of the first violation in `text`, or nil.
    mutating func scan(_ text: UnsafeRawBufferPointer) -> (Int, ByteText)? {
      var inString = false
      var escaped = false
      var stringStart = 0
      // Whether the previous byte belongs to a number or a literal, whose
      // bytes form one value.
      var inToken = false
      for offset in 0..<text.count {
        let byte = text[offset]
        if byte == 0 { return (offset, "NUL byte; JSON text cannot contain one") }
        if inString {
          if escaped {
            escaped = false
          } else if byte == UInt8(ascii: "\"") {
            inString = false
            continue
          } else if byte == UInt8(ascii: "\\") {
            escaped = true
          }
          // Every byte between the quotes counts, escapes as written.
          if offset - stringStart > limits.maximumStringBytes {
            return (stringStart, Scanner.limit("string of more than ", limits.maximumStringBytes, " bytes"))
          }
          continue
        }
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
          UInt8(ascii: ","):
          inToken = false
        case UInt8(ascii: ":"):
          inToken = false
          if !open.isEmpty { open[open.count - 1].awaitsValue = true }
        case UInt8(ascii: "\""):
          inToken = false
          if let message = startString() { return (offset, message) }
          inString = true
          stringStart = offset
        case UInt8(ascii: "["), UInt8(ascii: "{"):
          inToken = false
          if let message = startContainer(isObject: byte == UInt8(ascii: "{")) { return (offset, message) }
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
          inToken = false
          // An unmatched bracket is Jansson's to report.
          if !open.isEmpty { open.removeLast() }
        default:
          if !inToken {
            inToken = true
            if let message = startValue() { return (offset, message) }
          }
        }
      }
      return nil
    }

    /// Counts a string, which is a key when it stands where an object's key
    /// goes, else a value.
    private mutating func startString() -> ByteText? {
      strings += 1
      if strings > limits.maximumStrings {
        return Scanner.limit("more than ", limits.maximumStrings, " strings, keys included")
      }
      if let last = open.last, last.isObject, !last.awaitsValue {
        open[open.count - 1].count += 1
        if open[open.count - 1].count > limits.maximumMembers {
          return Scanner.limit("object with more than ", limits.maximumMembers, " members")
        }
        return nil
      }
      return startValue()
    }

    /// Counts an array or object as a value, then opens it.
    private mutating func startContainer(isObject: Bool) -> ByteText? {
      if let message = startValue() { return message }
      containers += 1
      if containers > limits.maximumContainers {
        return Scanner.limit("more than ", limits.maximumContainers, " arrays and objects")
      }
      guard open.count < limits.maximumDepth else {
        return Scanner.limit("arrays and objects nested more than ", limits.maximumDepth, " deep")
      }
      open.append(Container(isObject: isObject))
      return nil
    }

    /// Counts a value: in all, and as an element of the enclosing array or
    /// the value of the enclosing object's member.
    private mutating func startValue() -> ByteText? {
      values += 1
      if values > limits.maximumValues {
        return Scanner.limit("more than ", limits.maximumValues, " values")
      }
      guard !open.isEmpty else { return nil }
      let index = open.count - 1
      if open[index].isObject {
        // A value where a key should be is a grammar error Jansson reports.
        open[index].awaitsValue = false
        return nil
      }
      open[index].count += 1
      if open[index].count > limits.maximumElements {
        return Scanner.limit("array with more than ", limits.maximumElements, " elements")
      }
      return nil
    }

    /// `<what><limit><unit>; the limit is <limit>`.
    @inline(never)
    static func limit(_ what: StaticString, _ limit: Int, _ unit: StaticString) -> ByteText {
      var message = ByteText(stringLiteral: what)
      message.append(limit)
      message.append(unit)
      message.append("; the limit is ")
      message.append(limit)
      return message
    }
  }
}
