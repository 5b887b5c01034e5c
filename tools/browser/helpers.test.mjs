// loadmark-helpers.js in Chromium: the loading overlay, pull-to-refresh driven by real input events, and resolve().
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { TEST, eventsOf, loadmark, openPage, useBrowser, useSite } from './harness.mjs'

const browser = useBrowser()
// The gallery's files (documents, player, helpers) and an --external page whose policy allows scripts from 'self'.
const site = useSite((dir) => {
  loadmark(['gallery', '-o', dir])
  loadmark(['html', 'success', '--external', '-o', 'page.html'], dir)
})
const THRESHOLD = 60
// The scroller's top edge and the x of every gesture, in CSS pixels.
const TOP = 100, X = 150

/** Opens the page and imports the helpers into `window.helpers`. */
async function open(t) {
  const page = await openPage(t, browser(), { width: 800, height: 600 })
  await page.goto(site() + 'page.html')
  await page.evaluate(`import(new URL('loadmark-helpers.js', location.href)).then((module) => { window.helpers = module })`)
  t.after(() => assert.deepEqual(page.errors, [], 'console errors, exceptions or CSP violations'))
  return page
}

/** In page: resolves once the <loadmark-player> matching `selector` has loaded, with the count of its frame events `ms` later. */
function playing(selector, ms) {
  const element = document.querySelector(selector), since = performance.now()
  return new Promise((resolve) => {
    const poll = () => {
      if (!__lmEvents.some((event) => event.type == 'load' && event.target == element)) return setTimeout(poll, 10)
      setTimeout(() => resolve(__lmEvents.filter((event) => event.type == 'frame' && event.target == element && event.t > since).length), ms)
    }
    poll()
  })
}

test('showLoading adds one overlay with playing dots, however often it is called; hideLoading removes it', TEST, async (t) => {
  const page = await open(t)
  const shown = await page.evaluate(`(() => {
    const host = document.querySelector('.lm-card')
    const first = helpers.showLoading(host), second = helpers.showLoading(host)
    const box = (element) => JSON.stringify(element.getBoundingClientRect())
    return {
      same: first === second,
      overlays: host.querySelectorAll('.loadmark-overlay').length,
      players: first.querySelectorAll('loadmark-player').length,
      src: first.querySelector('loadmark-player').getAttribute('src'),
      position: getComputedStyle(host).position,
      covers: box(first) == box(host),
    }
  })()`)
  assert.deepEqual(shown, { same: true, overlays: 1, players: 1, src: 'dots.json', position: 'relative', covers: true })
  const frames = await page.call(playing, '.loadmark-overlay loadmark-player', 300)
  assert.ok(frames >= 8, `${frames} frames of the dots in 300 ms`)
  assert.equal(await page.evaluate(`document.querySelector('.loadmark-overlay loadmark-player').getAttribute('aria-busy')`), 'true')
  const hidden = await page.evaluate(`helpers.hideLoading(document.querySelector('.lm-card')), document.querySelectorAll('.loadmark-overlay').length`)
  assert.equal(hidden, 0)
})

test('showLoading() without an element covers the viewport', TEST, async (t) => {
  const page = await open(t)
  const box = await page.evaluate(`(({ position }, { width, height }) => [position, width, height])(getComputedStyle(helpers.showLoading()), document.querySelector('body > .loadmark-overlay').getBoundingClientRect())`)
  assert.deepEqual(box, ['fixed', 800, 600])
  assert.equal(await page.evaluate(`helpers.hideLoading(), document.querySelectorAll('.loadmark-overlay').length`), 0)
})

/** In page: a 300 × 300 scroller at (0, top) with tall content and pull-to-refresh; onRefresh waits for `refreshed()`. */
function installFeed(top, threshold) {
  const feed = document.createElement('div'), content = document.createElement('div')
  Object.assign(feed.style, { position: 'fixed', left: '0', top: top + 'px', width: '300px', height: '300px', overflow: 'auto', background: '#fff', zIndex: 1000 })
  content.style.height = '1000px'
  feed.id = 'feed'
  feed.append(content)
  document.body.append(feed)
  window.refreshes = 0
  const onRefresh = () => new Promise((resolve) => {
    window.refreshes++
    window.refreshed = () => resolve('fresh')
  })
  window.feed = helpers.pullToRefresh(feed, { onRefresh, threshold })
  feed.firstElementChild.id = 'feed-header'
  feed.firstElementChild.querySelector('loadmark-player').id = 'feed-spinner'
}

/** The header's opacity and transform, and the spinner's frame and progress. */
const pullState = (page) => page.evaluate(`(({ style }, { frame, progress }) => ({ opacity: style.opacity, transform: style.transform, frame, progress }))
  (document.querySelector('#feed-header'), document.querySelector('#feed-spinner'))`)

test('pullToRefresh: a mouse pull of half the threshold shows the header at 0.5 and the pull at progress 0.5', TEST, async (t) => {
  const page = await open(t)
  await page.call(installFeed, TOP, THRESHOLD)
  await page.call(playing, '#feed-spinner', 0)
  assert.deepEqual(await pullState(page), { opacity: '0', transform: 'translateY(-100%)', frame: 0, progress: 0 })
  await page.drag([X, TOP + 20], [X, TOP + 20 + THRESHOLD / 2])
  assert.deepEqual(await pullState(page), { opacity: '0.5', transform: 'translateY(-50%)', frame: 50, progress: 0.5 })
  await page.mouse('mouseReleased', X, TOP + 20 + THRESHOLD / 2)
  // Released early it snaps back, and nothing refreshes.
  assert.deepEqual(await pullState(page), { opacity: '0', transform: 'translateY(-100%)', frame: 50, progress: 0.5 })
  assert.equal(await page.evaluate('refreshes'), 0)
})

