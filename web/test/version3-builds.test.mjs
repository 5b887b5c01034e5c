// Format version 3 in the published builds: their decoder refuses it alone, and hands it to
// dist/loadmark-player-v3.js where that script has run (globalThis.LoadmarkVersion3), which then draws it; older
// versions never reach it. Drawn through a recording 2D context, with values derived by hand from the fixture.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import test from 'node:test'
import { Player, decode } from '../dist/loadmark-player.js'

const text = (name) => readFileSync(new URL(`../../Tests/Fixtures/valid/${name}.json`, import.meta.url), 'utf8')

/** A canvas of 40 × 40 CSS px whose context records its calls as [name, ...args], and its error messages. */
function fakeCanvas() {
  const calls = [], errors = []
  const context = new Proxy({}, {
    get: (target, key) => (key in target ? target[key] : (...args) => calls.push([key, ...args])),
    set: (target, key, value) => ((target[key] = value), calls.push([key + '=', value]), true),
  })
  const canvas = Object.assign(new EventTarget(), { clientWidth: 40, clientHeight: 40, width: 300, height: 150, getContext: () => context })
  canvas.addEventListener('error', (event) => errors.push(event.detail.message))
  return { canvas, calls, errors }
}

test('alone, the builds refuse a version 3 document as a version they do not read', async () => {
  assert.equal(globalThis.LoadmarkVersion3, undefined)
  assert.throws(() => decode(text('base-v3')), { message: 'version: unsupported version 3', path: 'version' })
  const { canvas, errors } = fakeCanvas()
  const player = new Player(canvas)
  assert.equal(await player.load(JSON.parse(text('base-v3'))), null)
  assert.deepEqual(errors, ['version: unsupported version 3'])
})

test('with loadmark-player-v3.js, a version 3 document is read by it once; versions 1 and 2 never reach it', async () => {
  // Run as a module, the classic script does what it does in a page: it puts its reader on globalThis.
  await import('../dist/loadmark-player-v3.js')
  const reader = globalThis.LoadmarkVersion3, read = []
  globalThis.LoadmarkVersion3 = { decode: (source) => (read.push(source.preset), reader.decode(source)) }
  try {
    decode(text('base'))
    decode(text('base-v1'))
    assert.deepEqual(read, [])
    const doc = decode(text('base-v3'))
    assert.deepEqual(read, ['grid'])
    assert.deepEqual(doc.layers.map(({ kind }) => kind), ['arc', 'polygon', 'dot'])
    // Its invalid documents are refused in the sources' words (all of the corpus: corpus.test.mjs).
    assert.throws(() => decode(text('base-v3').replace('"vertices": 3', '"vertices": 2')), { path: 'layers[1].vertices', message: 'layers[1].vertices: expected an integer from 3 to 64' })
    assert.deepEqual(read, ['grid', 'grid'])
  } finally {
    globalThis.LoadmarkVersion3 = reader
  }
})

test('the published player draws frame 5 of a looping clip with periodic tracks: transforms, a polygon, each track read at its own period', async () => {
  await import('../dist/loadmark-player-v3.js')
  const { canvas, calls, errors } = fakeCanvas()
  const player = new Player(canvas)
  await player.load(JSON.parse(text('base-v3')))
  assert.deepEqual(errors, [])
  calls.length = 0
  player.renderFrame('spin', 5)
  // Frame 5 counts on past the clip's 4 frames, since it has periodic tracks: the tracks of 4 values read index
  // 5 % 4 = 1, dot.scale (period 3) index 2, dot.opacity (period 5) index 0. 40 × 40 pt on 40 × 40 px: scale 1.
  assert.equal(player.frame, 5)
  const named = (name) => calls.filter(([call]) => call == name)
  // The ring: a 0, b 1 (deltas 0, 10000 at 4 decimals), c −1, d 0, tx 20, ty 20.25 (2000 + 25 hundredths); the
  // face has no transform; the dot: a 0.5, d −0.5, the rest the identity's.
  assert.deepEqual(named('transform'), [['transform', 0, 1, -1, 0, 20, 20.25], ['transform', 0.5, 0, 0, -0.5, 0, 0]])
  // The face's vertices: y0 is 11 at index 1; filled, then stroked, the same closed outline.
  const outline = [['beginPath'], ['lineTo', 10, 11], ['lineTo', 30, 10], ['lineTo', 20, 30], ['closePath']]
  assert.deepEqual(calls.filter(([call]) => /^(lineTo|closePath)$/.test(call)), [...outline.slice(1), ...outline.slice(1)])
  // The dot: radius 2 · 0.25 at opacity 1 (10 tenths); the ring's arc, sweep 3, is the first.
  assert.deepEqual(named('arc').slice(1).map((call) => call[3]), [0.5, 0.5])
  assert.deepEqual(named('globalAlpha=').map(([, alpha]) => alpha), [1, 1, 1])
  // Wrapped at 4 frames instead (frame 1), the dot would be 2 · 0.5 at opacity 0.8.
  calls.length = 0
  player.renderFrame('spin', 1)
  assert.deepEqual(named('arc').slice(1).map((call) => call[3]), [1, 1])
  assert.deepEqual(named('globalAlpha=').map(([, alpha]) => alpha), [1, 1, 0.8])
})
