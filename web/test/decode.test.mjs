// decode(): the committed fixtures read with the hand-derived values, and bad documents fail naming the field.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import test from 'node:test'
import { decode } from '../src/decode.js'

const text = (name) => readFileSync(new URL(`../../Tests/Fixtures/${name}.json`, import.meta.url), 'utf8')
const fixture = (name) => decode(text(name))
const clip = (doc, name) => doc.clips.find((c) => c.name == name)

test('success: main has 91 frames; the ring sweeps to −1.5π at frame 30 and a full circle from 40; the check at 75', () => {
  const main = clip(fixture('success'), 'main')
  assert.equal(main.frames, 91)
  assert.equal(main.loop, false)
  assert.equal(main.tracks['ring.sweep'][30], -4.7124)
  for (let n = 40; n < 91; n++) assert.equal(main.tracks['ring.sweep'][n], -6.2832)
  assert.equal(main.tracks['check.strokeEnd'][75], 0.6846)
  assert.equal(main.tracks['check.opacity'][59], 0)
  assert.equal(main.tracks['check.opacity'][60], 1)
})

test('error: the cross is one path of two strokes, trimmed like the check', () => {
  const doc = fixture('error')
  const cross = doc.layers.find((layer) => layer.kind == 'path')
  assert.equal(cross.subpaths.length, 2)
  assert.equal(clip(doc, 'main').frames, 91)
})

test('dots: loop has 45 frames; dot0 peaks at frame 15 and dot2 at frame 0', () => {
  const loop = clip(fixture('dots'), 'loop')
  assert.equal(loop.frames, 45)
  assert.equal(loop.loop, true)
  assert.equal(loop.tracks['dot0.scale'][15], 1.5)
  assert.equal(loop.tracks['dot2.scale'][0], 1.5)
})

test('refresh: spin loops over 48 frames; pull spans pulls 0 to 2 in 201, arc1 half opaque at 0.5 and opaque past 1', () => {
  const doc = fixture('refresh')
  assert.equal(clip(doc, 'spin').frames, 48)
  assert.equal(clip(doc, 'spin').loop, true)
  const pull = clip(doc, 'pull')
  assert.equal(pull.frames, 201)
  assert.equal(pull.index, 'progress')
  assert.deepEqual(pull.domain, [0, 2])
  assert.equal(pull.repeatFrom, 1)
  assert.equal(pull.tracks['arc1.opacity'][50], 0.5)
  assert.equal(pull.tracks['arc1.opacity'][125], 1)
  // The disc is a surface, the arcs the accent.
  assert.deepEqual(doc.layers.map((layer) => layer.role), ['surface', 'accent', 'accent'])
})

test('progress: demo, a progress clip of 101 samples that eases and finishes with done, and done', () => {
  const doc = fixture('progress')
  assert.deepEqual(doc.clips.map((c) => [c.name, c.index, c.frames]), [['demo', 'time', 127], ['progress', 'progress', 101], ['done', 'time', 61]])
  const { transition, finish } = clip(doc, 'progress')
  assert.equal(finish, 'done')
  // The implicit animation's curve as the engine sampled it: 0.25 s at 60 fps, 0.6825 at 0.1 s, 1 at the end.
  assert.deepEqual([transition.duration, transition.frames, transition.values[0], transition.values[6], transition.values[15]], [0.25, 16, 0, 0.6825, 1])
  assert.deepEqual(doc.layers.map((layer) => layer.role), [undefined, 'accent', 'secondary', 'secondary'])
})

test('a version 1 document still reads: accent is the accent role, progress clips span 0 to 1', () => {
  const doc = decode(readFileSync(new URL('../../Tests/Fixtures/valid/base-v1.json', import.meta.url), 'utf8'))
  assert.equal(doc.version, 1)
  assert.deepEqual(doc.layers.map((layer) => layer.role), ['accent', undefined, undefined, undefined])
  assert.ok(!('accent' in doc.layers[0]))
  assert.deepEqual(clip(doc, 'drag').domain, [0, 1])
  assert.equal(clip(doc, 'drag').transition, undefined)
})

test('every fixture decodes, each track with exactly `frames` finite values', () => {
  for (const name of ['success', 'error', 'progress', 'dots', 'refresh']) {
    const doc = fixture(name)
    assert.equal(doc.preset, name)
    for (const c of doc.clips) {
      for (const [key, values] of Object.entries(c.tracks)) {
        assert.ok(values instanceof Float64Array, key)
        assert.equal(values.length, c.frames, key)
        assert.ok(values.every(Number.isFinite), key)
      }
    }
  }
})

test('decode accepts a parsed object as well as text', () => {
  assert.deepEqual(decode(JSON.parse(text('dots'))).clips[0].tracks['dot1.scale'], fixture('dots').clips[0].tracks['dot1.scale'])
})

// A valid base document; each case below breaks one thing. Tests/Fixtures/invalid holds many more, shared with the
// Swift reader (corpus.test.mjs).
const base = () => ({
  format: 'loadmark', version: 1, preset: 'ring', fps: 60, width: 40, height: 40,
  layers: [
    { id: 'ring', kind: 'arc', center: [20, 20], radius: 17, stroke: '#3478f6' },
    { id: 'mark', kind: 'path', subpaths: [{ move: [12, 21], segments: [{ line: [18, 27] }, { arc: [20, 20, 5, 0, 1] }] }], stroke: '#ffffff' },
  ],
  clips: [{
    name: 'main', index: 'time', frames: 3, duration: 2 / 60, loop: false,
    tracks: { 'ring.start': 0, 'ring.sweep': [0, 1, 2], 'ring.opacity': 1, 'mark.strokeStart': 0, 'mark.strokeEnd': { decimals: 1, deltas: [0, 5, 5] }, 'mark.opacity': 1 },
  }],
})

