// Frame selection and delta decoding: the numbers the player derives from time and from compact tracks.
import assert from 'node:assert/strict'
import test from 'node:test'
import { decode } from '../src/decode.js'
import { frameIndex, frameOf, playsAt, progressFrame } from '../src/timing.js'

/** The frame a time clip shows `seconds` into it, and how many plays it has completed, as the player's frame loop finds them. */
function frameAt(clip, fps, seconds) {
  const i = frameIndex(fps, seconds)
  return { frame: frameOf(clip, i), loops: playsAt(clip, i) }
}

const fps = 60
const oneShot = { frames: 91, loop: false }
const loop = { frames: 45, loop: true }

test('frame n is shown from t = n / fps, despite rounding in seconds · fps', () => {
  for (let n = 0; n < 91; n++) assert.equal(frameAt(oneShot, fps, n / fps).frame, n)
  assert.equal(frameAt(oneShot, fps, 0.5).frame, 30)
  assert.equal(frameAt(oneShot, fps, 0.5 - 0.001).frame, 29)
})

test('a one-shot clip holds its last frame and counts one completed play from there on', () => {
  assert.deepEqual(frameAt(oneShot, fps, 89 / 60), { frame: 89, loops: 0 })
  assert.deepEqual(frameAt(oneShot, fps, 1.5), { frame: 90, loops: 1 })
  assert.deepEqual(frameAt(oneShot, fps, 10), { frame: 90, loops: 1 })
  assert.deepEqual(frameAt(oneShot, fps, -1), { frame: 0, loops: 0 })
})

test('a loop wraps after its last frame and counts completed loops', () => {
  assert.deepEqual(frameAt(loop, fps, 44 / 60), { frame: 44, loops: 0 })
  assert.deepEqual(frameAt(loop, fps, 0.75), { frame: 0, loops: 1 })
  assert.deepEqual(frameAt(loop, fps, 0.75 + 10 / 60), { frame: 10, loops: 1 })
  assert.deepEqual(frameAt(loop, fps, 7.5), { frame: 0, loops: 10 })
})

test('a time past 1e15 frames is held there, so that a loop wraps even 1e308 s to one of its frames', () => {
  assert.equal(frameIndex(fps, 1e308), 1e15)
  const { frame, loops } = frameAt(loop, fps, 1e308)
  assert.ok(Number.isInteger(frame) && frame >= 0 && frame < 45, `frame ${frame}`)
  assert.ok(loops > 0)
  assert.deepEqual(frameAt(oneShot, fps, 1e308), { frame: 90, loops: 1 })
  // A time clip's progress: from 0 to 1 over its frames, as a progress clip over [0, 1].
  assert.equal(progressFrame(oneShot, 0.5), 45)
  assert.equal(progressFrame(oneShot, 2), 90)
})

test('the frame depends only on elapsed time, so dropped frames are skipped, not delayed', () => {
  // Ticks at 0 ms and then 500 ms (29 frames dropped) land where steady 60 Hz ticks would.
  assert.equal(frameAt(oneShot, fps, 0.5).frame, 30)
  // A long stall inside a loop lands on the right phase and reports every wrap.
  assert.deepEqual(frameAt(loop, fps, 2.0), { frame: 30, loops: 2 })
})

test('speed scales elapsed time before the frame is chosen', () => {
  const elapsed = 0.25
  assert.equal(frameAt(oneShot, fps, elapsed * 2).frame, 30)
  assert.equal(frameAt(oneShot, fps, elapsed * 0.5).frame, 7)
})

const documentWith = (track, frames = 4) =>
  JSON.stringify({
    format: 'loadmark', version: 1, preset: 'test', fps: 60, width: 10, height: 10,
    layers: [{ id: 'dot', kind: 'dot', center: [5, 5], radius: 2, fill: '#000000' }],
    clips: [{ name: 'main', index: 'time', frames, duration: (frames - 1) / 60, loop: false, tracks: { 'dot.scale': track, 'dot.opacity': 1 } }],
  })

test('delta tracks sum exact integers and divide once', () => {
  const values = decode(documentWith({ decimals: 4, deltas: [0, 1000, 1500, -7500] })).clips[0].tracks['dot.scale']
  assert.ok(values instanceof Float64Array)
  assert.deepEqual([...values], [0, 0.1, 0.25, -0.5])
})

test('delta decoding reproduces every value the writer rounded, bit for bit', () => {
  // Summing the decimals instead (0.1 + 0.2 ...) would drift; exact integer sums do not.
  const wanted = Array.from({ length: 200 }, (_, i) => Math.round(Math.sin(i) * 1e4) / 1e4)
  const deltas = wanted.map((v, i) => Math.round(v * 1e4) - (i ? Math.round(wanted[i - 1] * 1e4) : 0))
  const values = decode(documentWith({ decimals: 4, deltas }, 200)).clips[0].tracks['dot.scale']
  assert.deepEqual([...values], wanted)
})

test('constant and array tracks become Float64Arrays of `frames` values', () => {
  const doc = decode(documentWith([1, 1.5, 2, 1.25]))
  assert.deepEqual([...doc.clips[0].tracks['dot.scale']], [1, 1.5, 2, 1.25])
  assert.deepEqual([...doc.clips[0].tracks['dot.opacity']], [1, 1, 1, 1])
})

// The same table as Swift's ProgressFrameTests: FrameDocument.Clip.frame(atProgress:) must pick what the player picks.
test('a progress clip shows the nearest frame of its domain, repeating past it from repeatFrom', () => {
  const plain = { frames: 101, domain: [0, 1] }
  const pull = { frames: 201, domain: [0, 2], repeatFrom: 1 }
  const noRepeat = { frames: 201, domain: [0, 2] }
  assert.deepEqual([0.5, 0.504, 0.506, -0.2, 1.3].map((p) => progressFrame(plain, p)), [50, 50, 51, 0, 100])
  assert.deepEqual([0.5, 1, 2, 2.5, 3.25, -1].map((p) => progressFrame(pull, p)), [50, 100, 200, 150, 125, 0])
  assert.deepEqual([2.5].map((p) => progressFrame(noRepeat, p)), [200])
})
