// Types of Loadmark's live engine: `loadmark/wasm` (dist/loadmark-wasm.js), the Swift engine compiled to
// WebAssembly, which computes frame documents in the page, and the scene compiler, which turns a scene's text into
// the bytes the engine loads. Written by hand from web/src/loadmark-wasm.js and docs/WASM.md; the package test
// type-checks a consumer against them with `tsc --strict`. Importing the module also answers every
// `<loadmark-player engine="wasm">` on the page and wires every `[data-lm-playground]`.
import type { Clip, Layer, LoadmarkDocument, LoadmarkPlayerElement, Transition } from './loadmark-player.js'

/** The engine ABI version this module speaks: what the engine's `lm_abi_version()` must return. */
export const ABI_VERSION: 4
/** The scene compiler ABI version this module speaks: what the compiler's `lmc_abi_version()` must return. */
export const COMPILER_ABI_VERSION: 1

/** Where a module's bytes come from: a URL, `#id` of an element holding its base64 text, or the bytes themselves. */
export type ModuleSource = string | URL | ArrayBuffer | ArrayBufferView

/**
 * Instantiates the engine (`loadmark.wasm`); `source` defaults to the page's `#loadmark-wasm` block when it has one,
 * else loadmark.wasm beside this module.
 * @throws {EngineError} when the module speaks another ABI version (status 0); an `Error` when it cannot be fetched.
 */
export function loadEngine(source?: ModuleSource): Promise<Engine>

/**
 * Instantiates the scene compiler (`loadmark-scene.wasm`); `source` defaults to the page's `#loadmark-scene-wasm`
 * block when it has one, else loadmark-scene.wasm beside this module.
 * @throws {EngineError} when the module speaks another ABI version (status 0); an `Error` when it cannot be fetched.
 */
export function loadCompiler(source?: ModuleSource): Promise<Compiler>

/**
 * Compiles a scene's JSON text (or its UTF-8 bytes) with the page's scene compiler, loaded once as `loadCompiler()`
 * loads it: the bytes `Engine.load` takes, as `Compiler.compile`.
 * @throws {SceneError} when the scene does not compile.
 */
export function compile(sceneText: string | ArrayBuffer | ArrayBufferView): Promise<Uint8Array>

/**
 * 0xRRGGBBAA of `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (an `i64` argument of the engine, so a bigint); -1n for no
 * colour (null or undefined); null when the text is not one of those forms.
 */
export function hexColor(color?: string | null): bigint | null

/**
 * A refusal of the engine or the compiler module. `message` is `loadmark: ` and the module's own text; `status` is
 * the ABI's status (positive; docs/WASM.md, "Statuses"): 0 for a module of another ABI version, 2 for an argument
 * refused before the call because JavaScript would convert it silently on its way to an `i32`.
 */
export class EngineError extends Error {
  /** A refusal with the module's text (`loadmark: ` is added) and its status. */
  constructor(message: string, status: number)
  /** `EngineError`. */
  name: 'EngineError'
  /** The ABI's status of the refusal. */
  status: number
}

/**
 * The options of `Engine.select` and `Engine.load`, each checked for its type here and for its range by the engine
 * (docs/WASM.md, "Arguments"). Absent, each leaves the indicator as it is designed.
 */
export interface EngineOptions {
  /** A factor on the indicator's size, above 0; not with `size`. */
  scale?: number
  /** `[width, height]` in points, each above 0 and at most 10,000; not with `scale`. */
  size?: [number, number]
  /** The accent colour: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (no other CSS colour). */
  color?: string | null
  /** The stroke width, above 0 and at most 10,000. */
  lineWidth?: number
  /** The animation's speed, 0.01 to 100; 1 by default. */
  speed?: number
}

/** The options of `Engine.document`. */
export interface DocumentOptions {
  /** Frames a second, above 0 and at most 1000; 60 by default. */
  fps?: number
  /** Steps per unit of progress of the progress clips, a whole number from 2 to 100,000; 101 by default. */
  progressSamples?: number
}

