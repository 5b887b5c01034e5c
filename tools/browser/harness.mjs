// Shared by the browser tests: the loadmark CLI, temporary pages, a static server, fixtures and in-page probes.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before } from 'node:test'
import { pathToFileURL } from 'node:url'
import { inflateSync } from 'node:zlib'
import { launch } from './cdp.mjs'
import { serve } from './serve.mjs'

export const ROOT = new URL('../../', import.meta.url).pathname
/** Per-test limit: a hung browser fails the test instead of hanging CI. */
export const TEST = { timeout: 30_000 }
export const PRESETS = ['success', 'error', 'progress', 'dots', 'refresh']

let binary

/** The loadmark binary: $LOADMARK, else the one `swift build` wrote (looked up once). */
export function loadmarkPath() {
  binary ??= process.env.LOADMARK || join(execFileSync('swift', ['build', '--show-bin-path'], { cwd: ROOT, encoding: 'utf8' }).trim(), 'loadmark')
  if (!existsSync(binary)) throw Error(`${binary} does not exist: build it with \`swift build --product loadmark\` or set LOADMARK`)
  return binary
}

/** Runs loadmark with `args` in `cwd`; throws with its stderr if it fails. The limit is generous: a debug
 * build's gallery of every preset and catalogue indicator in every format takes about 9 s on an idle
 * machine, and a busy one is several times slower. */
export function loadmark(args, cwd) {
  return execFileSync(loadmarkPath(), args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 90_000 })
}

/** `catalogue()`'s answer, asked of the CLI once per test file. */
let catalogueEntries

/** The catalogue's indicators (catalogue/), as `loadmark list --json` names them after the presets, with their clips' names. */
export function catalogue() {
  catalogueEntries ??= JSON.parse(loadmark(['list', '--json'])).indicators
    .filter(({ name }) => !PRESETS.includes(name)).map(({ name, clips }) => ({ name, clips: clips.map((clip) => clip.name) }))
  return catalogueEntries
}

/** A temporary directory removed after the file's tests. */
export function scratch(prefix = 'loadmark-browser-') {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  after(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** The file:// URL of a path. */
export const fileURL = (path) => pathToFileURL(path).href

/** A directory that `build(dir)` fills before the file's tests, served over HTTP during them: `site()` is its URL, `site.dir` its path. */
export function useSite(build) {
  const dir = scratch()
  let server
  before(async () => {
    build(dir)
    server = await serve(dir)
  })
  after(() => server?.close())
  return Object.assign(() => server.url, { dir })
}

/** One Chromium for the file's tests; `browser()` returns it. */
export function useBrowser() {
  let browser
  before(async () => (browser = await launch()))
  after(() => browser?.close())
  return () => browser
}

// Runs before any page script: keeps every player event, with its element, in `__lmEvents`. The events do not
// bubble, but a capturing listener sees them on their way down: on document, as window never sees a `load` of a node.
const RECORDER = `globalThis.__lmEvents = []
for (const type of ['load', 'play', 'pause', 'frame', 'loop', 'complete', 'error']) {
  document.addEventListener(type, (event) => {
    if (event instanceof CustomEvent) __lmEvents.push({ type, target: event.target, t: performance.now(), ...event.detail })
  }, true)
}`

/** Opens a page with `viewport` that records player events, closed after the test `t`. */
export async function openPage(t, browser, viewport) {
  const page = await browser.newPage(viewport)
  t.after(() => page.close())
  await page.send('Page.addScriptToEvaluateOnNewDocument', { source: RECORDER })
  return page
}

/** A committed fixture: its document, its layers by id, and its tracks decoded independently of the player. */
export function fixture(name) {
  const doc = JSON.parse(readFileSync(join(ROOT, 'Tests/Fixtures', name + '.json'), 'utf8'))
  return { doc, layer: (id) => doc.layers.find((layer) => layer.id == id), track: (clip, key) => track(doc, clip, key) }
}

// A track as an array of frame values: constant, plain array, or running sums of integer deltas / 10^decimals.
function track(doc, clipName, key) {
  const clip = doc.clips.find((c) => c.name == clipName), value = clip.tracks[key]
  if (typeof value == 'number') return Array(clip.frames).fill(value)
  if (Array.isArray(value)) return value
  let sum = 0
  return value.deltas.map((delta) => (sum += delta) / 10 ** value.decimals)
}

/** [r, g, b] of '#rrggbb' or '#rrggbbaa' (the alpha is left out). */
export const rgb = (hex) => hex.slice(1, 7).match(/../g).map((digits) => parseInt(digits, 16))

/** Whether a pixel is painted in about `color` ([r, g, b], each within `tolerance`). */
export const painted = (pixel, color, tolerance = 12) => pixel[3] > 128 && color.every((c, i) => Math.abs(pixel[i] - c) <= tolerance)
/** Whether a pixel is (nearly) transparent. */
export const unpainted = (pixel) => pixel[3] < 16

/** Point at `fraction` of the way along a polyline [[x, y]…] (by length). */
export function along(points, fraction) {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i][0], p[1] - points[i][1]))
  let rest = fraction * lengths.reduce((a, b) => a + b)
  for (let i = 0; i < lengths.length; i++) {
    if (rest <= lengths[i] || i == lengths.length - 1) {
      const f = rest / lengths[i], [x0, y0] = points[i], [x1, y1] = points[i + 1]
      return [x0 + (x1 - x0) * f, y0 + (y1 - y0) * f]
    }
    rest -= lengths[i]
  }
}

