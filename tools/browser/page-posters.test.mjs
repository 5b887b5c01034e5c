// The posters `loadmark html` and `loadmark gallery` put in their players: with scripts blocked each player shows
// its clip's still, at the player's size and with paint where the frame has paint (the one-shots' last frame under
// reduced motion); the still is the frame the canvas draws; once the script runs the canvas replaces it.
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { before, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { PRESETS, TEST, catalogue, decodePNG, fileURL, loadmark, openPage, playersLoaded, rgb, scratch, useBrowser } from './harness.mjs'

const browser = useBrowser()
const dir = scratch()
const VIEWPORT = { width: 1200, height: 4000 }
// Players per page: a card per clip; the gallery's host sections add the upload and the <loadmark-status>.
const CARDS = 8
const PLAYERS = 'loadmark-player, loadmark-status'
// Seed 000's colour: the success ring's.
const SUCCESS = rgb('#f98680')

before(() => {
  loadmark(['html', ...PRESETS, '-o', 'page.html'], dir)
  loadmark(['gallery', '-o', 'gallery'], dir)
})

/** In page: each player's box (CSS pixels, page coordinates), its clip, and which of its stills show. */
function posters(selector) {
  return [...document.querySelectorAll(selector)].map((element) => {
    const box = element.getBoundingClientRect(), canvas = element.shadowRoot?.querySelector('canvas')
    return {
      name: element.getAttribute('src') + ' ' + element.getAttribute('clip'), defined: !!customElements.get(element.localName),
      box: { x: box.x + scrollX, y: box.y + scrollY, width: box.width, height: box.height },
      stills: [...element.querySelectorAll(':scope > svg')].map((svg) => ({ last: svg.classList.contains('lm-poster-last'), shown: svg.checkVisibility() })),
      canvas: !!canvas?.checkVisibility(),
    }
  })
}

/** Opens `url` (scripts blocked unless `scripts`, reduced motion when `reduced`) and returns the page and its players. */
async function load(t, url, { scripts = false, reduced = false } = {}) {
  const page = await openPage(t, browser(), VIEWPORT)
  if (!scripts) await page.send('Emulation.setScriptExecutionDisabled', { value: true })
  if (reduced) await page.emulateMedia({ 'prefers-reduced-motion': 'reduce' })
  await page.goto(url)
  if (scripts) await page.call(playersLoaded, PLAYERS)
  return { page, players: await page.call(posters, PLAYERS) }
}

/** The screenshot of `box` (whole CSS pixels at DPR 1) as { width, height, at(x, y) → [r, g, b, a] }. */
async function shot(page, box) {
  const clip = { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) }
  const { width, height, rgba } = decodePNG(await page.screenshot(null, { fullPage: true, clip }))
  return { width, height, rgba, at: (x, y) => [...rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)] }
}

/** Pixels of two shots of one size that differ by more than `tolerance` in some channel: not anti-aliasing alone. */
function differing(a, b, tolerance = 48) {
  let count = 0
  for (let i = 0; i < a.rgba.length; i += 4) {
    if ([0, 1, 2].some((k) => Math.abs(a.rgba[i + k] - b.rgba[i + k]) > tolerance)) count++
  }
  return count
}

/** Pixels of a shot that are not its top-left corner's colour (the tile behind the player): the frame's paint. */
function paint(image) {
  const [r, g, b] = image.at(0, 0)
  let count = 0
  for (let i = 0; i < image.rgba.length; i += 4) count += Math.max(Math.abs(image.rgba[i] - r), Math.abs(image.rgba[i + 1] - g), Math.abs(image.rgba[i + 2] - b)) > 48
  return count
}

const near = (pixel, color, tolerance = 24) => color.every((c, i) => Math.abs(pixel[i] - c) <= tolerance)

test('with scripts blocked, every player of an html page shows its poster, sized as the player, with its paint', TEST, async (t) => {
  const { page, players } = await load(t, fileURL(join(dir, 'page.html')))
  assert.equal(players.length, CARDS)
  // The document sizes: 50 × 50 (success, error), 120 × 40 (dots), 42 × 42 (progress, cropped about its ring by the
  // default canvas, auto), 51 × 51 (refresh).
  const sizes = { '#lm-success': [50, 50], '#lm-error': [50, 50], '#lm-dots': [120, 40], '#lm-progress': [42, 42], '#lm-refresh': [51, 51] }
  for (const player of players) {
    const { name, defined, box, stills, canvas } = player
    assert.equal(defined, false, name)
    assert.equal(canvas, false, name)
    assert.deepEqual([box.width, box.height], sizes[name.split(' ')[0]], name)
    // One still shows: the first (or only) one.
    assert.deepEqual(stills.map((still) => still.shown), stills.map((still) => !still.last), name)
    // Every frame shown first has paint but seed 002's demo and done, whose first frames are clear.
    const painted = paint(await shot(page, box))
    if (name == '#lm-progress demo' || name == '#lm-progress done') assert.equal(painted, 0, name)
    else assert.ok(painted > 20, `${name}: ${painted} painted pixels`)
  }
  // The success ring's border at the top (a 1-point stroke of radius 23.5 about (25, 25): row 1), its centre clear.
  const success = await shot(page, players.find((player) => player.name == '#lm-success main').box)
  assert.ok(near(success.at(25, 1), SUCCESS), `ring ${success.at(25, 1)}`)
  assert.ok(near(success.at(25, 25), [255, 255, 255]), `centre ${success.at(25, 25)}`)
  // The check is not drawn yet: the corner of its path at (21, 33) is clear.
  assert.ok(near(success.at(21, 33), [255, 255, 255]), `check ${success.at(21, 33)}`)
  assert.deepEqual(page.errors, [], 'no console errors or CSP violations')
})

