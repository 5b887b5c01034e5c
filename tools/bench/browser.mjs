// Benchmark of the web player in headless Chromium: main-thread time per animation frame with 1, 100 and 1000
// autoplaying <loadmark-player>s, and the player's and helpers' bytes next to lottie-web's. Not a test.
//
//   node --experimental-websocket tools/bench/browser.mjs [--window SECONDS] [--no-write]
//
// Prints a markdown section and puts it in docs/benchmarks.md (replacing its previous version, keeping the rest).
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { launch } from '../browser/cdp.mjs'
import { serve } from '../browser/serve.mjs'

const ROOT = new URL('../../', import.meta.url).pathname
const HEADING = '## Web player in headless Chromium'
const WINDOW = Number(argument('--window') ?? 3)
const WARM_UP = 1000
const COUNTS = [0, 1, 100, 1000]
const CLIPS = [{ preset: 'dots', clip: 'loop' }, { preset: 'refresh', clip: 'spin' }]
// 40 × 25 cells of 40 CSS px fill the viewport, so that no player is offscreen (offscreen players pause).
const VIEWPORT = { width: 1600, height: 1000, deviceScaleFactor: 1 }
const CELL = 40, SIZE = 38
// lottie-web 5.13.0 build/player/, minified and gzip -9 bytes, as lottie-web publishes them.
const LOTTIE = [['lottie.min.js', 305_704, 76_040], ['lottie_light.min.js', 168_394, 46_390], ['lottie_light_canvas.min.js', 203_001, 54_225]]

/** The value after `name` on the command line. */
function argument(name) {
  const i = process.argv.indexOf(name)
  return i > 0 ? process.argv[i + 1] : undefined
}

// Before any other script: times every requestAnimationFrame callback, summed per frame (the callbacks of one
// frame share its timestamp), and counts frames with a loop of its own that stays out of those sums.
const PROBE = `
const raf = requestAnimationFrame.bind(window)
window.bench = { measuring: false, work: new Map(), frames: [], players: new Set(), longTasks: [] }
window.requestAnimationFrame = (callback) => raf((now) => {
  const start = performance.now()
  callback(now)
  if (bench.measuring) bench.work.set(now, (bench.work.get(now) ?? 0) + performance.now() - start)
})
const count = (now) => {
  if (bench.measuring) bench.frames.push(now)
  raf(count)
}
raf(count)
document.addEventListener('frame', (event) => bench.measuring && bench.players.add(event.target), true)
new PerformanceObserver((list) => bench.measuring && bench.longTasks.push(...list.getEntries().map((entry) => entry.duration))).observe({ type: 'longtask' })
`

/** The benchmark page: the probe, the documents inline, the player module. */
function page() {
  const documents = CLIPS.map(({ preset }) => `<script type="application/json" id="${preset}">${readFileSync(join(ROOT, 'Tests/Fixtures', preset + '.json'), 'utf8')}</script>`)
  return `<!doctype html><meta charset="utf-8"><title>Loadmark benchmark</title><link rel="icon" href="data:,">
<style>body { margin: 0; display: grid; grid-template-columns: repeat(auto-fill, ${CELL}px); grid-auto-rows: ${CELL}px; }
loadmark-player { width: ${SIZE}px; height: ${SIZE}px; }</style>
<script>${PROBE}</script>
${documents.join('\n')}
<script type="module" src="loadmark-player.js"></script>
`
}

/** In page: adds `count` autoplaying players of a clip and resolves once each has loaded. */
function addPlayers(preset, clip, count) {
  return customElements.whenDefined('loadmark-player').then(() => {
    const players = Array.from({ length: count }, () => {
      const element = document.createElement('loadmark-player')
      for (const [name, value] of [['clip', clip], ['autoplay', ''], ['src', '#' + preset]]) element.setAttribute(name, value)
      return element
    })
    document.body.append(...players)
    return players.length
  })
}

