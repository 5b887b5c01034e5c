// loadmark-helpers.js in Chromium: the loading overlay (inert, busy, focus, live region, mask, text, grace, minimum,
// fades, outcomes), resolve(), and pull-to-refresh driven by real mouse, pen and touch input, its pixels read back.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { TEST, eventsOf, fixture, loadmark, openPage, until, useBrowser, useSite } from './harness.mjs'

const browser = useBrowser()
// The gallery's files (documents, player, helpers) and an --external page whose policy allows scripts from 'self';
// and the presets in presets/ beside the helpers, where the package keeps them and the helpers look by default.
const site = useSite((dir) => {
  loadmark(['gallery', '-o', dir])
  loadmark(['html', 'success', '--external', '-o', 'page.html'], dir)
  loadmark(['export', '--all', '-o', 'presets/'], dir)
})
const refresh = fixture('refresh')
const THRESHOLD = 60
// The scroller's top edge and the x of every gesture, in CSS pixels.
const TOP = 100, X = 150

/** Opens the page (at `deviceScaleFactor`) and imports the helpers into `window.helpers`. */
async function open(t, deviceScaleFactor = 1, setup) {
  const page = await openPage(t, browser(), { width: 800, height: 600, deviceScaleFactor })
  await setup?.(page)
  await page.goto(site() + 'page.html')
  await page.evaluate(`import(new URL('loadmark-helpers.js', location.href)).then((module) => { window.helpers = module })`)
  t.after(() => assert.deepEqual(page.errors, [], 'console errors, exceptions or CSP violations'))
  return page
}

/** In page: resolves once the <loadmark-player> (or status) matching `selector` has loaded, with the count of its frame events `ms` later. */
function playing(selector, ms) {
  const since = performance.now()
  return new Promise((resolve) => {
    const poll = () => {
      const element = document.querySelector(selector)
      if (!__lmEvents.some((event) => event.type == 'load' && event.target == element)) return setTimeout(poll, 10)
      setTimeout(() => resolve(__lmEvents.filter((event) => event.type == 'frame' && event.target == element && event.t > since).length), ms)
    }
    poll()
  })
}

/**
 * In page: replaces setTimeout and clearTimeout with a virtual clock, `clock.tick(ms)` running every timer due by
 * then, in order. The helpers take their timers from the page, so grace, minimum and hold times run on it, and no
 * test sleeps for them.
 */
function installClock() {
  const timers = []
  let now = 0, next = 0
  window.realSetTimeout = setTimeout
  window.setTimeout = (run, ms = 0) => (timers.push({ at: now + ms, run, id: ++next }), next)
  window.clearTimeout = (id) => timers.splice(timers.findIndex((timer) => timer.id == id) >>> 0, 1)
  window.clock = {
    /** Advances `ms`, running each timer due (and the promise callbacks it unblocks) in time order. */
    async tick(ms) {
      const end = now + ms
      for (;;) {
        timers.sort((a, b) => a.at - b.at || a.id - b.id)
        if (!timers.length || timers[0].at > end) break
        const timer = timers.shift()
        now = timer.at
        timer.run()
        await new Promise((done) => window.realSetTimeout(done))
      }
      now = end
      await new Promise((done) => window.realSetTimeout(done))
    },
  }
}

/** In page: a 300 × 200 box at (20, 20) holding two buttons and some text, with its first button focused. */
function installBox() {
  const box = document.body.appendChild(document.createElement('div'))
  box.id = 'box'
  Object.assign(box.style, { position: 'fixed', left: '20px', top: '20px', width: '300px', height: '200px', background: '#fff' })
  box.innerHTML = '<button id="inside">Inside</button><p>Results</p><button id="second">Second</button>'
  const outside = document.body.appendChild(document.createElement('button'))
  outside.id = 'outside'
  outside.textContent = 'Outside'
  Object.assign(outside.style, { position: 'fixed', left: '20px', top: '260px' })
  document.querySelector('#inside').focus()
}

