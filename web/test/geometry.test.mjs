// Arc mapping and stroke trimming, checked against hand-derived points of the seed marks.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import test from 'node:test'
import { arcArgs, decode, trim } from '../loadmark-player.js'

const fixture = (name) => decode(readFileSync(new URL(`../../Tests/Fixtures/${name}.json`, import.meta.url), 'utf8'))
const near = (actual, expected, tolerance = 1e-9) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not within ${tolerance} of ${expected}`)
const nearPoint = (actual, [x, y], tolerance) => {
  near(actual[0], x, tolerance)
  near(actual[1], y, tolerance)
}
// The point where the trimmed path ends.
const endPoint = (pieces) => {
  const last = pieces.at(-1).segments.at(-1)
  if (last.line) return last.line
  const [x, y, r, start, sweep] = last.arc
  return [x + r * Math.cos(start + sweep), y + r * Math.sin(start + sweep)]
}

test('arcArgs maps a signed sweep to canvas arc arguments', () => {
  assert.deepEqual(arcArgs(1, 2), [[1, 3, false]])
  // A negative sweep runs anticlockwise on screen.
  assert.deepEqual(arcArgs(Math.PI, -1.5 * Math.PI), [[Math.PI, Math.PI - 1.5 * Math.PI, true]])
  // Sweep 0 draws nothing.
  assert.deepEqual(arcArgs(2, 0), [])
})

test('arcArgs splits a full circle into two half arcs, even when rounding pushed it past 2π', () => {
  assert.deepEqual(arcArgs(0, 2 * Math.PI), [[0, Math.PI, false], [Math.PI, 2 * Math.PI, false]])
  assert.deepEqual(arcArgs(1, 6.2832), [[1, 1 + Math.PI, false], [1 + Math.PI, 1 + 2 * Math.PI, false]])
  assert.deepEqual(arcArgs(3.1416, -6.2832), [[3.1416, 3.1416 - Math.PI, true], [3.1416 - Math.PI, 3.1416 - 2 * Math.PI, true]])
})

const check = fixture('success').layers.find((layer) => layer.id == 'check')
const first = Math.sqrt(185), second = Math.sqrt(596.25)

test('the success check measures √185 + √596.25', () => {
  near(check.length, first + second, 1e-12)
})

test('the check trimmed at fraction f ends where the walk along its two lines puts it', () => {
  for (const f of [0.1, 0.25, first / (first + second), 0.5, 0.6846, 0.9]) {
    const distance = f * (first + second)
    const expected = distance <= first
      ? [10 + (11 * distance) / first, 25 + (8 * distance) / first]
      : [21 + (16.5 * (distance - first)) / second, 33 - (18 * (distance - first)) / second]
    const pieces = trim(check, 0, f)
    assert.equal(pieces.length, 1)
    assert.deepEqual(pieces[0].move, [10, 25])
    nearPoint(endPoint(pieces), expected, 1e-9)
  }
  assert.deepEqual(trim(check, 0, 1), [{ move: [10, 25], segments: [{ line: [21, 33] }, { line: [37.5, 15] }] }])
})

test('a trim between two fractions starts and ends inside the path, joined in one subpath', () => {
  const pieces = trim(check, 0.25, 0.75)
  assert.equal(pieces.length, 1)
  assert.equal(pieces[0].segments.length, 2)
  const start = 0.25 * (first + second)
  nearPoint(pieces[0].move, [10 + (11 * start) / first, 25 + (8 * start) / first], 1e-9)
})

test('the error cross completes its first stroke at 0.5 and reaches the centre of the second at 0.75', () => {
  const cross = fixture('error').layers.find((layer) => layer.kind == 'path')
  near(cross.length, 2 * Math.hypot(19, 19), 1e-12)
  const half = trim(cross, 0, 0.5)
  assert.equal(half.length, 1)
  assert.deepEqual(endPoint(half), [34.5, 34.5])
  const threeQuarters = trim(cross, 0, 0.75)
  assert.equal(threeQuarters.length, 2)
  assert.deepEqual(threeQuarters[1].move, [34.5, 15.5])
  nearPoint(endPoint(threeQuarters), [25, 25], 1e-12)
  // Starting in the second stroke leaves only it.
  assert.deepEqual(trim(cross, 0.5, 1), [{ move: [34.5, 15.5], segments: [{ line: [15.5, 34.5] }] }])
})

test('empty and zero-length trims give nothing, so canvas never strokes a cap dot', () => {
  assert.deepEqual(trim(check, 0, 0), [])
  assert.deepEqual(trim(check, 0.5, 0.5), [])
  assert.deepEqual(trim(check, 0.7, 0.3), [])
  assert.deepEqual(trim(check, 1, 1), [])
  // Fractions outside [0, 1] are clamped.
  assert.deepEqual(trim(check, -1, 2), trim(check, 0, 1))
})

test('arc segments trim by angle: the progress ring from the top', () => {
  const ring = fixture('progress').layers.find((layer) => layer.id == 'ring')
  near(ring.length, 19 * 6.2832, 1e-9)
  const quarter = trim(ring, 0, 0.25)
  assert.equal(quarter.length, 1)
  const [x, y, r, start, sweep] = quarter[0].segments[0].arc
  assert.deepEqual([x, y, r, start], [27.5, 44, 19, 4.7124])
  near(sweep, 6.2832 / 4, 1e-12)
  nearPoint(quarter[0].move, [27.5, 25], 1e-3)
  nearPoint(endPoint(quarter), [46.5, 44], 1e-3)
  const middle = trim(ring, 0.25, 0.75)
  near(middle[0].segments[0].arc[3], 4.7124 + 6.2832 / 4, 1e-12)
  near(middle[0].segments[0].arc[4], 6.2832 / 2, 1e-12)
  nearPoint(middle[0].move, [46.5, 44], 1e-3)
  nearPoint(endPoint(middle), [8.5, 44], 1e-3)
})
