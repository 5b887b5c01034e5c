// The WebAssembly engine as built by tools/wasm/build: its size budget, its
// ABI from Node, and a heap that does not grow while sampling (the misuse
// of every export is tools/wasm/abi.test.mjs).
import assert from 'node:assert/strict'
import fs from 'node:fs'
import { test } from 'node:test'
import { gzipSync } from 'node:zlib'
import { Engine } from '../../web/dist/loadmark-wasm.js'

const path = new URL('../../.build/wasm/loadmark.wasm', import.meta.url)
const bytes = fs.readFileSync(path)
const { instance, module } = await WebAssembly.instantiate(bytes, {})
const abi = instance.exports

// 32 KiB gzipped, the limit format version 3's transforms were given (the layers' placement composed
// down the tree, sublayer transforms, the pivots in the image reader, the export canvas after them took about
// 1,050 bytes of it); 72 KiB raw.
test('the module fits its budget: at most 72 KiB raw and 32 KiB gzip -9', () => {
  const gzipped = gzipSync(bytes, { level: 9 }).length
  console.log(`loadmark.wasm: ${bytes.length} bytes raw, ${gzipped} gzipped`)
  assert.ok(bytes.length <= 72 * 1024, `${bytes.length} bytes raw`)
  assert.ok(gzipped <= 32 * 1024, `${gzipped} bytes gzipped`)
})

test('it needs nothing from its host and exports the documented ABI', () => {
  assert.deepEqual(WebAssembly.Module.imports(module), [])
  const exported = WebAssembly.Module.exports(module).map((e) => e.name).sort()
  assert.deepEqual(exported, [
    'lm_abi_version', 'lm_check_hash', 'lm_check_value', 'lm_describe', 'lm_error',
    'lm_frame_count', 'lm_heap_in_use', 'lm_input', 'lm_load', 'lm_name', 'lm_output', 'lm_preset_count',
    'lm_preset_name', 'lm_sample', 'lm_sample_clip', 'lm_select', 'lm_track_count', 'lm_transition', 'memory',
  ])
  assert.equal(abi.lm_abi_version(), 5)
})

test('documents match the seeds by hand', () => {
  const engine = new Engine(abi)
  assert.deepEqual(engine.presets, ['success', 'error', 'progress', 'dots', 'refresh'])
  const success = engine.select('success').document()
  assert.equal(success.clips[0].frames, 91)
  assert.equal(success.clips[0].tracks['ring.sweep'][30], -1.5 * Math.PI)
  assert.equal(success.clips[0].tracks['ring.sweep'][40], -2 * Math.PI)
  assert.deepEqual(success.layers[2].subpaths, [{ move: [10, 25], segments: [{ line: [21, 33] }, { line: [37.5, 15] }] }])
  const dots = engine.select('dots', { scale: 2, color: '#0a84ff' }).document({ fps: 120 })
  assert.equal(dots.width, 240)
  assert.equal(dots.layers[0].fill, '#0a84ff')
  assert.equal(dots.clips[0].frames, 90)
  assert.equal(dots.clips[0].tracks['dot0.scale'][30], 1.5)
  // Live progress at any value, not only the exported 101 samples.
  const refresh = engine.select('refresh')
  const [, start, sweep, opacity] = refresh.sample('pull', 0.375)
  assert.equal(opacity, 0.375)
  assert.ok(Math.abs(sweep - -(0.1 * Math.PI + 2 * Math.PI * 0.7 * 0.375)) < 1e-12)
  assert.ok(start >= 0 && start < 2 * Math.PI)
  // Version 2: past the threshold the arcs are opaque, and the live document carries the pull's domain.
  assert.equal(refresh.sample('pull', 1.375)[3], 1)
  const pull = refresh.document({ progressSamples: 1001 }).clips[0]
  assert.deepEqual([pull.frames, pull.domain, pull.repeatFrom], [2001, [0, 2], 1])
})