/** In page: the overlay's state over #box (or the body): what is covered, busy, focused and said. */
function overlayState(selector) {
  const host = selector ? document.querySelector(selector) : document.body, overlay = host.querySelector(':scope > .loadmark-overlay')
  const covered = [...host.children].filter((child) => child != overlay)
  return {
    shown: !!overlay,
    inert: covered.map((child) => child.inert),
    busy: covered.map((child) => child.getAttribute('aria-busy')),
    focus: document.activeElement == overlay ? 'overlay' : document.activeElement?.id || document.activeElement?.tagName,
    said: overlay?.querySelector('div[role=status]')?.textContent ?? null,
    background: overlay ? getComputedStyle(overlay).backgroundColor : null,
  }
}

test('showLoading covers an element with one overlay of playing dots, its content inert and busy, focus kept; hideLoading gives all back', TEST, async (t) => {
  const page = await open(t)
  await page.call(installBox)
  const shown = await page.evaluate(`(() => {
    const host = document.querySelector('#box')
    const first = helpers.showLoading(host), second = helpers.showLoading(host)
    const box = (element) => JSON.stringify(element.getBoundingClientRect())
    return {
      same: first === second,
      overlays: host.querySelectorAll('.loadmark-overlay').length,
      players: first.querySelectorAll('loadmark-status').length,
      src: first.querySelector('loadmark-status').getAttribute('src'),
      covers: box(first) == box(host),
    }
  })()`)
  assert.deepEqual(shown, { same: true, overlays: 1, players: 1, src: site() + 'presets/dots.json', covers: true })
  const frames = await page.call(playing, '#box loadmark-status', 300)
  assert.ok(frames >= 8, `${frames} frames of the dots in 300 ms`)
  // The seed's mask is clear; the covered content is inert and busy; focus moved from the content to the overlay.
  await until(page, () => document.querySelector('#box div[role=status]').textContent == 'Loading')
  assert.deepEqual(await page.call(overlayState, '#box'), {
    shown: true, inert: [true, true, true], busy: ['true', 'true', 'true'], focus: 'overlay', said: 'Loading', background: 'rgba(0, 0, 0, 0)',
  })
  // The indicator is hidden from assistive technology, which the live region speaks to; its player is a status.
  assert.deepEqual(await page.evaluate(`(({ ariaHidden, role, ariaLabel }) => [ariaHidden, role, ariaLabel])(document.querySelector('#box loadmark-status'))`), ['true', 'status', 'Loading'])
  // Real input: a click on the covered button does nothing, Tab never lands inside.
  await page.evaluate(`window.clicks = 0, document.querySelector('#inside').onclick = () => clicks++`)
  await page.click(40, 30)
  await page.press('Tab', 9)
  const tabbed = await page.evaluate(`[clicks, document.activeElement.id, document.querySelector('#box').contains(document.activeElement) && document.activeElement.closest('.loadmark-overlay') == null]`)
  assert.deepEqual(tabbed, [0, 'outside', false])
  await page.evaluate(`document.querySelector('.loadmark-overlay').focus()`)
  await page.evaluate(`helpers.hideLoading(document.querySelector('#box'))`)
  assert.deepEqual(await page.call(overlayState, '#box'), { shown: false, inert: [false, false, false], busy: [null, null, null], focus: 'inside', said: null, background: null })
})

test('showLoading() without an element covers the viewport: the page inert, Tab reaches nothing under it', TEST, async (t) => {
  const page = await open(t)
  await page.call(installBox)
  const box = await page.evaluate(`(({ position }, { width, height }) => [position, width, height])(getComputedStyle(helpers.showLoading()), document.querySelector('body > .loadmark-overlay').getBoundingClientRect())`)
  assert.deepEqual(box, ['fixed', 800, 600])
  for (let i = 0; i < 3; i++) await page.press('Tab', 9)
  const focus = await page.evaluate(`[document.activeElement?.id, [...document.querySelectorAll('button')].some((b) => b == document.activeElement)]`)
  assert.deepEqual(focus, ['', false])
  assert.equal(await page.evaluate(`[...document.body.children].filter((child) => !child.matches('.loadmark-overlay, script')).every((child) => child.inert)`), true)
  await page.evaluate(`helpers.hideLoading()`)
  assert.deepEqual(await page.evaluate(`[document.querySelectorAll('.loadmark-overlay').length, document.querySelector('#box').inert, document.activeElement.id]`), [0, false, 'inside'])
})

