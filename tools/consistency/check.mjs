#!/usr/bin/env node
// Loadmark's cross-platform consistency check: every preset and clip, sampled
// at several frame rates by the native engine (the CLI's full-precision
// export), the wasm module in wasmkit, in Node and in headless Chromium, the
// playground's path in Node (each preset's scene text compiled by
// loadmark-scene.wasm, the image loaded into loadmark.wasm), and the compact
// export as the web player decodes it. Native and wasm must agree bit for
// bit (0 ULP); the compact export must stay within its quantum.
// Prints a table per platform and preset; exits 1 on any mismatch.
//
// Usage: node --experimental-websocket tools/consistency/check.mjs
//          [--fps 30,60,240] [--no-browser]
//          [--perturb node|chromium|wasmkit|playground|player|catalogue]  (changes one value, to prove a
//           difference is caught)
// Needs: LOADMARK (the CLI; default: `swift build --show-bin-path`/loadmark),
// .build/wasm/loadmark.wasm and loadmark-scene.wasm (tools/wasm/build),
// wasmkit and chromium on PATH.

import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { decode } from '../../web/dist/loadmark-player.js'
// The sources' reader, which reads format version 3 (the catalogue's moving layers).
import { decode as decodeAnyVersion } from '../../web/src/decode.js'
import { Engine } from '../../web/dist/loadmark-wasm.js'
import { ulps, fnv1a, maxDeviation } from './compare.mjs'
import { sampleInChromium } from './chromium.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const args = process.argv.slice(2)
const option = (name) => { const i = args.indexOf(name); return i < 0 ? undefined : args[i + 1] }
const rates = (option('--fps') ?? '30,60,240').split(',').map(Number)
const perturb = option('--perturb')
const samples = 101
/** Half the compact quantum (1e-4), plus the rounding of the decimal itself. */
export const compactTolerance = 0.5e-4 + 1e-12

const loadmark = process.env.LOADMARK ?? path.join(execFileSync('swift', ['build', '--show-bin-path'], { cwd: root, encoding: 'utf8' }).trim(), 'loadmark')
const wasmPath = process.env.LOADMARK_WASM ?? path.join(root, '.build/wasm/loadmark.wasm')
const wasmBytes = fs.readFileSync(wasmPath)
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'loadmark-check-'))

/** The CLI's export of `preset` at `fps` and `precision`, as text, with any further `options`. */
function exported(preset, fps, precision, options = []) {
  const file = path.join(work, `${preset}-${fps}-${precision}.json`)
  execFileSync(loadmark, ['export', preset, '--fps', String(fps), '--precision', precision, ...options, '-o', file], { stdio: ['ignore', 'ignore', 'pipe'] })
  return fs.readFileSync(file, 'utf8')
}

/** A clip's values frame-major, from a document whose tracks are numbers or arrays. */
function frameMajor(doc, clip) {
  const keys = Object.keys(clip.tracks)
  const values = new Float64Array(clip.frames * keys.length)
  keys.forEach((key, t) => {
    const track = clip.tracks[key]
    for (let f = 0; f < clip.frames; f++) values[f * keys.length + t] = typeof track == 'number' ? track : track[f]
  })
  return { keys, values }
}

/** wasmkit: one fresh instance per call, so it runs the stateless check exports. */
function wasmkit(fn, ...params) {
  const out = execFileSync('wasmkit', ['run', wasmPath, fn, ...params], { encoding: 'utf8' })
  const match = /\.(i64|f64)\((\d+)\)/.exec(out)
  if (!match) throw Error(`wasmkit ${fn}: unexpected output ${out}`)
  return BigInt.asUintN(64, BigInt(match[2]))
}

const results = []  // {platform, preset, clip, fps, ulp, track, frame, ok}
const record = (row) => results.push(row)

const { instance } = await WebAssembly.instantiate(wasmBytes, {})
const node = new Engine(instance.exports)
const presets = node.presets

// The playground: scene text → loadmark-scene.wasm → image → a second engine.
const sceneModule = (await WebAssembly.instantiate(fs.readFileSync(path.join(path.dirname(wasmPath), 'loadmark-scene.wasm')), {})).instance.exports
const playground = new Engine((await WebAssembly.instantiate(wasmBytes, {})).instance.exports)
/** The image the scene compiler module makes of <folder>/<name>.scene.json. */
function compiledInPage(name, folder = 'presets') {
  const text = fs.readFileSync(path.join(root, folder, `${name}.scene.json`))
  new Uint8Array(sceneModule.memory.buffer, sceneModule.lmc_input(text.length), text.length).set(text)
  const status = sceneModule.lmc_compile(text.length)
  const output = new Uint8Array(sceneModule.memory.buffer, sceneModule.lmc_output(), sceneModule.lmc_output_length()).slice()
  if (status) throw Error(`loadmark-scene.wasm: ${name}: ${new TextDecoder().decode(output)}`)
  return output
}
const browser = args.includes('--no-browser') ? null : await sampleInChromium(root, wasmBytes, presets, rates, samples)

