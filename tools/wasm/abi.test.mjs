// The WebAssembly engine never traps on arguments (docs/WASM.md, "Errors"):
// every export called with NaN, ±Infinity, negative, zero, huge and
// out-of-range values returns its documented status, says why through
// lm_error, and leaves the module's memory as it was; hostile compiled
// scenes (truncated, of another version, with huge counts, random bytes,
// every byte of a real one changed) are refused or, when they still read,
// sampled without a trap and within the output buffer's cap.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import { test } from 'node:test'
import { cases, random, run, spelled } from './misuse.mjs'

const bytes = fs.readFileSync(new URL('../../.build/wasm/loadmark.wasm', import.meta.url))
const ring = fs.readFileSync(new URL('../../Tests/Fixtures/ring.lmscene', import.meta.url))

const results = await run(bytes)

for (const row of results) {
  const label = spelled(row.name, row.args) + (row.setup == 'selected' ? '' : ` (${row.setup})`)
  test(`${row.issue ? 'issue 11: ' : ''}${label} is refused without a trap`, () => {
    assert.notEqual(row.result, 'trap')
    if (typeof row.expect == 'function') assert.ok(row.expect(row.result), `returned ${row.result}`)
    else assert.equal(row.result, row.expect)
    assert.equal(row.grew, 0, 'the memory grew')
    // A refusal says why.
    if (typeof row.expect == 'number' && row.expect != 0) assert.match(row.message, /^[a-z].{10,}/)
    if (row.then) assert.ok(typeof row.after == 'number' && row.after > 0, `then ${row.then[0]} returned ${row.after}`)
  })
}

test('the misuse table covers every export that takes arguments or needs a selection', () => {
  const exported = WebAssembly.Module.exports(new WebAssembly.Module(bytes)).map((e) => e.name)
  const called = new Set(cases().map((row) => row.name))
  const without = ['memory', 'lm_abi_version', 'lm_preset_count', 'lm_error', 'lm_output', 'lm_heap_in_use']
  assert.deepEqual(exported.filter((name) => !called.has(name) && !without.includes(name)), [])
})

/** A fresh engine with the output buffer in use, as a page has it. */
async function engine() {
  const { instance } = await WebAssembly.instantiate(bytes, {})
  const abi = instance.exports
  assert.equal(abi.lm_select(0, -1, -1, -1, -1n, -1, 1), 0)
  assert.equal(abi.lm_sample_clip(0, 60, 101), 91)
  return abi
}

/** Loads `image`; returns lm_load's status, after sampling whatever it accepted. */
function load(abi, image) {
  const address = abi.lm_input(image.length)
  assert.notEqual(address, 0)
  new Uint8Array(abi.memory.buffer, address, image.length).set(image)
  const status = abi.lm_load(image.length, -1, -1, -1, -1n, -1, 1)
  if (status == 0) {
    // What still reads must also sample, describe and name, without a trap.
    assert.ok(abi.lm_describe() >= 0)
    assert.ok(abi.lm_name() >= 0)
    const tracks = abi.lm_track_count()
    for (let clip = 0; ; clip++) {
      const frames = abi.lm_frame_count(clip, 30, 11)
      if (frames == -5) break
      // A changed byte may make a value that is not a number, or a clip over the scene budget: status 12.
      if (frames > 0 && frames * tracks <= 200_000) assert.ok([frames, -12].includes(abi.lm_sample_clip(clip, 30, 11)))
      const instant = abi.lm_sample(clip, 0)
      assert.ok(instant >= 0 || instant == -10 || instant == -12)
    }
  }
  return status
}

/** The engine's last error message. */
function message(abi) {
  return String.fromCharCode(...new Float64Array(abi.memory.buffer, abi.lm_output(), abi.lm_error()))
}

test('a truncated image is refused, at every length, and called damaged once it has the magic', async () => {
  const abi = await engine()
  for (let cut = 0; cut < ring.length; cut++) {
    assert.equal(load(abi, ring.subarray(0, cut)), 3, `${cut} bytes`)
    assert.equal(message(abi), cut < 4 ? 'not a compiled scene' : 'a damaged compiled scene: compile it again', `${cut} bytes`)
  }
  assert.equal(load(abi, ring), 0)
  // Bytes after the image are damage too.
  assert.equal(load(abi, Uint8Array.from([...ring, 0])), 3)
  assert.match(message(abi), /damaged/)
})

test('an image of another version is refused', async () => {
  const abi = await engine()
  for (const version of [0, 2, 4, 127]) {
    const image = Uint8Array.from(ring)
    image[4] = version
    assert.equal(load(abi, image), 3)
    assert.equal(message(abi), 'a compiled scene of another version, not 3: compile it again')
  }
})

test('huge counts are refused before anything is allocated for them', async () => {
  const abi = await engine()
  const pages = abi.memory.buffer.byteLength
  // After the magic, version and name: the width, the height, then the layer count.
  const header = Array.from(ring.subarray(0, 5 + 1 + ring[5]))
  for (const count of [[0xff, 0xff, 0xff, 0xff, 0x0f], [0x80, 0x80, 0x80, 0x80, 0x80, 0x01], [0xff, 0xff, 0x03]]) {
    const image = Uint8Array.from([...header, 80, 80, ...count, ...ring.subarray(header.length + 3)])
    assert.equal(load(abi, image), 3)
  }
  assert.equal(abi.memory.buffer.byteLength, pages)
})

test('random bytes are refused', async () => {
  const abi = await engine()
  const next = random(0x10ad)
  for (let i = 0; i < 2000; i++) {
    const image = Uint8Array.from({ length: Math.floor(next() * 600) }, () => Math.floor(next() * 256))
    // Half of them with the right header, so that the reader goes further in.
    if (i % 2) image.set([0x4c, 0x4d, 0x53, 0x43, 1].slice(0, image.length))
    assert.equal(load(abi, image), 3)
  }
})

test('every byte of a real image changed: refused, or read and sampled without a trap', async () => {
  const abi = await engine()
  const next = random(0x5ce4e)
  const statuses = new Map()
  for (let at = 0; at < ring.length; at++) {
    for (const value of [0, 0xff, ring[at] ^ 1, Math.floor(next() * 256)]) {
      const image = Uint8Array.from(ring)
      image[at] = value
      const status = load(abi, image)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
  }
  assert.deepEqual([...statuses.keys()].sort(), [0, 3])
})

test('refusals keep the selection and the memory as they were', async () => {
  const abi = await engine()
  assert.equal(load(abi, ring), 0)
  const pages = abi.memory.buffer.byteLength
  const heap = abi.lm_heap_in_use()
  for (let i = 0; i < 200; i++) assert.equal(load(abi, ring.subarray(0, i % ring.length)), 3)
  assert.equal(abi.memory.buffer.byteLength, pages)
  assert.ok(Math.abs(abi.lm_heap_in_use() - heap) <= 256)
  // Still the ring, still sampling.
  assert.equal(abi.lm_frame_count(0, 60, 101), 60)
})