/** A clip of the selection, as `lm_describe` lists it: over time, or over progress. */
export type EngineClip =
  | {
    /** The clip's name, as `sample` takes it. */
    name: string
    /** Sampled over time. */
    index: 'time'
    /** Its length in seconds. */
    duration: number
    /** Whether it plays round and round. */
    loop: boolean
  }
  | {
    /** The clip's name, as `sample` takes it. */
    name: string
    /** Sampled over the host's progress. */
    index: 'progress'
    /** A progress clip follows the host's progress: it never loops. */
    loop: false
    /** The progress of its first and last frames. */
    domain: [number, number]
    /** Where progress past the domain's end repeats from; undefined when it does not repeat. */
    repeatFrom?: number
    /** The time clip played when the progress reaches the domain's end, if any. */
    finish?: string
    /** Whether a change of progress eases there (`Engine.transition`). */
    transition: boolean
  }

/** What is selected: the indicator's canvas in points, its layers (as a document has them) and its clips. */
export interface EngineSelection {
  /** The canvas's width in points. */
  width: number
  /** Its height. */
  height: number
  /** Its layers, in drawing order, as the document has them. */
  layers: Layer[]
  /** Its clips, by index. */
  clips: EngineClip[]
}

/**
 * The frame document `Engine.document` computes: a version 2 document at full precision, every track a number per
 * frame. The player loads it as it is.
 */
export interface EngineDocument extends Omit<LoadmarkDocument, 'version' | 'clips'> {
  /** The version the engine writes. */
  version: 2
  /** Every clip, its tracks one number per frame. */
  clips: Clip<number[]>[]
}

/**
 * The exports of an engine module (docs/WASM.md, "The engine's ABI"): every function takes and returns numbers (an
 * `i64` as a bigint); results land in `memory` at `lm_output()`. `Engine` wraps them.
 */
export interface EngineExports {
  /** The module's linear memory. */
  memory: { readonly buffer: ArrayBuffer }
  /** The ABI version the module speaks: 4. */
  lm_abi_version(): number
  /** How many presets there are. */
  lm_preset_count(): number
  /** Writes a preset's name (one byte per Double); its length, or −1. */
  lm_preset_name(preset: number): number
  /** Selects a preset with options (−1 each for none; `color` 0xRRGGBBAA); a status: 0, 1 or 2. */
  lm_select(preset: number, scale: number, width: number, height: number, color: bigint, lineWidth: number, speed: number): number
  /** Reserves `length` bytes for a compiled scene; their address, or 0. */
  lm_input(length: number): number
  /** Selects the compiled scene in the input's first `length` bytes, options as `lm_select`; a status. */
  lm_load(length: number, scale: number, width: number, height: number, color: bigint, lineWidth: number, speed: number): number
  /** Writes why the last refused call was refused; its length. */
  lm_error(): number
  /** Writes the selected indicator's name; its length, or −4. */
  lm_name(): number
  /** Writes the selected indicator's layers and clips (docs/WASM.md, "`lm_describe` layout"); the count, or −4. */
  lm_describe(): number
  /** Tracks per frame, or −4. */
  lm_track_count(): number
  /** Frames of a clip at `fps` with `samples` per unit of progress, or a negated status. */
  lm_frame_count(clip: number, fps: number, samples: number): number
  /** Writes every frame of a clip, frame-major; the frames, or a negated status. */
  lm_sample_clip(clip: number, fps: number, samples: number): number
  /** Writes one instant of a clip; the count, or a negated status. */
  lm_sample(clip: number, x: number): number
  /** Writes the progress clips' transition at `fps` (its duration, then its fractions); its frames, or a negated status. */
  lm_transition(fps: number): number
  /** The output buffer's address. */
  lm_output(): number
  /** FNV-1a 64 of every value of a clip with default options; 0 when refused. */
  lm_check_hash(preset: number, clip: number, fps: number, samples: number): bigint
  /** One value of such a clip; NaN when refused. */
  lm_check_value(preset: number, clip: number, fps: number, samples: number, track: number, frame: number): number
  /** Bytes allocated and not freed. */
  lm_heap_in_use(): number
}

/**
 * The engine module's C ABI as documents and samples: select a preset or load a compiled scene, then ask for its
 * document, one instant, or its transition. Every refusal is an `EngineError` with the engine's message; after one,
 * the selection is as it was.
 */
export class Engine {
  // Its helpers that read the output buffer (`values`, `text`, `describe`, `selectedNow`) are the wrapper's own,
  // undocumented in the source and free to change: they are left out, so that no caller comes to rely on them.

