// The WebAssembly modules' C ABIs as JavaScript: the engine (frame documents and samples) and the scene
// compiler (a scene's text to the bytes the engine loads). No DOM and no imports but the vocabulary, so the
// page's module and the playground's worker (playground-worker.js) share it.
import { FORMAT, KINDS as PROPERTIES, LINE_CAPS as CAPS, LINE_JOINS as JOINS, LOWEST_WRITTEN_VERSION, MAX_SPEED, MIN_SPEED, ROLES } from './format.js'

// The ABI numbers kinds, caps and joins in the Swift enums' order, which the vocabulary keeps.
const KINDS = Object.keys(PROPERTIES)

/** The ABI versions this file speaks: the engine's `lm_abi_version()` and the compiler's `lmc_abi_version()`. */
export const ABI_VERSION = 4
export const COMPILER_ABI_VERSION = 1

/** The engine's ranges (docs/WASM.md, "Arguments"), checked here too so that a bad value is named before any call. */
export const SPEEDS = [MIN_SPEED, MAX_SPEED], SAMPLES = [2, 100000], DEFAULT_SAMPLES = 1001

/** A refusal of the engine or the compiler: `status` as the ABI numbers it (positive), the message as it wrote it. */
export class EngineError extends Error {
  constructor(message, status) {
    super('loadmark: ' + message)
    this.name = 'EngineError'
    this.status = status
  }
}

/** Throws unless `value` is a whole number from `min` to `max` (an i32 argument: JS would wrap or truncate anything else). */
function whole(name, value, min, max) {
  if (!Number.isInteger(value) || value < min || value > max) throw new EngineError(`${name}: expected a whole number from ${min} to ${max}, got ${String(value)}`, 2)
  return value
}

/** Throws unless `value` is a number (finite or not: the engine names what is out of range). */
function number(name, value) {
  if (typeof value != 'number') throw new EngineError(`${name}: expected a number, got ${typeof value}`, 2)
  return value
}

/** 0xRRGGBBAA of `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`; -1 for none; null when malformed. */
export function hexColor(color) {
  if (color == null) return -1n
  const hex = typeof color == 'string' && /^#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i.exec(color)?.[1]
  if (!hex) return null
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex
  return BigInt('0x' + full + (full.length == 6 ? 'ff' : ''))
}

/** The engine's options as its arguments, each checked for its type (the engine checks the ranges and says which). */
function optionArguments({ scale = -1, size = [-1, -1], color, lineWidth = -1, speed = 1 } = {}) {
  if (!Array.isArray(size) || size.length != 2) throw new EngineError(`size: expected [width, height], got ${String(size)}`, 2)
  const rgba = hexColor(color)
  if (rgba == null) throw new EngineError(`color: expected #rgb, #rgba, #rrggbb or #rrggbbaa, got ${String(color)}`, 2)
  return [number('scale', scale), number('size', size[0]), number('size', size[1]), rgba, number('lineWidth', lineWidth), number('speed', speed)]
}

/** The wasm module's C ABI as documents and samples; every refusal is an `EngineError` with the engine's message. */
export class Engine {
  /** Wraps the exports of an engine module; throws unless it speaks ABI version 4. */
  constructor(abi) {
    const version = typeof abi?.lm_abi_version == 'function' ? abi.lm_abi_version() : undefined
    if (version !== ABI_VERSION) {
      throw new EngineError(`the engine module speaks ABI version ${version ?? 'none'}; this loadmark-wasm.js needs version ${ABI_VERSION}: build both from the same Loadmark (tools/wasm/build)`, 0)
    }
    this.abi = abi
    this.presets = Array.from({ length: abi.lm_preset_count() }, (_, i) => this.text(this.values(this.check(abi.lm_preset_name(i)))))
  }

  /** `result` if it is a count or 0; a negative count or a non-zero status is thrown with `lm_error`'s text. */
  check(result, status = result < 0 ? -result : 0) {
    if (result >= 0 && !status) return result
    throw new EngineError(this.text(this.values(this.abi.lm_error())), Math.abs(status))
  }

  /** The selection `lm_describe` read; throws as the engine does when nothing is selected. */
  selection() {
    if (!this.selected) throw new EngineError('nothing is selected: call select or load first', 4)
    return this.selected
  }

  // The output buffer's first `count` Doubles (a copy: the next call reuses the memory).
  values(count) {
    return new Float64Array(this.abi.memory.buffer, this.abi.lm_output(), count).slice()
  }

  text(codes) {
    return String.fromCharCode(...codes)
  }