test('mask, text and label: the seed\'s clear mask, dim, any colour; visible status text, announced', TEST, async (t) => {
  const page = await open(t)
  await page.call(installBox)
  const masks = await page.evaluate(`(async () => {
    const host = document.querySelector('#box'), seen = []
    for (const mask of ['clear', 'dim', '#ff000080']) {
      const overlay = helpers.showLoading(host, { mask, fade: 0 })
      seen.push(getComputedStyle(overlay).backgroundColor)
      await helpers.hideLoading(host)
    }
    return seen
  })()`)
  assert.deepEqual(masks, ['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0.4)', 'rgba(255, 0, 0, 0.5)'])
  await page.evaluate(`helpers.showLoading(document.querySelector('#box'), { text: 'Saving…', fade: 0 })`)
  await until(page, () => document.querySelector('#box div[role=status]').textContent == 'Saving…')
  const text = await page.evaluate(`(({ width, height }) => [width > 20, height > 10])(document.querySelector('#box div[role=status]').getBoundingClientRect())`)
  assert.deepEqual(text, [true, true], 'the status text is visible')
  await page.evaluate(`helpers.hideLoading(document.querySelector('#box'))`)
  // Without text the live region is there for assistive technology only, saying the label.
  await page.evaluate(`helpers.showLoading(document.querySelector('#box'), { label: 'Loading results', fade: 0 })`)
  await until(page, () => document.querySelector('#box div[role=status]').textContent == 'Loading results')
  assert.deepEqual(await page.evaluate(`(({ width, height }) => [width, height])(document.querySelector('#box div[role=status]').getBoundingClientRect())`), [1, 1])
})

test('grace and minimum times on a virtual clock: nothing shown when done within the grace, no flash when just after', TEST, async (t) => {
  const page = await open(t)
  await page.call(installBox)
  await page.call(installClock)
  // Done within the grace time: nothing is ever shown, nothing made inert.
  const quick = await page.evaluate(`(async () => {
    const host = document.querySelector('#box')
    helpers.showLoading(host, { grace: 300, minimum: 500, fade: 0 })
    await clock.tick(299)
    const during = !!host.querySelector('.loadmark-overlay') || document.querySelector('#inside').inert
    await helpers.hideLoading(host)
    await clock.tick(1000)
    return [during, !!host.querySelector('.loadmark-overlay'), document.querySelector('#inside').inert]
  })()`)
  assert.deepEqual(quick, [false, false, false])
  // Done just after the grace: shown at 300 ms, and kept for the 500 ms minimum though hidden at 350 ms.
  const timeline = await page.evaluate(`(async () => {
    const host = document.querySelector('#box'), shown = () => !!host.querySelector('.loadmark-overlay'), seen = []
    helpers.showLoading(host, { grace: 300, minimum: 500, fade: 0 })
    await clock.tick(300)
    seen.push(shown())
    await clock.tick(50)
    let gone = false
    helpers.hideLoading(host).then(() => (gone = true))
    await clock.tick(400)
    seen.push(shown(), gone)
    await clock.tick(50)
    seen.push(shown(), gone)
    return seen
  })()`)
  assert.deepEqual(timeline, [true, true, false, false, true])
})