  /**
   * Wraps the exports of an engine module (`instance.exports`), reading its preset names.
   * @throws {EngineError} unless it speaks ABI version 4 (status 0).
   */
  constructor(abi: EngineExports | WebAssembly.Exports)
  /** The module's exports. */
  readonly abi: EngineExports
  /** The presets' names, by index: success, error, progress, dots, refresh. */
  readonly presets: string[]
  /** The name of the indicator selected last; undefined before the first. */
  name?: string
  /** What `select` or `load` selected last; undefined before the first. */
  selected?: EngineSelection
  /** The selected indicator's name, or empty before the first selection: the document's `preset`. */
  readonly presetName: string

  /**
   * Selects `preset`, by name or index, with `options`; returns the engine, for `select(…).document()`.
   * @throws {EngineError} status 1 for an unknown preset, 2 for an option of the wrong type or out of range.
   */
  select(preset: string | number, options?: EngineOptions): this

  /**
   * Selects a compiled scene (the bytes `loadmark compile` writes, or `compile` returns, at most 1 MiB) with the
   * same options as `select`; returns the engine.
   * @throws {EngineError} status 3 for bytes that are not a compiled scene, 11 for more than 1 MiB.
   */
  load(image: ArrayBuffer | ArrayBufferView, options?: EngineOptions): this

  /**
   * The selected indicator's frame document (docs/FORMAT.md, full precision) at `fps`, with `progressSamples` per
   * unit of progress.
   * @throws {EngineError} status 4 when nothing is selected, 6 to 9 for a rate or sampling the engine refuses.
   */
  document(options?: DocumentOptions): EngineDocument

  /**
   * One instant of clip `clip` (index or name): `x` seconds into a time clip, or progress `x` of a progress clip's
   * domain; one value per track, in the document's track order.
   * @throws {EngineError} status 5 for an unknown clip, 10 for an `x` outside the clip.
   */
  sample(clip: string | number, x: number): Float64Array

  /** The transition of the selected indicator's progress clips at `fps`: the implicit animation the engine samples. */
  transition(fps: number): Transition<number[]>

  /** The selection `lm_describe` read; throws as the engine does (status 4) when nothing is selected. */
  selection(): EngineSelection

  /** `result` if it is a count or 0; a negative count, or a non-zero `status`, is thrown with `lm_error`'s text. */
  check(result: number, status?: number): number
}

/** The parts of a `SceneError`. */
export interface SceneErrorParts {
  /** The line of a syntax error or a structure limit (1-based), else null. */
  line: number | null
  /** Its column in characters (0 for an empty text), else null. */
  column: number | null
  /** The field at fault, such as `clips[0].script[0].layer`, else null. */
  path: string | null
  /** The message without its position or path. */
  reason: string
  /** The compiler's status: 3 (not a scene), 11 (over 1 MiB). */
  status: number
}

/**
 * A scene compiler's refusal: `message` is what `loadmark validate` prints after the file name, word for word
 * (`27:25: string or '}' expected near ','`, `clips[0].script[0].layer: unknown layer "rings"`), and its parts.
 */
export class SceneError extends Error implements SceneErrorParts {
  /** A refusal with its message and its parts. */
  constructor(message: string, parts: SceneErrorParts)
  /** `SceneError`. */
  name: 'SceneError'
  /** The line of a syntax error or a structure limit (1-based), else null. */
  line: number | null
  /** Its column in characters (0 for an empty text), else null. */
  column: number | null
  /** The field at fault, such as `clips[0].script[0].layer`, else null. */
  path: string | null
  /** The message without its position or path. */
  reason: string
  /** The compiler's status: 3 (not a scene), 11 (over 1 MiB). */
  status: number
}