/** In page: starts or stops measuring; stopping returns the raw numbers. */
function measure(on) {
  Object.assign(bench, on ? { measuring: true, work: new Map(), frames: [], players: new Set(), longTasks: [] } : { measuring: false })
  if (on) return null
  return { work: [...bench.work.values()], frames: bench.frames, players: bench.players.size, longTasks: bench.longTasks }
}

/** Sum of CDP Performance metrics by name. */
async function metrics(tab) {
  const { metrics } = await tab.send('Performance.getMetrics')
  return Object.fromEntries(metrics.map(({ name, value }) => [name, value]))
}

const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0)
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0
}

/** Runs one scenario in a fresh page: `count` players of a clip, measured over the window after a warm-up. */
async function scenario(browser, url, { preset, clip }, count) {
  const tab = await browser.newPage(VIEWPORT)
  try {
    await tab.send('Performance.enable', { timeDomain: 'timeTicks' })
    await tab.goto(url)
    assert(await tab.call(addPlayers, preset, clip, count) == count, 'players added')
    await sleep(WARM_UP)
    await tab.call(measure, true)
    const before = await metrics(tab)
    await sleep(WINDOW * 1000)
    const after = await metrics(tab)
    const raw = await tab.call(measure, false)
    assert(tab.errors.length == 0, JSON.stringify(tab.errors))
    // Every player must have drawn in the window: an offscreen or stalled one would make the numbers look better.
    assert(raw.players == count, `${raw.players} of ${count} players drew frames`)
    const frames = raw.frames.length, per = (name) => ((after[name] - before[name]) * 1000) / frames
    const intervals = raw.frames.slice(1).map((t, i) => t - raw.frames[i])
    return {
      preset, clip, count, frames, fps: frames / WINDOW,
      work: { mean: (mean(raw.work) * raw.work.length) / frames, p95: percentile(raw.work, 95) },
      task: per('TaskDuration'), script: per('ScriptDuration'), style: per('RecalcStyleDuration') + per('LayoutDuration'),
      interval: { mean: mean(intervals), p95: percentile(intervals, 95) },
      longTasks: { count: raw.longTasks.length, total: raw.longTasks.reduce((a, b) => a + b, 0) },
    }
  } finally {
    await tab.close()
  }
}

/** Throws `message` unless `condition`. */
function assert(condition, message) {
  if (!condition) throw Error('benchmark: ' + message)
}

/** Raw and `gzip -9` bytes of a file, or of several concatenated. */
function bytes(...files) {
  const data = Buffer.concat(files.map((file) => readFileSync(join(ROOT, file))))
  return { raw: data.length, gzip: execFileSync('gzip', ['-9', '-c'], { input: data }).length }
}

const ms = (value) => value.toFixed(value < 1 ? 3 : 2)
const thousands = (value) => value.toLocaleString('en-US')
const times = (value) => (value >= 10 ? value.toFixed(0) : value.toFixed(1)) + '×'

