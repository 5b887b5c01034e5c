// web/dist/loadmark-wasm.js, the JS API over the two modules, with hostile
// values: it refuses a module of another ABI version, turns every refusal of
// the engine into an EngineError carrying lm_error's text and the status,
// checks what JS would silently convert (an index of 1.5 or 2^32 + 1 is not
// preset 1), leaves the selection and the memory as they were, and gives the
// scene compiler's errors with their line, column and field path. The
// element's attributes are read by `attributeOptions`, whose messages name
// the attribute and its value (the browser side is tools/browser/live.test.mjs).
import assert from 'node:assert/strict'
import fs from 'node:fs'
import { test } from 'node:test'
import { ABI_VERSION, Compiler, Engine, EngineError, SceneError, attributeOptions, hexColor } from '../../web/dist/loadmark-wasm.js'

const root = new URL('../../', import.meta.url)
const engineBytes = fs.readFileSync(new URL('.build/wasm/loadmark.wasm', root))
const compilerBytes = fs.readFileSync(new URL('.build/wasm/loadmark-scene.wasm', root))
const ring = new Uint8Array(fs.readFileSync(new URL('Tests/Fixtures/ring.lmscene', root)))
const instantiate = async (bytes) => (await WebAssembly.instantiate(bytes, {})).instance.exports

const abi = await instantiate(engineBytes)
const engine = new Engine(abi)
const compiler = new Compiler(await instantiate(compilerBytes))

const HOSTILE = [NaN, Infinity, -Infinity, -5, 0, 1e308, -1e308]

/** Asserts that `call` throws an EngineError of `status` whose message matches `pattern`, and that nothing changed. */
function refused(call, status, pattern, preset = 'dots') {
  engine.select(preset)
  const before = { name: engine.presetName, selected: JSON.stringify(engine.selected), pages: abi.memory.buffer.byteLength }
  assert.throws(call, (error) => {
    assert.ok(error instanceof EngineError, `${error}`)
    assert.equal(error.status, status, error.message)
    assert.match(error.message, pattern)
    return true
  })
  assert.equal(engine.presetName, before.name)
  assert.equal(JSON.stringify(engine.selected), before.selected)
  assert.equal(abi.memory.buffer.byteLength, before.pages, 'the memory grew')
}

test('a module of another ABI version is refused, saying which', async () => {
  assert.equal(ABI_VERSION, abi.lm_abi_version())
  for (const version of [4, 6, 0]) {
    assert.throws(() => new Engine({ ...abi, lm_abi_version: () => version }), new RegExp(`speaks ABI version ${version}; this loadmark-wasm.js needs version 5`))
  }
  // The compiler module is not an engine, nor the engine a compiler.
  const compilerExports = await instantiate(compilerBytes)
  assert.throws(() => new Engine(compilerExports), /speaks ABI version none; this loadmark-wasm.js needs version 5/)
  assert.throws(() => new Compiler(abi), /speaks ABI version none; this loadmark-wasm.js needs version 1/)
  assert.throws(() => new Compiler({ lmc_abi_version: () => 2 }), /speaks ABI version 2/)
})

for (const option of ['scale', 'lineWidth', 'speed']) {
  test(`select refuses a hostile ${option} with the engine's message and status 2`, () => {
    for (const value of HOSTILE) refused(() => engine.select('success', { [option]: value }), 2, new RegExp(`^loadmark: ${option}: (expected|the canvas would be more than 10000 points)`))
    refused(() => engine.select('success', { [option]: '2' }), 2, new RegExp(`^loadmark: ${option}: expected a number, got string`))
  })
}

