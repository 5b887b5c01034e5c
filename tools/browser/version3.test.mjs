// Format version 3 drawn in Chromium, read back with getImageData: a frame is drawn where the document says, each
// expectation computed by hand and each failing for the document perturbed. Drawn by the player's sources (bundled
// here as they are), and by the published builds with dist/loadmark-player-v3.js, which they hand version 3
// documents to: the module over HTTP and the classic script from file://, each on a page under the strict policy
// `loadmark html` writes for scripts beside a page (`script-src 'self'`), with no violation and no error.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, test } from 'node:test'
import { ROOT, TEST, fileURL, openPage, painted, unpainted, useBrowser, useSite } from './harness.mjs'

const POLICY = "default-src 'none'; script-src 'self'; style-src 'none'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'"

/** A page in `dir` under POLICY that runs the scripts `files` (copied from web/dist) in order. */
function page(dir, files) {
  mkdirSync(dir, { recursive: true })
  for (const file of files) copyFileSync(join(ROOT, 'web/dist', file), join(dir, file))
  const scripts = files.filter((file) => file != 'loadmark-player.js').map((file) => `<script src="${file}"></script>`).join('')
  writeFileSync(join(dir, 'index.html'), `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${POLICY}"><title>version 3</title><body>${scripts}`)
}

const browser = useBrowser()
const site = useSite((dir) => {
  mkdirSync(join(dir, 'sources'))
  execFileSync(process.env.ESBUILD || 'esbuild', [join(ROOT, 'web/src/loadmark-player.js'), '--bundle', '--format=esm', '--log-level=warning', `--outfile=${join(dir, 'sources/loadmark-player.js')}`])
  writeFileSync(join(dir, 'sources/index.html'), '<!doctype html><meta charset="utf-8"><title>version 3</title><body style="margin:0">')
  // The module is imported by the test (below); the classic scripts run in the page's order.
  page(join(dir, 'module'), ['loadmark-player.js', 'loadmark-player-v3.js'])
  page(join(dir, 'classic'), ['loadmark-player-v3.js', 'loadmark-player.iife.js'])
})

/** Who draws: each with the URL of its page and whether it is the classic script (window.Loadmark). */
const PLAYERS = [
  { name: 'the sources', url: () => site() + 'sources/' },
  { name: 'the published module with loadmark-player-v3.js (HTTP)', url: () => site() + 'module/' },
  { name: 'the published classic script with loadmark-player-v3.js (file://)', url: () => fileURL(join(site.dir, 'classic/index.html')), classic: true },
]
let using

// A 40 × 40 pt document on a 160 × 160 px canvas at ratio 1: 4 device pixels per point, no offset.
const K = 4

/** A version 3 document of one layer and one one-frame clip, with `tracks` given by property. */
const one = (layer, tracks) => ({
  format: 'loadmark', version: 3, preset: 'test', fps: 60, width: 40, height: 40,
  layers: [{ id: 'shape', ...layer }],
  clips: [{ name: 'main', index: 'time', frames: 1, duration: 0, loop: false, tracks: Object.fromEntries(Object.entries(tracks).map(([key, value]) => ['shape.' + key, value])) }],
})

/** In page: draws frame 0 of `doc` with Loadmark.player on a fresh 160 × 160 canvas; the pixels at device `points` and the row `row`. */
async function renderAndRead(doc, points, row, classic, frame) {
  const { Loadmark } = classic ? window : await import(new URL('loadmark-player.js', location.href))
  const canvas = document.createElement('canvas')
  Object.assign(canvas.style, { position: 'fixed', left: '0', top: '0', width: '160px', height: '160px' })
  document.body.append(canvas)
  const player = Loadmark.player(canvas)
  const errors = []
  canvas.addEventListener('error', (event) => errors.push(event.detail.message))
  await player.load(doc)
  player.renderFrame('main', frame)
  const context = canvas.getContext('2d')
  const pixels = points.map(([x, y]) => [...context.getImageData(x, y, 1, 1).data])
  const line = row == null ? [] : [...context.getImageData(0, row, canvas.width, 1).data]
  player.destroy()
  canvas.remove()
  return { pixels, line, errors, backing: [canvas.width, canvas.height] }
}

let opened