/** The markdown section. */
function report(rows, sizes, chromium) {
  const lines = [
    HEADING,
    '',
    `Generated by \`node --experimental-websocket tools/bench/browser.mjs\` on ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores:`,
    `${chromium}, \`--headless --disable-gpu\` (software rendering), viewport ${VIEWPORT.width} × ${VIEWPORT.height} at DPR 1.`,
    `Each row is a fresh page with that many autoplaying \`<loadmark-player>\`s of ${SIZE} × ${SIZE} CSS px (all on screen),`,
    `measured over ${WINDOW} s after ${WARM_UP / 1000} s of warm-up; 0 players is the page's own baseline.`,
    '',
    '- **player JS**: the time inside the players\' `requestAnimationFrame` callbacks (a wrapper installed before the',
    '  module times each callback; callbacks with the same timestamp are one frame): choosing the frame, the 2D',
    '  context calls and events. Mean and p95 per frame.',
    '- **main thread**: `Performance.getMetrics` over the window, divided by the frames the page produced (counted',
    '  by a rAF loop of its own): `TaskDuration` is everything the renderer\'s main thread did, including rasterising',
    '  the canvases, style and layout; `ScriptDuration` is its JavaScript.',
    '- **frames/s** and the p95 interval between frames show whether the page kept up; **long tasks** are',
    '  `PerformanceObserver` `longtask` entries (over 50 ms) in the window.',
    '',
    '| clip | players | frames/s | player JS mean ms | player JS p95 ms | main thread ms/frame | script ms/frame | p95 frame interval ms | long tasks |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.count ? `${r.preset} ${r.clip}` : '(none)'} | ${thousands(r.count)} | ${r.fps.toFixed(1)} | ${ms(r.work.mean)} | ${ms(r.work.p95)} | ${ms(r.task)} | ${ms(r.script)} | ${ms(r.interval.p95)} | ${r.longTasks.count} (${r.longTasks.total.toFixed(0)} ms) |`),
    '',
    'Bytes as shipped (no minifier), and how many times larger each lottie-web 5.13.0 player is',
    '(published `build/player/` sizes; raw ÷ raw, gzip ÷ gzip):',
    '',
    '| file | bytes | gzip -9 | ' + LOTTIE.map(([name, raw, gzip]) => `${name} (${thousands(raw)} / ${thousands(gzip)})`).join(' | ') + ' |',
    '|---|---|---|' + LOTTIE.map(() => '---|').join(''),
    ...sizes.map(({ name, raw, gzip }) => `| ${name} | ${thousands(raw)} | ${thousands(gzip)} | ` + LOTTIE.map(([, lr, lg]) => `${times(lr / raw)} / ${times(lg / gzip)}`).join(' | ') + ' |'),
    '',
  ]
  return lines.join('\n')
}

/** Replaces the section in docs/benchmarks.md, or appends it; creates the file if there is none. */
function write(section) {
  const path = join(ROOT, 'docs/benchmarks.md')
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n'
  const start = text.indexOf(HEADING + '\n')
  if (start < 0) return writeFileSync(path, text.trimEnd() + '\n\n' + section)
  const next = text.indexOf('\n## ', start + HEADING.length)
  writeFileSync(path, text.slice(0, start) + section + (next < 0 ? '' : text.slice(next + 1)))
}

/** Runs every scenario and reports. */
async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'loadmark-bench-'))
  const browser = await launch()
  // Cross-origin isolation gives performance.now() 5 µs resolution instead of 100 µs.
  const server = await serve(dir, { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' })
  try {
    copyFileSync(join(ROOT, 'web/loadmark-player.js'), join(dir, 'loadmark-player.js'))
    writeFileSync(join(dir, 'index.html'), page())
    const probe = await browser.newPage(VIEWPORT)
    await probe.goto(server.url)
    const isolated = await probe.evaluate('crossOriginIsolated'), chromium = (await browser.version()).replace(/^\w+\//, 'Chromium ')
    await probe.close()
    assert(isolated, 'the page is not cross-origin isolated')
    const rows = []
    for (const count of COUNTS) {
      for (const clip of count ? CLIPS : CLIPS.slice(0, 1)) {
        const row = await scenario(browser, server.url, clip, count)
        process.stderr.write(`${row.count ? `${clip.preset} ${clip.clip}` : 'baseline'} × ${count}: ${row.fps.toFixed(1)} frames/s, player JS ${ms(row.work.mean)} ms, main thread ${ms(row.task)} ms per frame\n`)
        rows.push(row)
      }
    }
    const sizes = [
      { name: 'loadmark-player.js', ...bytes('web/loadmark-player.js') },
      { name: 'loadmark-helpers.js', ...bytes('web/loadmark-helpers.js') },
      { name: 'both', ...bytes('web/loadmark-player.js', 'web/loadmark-helpers.js') },
    ]
    const section = report(rows, sizes, chromium)
    process.stdout.write(section + '\n')
    if (!process.argv.includes('--no-write')) write(section)
  } finally {
    await browser.close()
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
