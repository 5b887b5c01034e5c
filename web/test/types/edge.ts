// The entry points beyond the element, as a TypeScript user reaches them: the live engine (`loadmark/wasm`), the
// player's events on <loadmark-status>, and the helpers under every module resolution the package test tries
// (`node` reads typesVersions, not exports). tools/browser/package.test.mjs type-checks it with `tsc --strict`;
// every `@ts-expect-error` line must be an error.
import { hideLoading, showLoading } from 'loadmark/helpers'
import { Player } from 'loadmark'
import {
  ABI_VERSION, BudgetError, COMPILER_ABI_VERSION, Compiler, Engine, EngineError, SceneError, attributeOptions, compile, hexColor, loadCompiler,
  PLAYGROUND_BUDGET, loadEngine, playground, serve, type EngineDocument, type PlaygroundDetail,
} from 'loadmark/wasm'

// The live engine, as docs/WASM.md uses it.
const engine = await loadEngine()
const presets: string[] = engine.presets
const doc: EngineDocument = engine.select('dots', { scale: 2, color: '#0a84ff' }).document({ fps: 120 })
const instant: Float64Array = engine.select(3).sample('pull', 0.375)
const image: Uint8Array = await compile('{"format": "loadmark-scene"}')
engine.load(image, { size: [96, 96], lineWidth: 3, speed: 1.5 }).document({ fps: 60, progressSamples: 1001 })
const transition = engine.transition(60)
const eased: number = transition.duration * transition.values[transition.frames - 1]
// The engine's document is one the player loads.
new Player(document.createElement('canvas')).load(doc).then((decoded) => decoded?.clips[0].tracks)
for (const clip of engine.selection().clips) {
  if (clip.index == 'progress') clip.domain[1].toFixed()
  else clip.duration.toFixed()
}
const name: string = engine.presetName

// Modules from bytes, a URL or a page's base64 block, and wrapped by hand.
const compiler = await loadCompiler(new URL('loadmark-scene.wasm', 'https://example.com/'))
compiler.compile(new TextEncoder().encode('{}'))
await loadEngine('#loadmark-wasm')
const { instance } = await WebAssembly.instantiate(new Uint8Array(8))
new Engine(instance.exports).select('refresh')
new Compiler(instance.exports).compile('{}')
const versions: [5, 1] = [ABI_VERSION, COMPILER_ABI_VERSION]

// Refusals.
try {
  engine.select('spinner')
} catch (error) {
  if (error instanceof EngineError) error.status.toFixed()
  if (error instanceof SceneError) [error.line, error.column, error.path, error.reason.toUpperCase(), error.status]
}
const rgba: bigint | null = hexColor('#0a84ff')

// The page's side: players with engine="wasm", and the playground.
const player = document.querySelector('loadmark-player')
if (player) {
  const options = attributeOptions(player, engine.presets)
  const samples: number = options.progressSamples
  serve(player).then(() => samples)
}
const root = document.querySelector('[data-lm-playground]')
if (root) {
  playground(root, { delay: 500, budget: PLAYGROUND_BUDGET * 2 })
  // @ts-expect-error a budget is a number of milliseconds
  playground(root, { budget: '2s' })
  root.addEventListener('loadmark-scene', (event) => {
    const detail = (event as CustomEvent<PlaygroundDetail>).detail
    if ('doc' in detail) return detail.doc.clips.length
    return detail.error instanceof BudgetError ? detail.error.budget : detail.error.message
  })
}
void [presets, instant, eased, name, versions, rgba]

// @ts-expect-error fps is a number
engine.document({ fps: '60' })
// @ts-expect-error colour is not an option
engine.select('dots', { colour: '#0a84ff' })
// @ts-expect-error a size is a pair
engine.select('dots', { size: 96 })
// @ts-expect-error a sample's x is a number
engine.sample('pull', '0.5')

// <loadmark-status> is a player: its events are the player's, and statechange.
const save = document.querySelector('loadmark-status')
if (save) {
  save.addEventListener('complete', (event) => event.detail.clip)
  save.addEventListener('error', (event) => event.detail.message.toUpperCase())
  save.addEventListener('frame', function (event) {
    return this.state + event.detail.frame
  })
  save.addEventListener('statechange', (event) => event.detail.state.toUpperCase())
  save.addEventListener('click', (event) => event.clientX)
  save.removeEventListener('complete', (event) => event.detail.clip)
  // @ts-expect-error a complete event has no message
  save.addEventListener('complete', (event) => event.detail.message)
  // @ts-expect-error a statechange event has no clip
  save.addEventListener('statechange', (event) => event.detail.clip)
}
showLoading(document.body, { text: 'Saving…' })
hideLoading(document.body, 'success')