test('a live document is the exported one: roles, the progress clip’s transition and finish', async () => {
  const { readFileSync } = await import('node:fs')
  const { decode } = await import('../../web/src/decode.js')
  const engine = new Engine(abi)
  const live = decode(engine.select('progress').document())
  const exported = decode(readFileSync(new URL('../../Tests/Fixtures/progress.json', import.meta.url), 'utf8'))
  assert.deepEqual(live.layers.map((layer) => layer.role), exported.layers.map((layer) => layer.role))
  const [liveClip, exportedClip] = [live, exported].map((doc) => doc.clips[1])
  assert.equal(liveClip.finish, 'done')
  assert.equal(liveClip.transition.duration, 0.25)
  assert.equal(liveClip.transition.frames, 16)
  // The fixture is compact (4 decimals); the live curve is full precision.
  liveClip.transition.values.forEach((value, i) => assert.ok(Math.abs(value - exportedClip.transition.values[i]) <= 5e-5, `${i}`))
  assert.deepEqual(decode(engine.select('refresh').document()).layers.map((layer) => layer.role), ['surface', 'accent', 'accent'])
})

// The starter scene (loadmark new), compiled by loadmark compile: a ring whose
// strokeEnd runs keyframes 0.05, 0.8, 0.05 over 1 s while it turns once a
// second, about (20, 20), radius 16, from the top.
test('a compiled scene plays as derived by hand', () => {
  const engine = new Engine(abi)
  const image = fs.readFileSync(new URL('../../Tests/Fixtures/ring.lmscene', import.meta.url))
  const doc = engine.load(image).document({ fps: 60 })
  assert.equal(doc.preset, 'ring')
  assert.deepEqual(doc.layers[0].center, [20, 20])
  const spin = doc.clips[0]
  assert.equal(spin.frames, 60)
  // t = 0.5: half a turn from the top (π/2, the bottom), strokeEnd at its peak 0.8.
  assert.ok(Math.abs(spin.tracks['ring.start'][30] - Math.PI / 2) < 1e-12)
  assert.ok(Math.abs(spin.tracks['ring.sweep'][30] - 1.6 * Math.PI) < 1e-12)
  // Options apply to a loaded scene as to a preset.
  assert.equal(engine.load(image, { scale: 2 }).document().width, 80)
  // Bytes that are not a compiled scene are refused, and the selection stays.
  assert.throws(() => engine.load(new Uint8Array([1, 2, 3])), /not a compiled scene$/)
  assert.throws(() => engine.load(image.subarray(0, image.length - 1)), /a damaged compiled scene/)
  assert.equal(engine.presetName, 'ring')
})

test('sampling for a long time does not grow the heap', () => {
  const engine = new Engine(abi)
  engine.select('progress')
  engine.document({ fps: 60 })
  const settled = abi.lm_heap_in_use()
  const pages = abi.memory.buffer.byteLength
  // Clip 1 is the progress clip (0 … 1); the others take seconds.
  for (let i = 0; i < 2000; i++) engine.sample(i % 3, i % 3 == 1 ? (i % 101) / 100 : (i % 120) / 60)
  engine.document({ fps: 60 })
  assert.equal(abi.lm_heap_in_use(), settled)
  // Nor does loading and selecting scenes again and again.
  const image = fs.readFileSync(new URL('../../Tests/Fixtures/ring.lmscene', import.meta.url))
  const cycle = (i) => {
    engine.load(image).sample(1, (i % 100) / 100)
    engine.select('progress').sample(1, 0.5)
  }
  cycle(0)
  const loaded = abi.lm_heap_in_use()
  for (let i = 1; i < 200; i++) cycle(i)
  // The first-fit allocator hands out whole free blocks a few bytes larger
  // than asked when splitting them would leave too little, so the count
  // moves by tens of bytes with the heap's layout; a leak of the images
  // (306 bytes) or the presets would grow it by tens of kilobytes.
  assert.ok(Math.abs(abi.lm_heap_in_use() - loaded) <= 256, `${abi.lm_heap_in_use()} bytes in use, ${loaded} before`)
  assert.equal(abi.memory.buffer.byteLength, pages)
  assert.equal(abi.memory.buffer.byteLength, pages)
})