/** The point at `angle` (radians, canvas convention: y down) on a circle. */
export const onCircle = ([cx, cy], r, angle) => [cx + r * Math.cos(angle), cy + r * Math.sin(angle)]

/** Resolves once `predicate` (a self-contained function, or its source) returns true in the page; fails after `ms`. */
export function until(page, predicate, ms = 3000) {
  return page.evaluate(`new Promise((resolve, reject) => {
    const deadline = performance.now() + ${ms}
    const poll = () => ((${predicate})() ? resolve(true) : performance.now() > deadline ? reject(Error(${JSON.stringify('timed out: ' + predicate)})) : setTimeout(poll, 10))
    poll()
  })`)
}

/**
 * The pixels of a PNG that Chromium's screenshots write (8 bits per channel, RGB or RGBA, not interlaced) as
 * { width, height, rgba }, each row unfiltered as the PNG specification says (filters 0 to 4, Paeth's predictor).
 */
export function decodePNG(png) {
  let width, height, channels
  const idat = []
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at), type = png.toString('latin1', at + 4, at + 8), data = png.subarray(at + 8, at + 8 + length)
    if (type == 'IHDR') {
      ;[width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)]
      const [depth, color, , , interlace] = data.subarray(8)
      if (depth != 8 || (color != 2 && color != 6) || interlace) throw Error(`unsupported PNG: depth ${depth}, colour ${color}, interlace ${interlace}`)
      channels = color == 6 ? 4 : 3
    } else if (type == 'IDAT') idat.push(data)
    at += 12 + length
  }
  const raw = inflateSync(Buffer.concat(idat)), stride = width * channels, rows = new Uint8Array(height * stride)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)], line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? rows[y * stride + i - channels] : 0, b = y ? rows[(y - 1) * stride + i] : 0
      const c = i >= channels && y ? rows[(y - 1) * stride + i - channels] : 0, p = a + b - c
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)]
      const predicted = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter]
      rows[y * stride + i] = (line[i] + predicted) & 255
    }
  }
  const rgba = new Uint8Array(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    for (let k = 0; k < 3; k++) rgba[i * 4 + k] = rows[i * channels + k]
    rgba[i * 4 + 3] = channels == 4 ? rows[i * channels + 3] : 255
  }
  return { width, height, rgba }
}

// In-page probes: self-contained functions passed to page.call(), so they carry no closure.

/** In page: RGBA of document points [x, y] on a player element's canvas, fitted as documented (contain, centred, at the DPR). */
export function elementPixels(selector, [docWidth, docHeight], points) {
  const canvas = document.querySelector(selector).shadowRoot.querySelector('canvas'), dpr = devicePixelRatio
  const { clientWidth: width, clientHeight: height } = canvas, k = Math.min(width / docWidth, height / docHeight)
  const ox = Math.round(((width - docWidth * k) / 2) * dpr), oy = Math.round(((height - docHeight * k) / 2) * dpr)
  const context = canvas.getContext('2d')
  return points.map(([x, y]) => [...context.getImageData(Math.floor(ox + x * k * dpr), Math.floor(oy + y * k * dpr), 1, 1).data])
}

/** In page: for each player element, its backing store, CSS size and count of pixels with any paint. */
export function canvases(selector = 'loadmark-player') {
  return [...document.querySelectorAll(selector)].map((element) => {
    const canvas = element.shadowRoot.querySelector('canvas'), { width, height, clientWidth, clientHeight } = canvas
    const data = width && height ? canvas.getContext('2d').getImageData(0, 0, width, height).data : []
    let painted = 0
    for (let i = 3; i < data.length; i += 4) painted += data[i] > 0
    return { label: element.getAttribute('aria-label'), progress: element.getAttribute('progress'), width, height, clientWidth, clientHeight, painted }
  })
}

/** In page: resolves with the count of <loadmark-player>s matching `selector` once each has dispatched `load`. */
export function playersLoaded(selector = 'loadmark-player') {
  return new Promise((resolve) => {
    const check = () => {
      const elements = [...document.querySelectorAll(selector)]
      const loaded = elements.every((element) => __lmEvents.some((event) => event.type == 'load' && event.target == element))
      loaded ? resolve(elements.length) : setTimeout(check, 10)
    }
    check()
  })
}

/** In page: the recorded events of the element matching `selector` (all when null), as plain data. */
export function eventsOf(selector, since = 0) {
  const element = selector && document.querySelector(selector)
  return __lmEvents.filter((event) => (!element || event.target == element) && event.t >= since).map(({ target, ...rest }) => rest)
}