test('fade in and out are animations of the overlay; under reduced motion there are none', TEST, async (t) => {
  const page = await open(t)
  await page.call(installBox)
  const fades = await page.evaluate(`(async () => {
    const host = document.querySelector('#box'), overlay = helpers.showLoading(host, { fade: 200 })
    const fadeIn = overlay.getAnimations().map((a) => [a.effect.getTiming().duration, a.effect.getKeyframes().map((k) => k.opacity)])
    overlay.getAnimations().forEach((a) => a.finish())
    const hidden = helpers.hideLoading(host)
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done)))
    const fadeOut = overlay.getAnimations().map((a) => [a.effect.getTiming().duration, a.effect.getKeyframes().map((k) => k.opacity)])
    overlay.getAnimations().forEach((a) => a.finish())
    await hidden
    return [fadeIn, fadeOut, overlay.isConnected]
  })()`)
  assert.deepEqual(fades, [[[200, ['0', '1']]], [[200, ['1', '0']]], false])
  await page.emulateMedia({ 'prefers-reduced-motion': 'reduce' })
  assert.equal(await page.evaluate(`helpers.showLoading(document.querySelector('#box'), { fade: 200 }).getAnimations().length`), 0)
})

test('an outcome plays its mark in the indicator\'s place, is announced, held, then the overlay goes', TEST, async (t) => {
  // Under reduced motion the mark completes at once, so the clock holds every wait of this test.
  const page = await open(t, 1, (page) => page.emulateMedia({ 'prefers-reduced-motion': 'reduce' }))
  await page.call(installBox)
  await page.evaluate(`helpers.showLoading(document.querySelector('#box'), { successText: 'Saved', hold: 800 })`)
  await until(page, () => document.querySelector('#box div[role=status]').textContent == 'Loading')
  await page.call(installClock)
  const steps = await page.evaluate(`(async () => {
    const host = document.querySelector('#box'), status = host.querySelector('loadmark-status'), seen = []
    let gone = false
    helpers.hideLoading(host, 'success').then(() => (gone = true))
    await new Promise((done) => status.addEventListener('complete', done, { once: true }))
    // The overlay hears of it too, and starts its hold.
    await new Promise((done) => realSetTimeout(done))
    seen.push([status.getAttribute('state'), status.getAttribute('src'), host.querySelector('div[role=status]').textContent, gone])
    await clock.tick(799)
    seen.push(gone)
    await clock.tick(1)
    seen.push(gone, !!host.querySelector('.loadmark-overlay'))
    return seen
  })()`)
  assert.deepEqual(steps, [['success', site() + 'presets/success.json', 'Saved', false], false, true, false])
})

/** In page: resolve() on a new on-screen element with a promise that settles after `ms`; reports the marks its overlay completed. */
async function resolveOn(fulfil, ms) {
  const host = document.body.appendChild(document.createElement('div')), marks = [], said = [], start = performance.now()
  // On screen, since a mark pauses while offscreen.
  Object.assign(host.style, { position: 'fixed', top: '0', left: fulfil ? '0' : '220px', width: '200px', height: '200px' })
  document.addEventListener('complete', (event) => host.contains(event.target) && marks.push(event.target.getAttribute('src')), true)
  new MutationObserver(() => {
    const text = host.querySelector('div[role=status]')?.textContent
    if (text && text != said.at(-1)) said.push(text)
  }).observe(host, { subtree: true, childList: true, characterData: true })
  const promise = new Promise((done, fail) => setTimeout(() => (fulfil ? done(42) : fail(Error('offline'))), ms))
  const outcome = await helpers.resolve(host, promise).then((value) => ({ value }), (error) => ({ error: error.message }))
  return { ...outcome, marks, said, seconds: (performance.now() - start) / 1000, overlays: host.querySelectorAll('.loadmark-overlay').length }
}

