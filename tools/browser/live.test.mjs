// The gallery's live section: <loadmark-player engine="wasm"> computes its document in the page with the
// WebAssembly engine (no JSON file), resizes and rethemes there, and draws the seeds' geometry.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, test } from 'node:test'
import { ROOT, TEST, elementPixels, fileURL, loadmark, loadmarkPath, openPage, painted, scratch, unpainted, until, useBrowser } from './harness.mjs'

const browser = useBrowser()
const dir = scratch()
const wasm = join(ROOT, '.build/wasm/loadmark.wasm')
const compiler = join(ROOT, '.build/wasm/loadmark-scene.wasm')
const spinner = join(ROOT, 'examples/spinner.scene.json')
const LIVE = (preset) => `.lm-live-engine loadmark-player[preset="${preset}"]`

before(() => {
  assert.ok(existsSync(wasm), 'build the engine first: tools/wasm/build')
  loadmark(['gallery', '-o', 'gallery', '--wasm', wasm], dir)
  loadmark(['gallery', '-o', 'playground', '--wasm', wasm, '--scene-compiler', compiler, spinner], dir)
})

/** Opens the gallery with its live section in view; its players have loaded. */
async function open(t) {
  const tab = await openPage(t, browser(), { width: 1200, height: 1000, deviceScaleFactor: 1 })
  await tab.goto(fileURL(join(dir, 'gallery/index.html')))
  await tab.evaluate(`document.querySelector('.lm-live-engine').scrollIntoView()`)
  await until(tab, `() => [...document.querySelectorAll('.lm-live-engine loadmark-player')].every((e) => e.doc)`, 5000)
  t.after(() => assert.deepEqual(tab.errors, [], 'console errors, exceptions or CSP violations'))
  return tab
}

test('live players compute their documents in the page, with no JSON file', TEST, async (t) => {
  const tab = await open(t)
  const docs = await tab.evaluate(`[...document.querySelectorAll('.lm-live-engine loadmark-player')].map((e) =>
    [e.getAttribute('preset'), e.doc.width, e.doc.clips.map((c) => c.name + ':' + c.frames).join(' '), e.getAttribute('src')])`)
  assert.deepEqual(docs, [
    ['success', 96, 'main:91', null], ['error', 96, 'main:91', null], ['progress', 96, 'demo:127 progress:1001 done:61', null],
    ['dots', 96, 'loop:45', null], ['refresh', 96, 'pull:2001 spin:48', null],
  ])
  // Same numbers as the exporter: the ring's sweep at frame 30 is −1.5π exactly.
  assert.equal(await tab.evaluate(`document.querySelector('${LIVE('success')}').doc.clips[0].tracks['ring.sweep'][30]`), -1.5 * Math.PI)
})

test('a size change recomputes the document at that size; a colour rethemes it', TEST, async (t) => {
  const tab = await open(t)
  await tab.evaluate(`document.querySelector('${LIVE('dots')}').setAttribute('size', '150')`)
  await until(tab, `() => document.querySelector('${LIVE('dots')}').doc.width == 150`, 5000)
  const sized = await tab.evaluate(`(() => { const e = document.querySelector('${LIVE('dots')}'); const c = e.shadowRoot.querySelector('canvas'); return [e.doc.layers[0].radius, c.width, c.height] })()`)
  // Dots of radius 10 in a 120 × 40 canvas, fitted to 150 wide: 1.25 per point.
  assert.deepEqual(sized, [12.5, 150, 150])

  // The refresh pull at progress 0.5: arc pixels in the accent colour, then in a theme colour.
  const pixel = (selector) => tab.evaluate(`(() => {
    const e = document.querySelector('${LIVE('refresh')}'), c = e.shadowRoot.querySelector('canvas'), d = e.doc, k = c.width / d.width
    const [cx, cy] = d.layers[1].center, r = d.layers[1].radius, a = e.doc.clips[0].tracks['arc2.start'][e.frame] + e.doc.clips[0].tracks['arc2.sweep'][e.frame] / 2
    return [...c.getContext('2d').getImageData(Math.round((cx + r * Math.cos(a)) * k), Math.round((cy + r * Math.sin(a)) * k), 1, 1).data]
  })()`)
  // Opacity 0.5 over the white disc: red blended half way.
  assert.ok(painted(await pixel(), [255, 128, 128], 24), `refresh arc pixel ${await pixel()}`)
  // The theme colour replaces the accent at once, without recomputing anything.
  await tab.evaluate(`document.querySelector('${LIVE('refresh')}').setAttribute('color', '#00a000')`)
  assert.ok(painted(await pixel(), [128, 208, 128], 24), `rethemed arc pixel ${await pixel()}`)
})