test('with scripts blocked and reduced motion, a one-shot\'s poster is its last frame; loops and progress keep theirs', TEST, async (t) => {
  const { page, players } = await load(t, fileURL(join(dir, 'page.html')), { reduced: true })
  for (const { name, stills } of players) {
    const oneShot = ['#lm-success main', '#lm-error main', '#lm-progress demo', '#lm-progress done'].includes(name)
    assert.equal(stills.length, oneShot ? 2 : 1, name)
    assert.deepEqual(stills.map((still) => still.shown), stills.map((still) => still.last || !oneShot), name)
  }
  // Seed 000's check is drawn: its corner at (21, 33) on a 3-point stroke.
  const success = await shot(page, players.find((player) => player.name == '#lm-success main').box)
  assert.ok(near(success.at(21, 33), SUCCESS), `check ${success.at(21, 33)}`)
  // The progress demo ends on seed 002's white check on black.
  assert.ok(paint(await shot(page, players.find((player) => player.name == '#lm-progress demo').box)) > 20)
  assert.deepEqual(page.errors, [])
})

test('each poster is the frame the canvas draws there; once the script runs, the canvas replaces it', TEST, async (t) => {
  const url = fileURL(join(dir, 'page.html'))
  for (const reduced of [false, true]) {
    // One page at a time: a page in the background is not painted, so it cannot be captured.
    const blocked = await load(t, url, { reduced })
    const posterShots = []
    for (const { box } of blocked.players) posterShots.push(await shot(blocked.page, box))
    assert.deepEqual(blocked.page.errors, [], 'no console errors or CSP violations')
    await blocked.page.close()
    const running = await load(t, url, { scripts: true, reduced })
    // Time clips held where their poster is: the first frame, or under reduced motion a one-shot's last, where the
    // player itself goes. Progress clips stay at their initial progress.
    await running.page.evaluate(`(async () => {
      for (const element of document.querySelectorAll('loadmark-player')) {
        if (element.hasAttribute('progress')) continue
        element.pause()
        const clip = element.doc.clips.find((clip) => clip.name == element.getAttribute('clip'))
        const last = matchMedia('(prefers-reduced-motion: reduce)').matches && !clip.loop
        element.seek(last ? (clip.frames - 1) / element.doc.fps : 0)
      }
      await new Promise(requestAnimationFrame)
    })()`)
    await sleep(100)
    const shown = await running.page.call(posters, PLAYERS)
    for (const [i, player] of blocked.players.entries()) {
      const { name, box } = player
      assert.equal(shown[i].defined && shown[i].canvas, true, name)
      assert.ok(shown[i].stills.every((still) => !still.shown), `${name}: the canvas replaced the poster`)
      const poster = posterShots[i], canvas = await shot(running.page, shown[i].box)
      const off = differing(poster, canvas)
      assert.ok(off <= 0.01 * poster.width * poster.height, `${name}${reduced ? ' (reduced motion)' : ''}: ${off} of ${poster.width * poster.height} pixels differ`)
    }
    // The comparison can fail: the success poster against the canvas at the other end of the clip.
    const i = blocked.players.findIndex((player) => player.name == '#lm-success main')
    await running.page.evaluate(`document.querySelector('[src="#lm-success"]').seek(${reduced ? 0 : 1.5})`)
    await sleep(100)
    const other = differing(posterShots[i], await shot(running.page, shown[i].box))
    assert.ok(other > 0.01 * 50 * 50, `success against its other end: ${other} pixels differ`)
    assert.deepEqual(running.page.errors, [], 'no console errors or CSP violations')
  }
})

test('with scripts blocked, the gallery\'s cards and host players show their posters; with scripts, canvases', TEST, async (t) => {
  const url = fileURL(join(dir, 'gallery/index.html'))
  const { page, players } = await load(t, url)
  // The presets' cards, the catalogue's and the host sections' two.
  assert.equal(players.length, CARDS + catalogue().reduce((count, { clips }) => count + clips.length, 0) + 2)
  for (const { name, box, stills, canvas } of players) {
    assert.equal(canvas, false, name)
    assert.deepEqual([box.width, box.height], [128, 128], name)
    assert.equal(stills.filter((still) => still.shown).length, 1, name)
  }
  // The status shows dots' first frame; its three dots, scaled to 128 wide, are painted at their centres.
  const status = players.find((player) => player.name.startsWith('null'))
  const dots = await shot(page, status.box), k = 128 / 120, top = (128 - 40 * k) / 2
  for (const x of [25, 60, 95]) assert.ok(near(dots.at(Math.round(x * k), Math.round(top + 20 * k)), [128, 128, 128]), `dot at ${x}`)
  // The success card's ring, scaled 128 / 50: its top row of paint.
  const success = await shot(page, players.find((player) => player.name == '#lm-success main').box)
  assert.ok(near(success.at(64, 4), SUCCESS, 40), `ring ${success.at(64, 4)}`)
  assert.deepEqual(page.errors, [])
  await page.close()
  const running = await load(t, url, { scripts: true })
  for (const { name, stills, canvas } of running.players) {
    assert.equal(canvas, true, name)
    assert.ok(stills.every((still) => !still.shown), name)
  }
  assert.deepEqual(running.page.errors, [])
})
