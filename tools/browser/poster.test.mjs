// Hand-written pages with the classic script: the element's poster (its children, shown until it draws, also when
// scripts never run) and its custom-element conventions (hidden, role, properties set before the upgrade, reflected
// attributes).
import assert from 'node:assert/strict'
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, test } from 'node:test'
import { ROOT, TEST, fileURL, openPage, scratch, until, useBrowser } from './harness.mjs'

const browser = useBrowser()
const dir = scratch()
const DOTS = readFileSync(join(ROOT, 'Tests/Fixtures/dots.json'), 'utf8')
// A poster the size of the document: a red bar where the dots will be.
const POSTER = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect class="poster" x="10" y="10" width="100" height="20" fill="#ff0000"/></svg>'
const HEAD = `<!doctype html><meta charset="utf-8"><title>Loadmark poster</title><link rel="icon" href="data:,">
<style>
/* Sized by the page; laid out as the element will be before it is defined (and forever with scripts blocked). */
loadmark-player { width: 120px; height: 40px; }
loadmark-player:not(:defined):not([hidden]) { display: inline-block; }
loadmark-player > svg { display: block; width: 100%; height: 100%; }
</style>
<script type="application/json" id="dots">${DOTS}</script>`

before(() => {
  copyFileSync(join(ROOT, 'web/dist/loadmark-player.iife.js'), join(dir, 'loadmark-player.iife.js'))
  writeFileSync(join(dir, 'poster.html'), `${HEAD}
<script src="loadmark-player.iife.js"></script>
<loadmark-player id="plays" src="#dots" autoplay>${POSTER}</loadmark-player>
<loadmark-player id="waits">${POSTER}</loadmark-player>
<loadmark-player id="broken" src="#nothing">${POSTER}</loadmark-player>`)
  // Properties set on the elements before the script that defines them runs.
  writeFileSync(join(dir, 'conventions.html'), `${HEAD}
<loadmark-player id="early"></loadmark-player>
<loadmark-player id="hidden" hidden src="#dots"></loadmark-player>
<loadmark-player id="bar" role="progressbar" src="#dots"></loadmark-player>
<script>
const early = document.getElementById('early')
Object.assign(early, { clip: 'loop', speed: 2, loops: 3, color: '#00ff00', autoplay: true, src: '#dots' })
</script>
<script src="loadmark-player.iife.js"></script>`)
})

/** In page: whether the element `id`'s poster or its canvas is what shows at its centre, and the canvas's paint. */
function shown(id) {
  const element = document.getElementById(id), box = element.getBoundingClientRect()
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
  const canvas = element.shadowRoot?.querySelector('canvas')
  let painted = 0
  if (canvas?.width) {
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data
    for (let i = 3; i < data.length; i += 4) painted += data[i] > 0
  }
  return {
    hit: hit.classList.contains('poster') ? 'poster' : hit == element ? 'player' : hit.localName,
    poster: element.querySelector('svg').checkVisibility(),
    canvas: !!canvas?.checkVisibility(),
    painted: painted > 0,
    size: [box.width, box.height],
  }
}

test('with scripts blocked, every player shows its poster', TEST, async (t) => {
  const page = await openPage(t, browser(), { width: 600, height: 300 })
  await page.send('Emulation.setScriptExecutionDisabled', { value: true })
  await page.goto(fileURL(join(dir, 'poster.html')))
  assert.equal(await page.evaluate(`customElements.get('loadmark-player')`), undefined, 'no script ran')
  for (const id of ['plays', 'waits', 'broken']) {
    assert.deepEqual(await page.call(shown, id), { hit: 'poster', poster: true, canvas: false, painted: false, size: [120, 40] }, id)
  }
  await page.screenshot(join(dir, 'poster-no-script.png'), { fullPage: false })
})