test('<loadmark-status engine="wasm">: the engine computes the loading clip, then the outcome, in the same element', TEST, async (t) => {
  const tab = await open(t)
  await tab.evaluate(`(() => {
    const status = document.createElement('loadmark-status')
    Object.assign(status, { id: 'live-status' })
    status.setAttribute('engine', 'wasm')
    status.setAttribute('size', '96')
    document.querySelector('.lm-live-engine').append(status)
  })()`)
  await until(tab, () => document.querySelector('#live-status').doc?.preset == 'dots', 5000)
  assert.deepEqual(await tab.evaluate(`(({ doc, state, currentClip }) => [doc.width, state, currentClip, doc.clips[0].frames])(document.querySelector('#live-status'))`), [96, 'loading', 'loop', 45])
  await tab.evaluate(`document.querySelector('#live-status').resolve()`)
  await until(tab, () => document.querySelector('#live-status').doc?.preset == 'success', 5000)
  await until(tab, () => __lmEvents.some((event) => event.type == 'complete' && event.target.id == 'live-status'), 5000)
  // Computed in the page: no document file is fetched.
  assert.deepEqual(await tab.evaluate(`[document.querySelector('#live-status').getAttribute('preset'), document.querySelector('#live-status').hasAttribute('src')]`), ['success', false])
})

/** Opens the gallery with a live player of the dots, loaded, that records its error events in `__lmErrors`. */
async function hostilePage(t) {
  const tab = await open(t)
  await tab.evaluate(`(() => {
    const player = document.createElement('loadmark-player')
    Object.assign(player, { id: 'hostile' })
    for (const [name, value] of [['engine', 'wasm'], ['preset', 'dots'], ['size', '80'], ['fps', '30'], ['autoplay', ''], ['loop', '']]) player.setAttribute(name, value)
    globalThis.__lmErrors = []
    player.addEventListener('error', (event) => __lmErrors.push(event.detail.message))
    document.querySelector('.lm-live-engine').append(player)
  })()`)
  await until(tab, () => document.querySelector('#hostile').doc?.fps == 30, 5000)
  return tab
}

const HOSTILE = {
  size: ['NaN', 'Infinity', '-Infinity', '-80', '0', '1e9', '0x50', '99999', ''],
  fps: ['NaN', 'Infinity', '-30', '0', '1001', '1e308', 'fast'],
  speed: ['NaN', 'Infinity', '-1', '0', '1000'],
  'progress-samples': ['NaN', '1', '0', '2.5', '100001', '4294967397'],
  color: ['#12', '#12345', 'not-a-colour', 'rgb(1, 2)'],
  preset: ['nope', '', 'DOTS', 'constructor'],
}

test('<loadmark-player engine="wasm"> with hostile attributes: an error event naming each, the document kept, nothing thrown', TEST, async (t) => {
  const tab = await hostilePage(t)
  await tab.evaluate(`globalThis.__lmKept = document.querySelector('#hostile').doc`)
  for (const [name, values] of Object.entries(HOSTILE)) {
    for (const value of values) {
      await tab.evaluate(`(() => { __lmErrors.length = 0; document.querySelector('#hostile').setAttribute(${JSON.stringify(name)}, ${JSON.stringify(value)}) })()`)
      await until(tab, () => __lmErrors.length > 0, 5000)
      const [message] = await tab.evaluate(`__lmErrors`)
      assert.ok(message.startsWith(`${name}="${value}": expected `), `${name}="${value}": ${message}`)
      // The document is the one it had, still drawn.
      assert.equal(await tab.evaluate(`document.querySelector('#hostile').doc === __lmKept`), true, `${name}="${value}" replaced the document`)
      // Back to what it was: the same options, so the same document.
      const original = { size: '80', fps: '30', preset: 'dots' }[name]
      await tab.evaluate(`document.querySelector('#hostile').${original ? `setAttribute(${JSON.stringify(name)}, '${original}')` : `removeAttribute(${JSON.stringify(name)})`}`)
    }
  }
  // A good value after all that recomputes: the player never stopped answering.
  await tab.evaluate(`document.querySelector('#hostile').setAttribute('fps', '20')`)
  await until(tab, () => document.querySelector('#hostile').doc.fps == 20, 5000)
  // Errors reach the console as console.error, and nothing else: no exception, no CSP violation.
  const errors = tab.errors
  assert.equal(errors.length, Object.values(HOSTILE).flat().length)
  for (const error of errors) assert.match(error.text, /^loadmark: [a-z-]+="[^"]*": expected /, error.text)
  // Seen: the check that follows every test finds nothing else.
  tab.messages.length = 0
})

