// The gallery page's controls in Chromium (real clicks and keys where a browser can take them), and its screenshots.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { before, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  TEST, elementPixels, eventsOf, fileURL, fixture, loadmark, onCircle, openPage, painted, playersLoaded, rgb, scratch, unpainted, useBrowser,
} from './harness.mjs'

const browser = useBrowser()
const dir = scratch()
// Set LOADMARK_SCREENSHOTS to a directory to keep the screenshots.
const shots = process.env.LOADMARK_SCREENSHOTS || join(dir, 'shots')
const success = fixture('success'), dots = fixture('dots'), refresh = fixture('refresh')
const card = (label) => `.lm-card:has(loadmark-player[label="${label}"])`
const SUCCESS = 'loadmark-player[label="success main"]', DOTS = 'loadmark-player[label="dots loop"]', SPIN = 'loadmark-player[label="refresh spin"]'
const size = ({ doc }) => [doc.width, doc.height]

before(() => {
  loadmark(['gallery', '-o', join(dir, 'gallery')])
  mkdirSync(shots, { recursive: true })
})

/** Opens the gallery, tall enough that every card is on screen, and waits for its players. */
async function open(t, deviceScaleFactor = 1, height = 4000) {
  const page = await openPage(t, browser(), { width: 1200, height, deviceScaleFactor })
  await page.goto(fileURL(join(dir, 'gallery/index.html')))
  assert.equal(await page.call(playersLoaded), 8)
  t.after(() => assert.deepEqual(page.errors, [], 'console errors, exceptions or CSP violations'))
  return page
}

/** Clicks the centre of the element matching `selector` with the mouse. */
async function click(page, selector) {
  const [x, y] = await page.evaluate(`(({ x, y, width, height }) => [x + width / 2, y + height / 2])(document.querySelector('${selector}').getBoundingClientRect())`)
  await page.click(x, y)
}

/** In page: sets a control's value and dispatches the event a user's change would. */
function setControl(selector, value, type = 'input') {
  const control = document.querySelector(selector)
  control.value = value
  control.dispatchEvent(new Event(type, { bubbles: true }))
}

/** Frame events of the player matching `selector` during the next `ms`. */
async function framesDuring(page, selector, ms) {
  const since = await page.evaluate('performance.now()')
  await sleep(ms)
  return (await page.call(eventsOf, selector, since)).filter((event) => event.type == 'frame').length
}

const buttonState = (page, label) => page.evaluate(`(({ textContent, ariaPressed }) => [textContent, ariaPressed])(document.querySelector('${card(label)} [data-lm-play]'))`)

test('play/pause: the button pauses and resumes its player', TEST, async (t) => {
  const page = await open(t)
  assert.deepEqual(await buttonState(page, 'dots loop'), ['Pause', 'true'])
  await click(page, `${card('dots loop')} [data-lm-play]`)
  assert.deepEqual(await buttonState(page, 'dots loop'), ['Play', 'false'])
  assert.equal(await framesDuring(page, DOTS, 300), 0)
  assert.equal(await page.evaluate(`document.querySelector('${DOTS}').getAttribute('aria-busy')`), 'false')
  await click(page, `${card('dots loop')} [data-lm-play]`)
  assert.deepEqual(await buttonState(page, 'dots loop'), ['Pause', 'true'])
  const frames = await framesDuring(page, DOTS, 300)
  assert.ok(frames >= 10, `${frames} frames in 300 ms after resuming`)
})

