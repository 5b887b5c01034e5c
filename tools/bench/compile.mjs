#!/usr/bin/env node
// The scene compiler module's benchmark (not a test): each scene of a corpus
// compiled by loadmark-scene.wasm in Node (lmc_compile) and natively in one
// process (loadmark-bench --compile: Jansson's reader, as `loadmark compile`
// runs it, and LoadmarkCore's, the module's own code), and the ratio of the
// module's time to `loadmark compile`'s. With --baseline DIR, the module in
// DIR (another build's loadmark-scene.wasm) is timed on the same corpus in
// the same run. Prints a markdown section and writes it into docs/benchmarks.md.
// Usage: tools/wasm/build && node tools/bench/compile.mjs [--baseline DIR --baseline-label TEXT]
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const option = (name) => { const i = process.argv.indexOf(name); return i < 0 ? null : process.argv[i + 1] }
const baseline = option('--baseline')
const baselineLabel = option('--baseline-label') ?? baseline

// The corpus: the starter scene, the presets' scenes, and the structure-heavy
// scenes of the reliability probe (finding 8), built from the starter.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'loadmark-compile-bench-'))
execFileSync('swift', ['build', '-c', 'release', '--product', 'loadmark-bench'], { cwd: root, stdio: 'ignore' })
const bin = execFileSync('swift', ['build', '-c', 'release', '--show-bin-path'], { cwd: root, encoding: 'utf8' }).trim()
// Any build of the CLI writes the same starter; tools/test's is the debug one.
const loadmark = process.env.LOADMARK ?? path.join(execFileSync('swift', ['build', '--show-bin-path'], { cwd: root, encoding: 'utf8' }).trim(), 'loadmark')
execFileSync(loadmark, ['new', path.join(work, 'starter.scene.json')], { stdio: 'ignore' })
const starter = JSON.parse(fs.readFileSync(path.join(work, 'starter.scene.json'), 'utf8'))
const wave = (n) => Array.from({ length: n }, (_, i) => 0.05 + 0.9 * ((i * 7919) % 1000) / 1000)
const variants = {
  '2,000 arcs in one path': (s) => {
    s.layers[0].path = Array.from({ length: 2000 }, (_, i) => ({ arc: { center: [20, 20], radius: 16, startAngle: 0, endAngle: `${i}deg`, clockwise: true } }))
    s.clips = [s.clips[1]]
  },
  '10,000-value cubic keyframes (tension, continuity, bias)': (s) => {
    s.animations.grow = {
      type: 'keyframe', keyPath: 'strokeEnd', values: wave(10000), calculationMode: 'cubic',
      tensionValues: wave(10000), continuityValues: wave(10000).map((v) => v - 0.5), biasValues: wave(10000).map((v) => 0.5 - v),
      duration: 1, repeatCount: 'infinity',
    }
  },
  '256 layers': (s) => {
    const ring = s.layers[0]
    s.layers = Array.from({ length: 256 }, (_, i) => ({ ...ring, id: `ring${i}` }))
    s.clips = [{ name: 'spin', duration: 1, loop: true, script: s.layers.map((l) => ({ at: 0, layer: l.id, add: 'turn', key: 'turn' })) }]
  },
}
const scenes = [['starter (`loadmark new`)', path.join(work, 'starter.scene.json')]]
for (const file of fs.readdirSync(path.join(root, 'presets')).filter((f) => f.endsWith('.scene.json')).sort()) {
  scenes.push([`preset ${file.replace('.scene.json', '')}`, path.join(root, 'presets', file)])
}
for (const [name, change] of Object.entries(variants)) {
  const scene = structuredClone(starter)
  change(scene)
  const file = path.join(work, `${scenes.length}.scene.json`)
  fs.writeFileSync(file, JSON.stringify(scene))
  scenes.push([name, file])
}

