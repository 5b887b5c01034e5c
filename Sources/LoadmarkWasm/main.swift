import LoadmarkCore
import LoadmarkWasmSupport

#if arch(wasm32)
import CLoadmarkWasmRuntime

/// Bytes the allocator has handed out and not had back: flat across calls
/// when sampling frees what it allocates (tested from Node).
@_expose(wasm, "lm_heap_in_use")
@_cdecl("lm_heap_in_use")
func lmHeapInUse() -> Int32 { Int32(loadmark_heap_in_use()) }
#endif

#if canImport(Glibc)
// On a Linux host, `rounded()` and `squareRoot()` become calls to libm's
// `round`, `floor` and `sqrt` (exact, correctly rounded operations); Glibc
// links libm. The wasm build gets `round` from CLoadmarkWasmRuntime and uses
// instructions for the rest.
import Glibc
#endif

// The C ABI of the WebAssembly module (docs/WASM.md). Every function takes
// and returns numbers; results land in one output buffer in linear memory,
// found with `lm_output`. Every argument is checked: a call out of range
// returns a status (negated where a count is returned) and `lm_error` says
// why. Host builds compile these as ordinary functions.

/// The ABI version (``WasmEngine/abiVersion``); bumped on any change to these functions.
@_expose(wasm, "lm_abi_version")
@_cdecl("lm_abi_version")
func lmABIVersion() -> Int32 { WasmEngine.abiVersion }

/// How many presets there are (indices 0 ..< count, in `Indicator.presetNames` order).
@_expose(wasm, "lm_preset_count")
@_cdecl("lm_preset_count")
func lmPresetCount() -> Int32 { Int32(PresetImage.count) }

/// Writes preset `index`'s name to the output buffer, one byte per Double;
/// returns its length, or −1 past the end.
@_expose(wasm, "lm_preset_name")
@_cdecl("lm_preset_name")
func lmPresetName(_ index: Int32) -> Int32 {
  Int32(WasmEngine.presetName(Int(index)))
}

/// Selects a preset with options; 0 on success (see `WasmEngine.Status`).
@_expose(wasm, "lm_select")
@_cdecl("lm_select")
func lmSelect(
  _ preset: Int32, _ scale: Double, _ width: Double, _ height: Double, _ color: Int64, _ lineWidth: Double,
  _ speed: Double
) -> Int32 {
  WasmEngine.select(preset, scale: scale, width: width, height: height, color: color, lineWidth: lineWidth, speed: speed)
    .rawValue
}

/// Reserves `length` bytes for a compiled scene (`loadmark compile`) and
/// returns their address, where the host writes it before `lm_load`; 0 when
/// `length` is negative or over 1 MiB.
@_expose(wasm, "lm_input")
@_cdecl("lm_input")
func lmInput(_ length: Int32) -> UnsafeMutablePointer<UInt8>? {
  guard let address = WasmEngine.input.reserve(Int(length)) else {
    _ = WasmEngine.fail(.badLength, WasmEngine.Message.inputLength)
    return nil
  }
  return address
}

/// Selects the compiled scene in the input buffer's first `length` bytes
/// with options (as `lm_select`); 0 on success, 3 when the bytes are not a
/// compiled scene this module reads, 11 when `length` is not within what
/// `lm_input` reserved, 2 for a bad option.
@_expose(wasm, "lm_load")
@_cdecl("lm_load")
func lmLoad(
  _ length: Int32, _ scale: Double, _ width: Double, _ height: Double, _ color: Int64, _ lineWidth: Double,
  _ speed: Double
) -> Int32 {
  WasmEngine.load(length, scale: scale, width: width, height: height, color: color, lineWidth: lineWidth, speed: speed)
    .rawValue
}

/// Writes why the last call that failed failed to the output buffer, one
/// byte per Double; returns its length.
@_expose(wasm, "lm_error")
@_cdecl("lm_error")
func lmError() -> Int32 { Int32(WasmEngine.writeError()) }

/// Writes the selected indicator's name to the output buffer; returns its
/// length, or −4 when nothing is selected.
@_expose(wasm, "lm_name")
@_cdecl("lm_name")
func lmName() -> Int32 { Int32(WasmEngine.selectedName()) }

