// The playground's scene compiler as built by tools/wasm/build
// (.build/wasm/loadmark-scene.wasm), against the native reader of the
// `loadmark` CLI: the presets' scenes and the starter scene (`loadmark new`)
// compile to the bytes `loadmark compile` writes, which the engine module
// loads and plays; every scene of the shared invalid corpus gets the message
// `loadmark compile` and `loadmark validate` give, with its line and column
// or field path; and no argument or text makes it trap.
import assert from 'node:assert/strict'
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { random } from './misuse.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const bytes = fs.readFileSync(path.join(root, '.build/wasm/loadmark-scene.wasm'))
const engineBytes = fs.readFileSync(path.join(root, '.build/wasm/loadmark.wasm'))
const loadmark = process.env.LOADMARK ?? path.join(execFileSync('swift', ['build', '--show-bin-path'], { cwd: root, encoding: 'utf8' }).trim(), 'loadmark')
const corpus = path.join(root, 'Tests/Fixtures/invalid-scenes')
const { messages } = JSON.parse(fs.readFileSync(path.join(corpus, 'messages.json'), 'utf8'))
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'loadmark-scene-'))

const { instance, module } = await WebAssembly.instantiate(bytes, {})
const abi = instance.exports

/** Compiles `text` (a string or bytes): the status, and the image or the error with its position. */
function compile(text, exports = abi) {
  const input = typeof text == 'string' ? new TextEncoder().encode(text) : text
  const address = exports.lmc_input(input.length)
  assert.notEqual(address, 0)
  new Uint8Array(exports.memory.buffer, address, input.length).set(input)
  const status = exports.lmc_compile(input.length)
  const output = new Uint8Array(exports.memory.buffer, exports.lmc_output(), exports.lmc_output_length()).slice()
  if (status != 0) {
    const message = new TextDecoder().decode(output)
    const pathLength = exports.lmc_error_path_length()
    const field = pathLength ? new TextDecoder().decode(output.subarray(0, pathLength)) : ''
    return { status, message, line: exports.lmc_error_line(), column: exports.lmc_error_column(), field }
  }
  return { status, image: output }
}

/** `loadmark compile FILE`: the image, or the message after the file name. */
function nativeCompile(file) {
  const out = path.join(work, 'out.lmscene')
  const result = spawnSync(loadmark, ['compile', file, '-o', out], { encoding: 'utf8' })
  if (result.status == 0) return { image: new Uint8Array(fs.readFileSync(out)) }
  const prefix = `loadmark compile: ${file}`
  assert.ok(result.stderr.startsWith(prefix), result.stderr)
  const rest = result.stderr.slice(prefix.length).trimEnd()
  return { status: result.status, message: rest.startsWith(': ') ? rest.slice(2) : rest.slice(1) }
}

test('the module needs nothing from its host and exports the documented ABI', () => {
  assert.deepEqual(WebAssembly.Module.imports(module), [])
  assert.deepEqual(WebAssembly.Module.exports(module).map((e) => e.name).sort(), [
    'lmc_abi_version', 'lmc_compile', 'lmc_error_column', 'lmc_error_line', 'lmc_error_path_length', 'lmc_heap_in_use',
    'lmc_input', 'lmc_output', 'lmc_output_length', 'memory',
  ])
  assert.equal(abi.lmc_abi_version(), 1)
})

test('its size: at most 200 KiB raw and 84 KiB gzip -9', () => {
  const gzipped = gzipSync(bytes, { level: 9 }).length
  console.log(`loadmark-scene.wasm: ${bytes.length} bytes raw, ${gzipped} gzipped`)
  assert.ok(bytes.length <= 200 * 1024, `${bytes.length} bytes raw`)
  assert.ok(gzipped <= 84 * 1024, `${gzipped} bytes gzipped`)
})

const scenes = fs.readdirSync(path.join(root, 'presets')).map((name) => path.join(root, 'presets', name))
execFileSync(loadmark, ['new', path.join(work, 'starter.scene.json')], { stdio: 'ignore' })
scenes.push(path.join(work, 'starter.scene.json'))

for (const file of scenes) {
  test(`${path.basename(file)} compiles to the bytes loadmark compile writes`, () => {
    const compiled = compile(fs.readFileSync(file))
    assert.equal(compiled.status, 0, compiled.message)
    assert.deepEqual(compiled.image, nativeCompile(file).image)
  })
}

