// Pages written by `loadmark html` and `loadmark gallery` load cleanly in Chromium, and hostile text stays text.
import assert from 'node:assert/strict'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { PRESETS, TEST, canvases, catalogue, fileURL, loadmark, openPage, playersLoaded, scratch, useBrowser, useSite } from './harness.mjs'

const browser = useBrowser()
const pages = scratch()
// Clips per preset: one player each.
const CLIPS = { success: 1, error: 1, progress: 3, dots: 1, refresh: 2 }
const ALL = Object.values(CLIPS).reduce((a, b) => a + b)
// A gallery also plays the catalogue's clips and the host API sections' two: the upload's progress player and the
// <loadmark-status>.
const GALLERY = ALL + catalogue().reduce((count, { clips }) => count + clips.length, 0) + 2
const TITLE = '</title><script>window.pwned=1</script>'
const LABEL = '"><img src=x onerror=window.pwned=2>'

before(() => {
  for (const preset of PRESETS) loadmark(['html', preset, '-o', `${preset}.html`], pages)
  loadmark(['html', ...PRESETS, '-o', 'all.html'], pages)
  loadmark(['html', 'success', 'dots', '--title', TITLE, '--label', LABEL, '-o', 'hostile.html'], pages)
  loadmark(['gallery', '--title', TITLE, '-o', 'hostile-gallery'], pages)
})

// The gallery and an --external page of every preset, over HTTP (module scripts and fetch need it).
const site = useSite((dir) => {
  loadmark(['gallery', '-o', dir])
  mkdirSync(join(dir, 'external'))
  loadmark(['html', ...PRESETS, '--external', '-o', 'external/index.html'], dir)
})

// The html pages fit in it; a gallery of the catalogue is taller (about 11,000 px), and its players below the
// fold are paused, showing their first frame, which may be blank (NVActivityIndicatorView's BallScale starts at
// scale 0): a canvas without paint is scrolled into view and looked at again.
const VIEWPORT = { width: 1200, height: 4000 }

/**
 * Loads `url`, lets it play for `ms`, and checks: no errors of any kind, `players` players, each with paint on its
 * canvas once it is on screen.
 */
async function expectCleanPage(t, url, players, ms = 600) {
  const page = await openPage(t, browser(), VIEWPORT)
  await page.goto(url)
  assert.equal(await page.call(playersLoaded), players, 'players that loaded')
  await sleep(ms)
  assert.deepEqual(page.errors, [], 'console errors, exceptions or CSP violations')
  // Seed 002 at progress 0 draws nothing (its track is clear): the gallery's upload starts there.
  const blank = (await page.call(canvases)).flatMap((canvas, i) => (canvas.progress !== '0' && !(canvas.width > 0 && canvas.painted > 0) ? [i] : []))
  for (const i of blank) {
    // On screen, a loop plays; one blank at an instant (BallScale fades out as it grows, and is clear at the end
    // of each period) has paint a quarter of a second later.
    await page.evaluate(`document.querySelectorAll('loadmark-player')[${i}].scrollIntoView({ block: 'center' })`)
    await sleep(250)
    const canvas = (await page.call(canvases))[i]
    assert.ok(canvas.width > 0 && canvas.painted > 0, `${canvas.label}: ${canvas.painted} painted pixels on ${canvas.width} × ${canvas.height}`)
  }
  assert.deepEqual(page.errors, [], 'console errors, exceptions or CSP violations, after scrolling')
  return page
}

test('the harness hears console errors, exceptions and CSP violations', TEST, async (t) => {
  const page = await expectCleanPage(t, fileURL(join(pages, 'dots.html')), 1, 0)
  await page.evaluate(`console.error('probe'); setTimeout(() => { throw Error('thrown') });
    document.body.append(Object.assign(document.createElement('script'), { textContent: 'window.inline = 1' }))`)
  await sleep(200)
  const kinds = new Set(page.errors.map((message) => message.kind))
  assert.deepEqual([...kinds].sort(), ['console', 'csp', 'exception', 'log'], JSON.stringify(page.errors))
  assert.equal(await page.evaluate('window.inline'), undefined, 'the policy blocked the inline script')
})