  /** Selects `preset` (name or index) with options {scale, size: [w, h], color: '#rrggbb[aa]', lineWidth, speed}. */
  select(preset, options) {
    const index = typeof preset == 'number' ? whole('preset', preset, 0, this.presets.length - 1) : this.presets.indexOf(preset)
    if (index < 0) throw new EngineError(`preset: expected one of ${this.presets.join(', ')}, got ${String(preset)}`, 1)
    const status = this.abi.lm_select(index, ...optionArguments(options))
    this.check(0, status)
    return this.selectedNow()
  }

  /** Selects a compiled scene (the bytes `loadmark compile` writes, or `compile` returns) with the same options as `select`. */
  load(image, options) {
    const bytes = image instanceof Uint8Array ? image : ArrayBuffer.isView(image) ? new Uint8Array(image.buffer, image.byteOffset, image.byteLength) : new Uint8Array(image)
    const args = optionArguments(options)
    const address = this.abi.lm_input(bytes.length)
    if (!address) throw new EngineError(`a compiled scene of ${bytes.length} bytes is over the 1 MiB an engine loads`, 11)
    new Uint8Array(this.abi.memory.buffer, address, bytes.length).set(bytes)
    this.check(0, this.abi.lm_load(bytes.length, ...args))
    return this.selectedNow()
  }

  // Reads back what lm_select or lm_load selected.
  selectedNow() {
    this.name = this.text(this.values(this.check(this.abi.lm_name())))
    this.selected = this.describe()
    return this
  }

  // Reads lm_describe's flat list (docs/WASM.md) into layers and clips.
  describe() {
    const v = this.values(this.check(this.abi.lm_describe()))
    let i = 0
    const next = () => v[i++]
    const point = () => [next(), next()]
    const string = () => {
      const length = next()
      return this.text(v.slice(i, (i += length)))
    }
    const color = () => {
      const rgba = next()
      return rgba < 0 ? undefined : '#' + rgba.toString(16).padStart(8, '0').replace(/ff$/, '')
    }
    const [width, height, count] = [next(), next(), next()]
    const layers = []
    for (let n = 0; n < count; n++) {
      // Roles: 0 none, then the vocabulary's order.
      const kind = KINDS[next()], role = ROLES[next() - 1], id = string()
      const layer = { id, kind, stroke: color(), fill: color(), lineWidth: next(), lineCap: CAPS[next()], lineJoin: JOINS[next()], miterLimit: next() }
      if (next()) layer.shadow = { color: color(), opacity: next(), offset: point(), radius: next() }
      if (kind == 'arc' || kind == 'dot') Object.assign(layer, { center: point(), radius: next() })
      if (kind == 'roundedRect') Object.assign(layer, { rect: [...point(), next(), next()], cornerRadius: next() })
      if (kind == 'path') {
        layer.subpaths = Array.from({ length: next() }, () => ({
          move: point(),
          segments: Array.from({ length: next() }, () => (next() ? { arc: [next(), next(), next(), next(), next()] } : { line: point() })),
        }))
      }
      if (role) layer.role = role
      for (const key of ['stroke', 'fill', 'shadow']) if (layer[key] === undefined) delete layer[key]
      layers.push(layer)
    }
    const clips = Array.from({ length: next() }, () => {
      const name = string(), progress = next() == 1, loop = next() == 1, duration = next()
      if (!progress) return { name, index: 'time', duration, loop }
      // A progress clip: its domain, where it repeats from (its end: nowhere), the clip it finishes with (index + 1,
      // 0: none), and whether its changes animate (a transition).
      const domain = point(), repeatFrom = next(), finish = next(), transition = next() == 1
      return { name, index: 'progress', loop: false, domain, repeatFrom: repeatFrom < domain[1] ? repeatFrom : undefined, finish, transition }
    })
    for (const clip of clips) clip.finish = clip.finish ? clips[clip.finish - 1].name : undefined
    return { width, height, layers, clips }
  }

