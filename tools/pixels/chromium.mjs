// The pixel check's Chromium leg: renders frames with the web player's canvas, and shows the animated SVG export
// seeked to a frame's time as an <img> on a 2× screen, all in one headless Chromium.
//
//   node --experimental-websocket tools/pixels/chromium.mjs MANIFEST.json OUTDIR
//
// MANIFEST: {"site": DIR, "jobs": [{"id", "kind": "canvas"|"svg", "src", "clip", "frame", "seconds", "width", "height"}]}
// DIR is served over HTTP and holds loadmark-player.js (as `loadmark html --external` writes it), the documents
// and the SVG files. A canvas job writes OUTDIR/<id>.rgba, width × height × 4 bytes (straight alpha); an SVG job
// OUTDIR/<id>.png, width × height device pixels with alpha: the image at half that size in CSS pixels.
//
// The SVG is shown as a page shows it, an <img> on a high-density screen, rather than drawn into a canvas: what
// a reader of the README sees, seams included (docs/FIDELITY.md, "Full circles").
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { launch } from '../browser/cdp.mjs'
import { serve } from '../browser/serve.mjs'

const [manifestPath, outDir] = process.argv.slice(2)
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
mkdirSync(outDir, { recursive: true })
/** Device pixels per CSS pixel of the page that shows the SVG files. */
const SVG_SCALE = 2

/** In page: one canvas job's RGBA as base64. */
async function renderCanvas(job) {
  const canvas = document.createElement('canvas')
  Object.assign(canvas.style, { position: 'fixed', left: '0', top: '0', width: job.width + 'px', height: job.height + 'px' })
  document.body.append(canvas)
  try {
    const { Player } = await import(new URL('loadmark-player.js', location.href))
    const player = new Player(canvas)
    if (!(await player.load(job.src))) throw Error(`${job.src} did not load`)
    player.renderFrame(job.clip, job.frame)
    if (canvas.width != job.width || canvas.height != job.height) throw Error(`backing store ${canvas.width} × ${canvas.height} for ${job.width} × ${job.height}`)
    const data = canvas.getContext('2d').getImageData(0, 0, job.width, job.height).data
    player.destroy()
    let binary = ''
    for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000))
    return btoa(binary)
  } finally {
    canvas.remove()
  }
}

/** In page: shows one SVG job's file as the only <img> at the top left, every animation paused at the frame's time
 * (a negative delay seeks it), and waits until it is painted. */
async function showSVG(job, scale) {
  document.querySelectorAll('img').forEach((old) => old.remove())
  const seek = `.a{animation-play-state:paused!important;animation-delay:${-job.seconds}s!important}`
  const text = (await (await fetch(job.src)).text()).replace('</style>', seek + '</style>')
  const image = new Image(job.width / scale, job.height / scale)
  Object.assign(image.style, { position: 'fixed', left: '0', top: '0', display: 'block' })
  image.src = 'data:image/svg+xml;base64,' + btoa(text)
  document.body.append(image)
  await image.decode()
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
}

const site = await serve(manifest.site)
const browser = await launch()
try {
  const page = await browser.newPage({ width: 800, height: 600, deviceScaleFactor: 1 })
  await page.goto(site.url + 'index.html')
  const screen = await browser.newPage({ width: 800, height: 600, deviceScaleFactor: SVG_SCALE })
  await screen.goto(site.url + 'index.html')
  // A transparent page, so that the screenshot keeps the SVG's alpha.
  await screen.send('Emulation.setDefaultBackgroundColorOverride', { color: { r: 0, g: 0, b: 0, a: 0 } })
  for (const job of manifest.jobs) {
    if (job.kind == 'canvas') {
      writeFileSync(join(outDir, job.id + '.rgba'), Buffer.from(await page.call(renderCanvas, job), 'base64'))
    } else {
      await screen.call(showSVG, job, SVG_SCALE)
      const clip = { x: 0, y: 0, width: job.width / SVG_SCALE, height: job.height / SVG_SCALE }
      await screen.screenshot(join(outDir, job.id + '.png'), { fullPage: false, clip })
    }
  }
  const errors = [...page.errors, ...screen.errors]
  if (errors.length) throw Error('page errors: ' + errors.map((e) => e.text.slice(0, 300)).join('; '))
} finally {
  await browser.close()
  await site.close()
}
