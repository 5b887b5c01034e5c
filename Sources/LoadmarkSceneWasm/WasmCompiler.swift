import LoadmarkCore
import LoadmarkWasmSupport

/// The state behind the scene compiler's WebAssembly ABI (docs/WASM.md,
/// "The playground module"): a scene's text in, a compiled scene image the
/// engine loads out, or the error `loadmark validate` would report, with
/// its position. Host-testable; `main.swift` only exports it.
///
/// Like the engine, it checks every argument: nothing a host passes makes
/// the module trap, and a refused call leaves its memory as it was.
enum WasmCompiler {
  /// What `lmc_compile` returns.
  enum Status: Int32 {
    case ok = 0
    /// The text is not a scene this build compiles: the output holds the
    /// message, `lmc_error_line` and `lmc_error_column` its position.
    case badScene = 3
    /// The length is not within the bytes reserved by `lmc_input`.
    case badLength = 11
  }

  /// Where the host writes a scene's UTF-8 text.
  nonisolated(unsafe) static var input = ByteBuffer()
  /// The last result: a compiled image, or a message.
  nonisolated(unsafe) static var output = ByteBuffer()
  /// Where the last error is: a line and a column (1-based, the column in
  /// characters) for syntax and limits, else 0; and how many bytes at the
  /// start of the message name the field at fault (then `: `), else 0.
  nonisolated(unsafe) static var line = 0
  nonisolated(unsafe) static var column = 0
  nonisolated(unsafe) static var pathLength = 0

  /// Compiles the scene text in the input's first `length` bytes.
  @inline(never)
  static func compile(_ length: Int32) -> Status {
    guard let text = input.bytes(Int(length)) else {
      report("length: expected a byte count within what lmc_input reserved", line: 0, column: 0, pathLength: 0)
      return .badLength
    }
    let preset: Indicator
    do {
      preset = try SceneText.compile(text)
    } catch {
      if let field = error.fieldText {
        report(error.text, line: 0, column: 0, pathLength: field.bytes.count)
      } else if let (line, column) = error.position {
        report(error.text, line: line, column: column, pathLength: 0)
      } else {
        report(error.text, line: 0, column: 0, pathLength: 0)
      }
      return .badScene
    }
    // An engine loads at most what its input buffer holds.
    guard let image = SceneImage.encode(preset, limit: SceneImage.maximumSize) else {
      report(SceneImage.tooLargeMessage, line: 0, column: 0, pathLength: 0)
      return .badScene
    }
    _ = output.store(image)
    line = 0
    column = 0
    pathLength = 0
    return .ok
  }

  /// Leaves `message` in the output, with its position.
  static func report(_ message: ByteText, line: Int, column: Int, pathLength: Int) {
    _ = output.store(message.bytes)
    self.line = line
    self.column = column
    self.pathLength = pathLength
  }
}
