// renderFrame in Chromium, read back with getImageData: where the fixtures say a stroke ends, the pixels end.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { TEST, along, fixture, loadmark, onCircle, openPage, painted, rgb, unpainted, useBrowser, useSite } from './harness.mjs'

const browser = useBrowser()
const success = fixture('success'), error = fixture('error'), dots = fixture('dots')
const DEGREE = Math.PI / 180
// An --external page over HTTP, so the player module can be imported by URL under the page's own policy.
const site = useSite((dir) => loadmark(['html', 'success', '--external', '-o', 'index.html'], dir))

/** In page: draws one frame with Loadmark.player on a fresh canvas of `size` CSS pixels and reads device pixels at document points. */
async function renderAndRead(doc, size, clip, frame, points) {
  const { Loadmark } = await import(new URL('loadmark-player.js', location.href))
  const canvas = document.createElement('canvas')
  Object.assign(canvas.style, { position: 'fixed', left: '0', top: '0', width: size[0] + 'px', height: size[1] + 'px' })
  document.body.append(canvas)
  const player = Loadmark.player(canvas)
  await player.load(doc)
  player.renderFrame(clip, frame)
  const k = canvas.width / doc.width, context = canvas.getContext('2d')
  const pixels = points.map(([x, y]) => [...context.getImageData(Math.floor(x * k), Math.floor(y * k), 1, 1).data])
  const backing = [canvas.width, canvas.height]
  player.destroy()
  canvas.remove()
  return { backing, pixels }
}

/** Renders `frame` of `clip` from a fixture at 4 device pixels per point (DPR 1) and returns the pixels at `points`. */
async function read(t, { doc }, clip, frame, points) {
  const page = await openPage(t, browser(), { width: 800, height: 600, deviceScaleFactor: 1 })
  await page.goto(site())
  const size = [doc.width * 4, doc.height * 4]
  const { backing, pixels } = await page.call(renderAndRead, doc, size, clip, frame, points)
  assert.deepEqual(backing, size, 'backing store at DPR 1 equals the CSS size')
  assert.deepEqual(page.errors, [])
  return pixels
}

const expectPainted = (pixels, color, what) => pixels.forEach((pixel, i) => assert.ok(painted(pixel, color), `${what} ${i} painted ${color}: got ${pixel}`))
const expectUnpainted = (pixels, what) => pixels.forEach((pixel, i) => assert.ok(unpainted(pixel), `${what} ${i} unpainted: got ${pixel}`))

test('success frame 30: the ring is painted inside its sweep and not 20° beyond either end', TEST, async (t) => {
  const ring = success.layer('ring'), start = success.track('main', 'ring.start')[30], sweep = success.track('main', 'ring.sweep')[30]
  assert.ok(Math.abs(sweep + 1.5 * Math.PI) < 1e-3, `sweep −1.5π at frame 30, got ${sweep}`)
  // Canvas angles grow clockwise (y down); a negative sweep runs anticlockwise from start to start + sweep.
  const inside = [0.05, 0.25, 0.5, 0.75, 0.95].map((f) => onCircle(ring.center, ring.radius, start + sweep * f))
  const beyondEnd = onCircle(ring.center, ring.radius, start + sweep - 20 * DEGREE)
  const beforeStart = onCircle(ring.center, ring.radius, start + 20 * DEGREE)
  const pixels = await read(t, success, 'main', 30, [...inside, beyondEnd, beforeStart])
  expectPainted(pixels.slice(0, 5), rgb(ring.stroke), 'ring point')
  expectUnpainted(pixels.slice(5), 'point past the sweep')
})

test('success frames 59 and 60: ring and border only, the check area unpainted', TEST, async (t) => {
  const ring = success.layer('ring'), border = success.layer('border'), check = success.layer('check')
  const path = [check.subpaths[0].move, ...check.subpaths[0].segments.map((s) => s.line)]
  // Frame 59: the check is hidden (opacity 0) though fully stroked; frame 60: visible but trimmed to nothing.
  assert.deepEqual([59, 60].map((n) => [success.track('main', 'check.opacity')[n], success.track('main', 'check.strokeEnd')[n]]), [[0, 1], [1, 0]])
  const checkPoints = [0.02, 0.2, 0.36, 0.6, 0.98].map((f) => along(path, f))
  const marks = [onCircle(ring.center, ring.radius, 0.3), onCircle(border.center, border.radius, 2)]
  for (const frame of [59, 60]) {
    const pixels = await read(t, success, 'main', frame, [...marks, ...checkPoints])
    expectPainted(pixels.slice(0, 2), rgb(ring.stroke), `frame ${frame}: ring and border`)
    expectUnpainted(pixels.slice(2), `frame ${frame}: check point`)
  }
})

test('success frame 75: the check ends where strokeEnd puts it', TEST, async (t) => {
  const check = success.layer('check'), path = [check.subpaths[0].move, ...check.subpaths[0].segments.map((s) => s.line)]
  const length = path.slice(1).reduce((sum, p, i) => sum + Math.hypot(p[0] - path[i][0], p[1] - path[i][1]), 0)
  const end = success.track('main', 'check.strokeEnd')[75]
  assert.ok(end > 0.6 && end < 0.75, `strokeEnd at frame 75 is ${end}`)
  // 2 pt before the end is well inside the butt cap; 4 pt beyond is clear of it (the stroke is 3 pt wide).
  const before = along(path, end - 2 / length), beyond = along(path, end + 4 / length), start = along(path, 0.05)
  const pixels = await read(t, success, 'main', 75, [start, before, beyond])
  expectPainted(pixels.slice(0, 2), rgb(check.stroke), 'check before its end')
  expectUnpainted(pixels.slice(2), 'check beyond its end')
})

