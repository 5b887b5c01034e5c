// Benchmark of the web player in headless Chromium: main-thread time per animation frame with 100 and 1,000
// autoplaying <loadmark-player>s of every clip of every preset, against a floor measured in the same run (as many
// bare canvases of the same size, each copying one cached bitmap per frame), the JS heap, and the built files'
// bytes next to lottie-web's. Not a test.
//
//   node --experimental-websocket tools/bench/browser.mjs [--window SECONDS] [--rounds N] [--counts 100,1000]
//        [--compare PLAYER.js [--compare-label LABEL] [--compare-documents DIR]] [--only PRESET:CLIP,...] [--no-write]
//
// --compare measures the same clips with another build of the player module in the same run (for instance
// `git show v0.1:web/loadmark-player.js > old.js`), for the "player JS against before" column.
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
const WINDOW = Number(argument('--window') ?? 2)
// Rounds: every scenario runs this many times, the rounds interleaved, and each row is the median round, so that a
// busy moment of a shared machine moves one round of every scenario rather than all of one scenario.
const ROUNDS = Number(argument('--rounds') ?? 3)
const WARM_UP = 1000
const COUNTS = (argument('--counts') ?? '100,1000').split(',').map(Number)
const COMPARE = argument('--compare')
const COMPARE_LABEL = argument('--compare-label') ?? '0.1.0'
// The documents the compared build reads (a folder of <preset>.json), when it reads an older format version than
// Tests/Fixtures holds: for 0.1.0, that commit's fixtures (format version 1).
const COMPARE_DOCUMENTS = argument('--compare-documents') ?? join(ROOT, 'Tests/Fixtures')
// Every clip of every preset. One-shots restart when they complete and progress clips are driven from 0 to 1 over
// `sweep` seconds by a host loop, so that every player draws a new frame as often as its clip allows.
const ALL_CLIPS = [
  { preset: 'success', clip: 'main' }, { preset: 'error', clip: 'main' },
  { preset: 'progress', clip: 'demo' }, { preset: 'progress', clip: 'progress', sweep: 2 }, { preset: 'progress', clip: 'done' },
  { preset: 'dots', clip: 'loop' },
  { preset: 'refresh', clip: 'pull', sweep: 2 }, { preset: 'refresh', clip: 'spin' },
]
// --only dots:loop,refresh:spin measures some clips (and does not write the document).
const ONLY = argument('--only')?.split(',')
const CLIPS = ONLY ? ALL_CLIPS.filter(({ preset, clip }) => ONLY.includes(`${preset}:${clip}`)) : ALL_CLIPS
const PRESETS = [...new Set(ALL_CLIPS.map(({ preset }) => preset))]
// 40 × 25 cells of 40 CSS px fill the viewport, so that no player is offscreen (offscreen players pause).
const VIEWPORT = { width: 1600, height: 1000, deviceScaleFactor: 1 }
const CELL = 40, SIZE = 38
// The goals: main-thread time per frame within 1.25× of the floor's at every count; 60 frames/s at 100 players;
// a JS heap under 15 MB at 1,000 players; player JS at most 25 % of the compared build's.
const GOAL = { floor: 1.25, fps: 60, fpsCount: 100, heapMB: 15, heapCount: 1000, js: 0.25 }
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

/** A benchmark page: the probe, the documents inline, a player module. */
function page(module, folder = join(ROOT, 'Tests/Fixtures')) {
  const documents = PRESETS.map((preset) => `<script type="application/json" id="${preset}">${readFileSync(join(folder, preset + '.json'), 'utf8')}</script>`)
  return `<!doctype html><meta charset="utf-8"><title>Loadmark benchmark</title><link rel="icon" href="data:,">
<style>body { margin: 0; display: grid; grid-template-columns: repeat(auto-fill, ${CELL}px); grid-auto-rows: ${CELL}px; }
loadmark-player, canvas { width: ${SIZE}px; height: ${SIZE}px; }</style>
<script>${PROBE}</script>
${documents.join('\n')}
<script type="module" src="${module}"></script>
`
}