/** Draws `doc` and reads the device pixels of the document `points`, and of device row `row` (alpha of each pixel). */
async function read(t, doc, points, row, frame = 0) {
  opened ??= await openPage(t, browser(), { width: 400, height: 300, deviceScaleFactor: 1 }).then(async (opened) => (await opened.goto(using.url()), opened))
  const { pixels, line, errors, backing } = await opened.call(renderAndRead, doc, points.map(([x, y]) => [Math.floor(x * K), Math.floor(y * K)]), row, using.classic, frame)
  assert.deepEqual(errors, [])
  // No violation of the policy, no error (a page asks for a favicon that the site has not).
  assert.deepEqual(opened.errors.filter(({ text }) => !text.includes('favicon.ico')), [])
  assert.deepEqual(backing, [160, 160])
  return { pixels, alphas: line.filter((_, i) => i % 4 == 3) }
}

/** Whether every point of `inside` is painted `color` and every point of `outside` unpainted, for `doc`. */
async function drawnAt(t, doc, color, inside, outside) {
  const { pixels } = await read(t, doc, [...inside, ...outside])
  return pixels.every((pixel, i) => (i < inside.length ? painted(pixel, color) : unpainted(pixel)))
}

// A page per test: the pages close with their test (openPage).
beforeEach(() => (opened = null))

const RED = [255, 0, 0], BLUE = [0, 0, 255]

