// The animated SVG export in an <img>, as a README or an e-mail shows it: it plays in real time with no script,
// and under prefers-reduced-motion it stands still on the frame the player shows then. Frame-exact pixels are
// tools/pixels/check.py's job; this is about the SVG as an image.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { launch } from './cdp.mjs'
import { TEST, loadmark, openPage, useSite } from './harness.mjs'

// The animated SVGs, and the stills they must rest on under reduced motion: a one-shot's last frame, a loop's
// first; in a row of 102 CSS px <img>s on a page served beside them.
const IMAGES = ['svg/success-main.svg', 'success-last.svg', 'svg/refresh-spin.svg', 'spin-first.svg']
const site = useSite((dir) => {
  loadmark(['export', 'refresh', 'success', '--format', 'svg', '--scale', '2', '-o', 'svg/'], dir)
  loadmark(['export', 'success', '--format', 'svg', '--scale', '2', '--frame', '90', '-o', 'success-last.svg'], dir)
  loadmark(['export', 'refresh', '--format', 'svg', '--scale', '2', '--clip', 'spin', '--frame', '0', '-o', 'spin-first.svg'], dir)
  writeFileSync(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>images</title>'
    + '<style>body{margin:0;background:#fff}img{width:102px;height:102px;display:block;float:left}</style>'
    + IMAGES.map((src) => `<img src="${src}">`).join(''))
})

/** The pixels of the i-th image as a screenshot (PNG bytes). */
const shot = (tab, i) => tab.screenshot(undefined, { fullPage: false, clip: { x: i * 102, y: 0, width: 102, height: 102 } })

/** Opens the page in a fresh Chromium launched with `args`, waits for the images to load. */
async function open(t, args) {
  const browser = await launch({ args })
  t.after(() => browser.close())
  const tab = await openPage(t, browser, { width: 800, height: 200, deviceScaleFactor: 1 })
  await tab.goto(site())
  await tab.evaluate('Promise.all([...document.images].map((image) => image.decode()))')
  return tab
}

test('an animated SVG plays in an <img> with no script', TEST, async (t) => {
  const tab = await open(t, [])
  const first = await shot(tab, 2)
  await sleep(230)
  const later = await shot(tab, 2)
  assert.notDeepEqual(later, first, 'the spinner moved in 230 ms')
})

test('under reduced motion a one-shot rests on its last frame and a loop on its first', TEST, async (t) => {
  const tab = await open(t, ['--force-prefers-reduced-motion'])
  const [oneShot, last, loop, first] = [await shot(tab, 0), await shot(tab, 1), await shot(tab, 2), await shot(tab, 3)]
  await sleep(230)
  assert.deepEqual(await shot(tab, 0), oneShot, 'the success SVG stands still')
  assert.deepEqual(await shot(tab, 2), loop, 'the spinner stands still')
  assert.deepEqual(oneShot, last, 'success shows its last frame')
  assert.deepEqual(loop, first, 'the spinner shows its first frame')
})
