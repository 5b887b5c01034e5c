/// A byte's line and column as Jansson reports positions: lines counted by
/// `\n`, columns in characters (UTF-8 lead bytes), both 1-based, so that an
/// error found before parsing points where a parse error would.
struct TextPosition: Equatable {
  var line: Int
  var column: Int

  /// The position of the byte at `offset` in `text`.
  init(of offset: Int, in text: UnsafeRawBufferPointer) {
    var line = 1
    var column = 0
    guard !text.isEmpty else {
      self.line = line
      self.column = column
      return
    }
    for index in 0...min(offset, text.count - 1) {
      let byte = text[index]
      if byte == UInt8(ascii: "\n") && index < offset {
        line += 1
        column = 0
      } else if byte & 0xC0 != 0x80 {
        // Continuation bytes (10xxxxxx) belong to the character before.
        column += 1
      }
    }
    self.line = line
    self.column = column
  }
}
