import LoadmarkCore
import LoadmarkWasmSupport

#if arch(wasm32)
import CLoadmarkWasmRuntime

/// Bytes the allocator has handed out and not had back (tested from Node).
@_expose(wasm, "lmc_heap_in_use")
@_cdecl("lmc_heap_in_use")
func lmcHeapInUse() -> Int32 { Int32(loadmark_heap_in_use()) }
#endif

#if canImport(Glibc)
// The host build's `rounded()` and `squareRoot()` call libm, which Glibc links.
import Glibc
#endif

// The C ABI of the scene compiler module, the playground's (docs/WASM.md):
// a scene's text in, the compiled image the engine's `lm_load` takes out,
// or the message `loadmark validate` gives, with its line and column.
// Host builds compile these as ordinary functions.

/// The ABI version (``WasmCompiler/abiVersion``); bumped on any change to these functions.
@_expose(wasm, "lmc_abi_version")
@_cdecl("lmc_abi_version")
func lmcABIVersion() -> Int32 { WasmCompiler.abiVersion }

/// Reserves `length` bytes for a scene's UTF-8 text and returns their
/// address; 0 when `length` is negative or over 1 MiB (a scene's limit).
@_expose(wasm, "lmc_input")
@_cdecl("lmc_input")
func lmcInput(_ length: Int32) -> UnsafeMutablePointer<UInt8>? {
  guard let address = WasmCompiler.input.reserve(Int(length)) else {
    WasmCompiler.report(ByteText(stringLiteral: WasmCompiler.Message.inputLength), line: 0, column: 0, pathLength: 0)
    return nil
  }
  return address
}

/// Compiles the scene text in the input's first `length` bytes: 0 when the
/// output holds the compiled image, 3 when it holds the error's message,
/// 11 when `length` is not within what `lmc_input` reserved.
@_expose(wasm, "lmc_compile")
@_cdecl("lmc_compile")
func lmcCompile(_ length: Int32) -> Int32 { WasmCompiler.compile(length).rawValue }

/// The output's address: the last compiled image, or the last message.
@_expose(wasm, "lmc_output")
@_cdecl("lmc_output")
func lmcOutput() -> UnsafeMutablePointer<UInt8>? { WasmCompiler.output.base }

/// The output's length in bytes.
@_expose(wasm, "lmc_output_length")
@_cdecl("lmc_output_length")
func lmcOutputLength() -> Int32 { Int32(WasmCompiler.output.count) }

/// The line of the last error (syntax and limits), or 0.
@_expose(wasm, "lmc_error_line")
@_cdecl("lmc_error_line")
func lmcErrorLine() -> Int32 { Int32(WasmCompiler.line) }

/// The column of the last error, in characters (syntax and limits), or 0.
@_expose(wasm, "lmc_error_column")
@_cdecl("lmc_error_column")
func lmcErrorColumn() -> Int32 { Int32(WasmCompiler.column) }

/// How many bytes at the start of the last message name the field at fault
/// (`clips[0].script[0].layer`), or 0.
@_expose(wasm, "lmc_error_path_length")
@_cdecl("lmc_error_path_length")
func lmcErrorPathLength() -> Int32 { Int32(WasmCompiler.pathLength) }