test('resolve: loading until the promise settles, then the success or error mark in its place, announced, then the content', TEST, async (t) => {
  const page = await open(t)
  const [fulfilled, rejected] = await Promise.all([page.call(resolveOn, true, 200), page.call(resolveOn, false, 200)])
  assert.deepEqual({ ...fulfilled, seconds: 0 }, { value: 42, marks: [site() + 'presets/success.json'], said: ['Loading', 'Done'], seconds: 0, overlays: 0 })
  assert.deepEqual({ ...rejected, seconds: 0 }, { error: 'offline', marks: [site() + 'presets/error.json'], said: ['Loading', 'Failed'], seconds: 0, overlays: 0 })
  // 0.2 s of loading, 1.5 s of the mark, 0.6 s of hold, fades of 0.15 s.
  for (const { seconds } of [fulfilled, rejected]) assert.ok(seconds > 2.3 && seconds < 3.5, `${seconds} s`)
})

/** In page: a 300 × 300 scroller at (0, top) with a list of text and pull-to-refresh; onRefresh waits for `refreshed()`. */
function installFeed(top, threshold, options = {}) {
  const feed = document.createElement('div'), content = document.createElement('ul')
  Object.assign(feed.style, { position: 'fixed', left: '0', top: top + 'px', width: '300px', height: '300px', overflow: 'auto', background: '#fff', zIndex: 1000 })
  content.id = 'content'
  content.style.margin = '0'
  content.innerHTML = Array.from({ length: 40 }, (_, i) => `<li>Row ${i + 1}: some text a drag could select</li>`).join('')
  feed.id = 'feed'
  feed.append(content)
  document.body.append(feed)
  window.refreshes = 0
  const onRefresh = () => new Promise((resolve) => {
    window.refreshes++
    window.refreshed = () => resolve('fresh')
  })
  window.list = feed
  window.pull = helpers.pullToRefresh(feed, { onRefresh, threshold, ...options })
  window.header = feed.querySelector('div[aria-hidden]')
  window.spinner = header.querySelector('loadmark-player')
  spinner.id = 'feed-spinner'
}

/** The header's height, the content's top, the spinner's clip and progress, and the selection. */
const pullState = (page) => page.evaluate(`({
  height: parseFloat(header.style.height), content: document.querySelector('#content').getBoundingClientRect().top - list.getBoundingClientRect().top,
  clip: spinner.currentClip, progress: spinner.progress, frame: spinner.frame, selected: getSelection().toString(),
})`)

/** In page: the opacity of the arcs and the disc on the spinner's canvas: from a pixel mid-way along arc2, red over white, and one of the disc away from the arcs. */
function pullPixels(frame, arc2, disc) {
  const canvas = spinner.shadowRoot.querySelector('canvas'), k = canvas.width / 51, context = canvas.getContext('2d')
  const [cx, cy, r] = arc2, angle = frame.start + frame.sweep / 2
  const at = (x, y) => [...context.getImageData(Math.floor(x * k), Math.floor(y * k), 1, 1).data]
  const arc = at(cx + r * Math.cos(angle), cy + r * Math.sin(angle)), white = at(...disc)
  // Red (255, 0, 0) at opacity α over white leaves green at 255 · (1 − α).
  return { arcs: 1 - arc[1] / 255, red: arc[0], disc: white }
}

test('pull: the arcs\' opacity is P below 1 and 1 from 1 on, the disc never fades (read from pixels, mouse input)', TEST, async (t) => {
  const page = await open(t, 2)
  await page.call(installFeed, TOP, THRESHOLD)
  await page.call(playing, '#feed-spinner', 0)
  const arc2 = refresh.layer('arc2'), disc = refresh.layer('arc2').center
  for (const P of [0.25, 0.5, 0.99, 1, 1.25, 2]) {
    await page.drag([X, TOP + 20], [X, TOP + 20 + P * THRESHOLD], 6)
    const state = await pullState(page)
    // The frame of P: the pull clip spans 0 to 2 in steps of 0.01.
    assert.equal(state.frame, Math.round(P * 100), `P = ${P}`)
    const frame = { start: refresh.track('pull', 'arc2.start')[state.frame], sweep: refresh.track('pull', 'arc2.sweep')[state.frame] }
    const { arcs, red, disc: white } = await page.call(pullPixels, frame, [...arc2.center, arc2.radius], disc)
    assert.ok(Math.abs(arcs - Math.min(P, 1)) < 0.04, `P = ${P}: arcs at opacity ${arcs}`)
    assert.equal(red, 255, `P = ${P}: the arc is red over white`)
    assert.deepEqual(white, [255, 255, 255, 255], `P = ${P}: the disc is unfaded`)
    await page.mouse('mouseReleased', X, TOP + 20 + P * THRESHOLD)
    if (P >= 1) await page.evaluate('refreshed()')
    await page.evaluate(`header.getAnimations().forEach((a) => a.finish())`)
    await until(page, () => parseFloat(header.style.height) == 0 && !list.hasAttribute('aria-busy'))
  }
})