test('dots frame 15: dot0 has radius 10 × 1.5 = 15 pt', TEST, async (t) => {
  const dot = dots.layer('dot0'), scale = dots.track('loop', 'dot0.scale')[15]
  assert.equal(scale, 1.5)
  const [cx, cy] = dot.center, r = dot.radius * scale
  const inside = [[cx - 14, cy], [cx, cy - 14], [cx, cy + 14]], outside = [[cx - 16.5, cy], [cx, cy - 16.5], [cx, cy + 16.5]]
  assert.equal(r, 15)
  const pixels = await read(t, dots, 'loop', 15, [...inside, ...outside])
  expectPainted(pixels.slice(0, 3), rgb(dot.fill), 'point 14 pt from the centre')
  expectUnpainted(pixels.slice(3), 'point 16.5 pt from the centre')
})

test('error at strokeEnd ≈ 0.5: only the first diagonal is drawn', TEST, async (t) => {
  const cross = error.layer('cross'), ends = error.track('main', 'cross.strokeEnd'), opacity = error.track('main', 'cross.opacity')
  // The visible frame whose strokeEnd is nearest 0.5.
  const frame = ends.reduce((best, end, n) => (opacity[n] > 0 && Math.abs(end - 0.5) < Math.abs(ends[best] - 0.5) ? n : best), ends.length - 1)
  const [first, second] = cross.subpaths.map(({ move, segments }) => [move, segments[0].line])
  const drawn = Math.min(1, ends[frame] * 2), rest = Math.max(0, ends[frame] * 2 - 1)
  assert.ok(Math.abs(ends[frame] - 0.5) < 0.02, `frame ${frame} has strokeEnd ${ends[frame]}`)
  // On the second diagonal, keep away from the crossing at its middle, which the first diagonal paints.
  const onFirst = [0.05, 0.3, 0.7, drawn - 0.05].map((f) => along(first, f)), onSecond = [rest + 0.15, 0.3, 0.7, 0.95].map((f) => along(second, f))
  const pixels = await read(t, error, 'main', frame, [...onFirst, ...onSecond])
  expectPainted(pixels.slice(0, 4), rgb(cross.stroke), 'first diagonal')
  expectUnpainted(pixels.slice(4), 'second diagonal')
})

/** In page: frames drawn directly (no OffscreenCanvas) and copied from the shared bitmaps, compared as RGBA. */
async function directAndCopied(doc, size, frames) {
  const { Loadmark } = await import(new URL('loadmark-player.js', location.href))
  const canvas = () => {
    const element = document.body.appendChild(document.createElement('canvas'))
    Object.assign(element.style, { width: size[0] + 'px', height: size[1] + 'px' })
    return element
  }
  const read = (element) => Array.from(element.getContext('2d').getImageData(0, 0, element.width, element.height).data)
  const same = (a, b) => a.length > 0 && a.length == b.length && a.every((value, i) => value == b[i])
  const [first, second] = [canvas(), canvas()]
  const direct = Loadmark.player(first), copied = Loadmark.player(second)
  await direct.load(doc)
  await copied.load(doc)
  const offscreen = window.OffscreenCanvas
  const results = []
  let previous = []
  for (const [clip, n] of frames) {
    // Without OffscreenCanvas there is no bitmap to be had: the frame is drawn on the canvas itself.
    window.OffscreenCanvas = undefined
    direct.renderFrame(clip, n)
    window.OffscreenCanvas = offscreen
    copied.renderFrame(clip, n)
    const [a, b] = [read(first), read(second)]
    results.push({ clip, n, same: same(a, b), asPrevious: same(a, previous), painted: a.filter((value, i) => i % 4 == 3 && value > 0).length })
    previous = a
  }
  return results
}

test('a frame copied from the shared bitmap is the frame drawn directly, pixel for pixel', TEST, async (t) => {
  const page = await openPage(t, browser(), { width: 800, height: 600, deviceScaleFactor: 2 })
  await page.goto(site())
  const refresh = fixture('refresh')
  // The refresh spinner has a blurred shadow, arcs and an accent; the success mark trims its path.
  for (const [{ doc }, frames] of [[refresh, [['spin', 0], ['spin', 20], ['pull', 50]]], [success, [['main', 30], ['main', 75], ['main', 90]]]]) {
    const results = await page.call(directAndCopied, doc, [doc.width * 2, doc.height * 2], frames)
    for (const { clip, n, same, asPrevious, painted } of results) {
      assert.ok(painted > 100, `${doc.preset} ${clip} ${n}: ${painted} painted pixels`)
      assert.ok(same, `${doc.preset} ${clip} ${n}: the copy differs from the direct drawing`)
      // The comparison can fail: each frame differs from the one before.
      assert.ok(!asPrevious, `${doc.preset} ${clip} ${n}: the same pixels as the frame before`)
    }
  }
  assert.deepEqual(page.errors, [])
})