/** The exports of a scene compiler module (docs/WASM.md, "The scene compiler's ABI"). `Compiler` wraps them. */
export interface CompilerExports {
  /** The module's linear memory. */
  memory: { readonly buffer: ArrayBuffer }
  /** The ABI version the module speaks: 1. */
  lmc_abi_version(): number
  /** Reserves `length` bytes for a scene's UTF-8 text; their address, or 0. */
  lmc_input(length: number): number
  /** Compiles the text in the input's first `length` bytes: 0 (the output holds the image), 3 or 11 (its message). */
  lmc_compile(length: number): number
  /** The output's address. */
  lmc_output(): number
  /** The output's length in bytes. */
  lmc_output_length(): number
  /** The last error's line (1-based) for syntax and structure limits; 0 for the others. */
  lmc_error_line(): number
  /** Its column in characters; 0 for the others. */
  lmc_error_column(): number
  /** How many bytes at the start of the message name the field at fault; 0 for the others. */
  lmc_error_path_length(): number
  /** Bytes allocated and not freed. */
  lmc_heap_in_use(): number
}

/** The scene compiler module's ABI: a scene's text in, the bytes `Engine.load` takes out. */
export class Compiler {
  /**
   * Wraps the exports of a scene compiler module (`instance.exports`).
   * @throws {EngineError} unless it speaks ABI version 1 (status 0).
   */
  constructor(abi: CompilerExports | WebAssembly.Exports)
  /** The module's exports. */
  readonly abi: CompilerExports

  /**
   * The compiled image of `scene` (its JSON text, or UTF-8 bytes), a copy.
   * @throws {SceneError} when it does not compile; a `TypeError` when `scene` is neither text nor bytes.
   */
  compile(scene: string | ArrayBuffer | ArrayBufferView): Uint8Array
}

/** What the live engine reads from a player's attributes, each checked. */
export interface AttributeOptions {
  /** One of the engine's presets. */
  preset: string
  /** `size`, CSS pixels; undefined when absent. */
  size: number | undefined
  /** `fps`; 60 when absent. */
  fps: number
  /** `progress-samples`; 1,001 when absent. */
  progressSamples: number
  /** `color` as hex (another CSS colour read through a canvas); undefined when absent or empty. */
  color: string | undefined
}

/**
 * The engine's request for `element`, from its `preset`, `size`, `fps`, `speed`, `progress-samples` and `color`
 * attributes; `presets` are the names it may ask for.
 * @throws {Error} naming the first bad attribute and its value (`size="1e9": expected a number above 0 and at most 10000`).
 */
export function attributeOptions(element: Element, presets: readonly string[]): AttributeOptions

/**
 * Computes the document for a player element from its attributes and loads it. A refusal is an `error` event on the
 * element (and a line on the console), never a rejection, and leaves its document as it was.
 */
export function serve(element: LoadmarkPlayerElement): Promise<void>

/** The options of `playground`. */
export interface PlaygroundOptions {
  /** Milliseconds typing must pause before the text is compiled; 300 by default. */
  delay?: number
  /** Milliseconds one scene may take to compile and sample in the worker; `PLAYGROUND_BUDGET` by default. The root's `data-lm-budget` overrides it. */
  budget?: number
}

/** How long the playground lets one scene compile and sample in its worker, in milliseconds: 2000. */
export const PLAYGROUND_BUDGET: 2000

/** A scene the playground stopped: it took longer than `budget` milliseconds to compile and sample. */
export class BudgetError extends Error {
  /** A stop after `budget` milliseconds. */
  constructor(budget: number)
  /** `BudgetError`. */
  name: 'BudgetError'
  /** The budget it ran past, in milliseconds. */
  budget: number
}

/** The `detail` of the `loadmark-scene` event `playground` dispatches on its root after each attempt. */
export type PlaygroundDetail = { doc: EngineDocument } | { error: Error }

/**
 * The gallery's playground: `root` holds a textarea `[data-lm-scene]` with a scene's text, a player
 * `[data-lm-scene-player]` and an output `[data-lm-scene-error]`. Each edit, once typing pauses for `delay` ms,
 * compiles the text and plays it; an error is shown with its line and column or field path, and the last scene that
 * compiled keeps playing. `root` gets a `loadmark-scene` event (a `CustomEvent<PlaygroundDetail>`) after each
 * attempt. Resolves once the text already there has been tried.
 *
 * The compile and the sampling run in a worker started from a blob: URL (a page's policy needs `worker-src blob:`);
 * one past its budget is stopped, the worker terminated, and the error is a `BudgetError`. Where the browser refuses
 * the worker they run on the main thread with no budget, the console says so once, and the root's
 * `data-lm-compiler` is `main-thread` instead of `worker`.
 */
export function playground(root: Element, options?: PlaygroundOptions): Promise<void>
