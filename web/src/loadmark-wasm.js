// Loadmark's live engine: the Swift engine compiled to WebAssembly
// (tools/wasm/build), computing frames in the browser at any fps, size,
// colour or progress, with the same numbers as the exporter (docs/WASM.md);
// and the scene compiler, which turns a scene's text into the bytes the
// engine loads, for the gallery's playground. Built into one module with no
// imports (dist/loadmark-wasm.js), so it also runs as an inline module on a
// page opened from a file.
import { DEFAULT_SAMPLES, Compiler, Engine, MAX_FPS, MAX_SIDE, SAMPLES, hexColor } from './wasm-abi.js'
import { PLAYGROUND_BUDGET, WorkerCompiler, WorkerRefused, superseded } from './playground-compiler.js'

export { ABI_VERSION, COMPILER_ABI_VERSION, Compiler, Engine, EngineError, SceneError, hexColor } from './wasm-abi.js'
export { BudgetError, PLAYGROUND_BUDGET } from './playground-compiler.js'

/** Bytes of a module from a URL, `#id` of an element holding base64 text, or bytes. */
async function bytesOf(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source
  if (typeof source == 'string' && source[0] == '#') {
    const element = document.getElementById(source.slice(1))
    if (!element) throw Error(`loadmark: no element ${source} holds a module`)
    return Uint8Array.from(atob(element.textContent.trim()), (c) => c.charCodeAt(0))
  }
  const response = await fetch(source)
  if (!response.ok) throw Error(`loadmark: ${source}: HTTP ${response.status}`)
  return response.arrayBuffer()
}

/** `source`, else the page's `#id` block when it has one, else `file` beside this module. */
function sourceOf(source, id, file) {
  return source ?? (globalThis.document?.getElementById(id) ? '#' + id : new URL(file, import.meta.url).href)
}

/** The exports of the module at `source` (see `bytesOf`). */
async function instantiate(source) {
  return (await WebAssembly.instantiate(await bytesOf(source), {})).instance.exports
}

/** Instantiates the engine; `source` defaults to the page's `#loadmark-wasm` block, else loadmark.wasm beside this module. */
export async function loadEngine(source) {
  return new Engine(await instantiate(sourceOf(source, 'loadmark-wasm', 'loadmark.wasm')))
}

/** Instantiates the scene compiler; `source` defaults to `#loadmark-scene-wasm`, else loadmark-scene.wasm beside this module. */
export async function loadCompiler(source) {
  return new Compiler(await instantiate(sourceOf(source, 'loadmark-scene-wasm', 'loadmark-scene.wasm')))
}

let sharedCompiler

/** Compiles a scene's text with the page's scene compiler (loaded once, see `loadCompiler`): as `Compiler.compile`. */
export async function compile(sceneText) {
  sharedCompiler ??= loadCompiler()
  return (await sharedCompiler).compile(sceneText)
}

// `<loadmark-player preset="refresh" engine="wasm" size="70">` asks for its
// document with a bubbling `loadmark-engine` event (when it connects and when
// `preset`, `size` or `color` change); this module answers with a document it
// computes. Players that connected before this module ran are found by a scan.
let shared
// The options each player's document was computed with.
const served = new WeakMap()

/**
 * A number attribute as its value, or `fallback` when absent: decimal digits with an optional fraction (no sign,
 * exponent or hex), above `min` (from `min` when `whole`) and at most `max`; whole when `whole`.
 */
function decimalAttribute(element, name, { min, max, whole = false, fallback }) {
  const text = element.getAttribute(name)
  if (text == null) return fallback
  const value = /^\s*\d+(\.\d+)?\s*$/.test(text) ? +text : NaN
  const wanted = whole ? `a whole number from ${min} to ${max}` : `a number above ${min} and at most ${max}`
  const low = whole ? value >= min : value > min
  if (!low || !(value <= max) || (whole && !Number.isInteger(value))) throw Error(`${name}="${text}": expected ${wanted}`)
  return value
}

// The canvas that turns CSS colours into hex: one, made when first needed.
let colorCanvas

/** The engine's colour for a `color` attribute: hex as is, another CSS colour (a name, `rgb()`) through a canvas. */
function colorAttribute(element) {
  const text = element.getAttribute('color')
  if (text == null || text.trim() == '') return undefined
  const color = text.trim()
  if (hexColor(color) != null) return color
  colorCanvas ??= globalThis.document?.createElement('canvas').getContext('2d')
  if (colorCanvas && !color.startsWith('#')) {
    // A colour the canvas cannot parse leaves its fillStyle as it was: try from two different ones.
    const parsed = ['#000001', '#000002'].map((start) => ((colorCanvas.fillStyle = start), (colorCanvas.fillStyle = color), colorCanvas.fillStyle))
    if (parsed[0] == parsed[1]) {
      const rgba = /^rgba\((\d+), (\d+), (\d+), ([\d.]+)\)$/.exec(parsed[0])
      return rgba ? '#' + [rgba[1], rgba[2], rgba[3], Math.round(rgba[4] * 255)].map((n) => (+n).toString(16).padStart(2, '0')).join('') : parsed[0]
    }
  }
  throw Error(`color="${text}": expected #rgb, #rgba, #rrggbb, #rrggbbaa or a CSS colour`)
}