test('the player replaces its poster when it starts drawing; without a document the poster stays', TEST, async (t) => {
  const page = await openPage(t, browser(), { width: 600, height: 300 })
  await page.goto(fileURL(join(dir, 'poster.html')))
  // A document, then its first frame drawn in the next animation frame: wait for the paint, not for the load.
  await until(page, `() => (${shown})('plays').painted`)
  assert.deepEqual(await page.call(shown, 'plays'), { hit: 'player', poster: false, canvas: true, painted: true, size: [120, 40] })
  // No src yet: the upgraded element still shows its poster, sized to the player's box.
  assert.deepEqual(await page.call(shown, 'waits'), { hit: 'poster', poster: true, canvas: false, painted: false, size: [120, 40] })
  // A document that cannot be read: an error, and the poster stays.
  assert.deepEqual(await page.call(shown, 'broken'), { hit: 'poster', poster: true, canvas: false, painted: false, size: [120, 40] })
  assert.deepEqual(page.errors.map(({ text }) => text), ['loadmark: #nothing: no such element'])
  page.messages.length = 0
  // Given a document, it takes over.
  await page.evaluate(`document.getElementById('waits').src = '#dots'`)
  await until(page, `() => (${shown})('waits').painted`)
  assert.deepEqual(await page.call(shown, 'waits'), { hit: 'player', poster: false, canvas: true, painted: true, size: [120, 40] })
  // Without its document again, the poster is back.
  await page.evaluate(`document.getElementById('waits').removeAttribute('src')`)
  await until(page, `() => !document.getElementById('waits').doc`)
  assert.deepEqual(await page.call(shown, 'waits'), { hit: 'poster', poster: true, canvas: false, painted: false, size: [120, 40] })
  assert.deepEqual(page.errors, [])
})

test('properties set before the element was defined apply when it upgrades, through the accessors', TEST, async (t) => {
  const page = await openPage(t, browser(), { width: 600, height: 300 })
  await page.goto(fileURL(join(dir, 'conventions.html')))
  await until(page, `() => document.getElementById('early').doc`)
  const early = await page.evaluate(`(({ src, clip, speed, loops, color, autoplay }, element) => ({
    src, clip, speed, loops, color, autoplay, own: ['src', 'clip', 'speed', 'color', 'autoplay'].filter((key) => Object.hasOwn(element, key)),
    attributes: ['src', 'clip', 'autoplay'].map((name) => element.getAttribute(name)),
  }))(document.getElementById('early'), document.getElementById('early'))`)
  assert.deepEqual(early, {
    src: '#dots', clip: 'loop', speed: 2, loops: 3, color: '#00ff00', autoplay: true, own: [],
    attributes: ['#dots', 'loop', ''],
  })
  await until(page, `() => document.getElementById('early').frame > 0`)
  assert.deepEqual(page.errors, [])
})

test('hidden hides the element; a role the page gave it stays; reflected properties and attributes agree', TEST, async (t) => {
  const page = await openPage(t, browser(), { width: 600, height: 300 })
  await page.goto(fileURL(join(dir, 'conventions.html')))
  await until(page, `() => document.getElementById('bar').doc`)
  const display = () => page.evaluate(`getComputedStyle(document.getElementById('hidden')).display`)
  assert.equal(await display(), 'none')
  await page.evaluate(`document.getElementById('hidden').hidden = false`)
  assert.equal(await display(), 'inline-block')
  // A loop is a status; the page's role stays.
  assert.deepEqual(await page.evaluate(`['early', 'bar'].map((id) => document.getElementById(id).getAttribute('role'))`), ['status', 'progressbar'])
  const reflected = await page.evaluate(`(() => {
    const element = document.getElementById('bar')
    element.label = 'Uploading'
    element.clip = 'loop'
    element.autoplay = true
    const set = [element.getAttribute('label'), element.getAttribute('aria-label'), element.getAttribute('clip'), element.hasAttribute('autoplay')]
    element.autoplay = false
    element.setAttribute('preset', 'dots')
    element.removeAttribute('label')
    return [...set, element.hasAttribute('autoplay'), element.preset, element.label, element.getAttribute('aria-label'), element.src]
  })()`)
  // Without a label, the accessible name is "Loading", not the preset's id.
  assert.deepEqual(reflected, ['Uploading', 'Uploading', 'loop', true, false, 'dots', '', 'Loading', '#dots'])
  assert.deepEqual(page.errors, [])
})