test('select refuses hostile sizes, colours and presets', () => {
  for (const value of HOSTILE) {
    refused(() => engine.select('success', { size: [value, 50] }), 2, /^loadmark: width, height: expected/)
    refused(() => engine.select('success', { size: [50, value] }), 2, /^loadmark: width, height: expected/)
  }
  refused(() => engine.select('success', { size: 50 }), 2, /^loadmark: size: expected \[width, height\], got 50/)
  refused(() => engine.select('success', { size: [20000, 20000] }), 2, /10000/)
  for (const color of ['#12345', '#gggggg', 'red', '0a84ff', '#0a84ff0', 42, '']) {
    refused(() => engine.select('success', { color }), 2, /^loadmark: color: expected #rgb, #rgba, #rrggbb or #rrggbbaa, got/)
  }
  // JS would make NaN 0, 1.5 1 and 2^32 + 1 1 on the way to an i32: each is refused instead.
  for (const preset of [NaN, 1.5, 2 ** 32 + 1, -1, 5, Infinity]) refused(() => engine.select(preset), 2, /^loadmark: preset: expected a whole number from 0 to 4/)
  for (const preset of ['nope', '', undefined, null]) refused(() => engine.select(preset), 1, /^loadmark: preset: expected one of success, error, progress, dots, refresh/)
})

test('colours: #rgb, #rgba, #rrggbb and #rrggbbaa', () => {
  assert.equal(hexColor('#0af'), 0x00aaffffn)
  assert.equal(hexColor('#0af8'), 0x00aaff88n)
  assert.equal(hexColor('#0A84FF'), 0x0a84ffffn)
  assert.equal(hexColor('#0a84ff80'), 0x0a84ff80n)
  assert.equal(hexColor(undefined), -1n)
  assert.equal(engine.select('success', { color: '#0af' }).selected.layers[0].stroke, '#00aaff')
})

test('sampling refuses hostile rates, sample counts, clips and instants with the engine\'s status', () => {
  for (const fps of HOSTILE.concat([1001])) refused(() => engine.document({ fps }), 6, /^loadmark: fps: expected a number above 0 and at most 1000/)
  for (const fps of HOSTILE.concat([1001])) refused(() => engine.transition(fps), 6, /^loadmark: fps:/)
  for (const progressSamples of [NaN, Infinity, 1.5, 1, 0, -3, 100001, 2 ** 32 + 101]) {
    refused(() => engine.document({ progressSamples }), 2, /^loadmark: progressSamples: expected a whole number from 2 to 100000/)
  }
  // Within each range, but too many frames together.
  refused(() => engine.document({ progressSamples: 100000 }), 8, /more than 100000 frames/, 'refresh')
  for (const clip of ['nope', 7, -1, 0.5, NaN]) refused(() => engine.sample(clip, 0), clip == 'nope' ? 5 : 2, /^loadmark: clip: expected/)
  for (const x of [NaN, Infinity, -Infinity, -5, -1e308]) refused(() => engine.sample(0, x), 10, /^loadmark: x: expected/)
  // The progress clip: 0 … 1 only.
  refused(() => engine.sample('progress', 1.5), 10, /^loadmark: x: expected/, 'progress')
})

test('an engine with nothing selected says so', async () => {
  const fresh = new Engine(await instantiate(engineBytes))
  assert.throws(() => fresh.document(), (error) => error.status == 4 && /nothing is selected/.test(error.message))
  assert.throws(() => fresh.sample(0, 0), (error) => error.status == 4)
})

test('hostile images are refused and the selection stays', () => {
  refused(() => engine.load(new Uint8Array([1, 2, 3])), 3, /^loadmark: .*not a compiled scene/)
  refused(() => engine.load(ring.subarray(0, 40)), 3, /a damaged compiled scene/)
  refused(() => engine.load(new Uint8Array(1024 * 1024 + 1)), 11, /over the 1 MiB/)
  refused(() => engine.load(ring, { scale: NaN }), 2, /^loadmark: scale:/)
  assert.equal(engine.load(ring).presetName, 'ring')
})

const corpus = new URL('Tests/Fixtures/invalid-scenes/', root)
const { messages } = JSON.parse(fs.readFileSync(new URL('messages.json', corpus), 'utf8'))

test('compile: every invalid scene of the shared corpus throws its message, with line and column or field path', () => {
  for (const [name, message] of Object.entries(messages)) {
    const text = fs.readFileSync(new URL(name, corpus))
    assert.throws(() => compiler.compile(text), (error) => {
      assert.ok(error instanceof SceneError, name)
      assert.equal(error.message, message, name)
      const position = /^(\d+):(\d+): /.exec(message)
      assert.equal(error.line, position ? +position[1] : null, name)
      assert.equal(error.column, position ? +position[2] : null, name)
      if (error.path) assert.ok(message.startsWith(error.path + ': '), name)
      assert.equal(error.status, 3)
      assert.ok(message.endsWith(error.reason) && error.reason.length > 0, name)
      return true
    })
  }
  // A field path, by name: the corpus's unknown layer.
  assert.throws(() => compiler.compile(fs.readFileSync(new URL('meaning-unknown-layer.scene.json', corpus))), (error) => error.path?.startsWith('clips[0].script[') && error.line == null)
})

test('compile: the starter scene compiles to the bytes loadmark compile writes, and plays', () => {
  const starter = fs.readFileSync(new URL('Tests/Fixtures/ring.lmscene', root))
  const scene = fs.readFileSync(new URL('presets/dots.scene.json', root), 'utf8')
  assert.deepEqual(engine.load(compiler.compile(scene)).document(), engine.select('dots').document())
  assert.equal(engine.load(starter).document().clips[0].frames, 60)
  assert.throws(() => compiler.compile(42), TypeError)
  assert.throws(() => compiler.compile(''), (error) => error instanceof SceneError)
  assert.throws(() => compiler.compile('x'.repeat(1024 * 1024 + 1)), (error) => error.status == 11 && /the limit is 1048576/.test(error.message))
})

/** A stand-in for an element: its attributes. */
const element = (attributes) => ({ getAttribute: (name) => attributes[name] ?? null })
const presets = ['success', 'error', 'progress', 'dots', 'refresh']

test('attributes: good values become the engine\'s options', () => {
  assert.deepEqual(attributeOptions(element({ preset: 'dots' }), presets), { preset: 'dots', size: undefined, fps: 60, progressSamples: 1001, color: undefined })
  assert.deepEqual(attributeOptions(element({ preset: 'refresh', size: '70', fps: '120.5', speed: '0.01', 'progress-samples': '2', color: '#0a84ff' }), presets),
    { preset: 'refresh', size: 70, fps: 120.5, progressSamples: 2, color: '#0a84ff' })
})

test('attributes: every hostile value is refused, naming the attribute and the value', () => {
  const bad = {
    size: ['NaN', 'Infinity', '-Infinity', '-5', '0', '1e3', '0x10', '+60', '10001', '1'.repeat(400), '', ' ', '12px', '1.'],
    fps: ['NaN', 'Infinity', '-1', '0', '1001', '1e308', '60fps', '0x3c'],
    // `speed` is the player's own attribute, checked by the player for every player, engine or not
    // (web/test/player.test.mjs, tools/browser/element.test.mjs): attributeOptions does not read it.
    'progress-samples': ['NaN', '1', '0', '-2', '1.5', '100001', '4294967397', '1e3'],
    color: ['#12', '#12345', 'notacolour', '0a84ff', '#0a84ffzz'],
    preset: ['nope', '', 'SUCCESS', '__proto__'],
  }
  for (const [name, values] of Object.entries(bad)) {
    for (const value of values) {
      const attributes = { preset: 'dots', [name]: value }
      assert.throws(() => attributeOptions(element(attributes), presets), (error) => {
        assert.ok(error.message.startsWith(`${name}="${value}": expected `), error.message)
        return true
      }, `${name}="${value}"`)
    }
  }
  assert.throws(() => attributeOptions(element({}), presets), /^Error: preset="": expected one of success, error, progress, dots, refresh/)
})