test('the starter scene, compiled in the page, plays in the engine as derived by hand', async () => {
  const { image } = compile(fs.readFileSync(path.join(work, 'starter.scene.json')))
  assert.deepEqual(image, new Uint8Array(fs.readFileSync(path.join(root, 'Tests/Fixtures/ring.lmscene'))))
  const engine = (await WebAssembly.instantiate(engineBytes, {})).instance.exports
  new Uint8Array(engine.memory.buffer, engine.lm_input(image.length), image.length).set(image)
  assert.equal(engine.lm_load(image.length, -1, -1, -1, -1n, -1, 1), 0)
  // The spin clip at 60 fps: 60 frames of ring.start, ring.sweep, ring.opacity.
  assert.equal(engine.lm_sample_clip(0, 60, 101), 60)
  const values = new Float64Array(engine.memory.buffer, engine.lm_output(), 60 * 3)
  // t = 0.5 s: half a turn from the top (π/2, the bottom); strokeEnd at its peak 0.8 of 2π.
  assert.ok(Math.abs(values[30 * 3] - Math.PI / 2) < 1e-12)
  assert.ok(Math.abs(values[30 * 3 + 1] - 1.6 * Math.PI) < 1e-12)
})

const invalid = fs.readdirSync(corpus).filter((name) => name.endsWith('.scene.json')).sort()

/** Loads `image` in a fresh engine: lm_load's status, then its layer and clip counts from lm_describe. */
async function load(image) {
  const engine = (await WebAssembly.instantiate(engineBytes, {})).instance.exports
  new Uint8Array(engine.memory.buffer, engine.lm_input(image.length), image.length).set(image)
  const status = engine.lm_load(image.length, -1, -1, -1, -1n, -1, 1)
  if (status != 0) return { status }
  engine.lm_describe()
  return { status, layers: new Float64Array(engine.memory.buffer, engine.lm_output(), 3)[2] }
}

// Scenes that once compiled to images the engine refused (findings of the
// reliability probe): ten short line segments, a 64-term chain, and a
// script whose image is over the engine's 1 MiB.
const seeds = path.join(root, 'tools/fuzz/seeds/scene')

for (const name of ['lines10', 'chain63']) {
  test(`${name}: what both compilers write, the engine loads`, async () => {
    const file = path.join(seeds, `${name}.scene.json`)
    const { status, image } = compile(fs.readFileSync(file))
    assert.equal(status, 0)
    assert.deepEqual(image, nativeCompile(file).image)
    assert.deepEqual(await load(image), { status: 0, layers: 1 })
  })
}

test('an expression one term taller than the reader reads is refused by both compilers, at its operator', () => {
  const scene = JSON.parse(fs.readFileSync(path.join(seeds, 'chain63.scene.json'), 'utf8'))
  const chain = 'p' + '+0'.repeat(64)
  scene.clips[1].script[0].set.strokeEnd = chain
  const file = path.join(work, 'chain64.scene.json')
  fs.writeFileSync(file, JSON.stringify(scene))
  const result = compile(fs.readFileSync(file))
  assert.equal(result.status, 3)
  assert.match(result.message, new RegExp(`does not parse: more than 64 operations deep \\(character ${chain.length - 1}\\)$`))
  assert.deepEqual(nativeCompile(file), { status: 65, message: result.message })
})

test('an image over the engine\'s 1 MiB is refused by both compilers, with the same message', () => {
  const file = path.join(seeds, 'bigimage.scene.json')
  const result = compile(fs.readFileSync(file))
  assert.equal(result.status, 3)
  assert.equal(result.message, 'the compiled scene would be more than 1048576 bytes, more than an engine loads: its scripts repeat too much')
  assert.deepEqual(nativeCompile(file), { status: 65, message: result.message })
})

test('the invalid corpus is the one messages.json describes', () => {
  assert.deepEqual(invalid, Object.keys(messages).sort())
})

// Scenes with several errors: `loadmark validate` lists them all, the page
// (which shows one message) and `loadmark compile` give the first alone.
const multiCorpus = path.join(root, 'Tests/Fixtures/multi-error-scenes')
const multi = JSON.parse(fs.readFileSync(path.join(multiCorpus, 'messages.json'), 'utf8'))

for (const name of Object.keys(multi.errors).sort()) {
  test(`${name}: the first of validate's ${multi.errors[name].length} errors, in the page`, () => {
    const file = path.join(multiCorpus, name)
    const compiled = compile(fs.readFileSync(file))
    assert.equal(compiled.status, 3)
    assert.equal(compiled.message, multi.errors[name][0])
    assert.equal(nativeCompile(file).message, multi.errors[name][0])
    const validate = spawnSync(loadmark, ['validate', file], { encoding: 'utf8' })
    assert.equal(validate.status, 65)
    const more = multi.unlisted[name] ? [`${file}: and ${multi.unlisted[name]} more errors (the first 20 are listed)`] : []
    const lines = [...multi.errors[name].map((message) => `${file}: ${message}`), ...more]
    assert.equal(validate.stderr, lines.map((line) => `loadmark validate: ${line}\n`).join(''))
  })
}