test('pull: the header pushes the content down as it is pulled, snaps back early, and collapses with an animation after refreshing', TEST, async (t) => {
  const page = await open(t)
  await page.call(installFeed, TOP, THRESHOLD)
  await page.call(playing, '#feed-spinner', 0)
  assert.deepEqual(await pullState(page), { height: 0, content: 0, clip: 'pull', progress: 0, frame: 0, selected: '' })
  await page.drag([X, TOP + 20], [X, TOP + 20 + 30])
  assert.deepEqual(await pullState(page), { height: 30, content: 30, clip: 'pull', progress: 0.5, frame: 50, selected: '' })
  await page.mouse('mouseReleased', X, TOP + 50)
  // Released early: it snaps back, animated, and nothing refreshes.
  const snap = await page.evaluate(`header.getAnimations().map((a) => [a.effect.getTiming().duration, a.effect.getKeyframes().map((k) => k.height)])`)
  assert.deepEqual(snap, [[250, ['30px', '0px']]])
  assert.equal(await page.evaluate('refreshes'), 0)
  // Past the threshold: it opens to the threshold and spins until onRefresh settles.
  await page.drag([X, TOP + 20], [X, TOP + 20 + 80])
  assert.deepEqual(await pullState(page), { height: 80, content: 80, clip: 'pull', progress: 80 / 60, frame: 133, selected: '' })
  const since = await page.evaluate('performance.now()')
  await page.mouse('mouseReleased', X, TOP + 100)
  assert.equal(await page.evaluate('refreshes'), 1)
  await sleep(400)
  const spinning = (await page.call(eventsOf, '#feed-spinner', since)).filter((event) => event.type == 'frame')
  assert.ok(spinning.length >= 10, `${spinning.length} frames in 400 ms`)
  assert.deepEqual([...new Set(spinning.map((event) => event.clip))], ['spin'])
  assert.deepEqual(await page.evaluate(`[parseFloat(header.style.height), list.getAttribute('aria-busy'), spinner.getAttribute('aria-busy')]`), [60, 'true', 'true'])
  // A second pull while refreshing starts nothing.
  await page.drag([X, TOP + 20], [X, TOP + 100])
  await page.mouse('mouseReleased', X, TOP + 100)
  assert.equal(await page.evaluate('refreshes'), 1)
  await page.evaluate('refreshed()')
  await until(page, () => !list.hasAttribute('aria-busy'))
  const collapse = await page.evaluate(`header.getAnimations().map((a) => [a.effect.getTiming().duration, a.effect.getKeyframes().map((k) => k.height)])`)
  assert.deepEqual(collapse, [[250, ['60px', '0px']]])
  await page.evaluate(`header.getAnimations().forEach((a) => a.finish())`)
  const settled = await page.evaluate('performance.now()')
  assert.deepEqual(await page.evaluate(`[parseFloat(header.style.height), document.querySelector('#content').getBoundingClientRect().top - list.getBoundingClientRect().top, spinner.getAttribute('aria-busy')]`), [0, 0, 'false'])
  await sleep(300)
  assert.deepEqual((await page.call(eventsOf, '#feed-spinner', settled)).filter((event) => event.type == 'frame'), [], 'frames after the refresh')
})