test('scrubber: keys and input move the frame and pause there; the pixels follow', TEST, async (t) => {
  const page = await open(t)
  const scrubber = `${card('success main')} [data-lm-frame]`
  await page.evaluate(`document.querySelector('${scrubber}').focus()`)
  await page.press('End', 35)
  assert.equal(await page.evaluate(`document.querySelector('${SUCCESS}').frame`), 90)
  await page.press('Home', 36)
  for (let i = 0; i < 30; i++) await page.press('ArrowRight', 39)
  assert.deepEqual(await page.evaluate(`[document.querySelector('${SUCCESS}').frame, document.querySelector('${scrubber}').value]`), [30, '30'])
  assert.deepEqual(await buttonState(page, 'success main'), ['Play', 'false'])
  assert.equal(await framesDuring(page, SUCCESS, 300), 0)
  // Frame 30: the ring's sweep ends at angle start + sweep; 20° further on is bare.
  const ring = success.layer('ring'), start = success.track('main', 'ring.start')[30], sweep = success.track('main', 'ring.sweep')[30]
  const points = [onCircle(ring.center, ring.radius, start + sweep / 2), onCircle(ring.center, ring.radius, start + sweep - Math.PI / 9)]
  const at30 = await page.call(elementPixels, SUCCESS, size(success), points)
  assert.ok(painted(at30[0], rgb(ring.stroke)) && unpainted(at30[1]), `frame 30: ${at30}`)
  await page.call(setControl, scrubber, 60)
  assert.equal(await page.evaluate(`document.querySelector('${SUCCESS}').frame`), 60)
  const at60 = await page.call(elementPixels, SUCCESS, size(success), points)
  assert.ok(painted(at60[1], rgb(ring.stroke)), `frame 60, the full ring: ${at60}`)
})

test('speed menu and progress slider set their players’ attributes', TEST, async (t) => {
  const page = await open(t)
  await page.call(setControl, `${card('dots loop')} [data-lm-speed]`, '2', 'change')
  assert.deepEqual(await page.evaluate(`[document.querySelector('${DOTS}').getAttribute('speed'), document.querySelector('${DOTS}').speed]`), ['2', 2])
  const pull = 'loadmark-player[label="refresh pull"]'
  await page.call(setControl, `${card('refresh pull')} [data-lm-progress]`, '0.25')
  assert.deepEqual(await page.evaluate(`[document.querySelector('${pull}').frame, document.querySelector('${pull}').progress]`), [25, 0.25])
})

test('colour picker: every player’s accent layers take the colour; reset restores the documents’ colours', TEST, async (t) => {
  const page = await open(t)
  const ring = success.layer('ring'), dot = dots.layer('dot0'), disc = refresh.layer('background')
  // The success mark at rest on frame 90, so that the ring's pixel does not depend on timing.
  await page.call(setControl, `${card('success main')} [data-lm-frame]`, 90)
  const read = async () => [
    ...(await page.call(elementPixels, SUCCESS, size(success), [onCircle(ring.center, ring.radius, 1)])),
    ...(await page.call(elementPixels, DOTS, size(dots), [dot.center])),
    ...(await page.call(elementPixels, SPIN, size(refresh), [[disc.rect[0] + 3, disc.rect[1] + disc.rect[3] / 2]])),
  ]
  const original = await read()
  assert.ok(painted(original[0], rgb(ring.stroke)) && painted(original[1], rgb(dot.fill)), `before: ${original}`)
  await page.call(setControl, '[data-lm-theme]', '#00ff00')
  const themed = await read()
  assert.ok(painted(themed[0], [0, 255, 0], 2) && painted(themed[1], [0, 255, 0], 2), `themed: ${themed}`)
  assert.ok(painted(themed[2], [255, 255, 255], 2), `the refresh disc is not an accent layer: ${themed[2]}`)
  assert.equal(await page.evaluate(`[...document.querySelectorAll('loadmark-player')].filter((e) => e.getAttribute('color') == '#00ff00').length`), 8)
  await click(page, '[data-lm-theme-reset]')
  const reset = await read()
  assert.ok(painted(reset[0], rgb(ring.stroke)) && painted(reset[1], rgb(dot.fill)), `after reset: ${reset}`)
})

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png) => [png.readUInt32BE(16), png.readUInt32BE(20)]

for (const dpr of [1, 2]) {
  test(`screenshot of the gallery at DPR ${dpr}`, TEST, async (t) => {
    // A viewport as tall as the page: offscreen players pause, and would start only as the capture grows the viewport.
    const page = await open(t, dpr, 2400)
    // Past 1.5 s the one-shot marks rest on their last frame for a while.
    await sleep(1700)
    const path = join(shots, `gallery-dpr${dpr}.png`), cssWidth = await page.evaluate('document.documentElement.clientWidth')
    const [width, height] = pngSize(await page.screenshot(path))
    t.diagnostic(`wrote ${path} (${width} × ${height})`)
    // The page's width less the scrollbar, in device pixels.
    assert.ok(cssWidth > 1150, `${cssWidth} CSS px`)
    assert.equal(width, cssWidth * dpr)
    assert.equal(height, 2400 * dpr)
  })
}