/**
 * In page: adds `count` players of a clip and resolves once each has loaded. Time clips autoplay, and one-shots
 * play again as soon as they complete; progress clips follow a host loop that sweeps `progress` from 0 to 1.
 */
function addPlayers(preset, clip, count, sweep) {
  return customElements.whenDefined('loadmark-player').then(() => new Promise((resolve) => {
    let loaded = 0
    const players = Array.from({ length: count }, () => {
      const element = document.createElement('loadmark-player')
      element.setAttribute('clip', clip)
      if (!sweep) element.setAttribute('autoplay', '')
      element.addEventListener('load', () => ++loaded == count && resolve(count), { once: true })
      element.addEventListener('complete', () => element.play())
      element.setAttribute('src', '#' + preset)
      return element
    })
    document.body.append(...players)
    if (sweep) {
      const drive = (now) => {
        const p = ((now / 1000) % sweep) / sweep
        for (const player of players) player.progress = p
        requestAnimationFrame(drive)
      }
      requestAnimationFrame(drive)
    }
  }))
}

/** In page: the floor, `count` bare canvases of the players' size that each copy one cached bitmap per frame. */
function addFloor(count) {
  const canvases = Array.from({ length: count }, () => document.createElement('canvas'))
  document.body.append(...canvases)
  const source = new OffscreenCanvas(canvases[0].clientWidth * devicePixelRatio, canvases[0].clientHeight * devicePixelRatio)
  const context = source.getContext('2d')
  context.fillStyle = '#3478f6'
  for (const x of [0.2, 0.5, 0.8]) {
    context.beginPath()
    context.arc(source.width * x, source.height / 2, source.width / 10, 0, 2 * Math.PI)
    context.fill()
  }
  const bitmap = source.transferToImageBitmap()
  // `copy`: each draw replaces the whole canvas, with no clearRect, as the players copy their frames.
  const contexts = canvases.map((canvas) => {
    Object.assign(canvas, { width: bitmap.width, height: bitmap.height })
    return Object.assign(canvas.getContext('2d'), { globalCompositeOperation: 'copy' })
  })
  const frame = () => {
    for (const context of contexts) context.drawImage(bitmap, 0, 0)
    // Counted like a player, so that the check that every one drew holds here too.
    if (bench.measuring) for (const canvas of canvases) bench.players.add(canvas)
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
  return count
}

/** In page: starts or stops measuring; stopping returns the raw numbers. */
function measure(on) {
  Object.assign(bench, on ? { measuring: true, work: new Map(), frames: [], players: new Set(), longTasks: [] } : { measuring: false })
  if (on) return null
  return { work: [...bench.work.values()], frames: bench.frames, players: bench.players.size, longTasks: bench.longTasks }
}

/** CDP Performance metrics by name. */
async function metrics(tab) {
  const { metrics } = await tab.send('Performance.getMetrics')
  return Object.fromEntries(metrics.map(({ name, value }) => [name, value]))
}

const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0)
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0
}

