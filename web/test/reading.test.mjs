// Format version 3 read by the web player's decoder: Tests/Fixtures/valid/base-v3.json held to the values of
// Tests/Fixtures/reading-v3.json, derived by hand, which LoadmarkJSONTests (Version3Tests.swift) holds the Swift
// reader to as well, so both read every track at every frame alike.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import test from 'node:test'
import { decode } from '../src/decode.js'
import { frameIndex, valueAt } from '../src/timing.js'

const fixtures = new URL('../../Tests/Fixtures/', import.meta.url)
const readings = JSON.parse(readFileSync(new URL('reading-v3.json', fixtures), 'utf8'))
const doc = decode(readFileSync(new URL(readings.document, fixtures), 'utf8'))
const clip = (name) => doc.clips.find((clip) => clip.name == name)
const layerIndex = (id) => doc.layers.findIndex((layer) => layer.id == id)

test('the version 3 base decodes: a polygon, transform tracks, periodic tracks', () => {
  assert.deepEqual(doc.layers.map((layer) => layer.kind), ['arc', 'polygon', 'dot'])
  assert.equal(doc.layers[1].vertices, 3)
  const spin = clip('spin')
  // A polygon's tracks in written order, its vertices' first, opacity last.
  assert.deepEqual(spin._tracks[1].map((track) => [...track]), [[10, 10, 10, 10], [10, 11, 12, 13], [30, 30, 30, 30], [10, 10, 10, 10], [20, 20, 20, 20], [30, 30, 30, 30], [1, 1, 1, 1]])
  assert.deepEqual([...spin.tracks['dot.scale']], [1, 0.5, 0.25])
  assert.deepEqual([...spin.tracks['dot.opacity']], [1, 0.8, 0.6, 0.4, 0.2])
  // A layer without transform tracks has none; the still clip has none at all.
  assert.equal(spin._transforms[1], false)
  assert.deepEqual(clip('still')._transforms, [false, false, false])
})

test('every track reads at any frame as the shared fixture has it', () => {
  assert.ok(readings.values.length >= 15)
  for (const { clip: name, track, frame, value } of readings.values) {
    assert.equal(valueAt(clip(name), clip(name).tracks[track], frame), value, `${name} ${track} ${frame}`)
  }
})

test("every layer's transform reads as the shared fixture has it, the identity where its tracks are absent", () => {
  for (const { clip: name, layer, frame, transform } of readings.transforms) {
    const tracks = clip(name)._transforms[layerIndex(layer)]
    const read = tracks ? tracks.map((track) => valueAt(clip(name), track, frame)) : [1, 0, 0, 1, 0, 0]
    assert.deepEqual(read, transform, `${name} ${layer} ${frame}`)
  }
})

test('a time is read as its frame as the shared fixture has it', () => {
  for (const { seconds, fps, frame } of readings.frameIndexes) assert.equal(frameIndex(fps, seconds), frame, `${seconds} s at ${fps}`)
})

test('a one-shot clip holds its last frame; a loop wraps at its frames, a periodic track at its period', () => {
  const track = Float64Array.of(0.1, 0.2, 0.3), periodic = Float64Array.of(5, 6)
  const loop = { frames: 3, loop: true }, once = { frames: 3, loop: false }
  assert.deepEqual([0, 1, 2, 3, 4, 7].map((i) => valueAt(loop, track, i)), [0.1, 0.2, 0.3, 0.1, 0.2, 0.2])
  assert.deepEqual([0, 1, 2, 3, 4, 7].map((i) => valueAt(loop, periodic, i)), [5, 6, 5, 6, 5, 6])
  assert.deepEqual([-1, 0, 2, 3, 100].map((i) => valueAt(once, track, i)), [0.1, 0.1, 0.3, 0.3, 0.3])
})

test('the built main-thread player, whose size budget has no room for drawing version 3, refuses such a document as a version it does not read', async () => {
  const text = readFileSync(new URL(readings.document, fixtures), 'utf8')
  for (const file of ['loadmark-player.js']) {
    const { decode: built } = await import(new URL(`../dist/${file}`, import.meta.url))
    assert.throws(() => built(text), { message: 'version: unsupported version 3', path: 'version' })
    // Perturbed: the same document as version 2 without its version 3 additions reads.
    const v2 = JSON.parse(readFileSync(new URL('valid/base.json', fixtures), 'utf8'))
    assert.equal(built(v2).version, 2)
  }
})