/** Best-of-rounds milliseconds of compiling `text` with `module`, in one fresh instance, and the status. */
function wasmCompile(module, text, rounds) {
  const abi = new WebAssembly.Instance(module, {}).exports
  let best = Infinity, status
  for (let i = 0; i < rounds; i++) {
    const address = abi.lmc_input(text.length)
    new Uint8Array(abi.memory.buffer, address, text.length).set(text)
    const start = performance.now()
    status = abi.lmc_compile(text.length)
    best = Math.min(best, performance.now() - start)
  }
  return { ms: best, status }
}

// Each module is compiled once, and V8's lazy compilation of its functions is
// done by compiling the starter scene before anything is timed.
const starterText = fs.readFileSync(path.join(work, 'starter.scene.json'))
const load = (file) => {
  const module = new WebAssembly.Module(fs.readFileSync(file))
  wasmCompile(module, starterText, 1)
  return module
}
const module = load(path.join(root, '.build/wasm/loadmark-scene.wasm'))
const old = baseline ? load(path.join(baseline, 'loadmark-scene.wasm')) : null
const native = JSON.parse(execFileSync(path.join(bin, 'loadmark-bench'), ['--compile', ...scenes.map(([, file]) => file)], { encoding: 'utf8', maxBuffer: 1 << 24 }))
const rows = scenes.map(([name, file], i) => {
  const text = fs.readFileSync(file)
  // One warm-up call, then the best of ten, as a playground compiles again
  // and again in one instance.
  const wasm = wasmCompile(module, text, 11)
  if (wasm.status != 0) throw Error(`${name}: the module refused the scene (status ${wasm.status})`)
  const before = old ? wasmCompile(old, text, 1) : null
  const ms = (seconds) => (seconds * 1000).toFixed(2)
  return [
    name, text.length.toLocaleString('en'), ms(native[i].jansson), ms(native[i].core), wasm.ms.toFixed(2),
    `${(wasm.ms / (native[i].jansson * 1000)).toFixed(2)}×`,
    ...(old ? [before.ms.toFixed(1), `${(before.ms / (native[i].jansson * 1000)).toFixed(0)}×`] : []),
  ]
})
fs.rmSync(work, { recursive: true, force: true })

const worst = Math.max(...rows.map((row) => parseFloat(row[5])))
const section = [
  '## Scene compiler module against native',
  '',
  `Generated by \`node tools/bench/compile.mjs${baseline ? ` --baseline … --baseline-label '${baselineLabel}'` : ''}\` after \`tools/wasm/build\`; one run.`,
  'Each scene compiled to its image in one process: natively (release build, best of five rounds) by Jansson\'s reader,',
  'as `loadmark compile` runs it, and by LoadmarkCore\'s parser, which the module runs; then by `loadmark-scene.wasm`',
  `(\`lmc_compile\`) in Node ${process.versions.node}, best of ten calls in one instance after a warm-up call, as a playground`,
  'compiles again and again. Each module is warmed by compiling the starter scene first. Ratio = the module\'s time over',
  `\`loadmark compile\`'s; the worst is ${worst.toFixed(2)}×.${old ? ` "Before" is ${baselineLabel}'s module, one call in a fresh instance.` : ''}`,
  '',
  `| scene | bytes | native (Jansson) ms | native (LoadmarkCore) ms | wasm ms | ratio |${old ? ' before: wasm ms | before: ratio |' : ''}`,
  `|---|---|---|---|---|---|${old ? '---|---|' : ''}`,
  ...rows.map((row) => `| ${row.join(' | ')} |`),
  '',
].join('\n')
console.log(section)

const docs = path.join(root, 'docs/benchmarks.md')
const heading = '## Scene compiler module against native'
const current = fs.readFileSync(docs, 'utf8')
const start = current.indexOf(heading)
if (start < 0) {
  // After the engine's section, which it sits beside.
  const after = current.indexOf('\n## ', current.indexOf('## WebAssembly engine') + 1)
  fs.writeFileSync(docs, current.slice(0, after + 1) + section + '\n' + current.slice(after + 1))
} else {
  const end = current.indexOf('\n## ', start + 1)
  fs.writeFileSync(docs, current.slice(0, start) + section + (end < 0 ? '' : '\n' + current.slice(end + 1)))
}
