// Arcs and stroke trimming, checked against hand-derived points of the seed marks: the paths are traced onto a pen that
// records the 2D-context calls it gets.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import test from 'node:test'
import { decode } from '../src/decode.js'
import { arcTo, trace } from '../src/geometry.js'

const fixture = (name) => decode(readFileSync(new URL(`../../Tests/Fixtures/${name}.json`, import.meta.url), 'utf8'))
const near = (actual, expected, tolerance = 1e-9) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`)
const nearPoint = (actual, [x, y], tolerance) => {
  near(actual[0], x, tolerance)
  near(actual[1], y, tolerance)
}

/** A pen that records moveTo, lineTo and arc calls as [name, ...args]. */
function recorder() {
  const calls = []
  const record = (name) => (...args) => calls.push([name, ...args])
  return { calls, moveTo: record('moveTo'), lineTo: record('lineTo'), arc: record('arc') }
}

/** The calls tracing `layer` between two fractions makes. */
function traced(layer, start, end) {
  const pen = recorder()
  trace(pen, layer, start, end)
  return pen.calls
}

/** The calls of arcTo. */
function arcs(...args) {
  const pen = recorder()
  arcTo(pen, 0, 0, 1, ...args)
  return pen.calls.map(([, , , , ...angles]) => angles)
}

// Where the traced path ends: the last lineTo, or the end angle of the last arc.
const endPoint = (calls) => {
  const [name, ...args] = calls.at(-1)
  if (name == 'lineTo') return args
  const [x, y, r, , end] = args
  return [x + r * Math.cos(end), y + r * Math.sin(end)]
}

test('arcTo maps a signed sweep to canvas arc arguments', () => {
  assert.deepEqual(arcs(1, 2), [[1, 3, false]])
  // A negative sweep runs anticlockwise on screen.
  assert.deepEqual(arcs(Math.PI, -1.5 * Math.PI), [[Math.PI, Math.PI - 1.5 * Math.PI, true]])
  // Sweep 0 draws nothing, and neither does a radius of 0.
  assert.deepEqual(arcs(2, 0), [])
  const pen = recorder()
  arcTo(pen, 5, 5, 0, 0, 1)
  assert.deepEqual(pen.calls, [])
})

test('arcTo splits a full circle into two half arcs, even when rounding pushed it past 2π', () => {
  assert.deepEqual(arcs(0, 2 * Math.PI), [[0, Math.PI, false], [Math.PI, 2 * Math.PI, false]])
  assert.deepEqual(arcs(1, 6.2832), [[1, 1 + Math.PI, false], [1 + Math.PI, 1 + 2 * Math.PI, false]])
  assert.deepEqual(arcs(3.1416, -6.2832), [[3.1416, 3.1416 - Math.PI, true], [3.1416 - Math.PI, 3.1416 - 2 * Math.PI, true]])
  // A full turn backwards (Rule.arcSweep: NVActivityIndicatorView's ring), and 2π rounded to float32.
  assert.deepEqual(arcs(0, -2 * Math.PI), [[0, -Math.PI, true], [-Math.PI, -2 * Math.PI, true]])
  assert.deepEqual(arcs(0, Math.fround(2 * Math.PI)), [[0, Math.PI, false], [Math.PI, 2 * Math.PI, false]])
})

const check = fixture('success').layers.find((layer) => layer.id == 'check')
const first = Math.sqrt(185), second = Math.sqrt(596.25)

test('the success check measures √185 + √596.25', () => {
  near(check._length, first + second, 1e-12)
})

test('the check trimmed at fraction f ends where the walk along its two lines puts it', () => {
  for (const f of [0.1, 0.25, first / (first + second), 0.5, 0.6846, 0.9]) {
    const distance = f * (first + second)
    const expected = distance <= first
      ? [10 + (11 * distance) / first, 25 + (8 * distance) / first]
      : [21 + (16.5 * (distance - first)) / second, 33 - (18 * (distance - first)) / second]
    const calls = traced(check, 0, f)
    assert.deepEqual(calls[0], ['moveTo', 10, 25])
    assert.equal(calls.filter(([name]) => name == 'moveTo').length, 1)
    nearPoint(endPoint(calls), expected, 1e-9)
  }
  assert.deepEqual(traced(check, 0, 1), [['moveTo', 10, 25], ['lineTo', 21, 33], ['lineTo', 37.5, 15]])
})

test('a trim between two fractions starts and ends inside the path, joined in one subpath', () => {
  const calls = traced(check, 0.25, 0.75)
  assert.deepEqual(calls.map(([name]) => name), ['moveTo', 'lineTo', 'lineTo'])
  const start = 0.25 * (first + second)
  nearPoint(calls[0].slice(1), [10 + (11 * start) / first, 25 + (8 * start) / first], 1e-9)
  // The first segment is left at its corner.
  assert.deepEqual(calls[1], ['lineTo', 21, 33])
})

test('the error cross completes its first stroke at 0.5 and reaches the centre of the second at 0.75', () => {
  const cross = fixture('error').layers.find((layer) => layer.kind == 'path')
  near(cross._length, 2 * Math.hypot(19, 19), 1e-12)
  assert.deepEqual(traced(cross, 0, 0.5), [['moveTo', 15.5, 15.5], ['lineTo', 34.5, 34.5]])
  const threeQuarters = traced(cross, 0, 0.75)
  assert.deepEqual(threeQuarters.map(([name]) => name), ['moveTo', 'lineTo', 'moveTo', 'lineTo'])
  assert.deepEqual(threeQuarters[2], ['moveTo', 34.5, 15.5])
  nearPoint(endPoint(threeQuarters), [25, 25], 1e-12)
  // Starting in the second stroke leaves only it.
  assert.deepEqual(traced(cross, 0.5, 1), [['moveTo', 34.5, 15.5], ['lineTo', 15.5, 34.5]])
})

test('empty and zero-length trims give nothing, so canvas never strokes a cap dot', () => {
  assert.deepEqual(traced(check, 0, 0), [])
  assert.deepEqual(traced(check, 0.5, 0.5), [])
  assert.deepEqual(traced(check, 0.7, 0.3), [])
  assert.deepEqual(traced(check, 1, 1), [])
  // Fractions outside [0, 1] are clamped.
  assert.deepEqual(traced(check, -1, 2), traced(check, 0, 1))
})

test('arc segments trim by angle: the progress ring from the top', () => {
  const ring = fixture('progress').layers.find((layer) => layer.id == 'ring')
  near(ring._length, 19 * 6.2832, 1e-9)
  const quarter = traced(ring, 0, 0.25)
  assert.deepEqual(quarter.map(([name]) => name), ['moveTo', 'arc'])
  const [, x, y, r, start, end, anticlockwise] = quarter[1]
  assert.deepEqual([x, y, r, start, anticlockwise], [27.5, 44, 19, 4.7124, false])
  near(end - start, 6.2832 / 4, 1e-12)
  nearPoint(quarter[0].slice(1), [27.5, 25], 1e-3)
  nearPoint(endPoint(quarter), [46.5, 44], 1e-3)
  const middle = traced(ring, 0.25, 0.75)
  near(middle[1][4], 4.7124 + 6.2832 / 4, 1e-12)
  near(middle[1][5] - middle[1][4], 6.2832 / 2, 1e-12)
  nearPoint(middle[0].slice(1), [46.5, 44], 1e-3)
  nearPoint(endPoint(middle), [8.5, 44], 1e-3)
})

// Tests/Fixtures/trimming.json: trims with their pieces derived by hand, which LoadmarkCoreTests holds Path.trimmed
// to as well. Each path goes through decode, as a path layer of a document, so the lengths are the player's.
const trimming = JSON.parse(readFileSync(new URL('../../Tests/Fixtures/trimming.json', import.meta.url), 'utf8'))

/** The fixture's path `name` as the decoded path layer the player draws. */
function pathLayer(name) {
  const layer = { id: 'p', kind: 'path', subpaths: trimming.paths[name].subpaths, stroke: '#000000' }
  const tracks = { 'p.strokeStart': 0, 'p.strokeEnd': 1, 'p.opacity': 1 }
  const doc = { format: 'loadmark', version: 2, preset: 'trim', fps: 60, width: 40, height: 40, layers: [layer], clips: [{ name: 'c', index: 'time', frames: 1, duration: 0, loop: false, tracks }] }
  return decode(doc).layers[0]
}

/** The pieces a trace draws: each from its moveTo to where its last call ends, with its length. */
function pieces(calls) {
  const result = []
  for (const [name, ...args] of calls) {
    if (name == 'moveTo') result.push({ from: args, to: args, length: 0 })
    const piece = result.at(-1)
    if (name == 'lineTo') [piece.length, piece.to] = [piece.length + Math.hypot(args[0] - piece.to[0], args[1] - piece.to[1]), args]
    if (name == 'arc') {
      const [x, y, r, start, end] = args
      ;[piece.length, piece.to] = [piece.length + r * Math.abs(end - start), [x + r * Math.cos(end), y + r * Math.sin(end)]]
    }
  }
  return result
}

for (const { path, start, end, comment, pieces: expected } of trimming.cases) {
  test(`trimming parity: ${path} from ${start} to ${end}, ${comment}`, () => {
    const actual = pieces(traced(pathLayer(path), start, end))
    assert.equal(actual.length, expected.length, 'pieces')
    actual.forEach((piece, i) => {
      nearPoint(piece.from, expected[i].from)
      nearPoint(piece.to, expected[i].to)
      near(piece.length, expected[i].length)
    })
  })
}
