// The gallery page's controls in Chromium (real clicks and keys where a browser can take them), and its screenshots.
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { before, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  TEST, catalogue, elementPixels, eventsOf, fileURL, fixture, loadmark, onCircle, openPage, painted, playersLoaded, rgb, scratch, unpainted, until, useBrowser,
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

/** Opens the gallery with a viewport as tall as the page, so that every card is on screen (offscreen players pause), and waits for its players. */
async function open(t, deviceScaleFactor = 1) {
  const page = await openPage(t, browser(), { width: 1200, height: 4000, deviceScaleFactor })
  await page.goto(fileURL(join(dir, 'gallery/index.html')))
  const height = await page.evaluate('document.documentElement.scrollHeight')
  if (height > 4000) await page.setViewport({ width: 1200, height, deviceScaleFactor })
  page.height = Math.max(height, 4000)
  // A player per clip (the presets' 8 and the catalogue's), the progress section's and the pull spinner.
  assert.equal(await page.call(playersLoaded), 10 + catalogue().reduce((count, { clips }) => count + clips.length, 0))
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
  // It plays again: frames follow (how many a busy machine draws is the benchmarks' business, not this test's).
  const frames = await framesDuring(page, DOTS, 600)
  assert.ok(frames >= 5, `${frames} frames in 600 ms after resuming`)
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
  assert.equal(await page.evaluate(`[...document.querySelectorAll('loadmark-player, loadmark-status')].filter((e) => e.getAttribute('color') == '#00ff00').length`), 11 + catalogue().reduce((count, { clips }) => count + clips.length, 0))
  await click(page, '[data-lm-theme-reset]')
  const reset = await read()
  assert.ok(painted(reset[0], rgb(ring.stroke)) && painted(reset[1], rgb(dot.fill)), `after reset: ${reset}`)
})

/** Scrolls the element matching `selector` into the middle of the viewport and returns its centre. */
async function centre(page, selector) {
  return page.evaluate(`(() => {
    const element = document.querySelector('${selector}')
    element.scrollIntoView({ block: 'center' })
    const { x, y, width, height } = element.getBoundingClientRect()
    return [x + width / 2, y + height / 2]
  })()`)
}

/** Taps the element matching `selector` with a finger. */
async function tap(page, selector) {
  const point = await centre(page, selector)
  await page.touch('touchStart', [point])
  await page.touch('touchEnd')
}

/** Moves keyboard focus to the element matching `selector` with Tab from the one before it in the tab order. */
async function tabTo(page, selector) {
  await page.evaluate(`(() => {
    const target = document.querySelector('${selector}'), all = [...document.querySelectorAll('button, input, select, a[href], [tabindex="0"]')]
    all[all.indexOf(target) - 1].focus()
  })()`)
  await page.press('Tab', 9)
  assert.equal(await page.evaluate(`document.activeElement == document.querySelector('${selector}')`), true, `Tab reaches ${selector}`)
}

test('overlay section: options from its form, shown with the keyboard, hidden with a tap into a mark, then gone', TEST, async (t) => {
  const page = await open(t)
  const host = '[data-lm-overlay-host]'
  await page.call(setControl, '[data-lm-overlay-options] [name=mask]', 'dim', 'change')
  await tabTo(page, '[data-lm-overlay-show]')
  await page.press('Enter', 13, '\r')
  const overlay = () => page.evaluate(`(() => {
    const overlay = document.querySelector('${host} .loadmark-overlay')
    return overlay && [getComputedStyle(overlay).backgroundColor, overlay.querySelector('div[role=status]').textContent, document.querySelector('${host} button').inert]
  })()`)
  await until(page, `() => document.querySelector('${host} div[role=status]')?.textContent == 'Searching…'`)
  assert.deepEqual(await overlay(), ['rgba(0, 0, 0, 0.4)', 'Searching…', true])
  await tap(page, '[data-lm-overlay-hide="success"]')
  await until(page, `() => document.querySelector('${host} loadmark-status')?.getAttribute('state') == 'success'`)
  assert.equal(await page.evaluate(`document.querySelector('${host} div[role=status]').textContent`), 'Done')
  await until(page, `() => !document.querySelector('${host} .loadmark-overlay')`, 5000)
  assert.equal(await page.evaluate(`document.querySelector('${host} button').inert`), false)
})