/** Runs one scenario in a fresh page: `count` players of a clip (or the floor), measured over the window after a warm-up. */
async function scenario(browser, url, subject, count) {
  const tab = await browser.newPage(VIEWPORT)
  try {
    await tab.send('Performance.enable', { timeDomain: 'timeTicks' })
    await tab.goto(url)
    const added = subject.floor ? await tab.call(addFloor, count) : await tab.call(addPlayers, subject.preset, subject.clip, count, subject.sweep ?? 0)
    assert(added == count, 'players added')
    await sleep(WARM_UP)
    await tab.send('HeapProfiler.collectGarbage')
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
      ...subject, count, frames, fps: frames / WINDOW,
      work: { mean: (mean(raw.work) * raw.work.length) / frames, p95: percentile(raw.work, 95) },
      cpu: per('ThreadTime'), task: per('TaskDuration'), script: per('ScriptDuration'),
      interval: { mean: mean(intervals), p95: percentile(intervals, 95) },
      longTasks: { count: raw.longTasks.length, total: raw.longTasks.reduce((a, b) => a + b, 0) },
      heap: after.JSHeapUsedSize / 2 ** 20,
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
const times = (value) => (value >= 10 ? value.toFixed(0) : value.toFixed(2)) + '×'
const name = (row) => (row.floor ? 'floor' : `${row.preset} ${row.clip}`)
const median = (values) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1]

/**
 * One row per scenario from its rounds: the round of median main-thread CPU time, with `floor` (its CPU time over
 * the floor's in the same round) and `before` (its player JS over the compared player's in the same round) as the
 * medians of the per-round ratios.
 */
function summarise(rounds, compared) {
  return rounds[0].map((_, i) => {
    const runs = rounds.map((round) => round[i])
    const row = runs.find((run) => run.cpu == median(runs.map((run) => run.cpu)))
    const ratio = (of) => median(runs.map((run, r) => run[of] / rounds[r].find((other) => other.floor && other.count == run.count)[of]))
    const before = compared.length && !row.floor
      ? median(runs.map((run, r) => run.work.mean / compared[r].find((other) => other.preset == run.preset && other.clip == run.clip && other.count == run.count).work.mean))
      : null
    return { ...row, floorRatio: ratio('cpu'), wallRatio: ratio('task'), before }
  })
}

/** The markdown section. */
function report(rows, compared, sizes, chromium) {
  const players = rows.filter((row) => !row.floor)
  const verdicts = []
  const check = (ok, text) => verdicts.push(`- ${ok ? 'met' : '**not met**'}: ${text}`)
  for (const count of COUNTS) {
    const worst = players.filter((row) => row.count == count).reduce((a, b) => (b.floorRatio > a.floorRatio ? b : a))
    check(worst.floorRatio <= GOAL.floor, `main-thread time within ${GOAL.floor}× of the floor at ${thousands(count)} players (largest: ${name(worst)}, ${times(worst.floorRatio)})`)
  }
  if (COUNTS.includes(GOAL.fpsCount)) {
    const slowest = players.filter((row) => row.count == GOAL.fpsCount).reduce((a, b) => (b.fps < a.fps ? b : a))
    check(slowest.fps >= GOAL.fps - 1, `${GOAL.fps} frames/s at ${GOAL.fpsCount} players (slowest: ${name(slowest)}, ${slowest.fps.toFixed(1)})`)
  }
  if (COUNTS.includes(GOAL.heapCount)) {
    const heaviest = players.filter((row) => row.count == GOAL.heapCount).reduce((a, b) => (b.heap > a.heap ? b : a))
    check(heaviest.heap < GOAL.heapMB, `JS heap under ${GOAL.heapMB} MB at ${thousands(GOAL.heapCount)} players (largest: ${name(heaviest)}, ${heaviest.heap.toFixed(1)} MB)`)
  }
  if (compared.length) {
    const largest = Math.max(...COUNTS)
    const worst = players.filter((row) => row.count == largest).reduce((a, b) => (b.before > a.before ? b : a))
    check(worst.before <= GOAL.js, `player JS at most ${GOAL.js * 100} % of ${COMPARE_LABEL}'s at ${thousands(largest)} players (largest: ${name(worst)}, ${(worst.before * 100).toFixed(0)} %)`)
  }
  const lines = [
    HEADING,
    '',
    `Generated by \`node --experimental-websocket tools/bench/browser.mjs${COMPARE ? ` --compare <${COMPARE_LABEL} player>` : ''}\` on ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores:`,
    `${chromium}, \`--headless --disable-gpu\` (software rendering), viewport ${VIEWPORT.width} × ${VIEWPORT.height} at DPR 1, one run.`,
    `Each scenario is a fresh page with that many \`<loadmark-player>\`s of ${SIZE} × ${SIZE} CSS px (all on screen), measured over`,
    `${WINDOW} s after ${WARM_UP / 1000} s of warm-up, ${ROUNDS} times with the rounds interleaved; each row is the median round.`,
    'Every clip of every preset keeps drawing: one-shots play again as soon as they complete, and progress clips follow',
    'a host loop that sets every player\'s `progress` on every frame (0 to 1 over 2 s). The **floor** is as many bare',
    'canvases of the same size, each copying one cached bitmap per frame (one `drawImage` in `copy` mode, from one',
    '`requestAnimationFrame` callback): what any player that shows a new frame on every frame costs at least.',
    '',
    '- **main-thread CPU**: the renderer main thread\'s CPU time (`Performance.getMetrics` `ThreadTime`) over the',
    '  window, divided by the frames the page produced (counted by a rAF loop of its own): the players\' JavaScript and',
    '  everything the main thread does to show their canvases. CPU time rather than elapsed time, because the machine',
    '  is shared: time the thread waits for a core is not its work. **× floor** is this over the floor\'s, round by',
    '  round (the median of the rounds\' ratios).',
    '- **main-thread tasks**: `TaskDuration`, the same thread\'s elapsed time in tasks per frame, waits included, and',
    '  **script** its JavaScript (`ScriptDuration`).',
    '- **player JS**: the time inside `requestAnimationFrame` callbacks (a wrapper installed before the module times',
    '  each callback; callbacks with the same timestamp are one frame): the players\' shared frame loop, and the host',
    '  loop that sets `progress`. Mean and p95 per frame.',
    '- **frames/s** and the p95 interval between frames show whether the page kept up; **long tasks** are',
    '  `PerformanceObserver` `longtask` entries (over 50 ms) in the window; **heap** is `JSHeapUsedSize` at its end,',
    '  after a garbage collection before the window.',
    ...(compared.length ? [`- **JS vs ${COMPARE_LABEL}**: player JS over that of the ${COMPARE_LABEL} player module in the same round (median of the rounds).`] : []),
    '',
    'The machine is shared with other builds, so absolute times vary from run to run and within one; the goals are',
    'about ratios within one run.',
    '',
    `| clip | players | frames/s | main-thread CPU ms/frame | × floor | main-thread tasks ms/frame | script ms/frame | player JS mean ms | player JS p95 ms | p95 frame interval ms | long tasks | heap MB |${compared.length ? ` JS vs ${COMPARE_LABEL} |` : ''}`,
    `|---|---|---|---|---|---|---|---|---|---|---|---|${compared.length ? '---|' : ''}`,
    ...rows.map((r) => `| ${name(r)} | ${thousands(r.count)} | ${r.fps.toFixed(1)} | ${ms(r.cpu)} | ${times(r.floorRatio)} | ${ms(r.task)} | ${ms(r.script)} | ${ms(r.work.mean)} | ${ms(r.work.p95)} | ${ms(r.interval.p95)} | ${r.longTasks.count} (${r.longTasks.total.toFixed(0)} ms) | ${r.heap.toFixed(1)} |`
      + (compared.length ? ` ${r.before == null ? '' : `${(r.before * 100).toFixed(0)} %`} |` : '')),
    '',
    'Goals (issue 8), from this run:',
    '',
    ...verdicts,
    '',
    ...(compared.length ? [
      `The ${COMPARE_LABEL} player in the same run (median rounds), for reference:`,
      '',
      '| clip | players | frames/s | main-thread CPU ms/frame | × floor | main-thread tasks ms/frame | player JS mean ms | heap MB |',
      '|---|---|---|---|---|---|---|---|',
      ...summarise(compared, []).filter((r) => !r.floor).map((r) => `| ${name(r)} | ${thousands(r.count)} | ${r.fps.toFixed(1)} | ${ms(r.cpu)} | ${times(r.floorRatio)} | ${ms(r.task)} | ${ms(r.work.mean)} | ${r.heap.toFixed(1)} |`),
      '',
    ] : []),
    'Bytes of the published files (`web/dist/`), and how many times larger each lottie-web 5.13.0 player is',
    '(published `build/player/` sizes; raw ÷ raw, gzip ÷ gzip):',
    '',
    '| file | bytes | gzip -9 | ' + LOTTIE.map(([file, raw, gzip]) => `${file} (${thousands(raw)} / ${thousands(gzip)})`).join(' | ') + ' |',
    '|---|---|---|' + LOTTIE.map(() => '---|').join(''),
    ...sizes.map(({ file, raw, gzip }) => `| ${file} | ${thousands(raw)} | ${thousands(gzip)} | ` + LOTTIE.map(([, lr, lg]) => `${times(lr / raw)} / ${times(lg / gzip)}`).join(' | ') + ' |'),
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

/** Runs one scenario and reports it on stderr as it goes. */
async function run(browser, url, subject, count, label) {
  const row = await scenario(browser, url, subject, count)
  process.stderr.write(`${label}${name(row)} × ${count}: ${row.fps.toFixed(1)} frames/s, main-thread CPU ${ms(row.cpu)} ms, tasks ${ms(row.task)} ms, player JS ${ms(row.work.mean)} ms per frame, heap ${row.heap.toFixed(1)} MB\n`)
  return row
}

/** Runs every scenario, round after round, and reports. */
async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'loadmark-bench-'))
  const browser = await launch()
  // Cross-origin isolation gives performance.now() 5 µs resolution instead of 100 µs.
  const server = await serve(dir, { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' })
  try {
    copyFileSync(join(ROOT, 'web/dist/loadmark-player.js'), join(dir, 'loadmark-player.js'))
    writeFileSync(join(dir, 'index.html'), page('loadmark-player.js'))
    if (COMPARE) {
      copyFileSync(COMPARE, join(dir, 'compared-player.js'))
      writeFileSync(join(dir, 'compared.html'), page('compared-player.js', COMPARE_DOCUMENTS))
    }
    const probe = await browser.newPage(VIEWPORT)
    await probe.goto(server.url)
    const isolated = await probe.evaluate('crossOriginIsolated'), chromium = (await browser.version()).replace(/^\w+\//, 'Chromium ')
    await probe.close()
    assert(isolated, 'the page is not cross-origin isolated')
    const rounds = [], compared = []
    for (let r = 1; r <= ROUNDS; r++) {
      const rows = [], others = []
      for (const count of COUNTS) {
        rows.push(await run(browser, server.url, { floor: true }, count, `round ${r}: `))
        for (const clip of CLIPS) {
          rows.push(await run(browser, server.url, clip, count, `round ${r}: `))
          if (COMPARE) others.push(await run(browser, server.url + 'compared.html', clip, count, `round ${r}: ${COMPARE_LABEL} `))
        }
      }
      rounds.push(rows)
      // The compared player's rounds carry the same round's floor, for its own × floor.
      if (COMPARE) compared.push([...rows.filter((row) => row.floor), ...others])
    }
    const sizes = ['loadmark-player.js', 'loadmark-player.iife.js', 'loadmark-helpers.js', 'loadmark-helpers.iife.js', 'loadmark-wasm.js']
      .map((file) => ({ file, ...bytes('web/dist/' + file) }))
    sizes.push({ file: 'player and helpers', ...bytes('web/dist/loadmark-player.js', 'web/dist/loadmark-helpers.js') })
    const section = report(summarise(rounds, compared), compared.length ? compared : [], sizes, chromium)
    process.stdout.write(section + '\n')
    if (!process.argv.includes('--no-write') && !ONLY) write(section)
  } finally {
    await browser.close()
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