// The playground: the gallery built with --scene-compiler and the spinner scene.
const PLAYER = '[data-lm-scene-player]'

/** Opens the playground gallery; its editor holds the spinner, which plays. */
async function openPlayground(t) {
  const tab = await openPage(t, browser(), { width: 1200, height: 1000, deviceScaleFactor: 1 })
  await tab.goto(fileURL(join(dir, 'playground/index.html')))
  await tab.evaluate(`(() => {
    globalThis.__lmScenes = []
    const root = document.querySelector('[data-lm-playground]')
    root.addEventListener('loadmark-scene', (event) => __lmScenes.push(event.detail.error ? 'error' : 'ok'))
    root.scrollIntoView()
  })()`)
  await until(tab, `() => document.querySelector('${PLAYER}').doc?.preset == 'spinner'`, 8000)
  t.after(() => assert.deepEqual(tab.errors, [], 'console errors, exceptions or CSP violations'))
  return tab
}

/** Selects the first `text` in the editor after `after`, by script (keys place no caret precisely), and focuses it. */
const select = (tab, text, { after = '', end = false } = {}) => tab.evaluate(`(() => {
  const area = document.querySelector('[data-lm-scene]'), from = area.value.indexOf(${JSON.stringify(after + text)}) + ${after.length}
  if (from < ${after.length}) throw Error('not in the editor: ' + ${JSON.stringify(after + text)})
  area.focus()
  area.setSelectionRange(${end ? `from + ${text.length}` : 'from'}, from + ${text.length})
})()`)

/** Types `text` with key events, one character at a time. */
async function type(tab, text) {
  for (const c of text) await tab.press(c, c.toUpperCase().charCodeAt(0), c)
}

/** The playground player paused at frame 0 of its clip, and its pixels at document points. */
async function frame0(tab, points) {
  await tab.evaluate(`(() => { const p = document.querySelector('${PLAYER}'); p.pause(); p.seek(0) })()`)
  return tab.call(elementPixels, PLAYER, [48, 48], points)
}

test('playground: the spinner from its scene file plays, in a page whose policy stays strict', TEST, async (t) => {
  const tab = await openPlayground(t)
  const text = await tab.evaluate(`document.querySelector('[data-lm-scene]').value`)
  assert.equal(text, readFileSync(spinner, 'utf8'))
  // The editor is labelled and described by the message region, which is live.
  assert.deepEqual(await tab.evaluate(`(() => {
    const area = document.querySelector('[data-lm-scene]'), region = document.getElementById(area.getAttribute('aria-describedby'))
    return [area.closest('label').textContent.trim().startsWith('Scene'), region.getAttribute('aria-live'), region.textContent]
  })()`), [true, 'polite', ''])
  const doc = await tab.evaluate(`(({ doc }) => [doc.width, doc.clips[0].name, doc.clips[0].frames, doc.clips[0].tracks['ring.sweep'][90]])(document.querySelector('${PLAYER}'))`)
  assert.deepEqual(doc.slice(0, 3), [48, 'spin', 120])
  assert.ok(Math.abs(doc[3] - 1.8 * Math.PI) < 1e-12)
  // Only hashes and 'wasm-unsafe-eval' in the policy.
  const policy = await tab.evaluate(`document.querySelector('meta[http-equiv="Content-Security-Policy"]').content`)
  assert.match(policy, /script-src 'sha256-[^']+'( 'sha256-[^']+')* 'wasm-unsafe-eval'(;|$)/)
  assert.doesNotMatch(policy, /'unsafe-inline'|'unsafe-eval'|https?:/)
  // Frame 0: the ring's top (24, 6) is drawn in the accent's green; the centre is not.
  const [top, centre] = await frame0(tab, [[24, 6], [24, 24]])
  assert.ok(painted(top, [0x34, 0xc7, 0x59], 40), `top ${top}`)
  assert.ok(unpainted(centre), `centre ${centre}`)
})