for (const preset of PRESETS) {
  test(`html ${preset} from file:// loads without errors`, TEST, (t) => expectCleanPage(t, fileURL(join(pages, `${preset}.html`)), CLIPS[preset]))
}

test('html with every preset from file:// plays 1.6 s without errors', TEST, (t) => expectCleanPage(t, fileURL(join(pages, 'all.html')), ALL, 1600))

test('html --external over HTTP loads without errors', TEST, (t) => expectCleanPage(t, site() + 'external/', ALL))

test('gallery from file:// plays 1.6 s without errors', TEST, async (t) => {
  const page = await expectCleanPage(t, fileURL(join(site.dir, 'index.html')), GALLERY, 1600)
  assert.equal(await page.evaluate(`document.querySelectorAll('.lm-card').length`), GALLERY - 2)
})

test('gallery over HTTP loads without errors', TEST, (t) => expectCleanPage(t, site(), GALLERY))

/** Checks a hostile page: the title and labels are the raw strings, no element was injected, nothing ran. */
async function expectInert(page, { label }) {
  const facts = await page.evaluate(`({
    pwned: typeof window.pwned,
    title: document.title,
    heading: document.querySelector('h1').textContent,
    images: document.querySelectorAll('img').length,
    scripts: [...document.scripts].map((script) => script.type || 'classic'),
    labels: [...document.querySelectorAll('loadmark-player')].map((element) => [element.getAttribute('label'), element.getAttribute('aria-label')]),
  })`)
  assert.equal(facts.pwned, 'undefined')
  assert.equal(facts.title, TITLE)
  assert.equal(facts.heading, TITLE)
  assert.equal(facts.images, 0)
  assert.ok(facts.scripts.every((type) => type == 'module' || type == 'application/json'), `scripts: ${facts.scripts}`)
  if (label) for (const pair of facts.labels) assert.deepEqual(pair, [label, label])
}

test('a hostile --title and --label cannot inject markup into html pages', TEST, async (t) => {
  await expectInert(await expectCleanPage(t, fileURL(join(pages, 'hostile.html')), 2), { label: LABEL })
})

test('a hostile --title cannot inject markup into the gallery', TEST, async (t) => {
  await expectInert(await expectCleanPage(t, fileURL(join(pages, 'hostile-gallery/index.html')), GALLERY), {})
})

test('escaping alone keeps hostile text inert, even with the policy bypassed', TEST, async (t) => {
  const page = await openPage(t, browser(), VIEWPORT)
  // Without the policy an injected script or onerror handler would run: only the escaping stops it.
  await page.send('Page.setBypassCSP', { enabled: true })
  await page.goto(fileURL(join(pages, 'hostile.html')))
  assert.equal(await page.call(playersLoaded), 2)
  await sleep(200)
  await expectInert(page, { label: LABEL })
  assert.deepEqual(page.errors, [])
})

test('a gallery carries the reader of format version 3 inline, before the player; a page of older documents does not', TEST, async (t) => {
  const page = await openPage(t, browser(), VIEWPORT)
  await page.goto(site())
  assert.equal(await page.evaluate('typeof LoadmarkVersion3.decode'), 'function')
  assert.deepEqual(page.errors.filter(({ text }) => !text.includes('favicon.ico')), [])
  // The reader's own line, which the player's mention of it (`LoadmarkVersion3?.decode`) is not.
  const reader = 'globalThis.LoadmarkVersion3={', gallery = readFileSync(join(site.dir, 'index.html'), 'utf8')
  assert.ok(gallery.includes(reader))
  assert.ok(gallery.indexOf(reader) < gallery.indexOf('customElements.define("loadmark-player"'))
  for (const file of ['dots.html', 'all.html']) assert.ok(!readFileSync(join(pages, file), 'utf8').includes(reader), file)
  assert.ok(!readFileSync(join(site.dir, 'external/index.html'), 'utf8').includes('loadmark-player-v3.js'))
})