for (const [p, preset] of presets.entries()) {
  for (const fps of rates) {
    // The native engine: full precision writes every Double so it reads back exactly.
    const native = JSON.parse(exported(preset, fps, 'full'))
    const compact = decode(exported(preset, fps, 'compact'))
    node.select(preset)
    const fromNode = node.document({ fps, progressSamples: samples })
    const fromPlayground = playground.load(compiledInPage(preset)).document({ fps, progressSamples: samples })
    native.clips.forEach((clip, c) => {
      const expected = frameMajor(native, clip)
      const compare = (platform, id, values) => {
        if (perturb == id && p == 0 && c == 0) {
          values = values.slice()
          const bits = new BigUint64Array(values.buffer)
          bits[1] ^= 1n  // one ULP off, in one value
        }
        const worst = ulps(expected.values, values)
        record({ platform, preset, clip: clip.name, fps, ulp: worst.ulp, track: expected.keys[worst.index % expected.keys.length], frame: Math.floor(worst.index / expected.keys.length), ok: worst.ulp === 0n })
      }
      compare('wasm (Node)', 'node', frameMajor(fromNode, fromNode.clips[c]).values)
      compare('wasm playground (Node)', 'playground', frameMajor(fromPlayground, fromPlayground.clips[c]).values)
      if (browser) compare('wasm (Chromium)', 'chromium', Float64Array.from(browser[preset][fps][c]))
      // wasmkit: the module's own hash of the clip against the same hash of the native values.
      let hash = wasmkit('lm_check_hash', `i32:${p}`, `i32:${c}`, `f64:${fps}`, `i32:${samples}`)
      if (perturb == 'wasmkit' && p == 0 && c == 0) hash ^= 1n
      if (hash == fnv1a(expected.values)) {
        record({ platform: 'wasm (wasmkit)', preset, clip: clip.name, fps, ulp: 0n, ok: true })
      } else {
        // Locate the difference value by value.
        const values = new Float64Array(expected.values.length)
        for (let i = 0; i < values.length; i++) {
          const t = i % expected.keys.length, f = Math.floor(i / expected.keys.length)
          const bits = wasmkit('lm_check_value', `i32:${p}`, `i32:${c}`, `f64:${fps}`, `i32:${samples}`, `i32:${t}`, `i32:${f}`)
          new BigUint64Array(values.buffer, i * 8, 1)[0] = bits
        }
        if (perturb == 'wasmkit' && p == 0 && c == 0) new BigUint64Array(values.buffer)[1] ^= 1n
        const worst = ulps(expected.values, values)
        const where = { track: expected.keys[worst.index % expected.keys.length], frame: Math.floor(worst.index / expected.keys.length) }
        // Equal values under a different hash would be a bug in the hash itself: still a failure.
        record({ platform: 'wasm (wasmkit)', preset, clip: clip.name, fps, ulp: worst.ulp, ...(worst.ulp ? where : { track: 'hash' }), ok: false })
      }
      // The compact export, decoded by the web player, within its quantum.
      const decoded = compact.clips[c]
      const deviation = maxDeviation(expected, (key, f) => decoded.tracks[key][f], clip.frames)
      const perturbed = perturb == 'player' && p == 0 && c == 0 ? deviation.value + 1e-4 : deviation.value
      record({ platform: 'compact JSON (player)', preset, clip: clip.name, fps, deviation: perturbed, track: deviation.key, ok: perturbed <= compactTolerance })
    })
  }
}