test('pull: touch and pen pull through Pointer Events as the mouse does; a mouse drag over text selects none of it', TEST, async (t) => {
  const page = await open(t)
  await page.call(installFeed, TOP, THRESHOLD)
  await page.call(playing, '#feed-spinner', 0)
  assert.equal(await page.evaluate('list.style.touchAction'), 'pan-x pan-down')
  await page.touch('touchStart', [[X, TOP + 20]])
  for (const dy of [10, 20, THRESHOLD / 2]) await page.touch('touchMove', [[X, TOP + 20 + dy]])
  await until(page, () => spinner.progress == 0.5)
  assert.deepEqual(await pullState(page), { height: 30, content: 30, clip: 'pull', progress: 0.5, frame: 50, selected: '' })
  await page.touch('touchEnd')
  await until(page, () => parseFloat(header.style.height) == 0)
  await page.drag([X, TOP + 20], [X, TOP + 20 + 75], 5, 'pen')
  assert.deepEqual(await pullState(page), { height: 75, content: 75, clip: 'pull', progress: 1.25, frame: 125, selected: '' })
  await page.mouse('mouseReleased', X, TOP + 95, { pointerType: 'pen' })
  assert.equal(await page.evaluate('refreshes'), 1)
  await page.evaluate('refreshed()')
  await until(page, () => !list.hasAttribute('aria-busy'))
  // A mouse pressed on a row's text and pulled down: a pull, not a selection.
  await page.evaluate(`header.getAnimations().forEach((a) => a.finish())`)
  await page.drag([30, TOP + 10], [200, TOP + 70], 8)
  assert.deepEqual(await pullState(page), { height: 60, content: 60, clip: 'pull', progress: 1, frame: 100, selected: '' })
  await page.mouse('mouseReleased', 200, TOP + 70)
  await page.evaluate('refreshed()')
  // Scrolled down, the list scrolls; touch may pan it again.
  await until(page, () => !list.hasAttribute('aria-busy'))
  assert.equal(await page.evaluate(`list.scrollTop = 100, new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(list.style.touchAction))))`), '')
})

test('pull: a visible "Refresh" button for keyboards and assistive technology; refresh() from code; destroy()', TEST, async (t) => {
  const page = await open(t)
  await page.call(installFeed, TOP, THRESHOLD)
  // The button is the first stop inside the list: hidden until it has focus, then shown.
  const button = () => page.evaluate(`(({ width, height }) => [document.activeElement.textContent, width > 20 && height > 10])(document.querySelector('#feed > button').getBoundingClientRect())`)
  assert.deepEqual((await button())[1], false)
  await page.evaluate(`document.querySelector('#feed > button').focus()`)
  assert.deepEqual(await button(), ['Refresh', true])
  await page.press('Enter', 13, '\r')
  assert.deepEqual(await page.evaluate(`[refreshes, list.getAttribute('aria-busy'), parseFloat(header.style.height)]`), [1, 'true', 60])
  await page.evaluate('refreshed()')
  await until(page, () => !list.hasAttribute('aria-busy'))
  const result = page.evaluate(`pull.refresh()`)
  await until(page, () => refreshes == 2)
  await page.evaluate('refreshed()')
  assert.equal(await result, 'fresh')
  assert.equal(await page.evaluate(`pull.destroy(), [document.querySelectorAll('#feed > div[aria-hidden], #feed > button').length, list.style.touchAction]`).then(JSON.stringify), '[0,""]')
  // 'always' keeps it in sight.
  await page.evaluate(`document.querySelector('#feed').remove()`)
  await page.call(installFeed, TOP, THRESHOLD, { button: 'always', label: 'Reload' })
  assert.deepEqual(await page.evaluate(`(({ width }) => [document.querySelector('#feed > button').textContent, width > 20])(document.querySelector('#feed > button').getBoundingClientRect())`), ['Reload', true])
})