test('pull section: a finger pulls the list to refresh; the keyboard reaches its Refresh button', TEST, async (t) => {
  const page = await open(t)
  const [x, y] = await centre(page, '[data-lm-pull-list]')
  await page.touch('touchStart', [[x, y - 100]])
  for (const dy of [20, 40, 60, 80]) await page.touch('touchMove', [[x, y - 100 + dy]])
  await page.touch('touchEnd')
  await until(page, `() => document.querySelector('[data-lm-pull-note]').textContent == 'Refreshing…'`)
  await until(page, `() => document.querySelector('[data-lm-pull-note]').textContent == 'Refreshed 1 time.'`, 4000)
  await tabTo(page, '[data-lm-pull-list] > button')
  await page.press('Enter', 13, '\r')
  await until(page, `() => document.querySelector('[data-lm-pull-note]').textContent == 'Refreshed 2 times.'`, 4000)
})

test('status section: a click succeeds, the keyboard fails, a tap loads again; its events in the note', TEST, async (t) => {
  const page = await open(t)
  const state = () => page.evaluate(`[document.querySelector('[data-lm-status]').state, document.querySelector('[data-lm-status-note]').textContent]`)
  await click(page, '[data-lm-state="success"]')
  assert.deepEqual(await state(), ['success', 'State: success'])
  await until(page, `() => document.querySelector('[data-lm-status-note]').textContent == 'State: success, mark drawn'`, 4000)
  await tabTo(page, '[data-lm-state="error"]')
  await page.press('Enter', 13, '\r')
  assert.deepEqual(await state(), ['error', 'State: error'])
  await tap(page, '[data-lm-state="loading"]')
  assert.deepEqual(await state(), ['loading', 'State: loading'])
  assert.equal(await page.evaluate(`document.querySelector('[data-lm-status]').getAttribute('src')`), '#lm-dots')
})

test('progress section: the slider by keyboard eases the ring; a simulated upload reaches 1 and draws the check by itself', TEST, async (t) => {
  const page = await open(t)
  const player = '[data-lm-upload-player]'
  await tabTo(page, '[data-lm-upload-slider]')
  for (let i = 0; i < 6; i++) await page.press('ArrowRight', 39)
  await until(page, `() => document.querySelector('${player}').frame == 30`)
  assert.deepEqual(await page.evaluate(`[document.querySelector('${player}').progress, document.querySelector('${player}').getAttribute('aria-valuenow')]`), [0.3, '30'])
  await click(page, '[data-lm-upload-run]')
  await until(page, `() => document.querySelector('${player}').currentClip == 'done'`, 3000)
  await until(page, `() => document.querySelector('[data-lm-upload-note]').textContent == 'Uploaded: the check is drawn'`, 3000)
})

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png) => [png.readUInt32BE(16), png.readUInt32BE(20)]

for (const dpr of [1, 2]) {
  test(`screenshot of the gallery at DPR ${dpr}`, TEST, async (t) => {
    // A viewport as tall as the page: offscreen players pause, and would start only as the capture grows the viewport.
    const page = await open(t, dpr)
    // Past 1.5 s the one-shot marks rest on their last frame for a while.
    await sleep(1700)
    const path = join(shots, `gallery-dpr${dpr}.png`), cssWidth = await page.evaluate('document.documentElement.clientWidth')
    const [width, height] = pngSize(await page.screenshot(path))
    t.diagnostic(`wrote ${path} (${width} × ${height})`)
    // The page's width less the scrollbar, in device pixels.
    assert.ok(cssWidth > 1150, `${cssWidth} CSS px`)
    assert.equal(width, cssWidth * dpr)
    assert.equal(height, page.height * dpr)
  })
}