for (const player of PLAYERS) {
  /** A test of `player`'s drawing. */
  const each = (name, run) => test(`${player.name}: ${name}`, TEST, (t) => ((using = player), run(t)))

  each('a square translated by tx and ty covers its translated place and not its own; moved 1 pt, it does not', async (t) => {
    const square = (tx) => one({ kind: 'roundedRect', rect: [0, 0, 10, 10], cornerRadius: 0, fill: '#ff0000' }, { opacity: 1, tx, ty: 5 })
    // [0, 10]² moved by (20, 5): [20, 30] × [5, 15]. Half a point inside its left and top edges, its centre; outside:
    // half a point left of it, and its own untransformed place.
    const inside = [[20.5, 5.5], [25, 10], [29.5, 14.5]], outside = [[19.5, 10], [5, 5], [9.5, 9.5], [25, 4.5]]
    assert.ok(await drawnAt(t, square(20), RED, inside, outside))
    // Perturbed: 1 pt to the right, its left edge's pixels are not painted.
    assert.ok(!(await drawnAt(t, square(21), RED, inside, outside)))
  })

  each('a ring scaled by 0.5 is drawn at half its radius with half its line width', async (t) => {
    // Radius 16 and line width 4 about (0, 0), scaled by 0.5 and moved to (20, 20): radius 8, width 2 pt, 8 device
    // pixels, from 27 to 29 pt (108 to 116 px) right of the centre, on the row through it (device row 80).
    const ring = (lineWidth) => one({ kind: 'arc', center: [0, 0], radius: 16, stroke: '#0000ff', lineWidth }, { start: 0, sweep: 6.2832, opacity: 1, a: 0.5, d: 0.5, tx: 20, ty: 20 })
    const width = async (doc) => {
      const { alphas } = await read(t, doc, [], 80)
      const covered = alphas.map((alpha, x) => (alpha > 128 ? x : -1)).filter((x) => x >= 80)
      return [covered.length, covered[0], covered.at(-1)]
    }
    assert.deepEqual(await width(ring(4)), [8, 108, 115])
    // Perturbed: a line width of 5 is 10 device pixels there, and unscaled the ring would be 16 wide at radius 64.
    assert.notDeepEqual(await width(ring(5)), [8, 108, 115])
    const { pixels } = await read(t, ring(4), [[28, 20], [20, 28], [12, 20], [20, 12], [20 + 16, 20]])
    pixels.slice(0, 4).forEach((pixel, i) => assert.ok(painted(pixel, BLUE), `ring point ${i}: ${pixel}`))
    assert.ok(unpainted(pixels[4]), `the unscaled radius is not drawn: ${pixels[4]}`)
  })

  each('a negative scale mirrors: a quarter ring clockwise from +x is drawn on the left, not on the right', async (t) => {
    // From angle 0 through π/2 (down on screen) about (0, 0), radius 10, then x ↦ −x and moved to (20, 20): the
    // quarter below and left of (20, 20). Its middle, at 45°, is at (20 ∓ 7.07, 27.07).
    const quarter = (a) => one({ kind: 'arc', center: [0, 0], radius: 10, stroke: '#ff0000', lineWidth: 3 }, { start: 0, sweep: Math.PI / 2, opacity: 1, a, tx: 20, ty: 20 })
    const left = [[20 - 7.07, 27.07], [10.5, 20.5], [20 - 3, 29.5]], right = [[20 + 7.07, 27.07], [29.5, 20.5], [20 - 7.07, 20 - 7.07]]
    assert.ok(await drawnAt(t, quarter(-1), RED, left, right))
    // Perturbed: unmirrored, it is on the right.
    assert.ok(!(await drawnAt(t, quarter(1), RED, left, right)))
    assert.ok(await drawnAt(t, quarter(1), RED, right.slice(0, 2), left))
  })

  each('a polygon fills its interior from its vertex tracks; its vertices moved 1 pt, the edge moves with them', async (t) => {
    const triangle = (top) => one({ kind: 'polygon', vertices: 3, fill: '#0000ff' }, { x0: 10, y0: top, x1: 30, y1: top, x2: 20, y2: 30, opacity: 1 })
    // (10, 10), (30, 10), (20, 30): the centroid (20, 16.67) and half a point below the top edge are inside; half a
    // point above it, and beside the slanted sides (at y 20 they are at x 15 and 25), outside.
    const inside = [[20, 16.67], [20, 10.5], [15.5, 19], [24.5, 19]], outside = [[20, 9.5], [14, 20], [26, 20], [10, 29]]
    assert.ok(await drawnAt(t, triangle(10), BLUE, inside, outside))
    // Perturbed: the top edge 1 pt lower leaves (20, 10.5) unpainted.
    assert.ok(!(await drawnAt(t, triangle(11), BLUE, inside, outside)))
  })

  each('a shadow is not transformed: a square scaled by 2 casts its shadow its offset away in points, not twice it', async (t) => {
    // [0, 5]² scaled by 2 is [0, 10]²; its shadow, offset 10 pt right, unblurred, covers [10, 20] × [0, 10]. A
    // transformed offset would put it at [20, 30].
    const square = (dx) => one({ kind: 'roundedRect', rect: [0, 0, 5, 5], cornerRadius: 0, fill: '#0000ff', shadow: { color: '#ff0000', opacity: 1, offset: [dx, 0], radius: 0 } }, { opacity: 1, a: 2, d: 2 })
    const inside = [[10.5, 5], [19.5, 5]], outside = [[20.5, 5], [25, 5]]
    assert.ok(await drawnAt(t, square(10), RED, inside, outside))
    // Perturbed: offset 1 pt further, the shadow starts past 10.5.
    assert.ok(!(await drawnAt(t, square(11), RED, inside, outside)))
    const { pixels } = await read(t, square(10), [[5, 5]])
    assert.ok(painted(pixels[0], BLUE), `the square itself: ${pixels[0]}`)
  })

  each('a loop with a periodic track counts its frames on: frame 3 of a 2-frame loop reads a period of 3 at 0, not frame 1', async (t) => {
    // A dot at (20, 20), radius 8 pt scaled by [1, 0.5, 0.25] over a period of 3: at frame 3 (3 % 3 = 0) 8 pt, 32 device
    // pixels; wrapped at the clip's 2 frames (frame 1) it would be 4 pt. 6 pt out (24 px) is inside the one, outside
    // the other.
    const dot = (radius) => ({ ...one({ kind: 'dot', center: [20, 20], radius, fill: '#ff0000' }, {}), clips: [{ name: 'main', index: 'time', frames: 2, duration: 1 / 30, loop: true, tracks: { 'shape.scale': { period: 3, values: [1, 0.5, 0.25] }, 'shape.opacity': 1 } }] })
    const { pixels } = await read(t, dot(8), [[26, 20], [20, 26]], null, 3)
    pixels.forEach((pixel, i) => assert.ok(painted(pixel, RED), `point ${i} at frame 3: ${pixel}`))
    const wrapped = await read(t, dot(8), [[26, 20], [20, 26]], null, 1)
    wrapped.pixels.forEach((pixel, i) => assert.ok(unpainted(pixel), `point ${i} at frame 1: ${pixel}`))
    // Perturbed: radius 5.5 pt, 5.5 pt at frame 3, leaves 6 pt out unpainted.
    const perturbed = await read(t, dot(5.5), [[26, 20]], null, 3)
    assert.ok(unpainted(perturbed.pixels[0]), `perturbed: ${perturbed.pixels[0]}`)
  })
}
