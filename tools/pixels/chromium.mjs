// The pixel check's Chromium leg: renders frames with the web player's canvas and rasterises the animated SVG
// export seeked to a frame's time, all in one headless Chromium, and writes each as raw RGBA (straight alpha).
//
//   node --experimental-websocket tools/pixels/chromium.mjs MANIFEST.json OUTDIR
//
// MANIFEST: {"site": DIR, "jobs": [{"id", "kind": "canvas"|"svg", "src", "clip", "frame", "seconds", "width", "height"}]}
// DIR is served over HTTP and holds loadmark-player.js (as `loadmark html --external` writes it), the documents
// and the SVG files. OUTDIR/<id>.rgba gets width × height × 4 bytes per job.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { launch } from '../browser/cdp.mjs'
import { serve } from '../browser/serve.mjs'

const [manifestPath, outDir] = process.argv.slice(2)
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
mkdirSync(outDir, { recursive: true })

/** In page: one job's RGBA as base64. */
async function render(job) {
  const base64 = (data) => {
    let binary = ''
    for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000))
    return btoa(binary)
  }
  const canvas = document.createElement('canvas')
  Object.assign(canvas.style, { position: 'fixed', left: '0', top: '0', width: job.width + 'px', height: job.height + 'px' })
  document.body.append(canvas)
  try {
    if (job.kind == 'canvas') {
      const { Player } = await import(new URL('loadmark-player.js', location.href))
      const player = new Player(canvas)
      if (!(await player.load(job.src))) throw Error(`${job.src} did not load`)
      player.renderFrame(job.clip, job.frame)
      if (canvas.width != job.width || canvas.height != job.height) throw Error(`backing store ${canvas.width} × ${canvas.height} for ${job.width} × ${job.height}`)
      const data = canvas.getContext('2d').getImageData(0, 0, job.width, job.height).data
      player.destroy()
      return base64(data)
    } else {
      // Every animation of the SVG paused at the frame's time: a negative delay seeks it.
      const seek = `.a{animation-play-state:paused!important;animation-delay:${-job.seconds}s!important}`
      const text = (await (await fetch(job.src)).text()).replace('</style>', seek + '</style>')
      const image = new Image()
      image.src = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }))
      await image.decode()
      canvas.width = job.width
      canvas.height = job.height
      canvas.getContext('2d').drawImage(image, 0, 0, job.width, job.height)
      URL.revokeObjectURL(image.src)
    }
    return base64(canvas.getContext('2d').getImageData(0, 0, job.width, job.height).data)
  } finally {
    canvas.remove()
  }
}

const site = await serve(manifest.site)
const browser = await launch()
try {
  const page = await browser.newPage({ width: 800, height: 600, deviceScaleFactor: 1 })
  await page.goto(site.url + 'index.html')
  for (const job of manifest.jobs) {
    const base64 = await page.call(render, job)
    writeFileSync(join(outDir, job.id + '.rgba'), Buffer.from(base64, 'base64'))
  }
  const errors = page.errors
  if (errors.length) throw Error('page errors: ' + errors.map((e) => e.text.slice(0, 300)).join('; '))
} finally {
  await browser.close()
  await site.close()
}
