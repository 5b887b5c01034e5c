// web/README.md's classic-script snippet, as written, on a page opened from a file: the element and the script's own
// canvas both play the dots, and the page logs no error. Only what the README leaves out is filled in: the
// document (it shows `…`) and where the script is.
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { ROOT, TEST, canvases, fileURL, loadmark, openPage, scratch, until, useBrowser } from './harness.mjs'

const browser = useBrowser()
const dir = scratch()

/** The README's first html block under "the classic script". */
function snippet() {
  const readme = readFileSync(join(ROOT, 'web/README.md'), 'utf8')
  return readme.match(/### From a file, or any page: the classic script[^]*?```html\n([^]*?)```/)[1]
}

/** The snippet with the dots document in place of its `{…}` and the classic script's path in the checkout. */
function page() {
  const html = snippet()
    .replace(/\{"format":"loadmark"[^<]*…\}/, loadmark(['export', 'dots'], dir).trim())
    .replace('src="dist/loadmark-player.iife.js"', `src="${fileURL(join(ROOT, 'web/dist/loadmark-player.iife.js'))}"`)
  assert.doesNotMatch(html, /…/, 'the document was filled in')
  return html
}

/** In page: how many pixels of the page's own canvas have paint. */
function paintedOwnCanvas() {
  const canvas = document.querySelector('#dots-canvas')
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height)
  let painted = 0
  for (let i = 3; i < data.length; i += 4) painted += data[i] > 0
  return painted
}

test('the classic-script snippet plays on the element and on its own canvas, with no error', TEST, async (t) => {
  writeFileSync(join(dir, 'snippet.html'), page())
  const tab = await openPage(t, browser(), { width: 400, height: 300, deviceScaleFactor: 1 })
  await tab.goto(fileURL(join(dir, 'snippet.html')))
  await until(tab, `() => { const c = document.querySelector('loadmark-player').shadowRoot.querySelector('canvas'); return c && c.width > 0 }`)
  // A looping clip has some dot drawn at every frame; give both a few frames to draw.
  await new Promise((resolve) => setTimeout(resolve, 300))
  // First, since a script that throws (as one calling querySelector('canvas') did) leaves no canvas to look at.
  assert.deepEqual(tab.errors, [], 'console errors or exceptions')
  const [element] = await tab.call(canvases)
  assert.ok(element.painted > 0, 'the element draws')
  assert.ok(await tab.call(paintedOwnCanvas) > 0, "the page's canvas draws")
})