for (const name of invalid) {
  test(`${name}: the native reader's message, in the page`, () => {
    const file = path.join(corpus, name)
    const compiled = compile(fs.readFileSync(file))
    assert.equal(compiled.status, 3)
    assert.equal(compiled.message, messages[name])
    // `loadmark compile` says the same.
    assert.equal(nativeCompile(file).message, messages[name])
    // So does `loadmark validate` of a file that says it is a scene.
    if (fs.readFileSync(file, 'latin1').includes('"format": "loadmark-scene"')) {
      const validate = spawnSync(loadmark, ['validate', file], { encoding: 'utf8' })
      assert.equal(validate.status, 65)
      const separator = /^\d+:\d+: /.test(messages[name]) ? ':' : ': '
      assert.equal(validate.stderr, `loadmark validate: ${file}${separator}${messages[name]}\n`)
    }
    // The position, apart from the message: a line and column, or a field.
    if (compiled.line) assert.ok(compiled.message.startsWith(`${compiled.line}:${compiled.column}: `))
    if (compiled.field) assert.ok(compiled.message.startsWith(`${compiled.field}: `))
    assert.ok(!(compiled.line && compiled.field))
    if (name.startsWith('syntax-') && name != 'syntax-empty.scene.json') assert.ok(compiled.line > 0)
    if (name.startsWith('meaning-') && name != 'meaning-root-array.scene.json') assert.ok(compiled.field.length > 0)
  })
}

test('hostile lengths are refused, without a trap or a larger memory', async () => {
  const fresh = (await WebAssembly.instantiate(bytes, {})).instance.exports
  compile('{}', fresh)
  const pages = fresh.memory.buffer.byteLength
  for (const length of [-2147483648, -1, 1024 * 1024 + 1, 2147483647]) assert.equal(fresh.lmc_input(length), 0)
  fresh.lmc_input(2)
  for (const length of [-2147483648, -1, 3, 2147483647]) assert.equal(fresh.lmc_compile(length), 11)
  assert.equal(fresh.memory.buffer.byteLength, pages)
})

test('random and mutated texts are answered, never trapping, and the heap comes back', async () => {
  const fresh = (await WebAssembly.instantiate(bytes, {})).instance.exports
  const next = random(0xc0de)
  const starter = fs.readFileSync(path.join(work, 'starter.scene.json'))
  compile(starter, fresh)
  const heap = fresh.lmc_heap_in_use()
  const alphabet = Buffer.from('{}[]:,"\\ \n0123456789eE.-tfnul#abc\u00e9', 'utf8')
  let refused = 0
  for (let i = 0; i < 1500; i++) {
    let text
    if (i % 3 == 0) {
      text = Uint8Array.from({ length: Math.floor(next() * 300) }, () => Math.floor(next() * 256))
    } else {
      text = Uint8Array.from(starter)
      for (let edits = 1 + Math.floor(next() * 3); edits > 0; edits--) {
        text[Math.floor(next() * text.length)] = alphabet[Math.floor(next() * alphabet.length)]
      }
    }
    const { status } = compile(text, fresh)
    assert.ok(status == 0 || status == 3)
    if (status == 3) refused++
  }
  assert.ok(refused > 1000)
  compile(starter, fresh)
  // The output keeps the starter's image; everything else was freed.
  assert.ok(Math.abs(fresh.lmc_heap_in_use() - heap) <= 4096, `${fresh.lmc_heap_in_use()} bytes in use, ${heap} before`)
})

test.after(() => fs.rmSync(work, { recursive: true, force: true }))

// The costly corpus: valid scenes that compile, load, and are refused when sampled (status 12), as
// `loadmark validate` and `export` refuse them (CostlySceneTests).
const costly = path.join(root, 'Tests/Fixtures/costly-scenes')
const { scenes: costlyScenes } = JSON.parse(fs.readFileSync(path.join(costly, 'messages.json'), 'utf8'))
for (const [file, { clip }] of Object.entries(costlyScenes)) {
  test(`${file} compiles and loads, and the engine refuses to sample clip ${clip} (status 12)`, async () => {
    const compiled = compile(fs.readFileSync(path.join(costly, file)))
    assert.equal(compiled.status, 0, compiled.message)
    assert.deepEqual(compiled.image, nativeCompile(path.join(costly, file)).image)
    const engine = (await WebAssembly.instantiate(engineBytes, {})).instance.exports
    const image = compiled.image
    const address = engine.lm_input(image.length) // may grow the memory: take its buffer after
    new Uint8Array(engine.memory.buffer, address, image.length).set(image)
    assert.equal(engine.lm_load(image.length, -1, -1, -1, -1n, -1, 1), 0)
    assert.equal(engine.lm_sample_clip(clip, 60, 101), -12)
    const length = engine.lm_error()
    const message = String.fromCharCode(...new Float64Array(engine.memory.buffer, engine.lm_output(), length))
    assert.match(message, /^the clip cannot be sampled: it takes more than the scene budget's work, or a value is not a finite number/)
  })
}
