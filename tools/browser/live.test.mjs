// The gallery's live section: <loadmark-player engine="wasm"> computes its document in the page with the
// WebAssembly engine (no JSON file), resizes and rethemes there, and draws the seeds' geometry.
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { before, test } from 'node:test'
import { ROOT, TEST, fileURL, loadmark, openPage, painted, scratch, until, useBrowser } from './harness.mjs'

const browser = useBrowser()
const dir = scratch()
const wasm = join(ROOT, '.build/wasm/loadmark.wasm')
const LIVE = (preset) => `.lm-live-engine loadmark-player[preset="${preset}"]`

before(() => {
  assert.ok(existsSync(wasm), 'build the engine first: tools/wasm/build')
  loadmark(['gallery', '-o', 'gallery', '--wasm', wasm], dir)
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
