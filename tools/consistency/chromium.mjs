// The consistency check's Chromium leg: the wasm module and web/dist/loadmark-wasm.js
// in a real headless Chromium page, served from 127.0.0.1.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { launch } from '../browser/cdp.mjs'
import { serve } from '../browser/serve.mjs'

/**
 * Every clip of every preset at each rate, sampled in Chromium:
 * result[preset][fps][clip] is a frame-major Float64Array.
 */
export async function sampleInChromium(root, wasmBytes, presets, rates, samples) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loadmark-check-site-'))
  for (const file of ['loadmark-player.js', 'loadmark-wasm.js']) fs.copyFileSync(path.join(root, 'web/dist', file), path.join(dir, file))
  fs.writeFileSync(path.join(dir, 'loadmark.wasm'), wasmBytes)
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>check</title>')
  const site = await serve(dir)
  const browser = await launch()
  try {
    const page = await browser.newPage()
    await page.goto(site.url)
    // Bit patterns travel as hex: JSON would turn −0 into 0.
    const hex = await page.call(async (presets, rates, samples) => {
      const { loadEngine } = await import('./loadmark-wasm.js')
      const engine = await loadEngine('loadmark.wasm')
      const result = {}
      for (const preset of presets) {
        result[preset] = {}
        for (const fps of rates) {
          engine.select(preset)
          result[preset][fps] = engine.selected.clips.map((_, c) => {
            const frames = engine.abi.lm_sample_clip(c, fps, samples)
            const values = engine.values(frames * engine.abi.lm_track_count())
            return Array.from(new BigUint64Array(values.buffer), (bits) => bits.toString(16))
          })
        }
      }
      return result
    }, presets, rates, samples)
    for (const preset of presets) {
      for (const fps of rates) {
        hex[preset][fps] = hex[preset][fps].map((clip) => new Float64Array(BigUint64Array.from(clip, (h) => BigInt('0x' + h)).buffer))
      }
    }
    return hex
  } finally {
    await browser.close()
    await site.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