/// Writes the selected preset's layers and clips to the output buffer;
/// returns the number of Doubles written, or −4 when nothing is selected.
@_expose(wasm, "lm_describe")
@_cdecl("lm_describe")
func lmDescribe() -> Int32 { Int32(WasmEngine.describe()) }

/// Tracks per frame of every clip of the selected preset, or −4.
@_expose(wasm, "lm_track_count")
@_cdecl("lm_track_count")
func lmTrackCount() -> Int32 { Int32(WasmEngine.trackCount()) }

/// Frames of clip `clip` at `fps` (progress clips: `samples`), or a negated
/// status.
@_expose(wasm, "lm_frame_count")
@_cdecl("lm_frame_count")
func lmFrameCount(_ clip: Int32, _ fps: Double, _ samples: Int32) -> Int32 {
  Int32(WasmEngine.frameCount(Int(clip), fps: fps, progressSamples: Int(samples)))
}

/// Samples a whole clip into the output buffer, frame-major; returns
/// frames, or a negated status.
@_expose(wasm, "lm_sample_clip")
@_cdecl("lm_sample_clip")
func lmSampleClip(_ clip: Int32, _ fps: Double, _ samples: Int32) -> Int32 {
  Int32(WasmEngine.sampleClip(Int(clip), fps: fps, progressSamples: Int(samples)))
}

/// Samples one instant (seconds ≥ 0, or progress 0…1) into the output
/// buffer; returns the number of values, or a negated status.
@_expose(wasm, "lm_sample")
@_cdecl("lm_sample")
func lmSample(_ clip: Int32, _ x: Double) -> Int32 {
  Int32(WasmEngine.sampleInstant(Int(clip), at: x))
}

/// Writes the transition of the selected preset's progress clips at `fps`
/// (`Rule.implicitAnimation`) to the output buffer: its duration, then the
/// fraction of a change shown at each frame; returns the count of fractions.
@_expose(wasm, "lm_transition")
@_cdecl("lm_transition")
func lmTransition(_ fps: Double) -> Int32 { Int32(WasmEngine.transition(fps: fps)) }

/// The output buffer's address in linear memory (0 before the first
/// result is written).
@_expose(wasm, "lm_output")
@_cdecl("lm_output")
func lmOutput() -> UnsafeMutablePointer<Double>? { WasmEngine.output.base }

/// For runtimes that print only return values (`wasmkit run` starts a fresh
/// instance per call): FNV-1a 64 over the bit patterns of every value of a
/// clip of preset `preset` with default options, frame-major; 0 when the
/// request is refused. The consistency check compares it with the same hash
/// of the native engine's full-precision export.
@_expose(wasm, "lm_check_hash")
@_cdecl("lm_check_hash")
func lmCheckHash(_ preset: Int32, _ clip: Int32, _ fps: Double, _ samples: Int32) -> UInt64 {
  guard WasmEngine.select(preset, scale: -1, width: -1, height: -1, color: -1, lineWidth: -1, speed: 1) == .ok else { return 0 }
  return WasmEngine.clipHash(Int(clip), fps: fps, progressSamples: Int(samples))
}

/// One value of preset `preset`'s clip with default options, for measuring
/// how far apart two platforms are (in ULPs) once a hash differs; NaN when
/// the request is refused.
@_expose(wasm, "lm_check_value")
@_cdecl("lm_check_value")
func lmCheckValue(_ preset: Int32, _ clip: Int32, _ fps: Double, _ samples: Int32, _ track: Int32, _ frame: Int32) -> Double {
  guard WasmEngine.select(preset, scale: -1, width: -1, height: -1, color: -1, lineWidth: -1, speed: 1) == .ok else { return .nan }
  let frames = WasmEngine.sampleClip(Int(clip), fps: fps, progressSamples: Int(samples))
  let tracks = WasmEngine.trackCount()
  guard frame >= 0, Int(frame) < frames, track >= 0, Int(track) < tracks else { return .nan }
  return WasmEngine.output[Int(frame) * tracks + Int(track)]
}