  /** The selected indicator's frame document (docs/FORMAT.md, full precision) at `fps`, with `progressSamples` per unit of progress. */
  document({ fps = 60, progressSamples = 101 } = {}) {
    const { width, height, layers, clips } = this.selection()
    number('fps', fps)
    whole('progressSamples', progressSamples, ...SAMPLES)
    const keys = layers.flatMap(({ id, kind }) => PROPERTIES[kind].map((property) => `${id}.${property}`))
    return {
      // The engine's documents have none of version 3's additions yet, so they are version 2's, as the writer writes them.
      format: FORMAT, version: LOWEST_WRITTEN_VERSION, preset: this.presetName, fps, width, height, layers,
      clips: clips.map((clip, c) => {
        const frames = this.check(this.abi.lm_sample_clip(c, fps, progressSamples))
        const values = this.values(frames * keys.length)
        const tracks = {}
        keys.forEach((key, t) => { tracks[key] = Array.from({ length: frames }, (_, f) => values[f * keys.length + t]) })
        const { domain, repeatFrom, transition, finish, ...rest } = clip, progress = {}
        if (domain && (domain[0] != 0 || domain[1] != 1)) progress.domain = domain
        if (repeatFrom != null) progress.repeatFrom = repeatFrom
        if (transition) progress.transition = this.transition(fps)
        if (finish) progress.finish = finish
        return { ...rest, frames, ...progress, tracks }
      }),
    }
  }

  /** The transition of the selected indicator's progress clips at `fps`: the implicit animation the engine samples. */
  transition(fps) {
    const frames = this.check(this.abi.lm_transition(number('fps', fps))), [duration, ...values] = this.values(frames + 1)
    return { duration, frames, values }
  }

  get presetName() {
    return this.name ?? ''
  }

  /** One instant of clip `clip` (index or name): seconds into a time clip, or progress 0…1; values in track order. */
  sample(clip, x) {
    const { clips } = this.selection()
    const index = typeof clip == 'number' ? whole('clip', clip, 0, clips.length - 1) : clips.findIndex((c) => c.name == clip)
    if (index < 0) throw new EngineError(`clip: expected one of ${clips.map((c) => c.name).join(', ')}, got ${String(clip)}`, 5)
    return this.values(this.check(this.abi.lm_sample(index, number('x', x))))
  }
}

/** A scene compiler's refusal: the message `loadmark validate` prints after the file name, and its parts. */
export class SceneError extends Error {
  constructor(message, { line, column, path, reason, status }) {
    super(message)
    this.name = 'SceneError'
    Object.assign(this, { line, column, path, reason, status })
  }
}

/** The scene compiler module's ABI: a scene's text in, the bytes `Engine.load` takes out. */
export class Compiler {
  /** Wraps the exports of a scene compiler module; throws unless it speaks ABI version 1. */
  constructor(abi) {
    const version = typeof abi?.lmc_abi_version == 'function' ? abi.lmc_abi_version() : undefined
    if (version !== COMPILER_ABI_VERSION) {
      throw new EngineError(`the scene compiler module speaks ABI version ${version ?? 'none'}; this loadmark-wasm.js needs version ${COMPILER_ABI_VERSION}: build both from the same Loadmark (tools/wasm/build)`, 0)
    }
    this.abi = abi
  }

  /**
   * The compiled image of `scene` (its JSON text, or UTF-8 bytes), a copy; or throws a `SceneError` whose
   * `message` is what `loadmark validate` prints after the file name (`27:25: string or '}' expected near ','`,
   * `clips[0].script[0].layer: unknown layer "rings"`), with `line` and `column` (syntax and limits), `path`
   * (the field at fault), each null when the message has none, and `reason`, the message without them.
   */
  compile(scene) {
    const abi = this.abi
    const text = typeof scene == 'string' ? new TextEncoder().encode(scene) : ArrayBuffer.isView(scene) || scene instanceof ArrayBuffer ? new Uint8Array(scene.buffer ?? scene, scene.byteOffset ?? 0, scene.byteLength) : null
    if (!text) throw new TypeError(`loadmark: compile expects a scene's text, got ${typeof scene}`)
    const address = abi.lmc_input(text.length)
    if (!address) {
      throw new SceneError(`file is ${text.length} bytes; the limit is 1048576 (1 MiB)`, { line: null, column: null, path: null, reason: `file is ${text.length} bytes; the limit is 1048576 (1 MiB)`, status: 11 })
    }
    new Uint8Array(abi.memory.buffer, address, text.length).set(text)
    const status = abi.lmc_compile(text.length)
    const output = new Uint8Array(abi.memory.buffer, abi.lmc_output(), abi.lmc_output_length()).slice()
    if (status == 0) return output
    const message = new TextDecoder().decode(output), pathLength = abi.lmc_error_path_length()
    const line = abi.lmc_error_line() || null, column = line ? abi.lmc_error_column() : null
    const path = pathLength ? new TextDecoder().decode(output.subarray(0, pathLength)) : null
    const prefix = line ? `${line}:${column}: ` : path ? path + ': ' : ''
    throw new SceneError(message, { line, column, path, reason: message.slice(prefix.length), status })
  }
}