// The catalogue (catalogue/*.scene.json), whose moving layers have format 3's transform tracks: each
// scene compiled by loadmark-scene.wasm and sampled by loadmark.wasm, as a page's playground does, against
// the native engine, and its compact export as the web player's reader decodes it.
const catalogue = fs.readdirSync(path.join(root, 'catalogue')).filter((f) => f.endsWith('.scene.json')).map((f) => f.slice(0, -'.scene.json'.length)).sort()
/** A clip's values frame-major in the order of `keys`, which must be exactly its tracks. */
function inOrder(clip, keys) {
  const own = Object.keys(clip.tracks)
  if (own.length != keys.length || !keys.every((key) => key in clip.tracks)) return null
  const values = new Float64Array(clip.frames * keys.length)
  keys.forEach((key, t) => {
    const track = clip.tracks[key]
    for (let f = 0; f < clip.frames; f++) values[f * keys.length + t] = typeof track == 'number' ? track : track[f]
  })
  return values
}
for (const [n, name] of catalogue.entries()) {
  for (const fps of rates) {
    // On the scene's canvas, as the engine draws (the CLI's default crops some of them).
    const native = JSON.parse(exported(name, fps, 'full', ['--canvas', 'scene']))
    const compact = decodeAnyVersion(exported(name, fps, 'compact', ['--canvas', 'scene']))
    const fromPlayground = playground.load(compiledInPage(name, 'catalogue')).document({ fps, progressSamples: samples })
    if (fromPlayground.version != native.version) record({ platform: 'wasm playground (Node)', preset: name, clip: 'version', fps, ulp: 1n, ok: false })
    native.clips.forEach((clip, c) => {
      const expected = frameMajor(native, clip)
      let values = inOrder(fromPlayground.clips[c], expected.keys)
      if (values && perturb == 'catalogue' && n == 0 && c == 0) new BigUint64Array(values.buffer)[1] ^= 1n
      const worst = values ? ulps(expected.values, values) : { ulp: 1n, index: 0 }
      record({ platform: 'wasm playground (Node)', preset: name, clip: clip.name, fps, ulp: worst.ulp, track: values ? expected.keys[worst.index % expected.keys.length] : 'track names', frame: Math.floor(worst.index / expected.keys.length), ok: worst.ulp === 0n })
      const decoded = compact.clips[c]
      const deviation = maxDeviation(expected, (key, f) => decoded.tracks[key][f], clip.frames)
      record({ platform: 'compact JSON (player)', preset: name, clip: clip.name, fps, deviation: deviation.value, track: deviation.key, ok: deviation.value <= compactTolerance })
    })
  }
}

fs.rmSync(work, { recursive: true, force: true })

// One row per platform and preset: the worst over clips and frame rates.
const platforms = [...new Set(results.map((r) => r.platform))]
const lines = ['| platform | ' + presets.join(' | ') + ' |', '|---|' + presets.map(() => '---|').join('')]
for (const platform of platforms) {
  const cells = presets.map((preset) => {
    const rows = results.filter((r) => r.platform == platform && r.preset == preset)
    const bad = rows.find((r) => !r.ok)
    if ('deviation' in rows[0]) {
      const worst = Math.max(...rows.map((r) => r.deviation))
      return `${bad ? 'FAIL' : 'ok'} ≤ ${worst.toExponential(1)}${bad ? ` (${bad.clip}.${bad.track})` : ''}`
    }
    const worst = rows.reduce((m, r) => (r.ulp > m ? r.ulp : m), 0n)
    return bad ? `FAIL ${worst} ulp (${bad.clip} ${bad.track ?? ''} @${bad.fps} fps${bad.frame !== undefined ? ` frame ${bad.frame}` : ''})` : '0 ulp'
  })
  lines.push(`| ${platform} | ${cells.join(' | ')} |`)
}
const catalogueLines = ['| catalogue indicator | wasm playground (Node) | compact JSON (player) |', '|---|---|---|']
for (const name of catalogue) {
  const rows = results.filter((r) => r.preset == name)
  const ulp = rows.filter((r) => 'ulp' in r), dev = rows.filter((r) => 'deviation' in r)
  const badUlp = ulp.find((r) => !r.ok), badDev = dev.find((r) => !r.ok)
  const worstDev = Math.max(...dev.map((r) => r.deviation))
  catalogueLines.push(`| ${name} | ${badUlp ? `FAIL (${badUlp.clip} ${badUlp.track} @${badUlp.fps} fps)` : '0 ulp'} | ${badDev ? 'FAIL' : 'ok'} ≤ ${worstDev.toExponential(1)} |`)
}
console.log(`Consistency against the native engine at ${rates.join(', ')} fps (${results.length} clip comparisons):\n`)
console.log(lines.join('\n'))
console.log('\n' + catalogueLines.join('\n'))
const failures = results.filter((r) => !r.ok)
console.log(failures.length ? `\nmismatch: ${failures.length} comparison(s) failed` : '\nconsistent: every platform matches')
process.exitCode = failures.length ? 1 : 0