const cases = [
  ['format', (doc) => (doc.format = 'lottie'), 'format: expected "loadmark"'],
  ['version', (doc) => (doc.version = 4), 'version: unsupported version 4'],
  ['fps', (doc) => (doc.fps = 0), 'fps: expected a number > 0 and ≤ 1000'],
  ['width', (doc) => (doc.width = '40'), 'width: expected a number > 0 and ≤ 10000'],
  ['layers', (doc) => delete doc.layers, 'missing field "layers"'],
  ['kind', (doc) => (doc.layers[0].kind = 'blob'), 'layers[0].kind: expected one of "arc", "path", "dot", "roundedRect", "polygon"'],
  ['center', (doc) => (doc.layers[0].center = [20, 'x']), 'layers[0].center[1]: expected a finite number'],
  ['radius', (doc) => delete doc.layers[0].radius, 'layers[0]: missing field "radius"'],
  ['center count', (doc) => (doc.layers[0].center = [20]), 'layers[0].center: expected 2 values, got 1'],
  ['subpaths', (doc) => (doc.layers[1].subpaths = {}), 'layers[1].subpaths: expected an array'],
  ['move', (doc) => (doc.layers[1].subpaths[0].move = [12, null]), 'layers[1].subpaths[0].move[1]: expected a finite number'],
  ['segment', (doc) => (doc.layers[1].subpaths[0].segments[1] = { curve: [] }), 'layers[1].subpaths[0].segments[1]: unknown field "curve"'],
  ['line', (doc) => (doc.layers[1].subpaths[0].segments[0].line = [18, NaN]), 'layers[1].subpaths[0].segments[0].line[1]: expected a finite number'],
  ['arc count', (doc) => doc.layers[1].subpaths[0].segments[1].arc.pop(), 'layers[1].subpaths[0].segments[1].arc: expected 5 values, got 4'],
  ['arc', (doc) => (doc.layers[1].subpaths[0].segments[1].arc[4] = Infinity), 'layers[1].subpaths[0].segments[1].arc[4]: expected a finite number'],
  ['stroke', (doc) => (doc.layers[0].stroke = 'blue'), 'layers[0].stroke: expected a colour "#rrggbb" or "#rrggbbaa"'],
  ['shadow', (doc) => (doc.layers[0].shadow = { color: '#000000', opacity: 0.1, offset: [3], radius: 5 }), 'layers[0].shadow.offset: expected 2 values, got 1'],
  ['shadow color', (doc) => (doc.layers[0].shadow = { color: '#0000', opacity: 0.1, offset: [3, 3], radius: 5 }), 'layers[0].shadow.color: expected a colour "#rrggbb" or "#rrggbbaa"'],
  ['clips', (doc) => (doc.clips = 'main'), 'clips: expected an array'],
  ['index', (doc) => (doc.clips[0].index = 'frame'), 'clips[0].index: expected one of "time", "progress"'],
  ['frames', (doc) => (doc.clips[0].frames = 2.5), 'clips[0].frames: expected an integer from 1 to 100000'],
  ['missing track', (doc) => delete doc.clips[0].tracks['ring.sweep'], 'clips[0].tracks: missing track "ring.sweep"'],
  ['track length', (doc) => doc.clips[0].tracks['ring.sweep'].pop(), 'clips[0].tracks["ring.sweep"]: expected 3 values, got 2'],
  ['track value', (doc) => (doc.clips[0].tracks['ring.sweep'][1] = 'x'), 'clips[0].tracks["ring.sweep"][1]: expected a finite number'],
  ['constant', (doc) => (doc.clips[0].tracks['ring.start'] = NaN), 'clips[0].tracks["ring.start"]: expected a finite number'],
  ['deltas length', (doc) => doc.clips[0].tracks['mark.strokeEnd'].deltas.push(1), 'clips[0].tracks["mark.strokeEnd"].deltas: expected 3 values, got 4'],
  ['delta', (doc) => (doc.clips[0].tracks['mark.strokeEnd'].deltas[2] = 0.5), 'clips[0].tracks["mark.strokeEnd"].deltas[2]: expected an integer'],
  ['running sum', (doc) => (doc.clips[0].tracks['mark.strokeEnd'].deltas = [2 ** 53 - 1, 1, 0]), 'clips[0].tracks["mark.strokeEnd"].deltas[1]: running sum exceeds 2^53 − 1'],
  ['decimals', (doc) => delete doc.clips[0].tracks['mark.strokeEnd'].decimals, 'clips[0].tracks["mark.strokeEnd"]: missing field "decimals"'],
]

test('the base document of the validation cases is valid', () => {
  assert.deepEqual([...decode(base()).clips[0].tracks['mark.strokeEnd']], [0, 0.5, 1])
})

for (const [name, breakIt, message] of cases) {
  test(`bad ${name}: ${message}`, () => {
    const doc = base()
    breakIt(doc)
    assert.throws(() => decode(doc), { message })
  })
}

test('text that is not JSON fails before any field is read, at the root', () => {
  assert.throws(() => decode('{"format": "loadmark",'), { message: /^not JSON: / })
})