test('playground: typing changes the frames; a syntax error shows its position and keeps the last scene; fixing it plays again', TEST, async (t) => {
  const tab = await openPlayground(t)
  // Radius 18 → 9, typed: the ring's top moves from (24, 6) to (24, 15).
  await select(tab, '18', { after: '"radius": ' })
  await type(tab, '9')
  await until(tab, `() => document.querySelector('${PLAYER}').doc.layers[0].radius == 9`, 5000)
  const [oldTop, newTop] = await frame0(tab, [[24, 6], [24, 15]])
  assert.ok(unpainted(oldTop), `old top ${oldTop}`)
  assert.ok(painted(newTop, [0x34, 0xc7, 0x59], 40), `new top ${newTop}`)
  const good = await tab.evaluate(`document.querySelector('${PLAYER}').doc.layers[0].radius`)

  // A second comma after "lineWidth": 5, typed at the end of it.
  await select(tab, '5,', { after: '"lineWidth": ', end: true })
  await type(tab, ',')
  await until(tab, () => document.querySelector('[data-lm-scene-error]').textContent != '', 5000)
  const edited = await tab.evaluate(`document.querySelector('[data-lm-scene]').value`)
  const file = join(dir, 'edited.scene.json')
  writeFileSync(file, edited)
  const validate = spawnSync(loadmarkPath(), ['validate', file], { encoding: 'utf8' })
  assert.equal(validate.status, 65)
  const message = await tab.evaluate(`document.querySelector('[data-lm-scene-error]').textContent`)
  // What validate prints after the file name, word for word: its line and column.
  assert.equal(`loadmark validate: ${file}:${message}\n`, validate.stderr)
  const line = edited.split('\n').findIndex((l) => l.includes('"lineWidth": 5,,')) + 1
  assert.match(message, new RegExp(`^${line}:\\d+: string or '}' expected near ','$`))
  assert.equal(await tab.evaluate(`document.querySelector('[data-lm-scene]').getAttribute('aria-invalid')`), 'true')
  // The last good scene keeps playing.
  assert.equal(await tab.evaluate(`document.querySelector('${PLAYER}').doc.layers[0].radius`), good)
  const [kept] = await frame0(tab, [[24, 15]])
  assert.ok(painted(kept, [0x34, 0xc7, 0x59], 40), `kept ${kept}`)

  // Backspace removes it: the scene compiles and plays again.
  await tab.evaluate(`__lmScenes.length = 0`)
  await tab.press('Backspace', 8)
  await until(tab, () => __lmScenes.includes('ok'), 5000)
  assert.equal(await tab.evaluate(`document.querySelector('[data-lm-scene-error]').textContent`), '')
  assert.equal(await tab.evaluate(`document.querySelector('[data-lm-scene]').hasAttribute('aria-invalid')`), false)
  // Playing: its frame moves on.
  const before = await tab.evaluate(`document.querySelector('${PLAYER}').frame`)
  await until(tab, `() => document.querySelector('${PLAYER}').frame != ${before}`, 3000)

  // A field's error: an unknown layer in the script, typed, shows its path as validate does.
  await select(tab, 'ring', { after: '"layer": "', end: true })
  await type(tab, 's')
  await until(tab, () => document.querySelector('[data-lm-scene-error]').textContent != '', 5000)
  assert.equal(await tab.evaluate(`document.querySelector('[data-lm-scene-error]').textContent`), 'clips[0].script[0].layer: unknown layer "rings"')
})