test('pullToRefresh: a touch pull of half the threshold does the same', TEST, async (t) => {
  const page = await open(t)
  await page.call(installFeed, TOP, THRESHOLD)
  await page.call(playing, '#feed-spinner', 0)
  await page.touch('touchStart', [[X, TOP + 20]])
  for (const dy of [10, 20, THRESHOLD / 2]) await page.touch('touchMove', [[X, TOP + 20 + dy]])
  assert.deepEqual(await pullState(page), { opacity: '0.5', transform: 'translateY(-50%)', frame: 50, progress: 0.5 })
  await page.touch('touchEnd')
  assert.deepEqual((await pullState(page)).opacity, '0')
})

test('pullToRefresh: a pull past the threshold refreshes, spinning until onRefresh settles, then goes idle', TEST, async (t) => {
  const page = await open(t)
  await page.call(installFeed, TOP, THRESHOLD)
  await page.call(playing, '#feed-spinner', 0)
  const pull = 70, percent = pull / THRESHOLD
  await page.drag([X, TOP + 20], [X, TOP + 20 + pull])
  // Past the threshold: P = 7/6, so the pull clip shows P − floor(P) = 1/6 (frame 17 of 101) at full opacity.
  const past = await pullState(page)
  assert.deepEqual(past, { opacity: '1', transform: 'translateY(0%)', frame: Math.round((percent - 1) * 100), progress: 0.17 })
  const since = await page.evaluate('performance.now()')
  await page.mouse('mouseReleased', X, TOP + 20 + pull)
  assert.equal(await page.evaluate('refreshes'), 1)
  await sleep(400)
  const spinning = (await page.call(eventsOf, '#feed-spinner', since)).filter((event) => event.type == 'frame')
  assert.ok(spinning.length >= 10, `${spinning.length} frames in 400 ms`)
  assert.deepEqual([...new Set(spinning.map((event) => event.clip))], ['spin'])
  assert.deepEqual(await page.evaluate(`[document.querySelector('#feed-header').style.opacity, document.querySelector('#feed-spinner').getAttribute('aria-busy')]`), ['1', 'true'])
  // A second pull while refreshing starts nothing.
  await page.drag([X, TOP + 20], [X, TOP + 20 + pull])
  await page.mouse('mouseReleased', X, TOP + 20 + pull)
  assert.equal(await page.evaluate('refreshes'), 1)
  await page.evaluate('refreshed()')
  await sleep(50)
  const settled = await page.evaluate('performance.now()')
  const idle = await page.evaluate(`[document.querySelector('#feed-header').style.opacity, document.querySelector('#feed-spinner').getAttribute('aria-busy')]`)
  assert.deepEqual(idle, ['0', 'false'])
  await sleep(300)
  assert.deepEqual((await page.call(eventsOf, '#feed-spinner', settled)).filter((event) => event.type == 'frame'), [], 'frames after the refresh')
})

test('pullToRefresh: refresh() from code resolves with onRefresh’s result; destroy() removes the header', TEST, async (t) => {
  const page = await open(t)
  await page.call(installFeed, TOP, THRESHOLD)
  const result = page.evaluate(`feed.refresh()`)
  await sleep(100)
  await page.evaluate('refreshed()')
  assert.equal(await result, 'fresh')
  assert.equal(await page.evaluate(`feed.destroy(), document.querySelectorAll('#feed-header').length`), 0)
})

/** In page: resolve() on a new on-screen element with a promise that settles after `ms`; reports the marks its overlay completed. */
async function resolveOn(fulfil, ms) {
  const host = document.body.appendChild(document.createElement('div')), marks = [], start = performance.now()
  // On screen, since a mark pauses while offscreen.
  Object.assign(host.style, { position: 'fixed', top: '0', left: fulfil ? '0' : '220px', width: '200px', height: '200px' })
  document.addEventListener('complete', (event) => host.contains(event.target) && marks.push(event.target.getAttribute('src')), true)
  const promise = new Promise((done, fail) => setTimeout(() => (fulfil ? done(42) : fail(Error('offline'))), ms))
  const outcome = await helpers.resolve(host, promise).then((value) => ({ value }), (error) => ({ error: error.message }))
  return { ...outcome, marks, seconds: (performance.now() - start) / 1000, overlays: host.querySelectorAll('.loadmark-overlay').length }
}

test('resolve: dots until the promise settles, then the success or error mark once, then the content again', TEST, async (t) => {
  const page = await open(t)
  const [fulfilled, rejected] = await Promise.all([page.call(resolveOn, true, 200), page.call(resolveOn, false, 200)])
  assert.deepEqual({ ...fulfilled, seconds: 0 }, { value: 42, marks: ['success.json'], seconds: 0, overlays: 0 })
  assert.deepEqual({ ...rejected, seconds: 0 }, { error: 'offline', marks: ['error.json'], seconds: 0, overlays: 0 })
  // 0.2 s of loading, 1.5 s of the mark, 0.6 s of rest.
  for (const { seconds } of [fulfilled, rejected]) assert.ok(seconds > 2.2 && seconds < 3.2, `${seconds} s`)
})