/** The engine's request for `element`, from its attributes; throws naming the first bad attribute and its value. */
export function attributeOptions(element, presets) {
  const preset = element.getAttribute('preset')
  if (!presets.includes(preset)) throw Error(`preset="${preset ?? ''}": expected one of ${presets.join(', ')}`)
  const size = decimalAttribute(element, 'size', { min: 0, max: MAX_SIDE })
  const fps = decimalAttribute(element, 'fps', { min: 0, max: MAX_FPS, fallback: 60 })
  // `speed` is not the engine's: the player plays its document at that rate, and checks it (MIN_SPEED to MAX_SPEED).
  const progressSamples = decimalAttribute(element, 'progress-samples', { min: SAMPLES[0], max: SAMPLES[1], whole: true, fallback: DEFAULT_SAMPLES })
  return { preset, size, fps, progressSamples, color: colorAttribute(element) }
}

/** Computes the document for a player element from its attributes and loads it; a refusal leaves its document as it was. */
export async function serve(element) {
  try {
    shared ??= loadEngine()
    const engine = await shared
    // A player found by the scan may not be upgraded yet (a <loadmark-status> is a player too).
    await customElements.whenDefined(element.localName)
    const { preset, size, fps, progressSamples, color } = attributeOptions(element, engine.presets)
    // A new colour alone needs no new document: the player's `color` rethemes the one it has.
    const key = [preset, size, fps, progressSamples, color ? 'themed' : 'plain'].join()
    if (element.doc && served.get(element) == key) return
    // Select and sample with no await between: players share the one engine.
    engine.select(preset, { size: size ? [size, size] : undefined, color })
    const doc = engine.document({ fps, progressSamples })
    if (size) Object.assign(element.style, { width: size + 'px', height: size + 'px' })
    served.set(element, key)
    await element.load(doc)
  } catch (error) {
    const message = error.message.replace(/^loadmark: /, '')
    element.dispatchEvent(new CustomEvent('error', { detail: { message } }))
    console.error('loadmark: ' + message)
  }
}

/** The engine and the compiler as WebAssembly.Module objects, from the same sources as `loadEngine` and `loadCompiler`. */
async function compiledModules() {
  const compiled = async (id, file) => WebAssembly.compile(await bytesOf(sourceOf(undefined, id, file)))
  const [engine, compiler] = await Promise.all([compiled('loadmark-wasm', 'loadmark.wasm'), compiled('loadmark-scene-wasm', 'loadmark-scene.wasm')])
  return { engine, compiler }
}

/** The frame document of a scene's text, compiled and sampled on the main thread: nothing can stop it. */
async function documentHere(text) {
  const image = await compile(text)
  const engine = await (shared ??= loadEngine())
  // Loaded and sampled with no await between: players share the one engine.
  return engine.load(image).document({ fps: 60, progressSamples: DEFAULT_SAMPLES })
}

/** A budget in milliseconds from the root's `data-lm-budget`, when it holds a positive number; else `fallback`. */
function budgetOf(root, fallback) {
  const value = Number(root.getAttribute('data-lm-budget'))
  return value > 0 && Number.isFinite(value) ? value : fallback
}

/**
 * The gallery's playground: `root` holds a textarea `[data-lm-scene]` with a scene's text, a player
 * `[data-lm-scene-player]` and an output `[data-lm-scene-error]` (an aria-live region). Each edit, once typing
 * pauses for `delay` ms, compiles the text and plays it; an error is shown with its line and column or field
 * path, and the last scene that compiled keeps playing. `root` gets a `loadmark-scene` event after each
 * attempt, its detail `{ doc }` or `{ error }`.
 *
 * The compile and the sampling run in a worker, stopped after `budget` ms (`PLAYGROUND_BUDGET`, or the root's
 * `data-lm-budget`) with a `BudgetError`, so that the page stays responsive whatever the text. Where the browser
 * refuses the worker, they run on the main thread, unbounded, and the console says so once. `root`'s
 * `data-lm-compiler` says which: `worker` or `main-thread`.
 */
export function playground(root, { delay = 300, budget = PLAYGROUND_BUDGET } = {}) {
  const input = root.querySelector('[data-lm-scene]'), player = root.querySelector('[data-lm-scene-player]')
  const output = root.querySelector('[data-lm-scene-error]')
  let timer, attempt = 0, worker = new WorkerCompiler(compiledModules)
  root.setAttribute('data-lm-compiler', 'worker')
  const sceneDocument = async (text) => {
    if (worker) {
      try {
        return await worker.run(text, budgetOf(root, budget))
      } catch (error) {
        if (!(error instanceof WorkerRefused)) throw error
        worker = null
        root.setAttribute('data-lm-compiler', 'main-thread')
        console.warn('loadmark: ' + error.message)
      }
    }
    return documentHere(text)
  }
  const update = async () => {
    const ticket = ++attempt
    let detail
    try {
      const doc = await sceneDocument(input.value)
      // A later edit won.
      if (ticket != attempt) return
      // The player fits the scene to its box.
      await player.load(doc)
      // A scene that starts with a progress clip plays its first clip over time, if it has one.
      player.play(doc.clips.find((clip) => clip.index == 'time')?.name)
      output.textContent = ''
      input.removeAttribute('aria-invalid')
      detail = { doc }
    } catch (error) {
      if (ticket != attempt || superseded(error)) return
      output.textContent = error.message.replace(/^loadmark: /, '')
      input.setAttribute('aria-invalid', 'true')
      detail = { error }
    }
    root.dispatchEvent(new CustomEvent('loadmark-scene', { detail }))
  }
  input.addEventListener('input', () => {
    clearTimeout(timer)
    timer = setTimeout(update, delay)
  })
  return update()
}

if (globalThis.document) {
  document.addEventListener('loadmark-engine', (event) => event.target.getAttribute('engine') == 'wasm' && serve(event.target))
  for (const element of document.querySelectorAll('[engine="wasm"]')) serve(element)
  for (const element of document.querySelectorAll('[data-lm-playground]')) playground(element)
}
