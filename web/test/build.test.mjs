// web/dist/ and the package's copies of the licence and change log are what web/build.mjs makes from web/src/:
// a fresh build into a temporary folder is byte for byte the committed one, and a build from changed sources is not.
import assert from 'node:assert/strict'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { ASSETS, COPIES, TARGETS, build, esbuildVersion, missingAssets } from '../build.mjs'

const WEB = fileURLToPath(new URL('..', import.meta.url))
const scratch = mkdtempSync(join(tmpdir(), 'loadmark-build-'))
after(() => rmSync(scratch, { recursive: true, force: true }))

/** The files of a build under `root`, by path relative to it, as bytes. */
const files = (root) => Object.fromEntries([...TARGETS.map(({ file }) => 'dist/' + file), ...COPIES].map((path) => [path, readFileSync(join(root, path))]))

test('a fresh build is the committed web/dist/, byte for byte', () => {
  const out = join(scratch, 'fresh')
  const written = build({ out })
  const fresh = files(out), committed = files(WEB)
  assert.deepEqual(written.sort(), Object.keys(committed).sort())
  // Nothing else in dist/ but the assets Swift makes: a file left from an old build would be published too.
  const assets = ASSETS.map(({ path }) => path)
  assert.deepEqual(readdirSync(join(WEB, 'dist')).filter((name) => !assets.includes(name)).sort(), TARGETS.map(({ file }) => file).sort())
  for (const path of Object.keys(committed)) {
    assert.ok(fresh[path].equals(committed[path]), `web/${path} differs from a fresh build with esbuild ${esbuildVersion()}: run node web/build.mjs and commit`)
  }
})

test('a build keeps the assets Swift makes and removes any other file', () => {
  const out = join(scratch, 'kept')
  build({ out })
  writeFileSync(join(out, 'dist/stale.js'), 'old')
  mkdirSync(join(out, 'dist/presets'), { recursive: true })
  writeFileSync(join(out, 'dist/presets/dots.json'), '{}')
  writeFileSync(join(out, 'dist/loadmark.wasm'), 'wasm')
  build({ out })
  assert.deepEqual(readdirSync(join(out, 'dist')).sort(), [...TARGETS.map(({ file }) => file), 'loadmark.wasm', 'presets'].sort())
  assert.equal(readFileSync(join(out, 'dist/presets/dots.json'), 'utf8'), '{}')
})

test('npm pack is refused while an asset is missing, naming what writes it', () => {
  const out = join(scratch, 'assets')
  build({ out })
  assert.deepEqual(missingAssets(out).map(({ path }) => path), ['presets', 'loadmark.wasm', 'loadmark-scene.wasm'])
  mkdirSync(join(out, 'dist/presets'))
  writeFileSync(join(out, 'dist/loadmark.wasm'), '')
  assert.deepEqual(missingAssets(out).map(({ by }) => by), ['tools/wasm/build'])
})

test('a build from changed sources differs, so the comparison above can fail', () => {
  const src = join(scratch, 'src')
  cpSync(join(WEB, 'src'), src, { recursive: true })
  const element = join(src, 'element.js')
  writeFileSync(element, readFileSync(element, 'utf8').replace("|| 'Loading'", "|| 'Busy'"))
  const out = join(scratch, 'changed')
  build({ src, out })
  const changed = files(out), committed = files(WEB)
  assert.ok(!changed['dist/loadmark-player.js'].equals(committed['dist/loadmark-player.js']))
  assert.ok(!changed['dist/loadmark-player.iife.js'].equals(committed['dist/loadmark-player.iife.js']))
  // The helpers import the player rather than copy it: they do not change.
  assert.ok(changed['dist/loadmark-helpers.js'].equals(committed['dist/loadmark-helpers.js']))
})

test('the built player keeps its shadow style sheet as one literal, for the pages\' hash', () => {
  const source = readFileSync(join(WEB, 'dist/loadmark-player.js'), 'utf8')
  const sheets = source.match(/<style>[^<]*<\/style>/g)
  assert.equal(sheets?.length, 1)
  assert.ok(!/[\\$&]/.test(sheets[0]), 'the style sheet is its own literal value')
})
