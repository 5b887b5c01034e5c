// The web package as a user gets it: `npm pack` of web/, installed offline into an empty folder, imported in Node,
// type-checked with `tsc --strict`, and played in Chromium as ES modules and as classic scripts, from file:// and over
// HTTP.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { before, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { ROOT, TEST, catalogue, fileURL, openPage, scratch, useBrowser } from './harness.mjs'
import { serve } from './serve.mjs'

const browser = useBrowser()
const dir = scratch('loadmark-package-')
const app = join(dir, 'app')
const VERSION = JSON.parse(readFileSync(join(ROOT, 'web/package.json'), 'utf8')).version
// npm's cache in the scratch folder: nothing is read from or written to the user's, and nothing is fetched.
const npm = (args, cwd) => execFileSync('npm', [...args, '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
  cwd, encoding: 'utf8', env: { ...process.env, npm_config_cache: join(dir, 'npm-cache'), npm_config_update_notifier: 'false' }, timeout: 60_000,
})
// The consumers of web/test/types: the element, the helpers and JSX; the live engine and <loadmark-status>'s events;
// and a classic script's `window.Loadmark`.
const CONSUMERS = ['consumer.tsx', 'edge.ts', 'classic.ts']
// Each module resolution a consumer's project may use, with the `module` setting it goes with: `node` (older projects
// and Jest configs) reads `typesVersions`, `node16` and `bundler` read the `types` conditions of `exports`.
const MODULES = { node: 'es2022', node16: 'node16', bundler: 'esnext' }
const tscArgs = (resolution) => ['--noEmit', '--strict', '--target', 'es2022', '--module', MODULES[resolution], '--moduleResolution', resolution, '--lib', 'es2022,dom', '--jsx', 'preserve']
/** Runs tsc with `args` in `cwd`; throws with what it reported (its errors go to stdout) if it fails. */
function tsc(args, cwd = app) {
  try {
    return execFileSync('tsc', args, { cwd, encoding: 'utf8', stdio: 'pipe', timeout: 60_000 })
  } catch (error) {
    throw Object.assign(Error(`tsc ${args.join(' ')}: ${error.stdout}${error.stderr}`), { stdout: error.stdout, stderr: error.stderr })
  }
}

// Every page shows the dots inline (fetch is refused on file://), autoplaying, and reports what it could reach.
const DOTS = readFileSync(join(ROOT, 'Tests/Fixtures/dots.json'), 'utf8')
const BODY = `<script type="application/json" id="dots">${DOTS}</script>
<loadmark-player src="#dots" autoplay style="width: 120px; height: 40px"></loadmark-player>`
const CLASSIC = `<!doctype html><meta charset="utf-8"><title>classic</title><link rel="icon" href="data:,">
<script src="node_modules/loadmark/dist/loadmark-player.iife.js"></script>
<script src="node_modules/loadmark/dist/loadmark-helpers.iife.js"></script>
${BODY}
<script>window.api = Object.keys(window.Loadmark).sort()</script>`
// A version 3 document (transforms, a polygon, periodic tracks) played by the classic script with the package's
// reader of version 3 before it.
const GRID = readFileSync(join(ROOT, 'Tests/Fixtures/valid/base-v3.json'), 'utf8')
const VERSION3 = `<!doctype html><meta charset="utf-8"><title>version 3</title><link rel="icon" href="data:,">
<script src="node_modules/loadmark/dist/loadmark-player-v3.js"></script>
<script src="node_modules/loadmark/dist/loadmark-player.iife.js"></script>
<script type="application/json" id="grid">${GRID}</script>
<loadmark-player src="#grid" clip="spin" autoplay style="width: 120px; height: 120px"></loadmark-player>
<script>window.api = Object.keys(window.LoadmarkVersion3)</script>`
const MODULE = `<!doctype html><meta charset="utf-8"><title>module</title><link rel="icon" href="data:,">
<script type="importmap">{"imports": {"loadmark": "./node_modules/loadmark/dist/loadmark-player.js", "loadmark/helpers": "./node_modules/loadmark/dist/loadmark-helpers.js"}}</script>
<script type="module">
import * as player from 'loadmark'
import * as helpers from 'loadmark/helpers'
window.api = [...Object.keys(player), ...Object.keys(helpers)].sort()
</script>
${BODY}`

// A page of an app that installed the package and serves nothing but it: every preset from the package's own
// documents, the overlay with its default dots, and a player whose frames the package's wasm engine computes.
const PRESETS = ['dots', 'error', 'progress', 'refresh', 'success']
const CLIPS = { dots: 'loop', error: 'main', progress: 'demo', refresh: 'spin', success: 'main' }
const INSTALLED = `<!doctype html><meta charset="utf-8"><title>installed</title><link rel="icon" href="data:,">
<script type="importmap">{"imports": {"loadmark": "./node_modules/loadmark/dist/loadmark-player.js", "loadmark/helpers": "./node_modules/loadmark/dist/loadmark-helpers.js", "loadmark/wasm": "./node_modules/loadmark/dist/loadmark-wasm.js"}}</script>
<script type="module">
import 'loadmark'
import { showLoading } from 'loadmark/helpers'
import 'loadmark/wasm'
showLoading(document.querySelector('#box'), { text: 'Loading' })
window.api = true
</script>
${PRESETS.map((name) => `<loadmark-player id="${name}" src="node_modules/loadmark/dist/presets/${name}.json" clip="${CLIPS[name]}" autoplay loop style="width: 100px; height: 100px"></loadmark-player>`).join('\n')}
<loadmark-player id="live" preset="refresh" engine="wasm" clip="spin" autoplay style="width: 100px; height: 100px"></loadmark-player>
<div id="box" style="position: relative; width: 200px; height: 120px"></div>`

before(() => {
  const packed = npm(['pack', join(ROOT, 'web'), '--pack-destination', dir, '--json'], ROOT)
  const [{ filename, files }] = JSON.parse(packed)
  assert.equal(filename, `loadmark-${VERSION}.tgz`)
  assert.deepEqual(files.map(({ path }) => path).sort(), [
    'CHANGELOG.md', 'LICENSE', 'README.md', 'dist/loadmark-helpers.iife.js', 'dist/loadmark-helpers.js', 'dist/loadmark-player-v3.js', 'dist/loadmark-player.iife.js',
    'dist/loadmark-player.js', 'dist/loadmark-scene.wasm', 'dist/loadmark-wasm.js', 'dist/loadmark.wasm',
    ...[...PRESETS, ...catalogue().map(({ name }) => name)].map((name) => `dist/presets/${name}.json`), 'loadmark-classic.d.ts', 'loadmark-helpers-classic.d.ts', 'loadmark-helpers.d.ts',
    'loadmark-player.d.ts', 'loadmark-wasm.d.ts', 'package.json',
  ].sort())
  mkdirSync(app)
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }))
  npm(['install', join(dir, filename)], app)
  for (const file of CONSUMERS) copyFileSync(join(ROOT, 'web/test/types', file), join(app, file))
  writeFileSync(join(app, 'classic.html'), CLASSIC)
  writeFileSync(join(app, 'version3.html'), VERSION3)
  writeFileSync(join(app, 'module.html'), MODULE)
  writeFileSync(join(app, 'installed.html'), INSTALLED)
})

test('the tarball installs offline into an empty folder, with the files a user needs', () => {
  const installed = join(app, 'node_modules/loadmark')
  assert.equal(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version, VERSION)
  for (const file of ['dist/loadmark-player.js', 'dist/loadmark-player.iife.js', 'dist/loadmark-player-v3.js', 'loadmark-player.d.ts', 'LICENSE']) assert.ok(existsSync(join(installed, file)), file)
  assert.ok(readFileSync(join(installed, 'LICENSE'), 'utf8').startsWith('MIT License'))
})

test('Node imports the package by name: the player, the helpers and the live engine', () => {
  const script = `const player = await import('loadmark'), helpers = await import('loadmark/helpers'), wasm = await import('loadmark/wasm')
console.log(JSON.stringify([Object.keys(player).sort(), Object.keys(helpers).sort(), Object.keys(wasm).sort(), player.decode(${JSON.stringify(DOTS)}).clips[0].frames]))`
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' })
  assert.deepEqual(JSON.parse(output), [
    ['Loadmark', 'LoadmarkPlayerElement', 'Player', 'decode'], ['hideLoading', 'pullToRefresh', 'resolve', 'showLoading'], ['ABI_VERSION', 'BudgetError', 'COMPILER_ABI_VERSION', 'Compiler', 'Engine', 'EngineError', 'PLAYGROUND_BUDGET', 'SceneError', 'attributeOptions', 'compile', 'hexColor', 'loadCompiler', 'loadEngine', 'playground', 'serve'], 45,
  ])
})

test('the presets and the engine resolve through the package\'s exports', () => {
  const script = `import { createRequire } from 'node:module'
const require = createRequire(process.cwd() + '/')
const names = [${PRESETS.map((name) => `'loadmark/presets/${name}.json'`).join(', ')}, 'loadmark/dist/loadmark.wasm']
console.log(JSON.stringify(names.map((name) => require.resolve(name).split('node_modules/')[1])))`
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app, encoding: 'utf8' })
  assert.deepEqual(JSON.parse(output), [...PRESETS.map((name) => `loadmark/dist/presets/${name}.json`), 'loadmark/dist/loadmark.wasm'])
  // What the package ships is what `loadmark export` writes by default (LoadmarkCLITests keeps web/dist/presets/ fresh).
  const progress = JSON.parse(readFileSync(join(app, 'node_modules/loadmark/dist/presets/progress.json'), 'utf8'))
  assert.deepEqual([progress.width, progress.height], [42, 42])
})

for (const resolution of ['node', 'node16']) {
  test(`the consumers type-check against the package with tsc --strict under moduleResolution ${resolution}`, () => {
    tsc([...tscArgs(resolution), ...CONSUMERS])
  })
}

test('the consumers type-check under moduleResolution bundler, where tsc has it', (t) => {
  // `bundler` arrived in TypeScript 5.0; an older tsc (Debian's is 4.8) refuses the option itself (TS6046), and then
  // there is nothing to check: the test says so and skips, rather than pass on a setting that was never tried.
  try {
    tsc([...tscArgs('bundler'), ...CONSUMERS])
  } catch (error) {
    if (!/error TS6046: Argument for '--moduleResolution' option must be/.test(error.stdout)) throw error
    t.skip(`tsc ${tsc(['--version']).trim().replace(/^Version /, '')} has no moduleResolution bundler (TypeScript 5.0 added it)`)
  }
})

test('under moduleResolution node16 the types conditions of exports give the types without typesVersions', () => {
  // TypeScript 4.8 reads typesVersions before exports under node16 too (4.9 put exports first): without this check
  // the `types` conditions would go untested here. The installed package, less its typesVersions.
  const installed = join(app, 'node_modules/loadmark'), copy = join(dir, 'exports-only')
  cpSync(installed, join(copy, 'node_modules/loadmark'), { recursive: true })
  const { typesVersions, ...manifest } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'))
  assert.ok(typesVersions)
  writeFileSync(join(copy, 'node_modules/loadmark/package.json'), JSON.stringify(manifest, null, 2))
  copyFileSync(join(app, 'package.json'), join(copy, 'package.json'))
  for (const file of CONSUMERS) copyFileSync(join(app, file), join(copy, file))
  tsc([...tscArgs('node16'), ...CONSUMERS], copy)
})

// Each misuse sits under an @ts-expect-error; take one away and tsc reports the misuse under it.
const MISUSES = [
  ['consumer.tsx', '// @ts-expect-error speed is a number', /error TS2322: Type 'string' is not assignable to type 'number'/],
  ['consumer.tsx', '// @ts-expect-error there is no version 4', /error TS2322: Type '4' is not assignable to type '[123] \| [123] \| [123]'/],
  ['edge.ts', '// @ts-expect-error fps is a number', /error TS2322: Type 'string' is not assignable to type 'number'/],
  ['edge.ts', '// @ts-expect-error colour is not an option', /error TS2345: .*\n.*'colour' does not exist in type 'EngineOptions'/],
]

for (const [n, [file, marker, reported]] of MISUSES.entries()) {
  test(`a misuse is reported by tsc: ${file}, ${marker.replace('// @ts-expect-error ', '')}`, () => {
    const source = readFileSync(join(app, file), 'utf8')
    assert.ok(source.includes(marker), marker)
    const misuse = `misuse-${n}-${file}`
    writeFileSync(join(app, misuse), source.replace(marker, ''))
    assert.throws(() => tsc([...tscArgs('node16'), misuse]), (error) => {
      // The one misuse is the only error: the file is otherwise the consumer that type-checks.
      const errors = error.stdout.split('\n').filter((line) => line.startsWith(misuse))
      assert.equal(errors.length, 1, error.stdout)
      assert.match(error.stdout, new RegExp(misuse.replace('.', '\\.') + String.raw`\(\d+,\d+\): ` + reported.source))
      return true
    })
  })
}

/** Loads `url` and checks that the player plays: its frame advances and its canvas has paint; returns the page. */
async function expectPlaying(t, url, api) {
  const page = await openPage(t, browser(), { width: 400, height: 300 })
  await page.goto(url)
  await page.evaluate(`new Promise((resolve) => { const poll = () => (document.querySelector('loadmark-player').doc && window.api ? resolve() : setTimeout(poll, 10)); poll() })`)
  const first = await page.evaluate(`document.querySelector('loadmark-player').frame`)
  await sleep(300)
  const state = await page.evaluate(`(() => {
    const element = document.querySelector('loadmark-player'), canvas = element.shadowRoot.querySelector('canvas')
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data
    let painted = 0
    for (let i = 3; i < data.length; i += 4) painted += data[i] > 0
    return { frame: element.frame, painted, api: window.api }
  })()`)
  assert.notEqual(state.frame, first, 'the frame advances')
  assert.ok(state.painted > 0, 'the canvas has paint')
  assert.deepEqual(state.api, api)
  assert.deepEqual(page.errors, [])
  return page
}

const CLASSIC_API = ['LoadmarkPlayerElement', 'Player', 'decode', 'hideLoading', 'player', 'pullToRefresh', 'resolve', 'showLoading']
const MODULE_API = ['Loadmark', 'LoadmarkPlayerElement', 'Player', 'decode', 'hideLoading', 'pullToRefresh', 'resolve', 'showLoading']

test('the classic scripts play from file://', TEST, async (t) => {
  const page = await expectPlaying(t, fileURL(join(app, 'classic.html')), CLASSIC_API)
  // The helpers work on the classic build's element: <loadmark-status> extends it, whichever script ran first.
  const status = await page.evaluate(`customElements.whenDefined('loadmark-status').then(() => {
    const status = Loadmark.showLoading().querySelector('loadmark-status')
    return [status.localName, status instanceof Loadmark.LoadmarkPlayerElement]
  })`)
  assert.deepEqual(status, ['loadmark-status', true])
})

test('the classic script plays a version 3 document from file:// with the package\'s loadmark-player-v3.js', TEST, async (t) => {
  await expectPlaying(t, fileURL(join(app, 'version3.html')), ['decode'])
})

test('the classic scripts and the modules play over HTTP', TEST, async (t) => {
  const site = await serve(app)
  t.after(() => site.close())
  await expectPlaying(t, site.url + 'classic.html', CLASSIC_API)
  await expectPlaying(t, site.url + 'module.html', MODULE_API)
})

test('a page that only installed the package shows every preset, the overlay and engine="wasm", with no 404', TEST, async (t) => {
  const site = await serve(app)
  t.after(() => site.close())
  const page = await openPage(t, browser(), { width: 800, height: 600 })
  await page.goto(site.url + 'installed.html')
  const ids = [...PRESETS, 'live', 'box loadmark-status']
  await page.evaluate(`new Promise((resolve) => {
    const poll = () => (${JSON.stringify(ids)}.every((id) => document.querySelector('#' + id)?.doc) ? resolve() : setTimeout(poll, 10))
    poll()
  })`)
  await sleep(300)
  const shown = await page.evaluate(`${JSON.stringify(ids)}.map((id) => {
    const element = document.querySelector('#' + id), canvas = element.shadowRoot.querySelector('canvas')
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data
    let painted = 0
    for (let i = 3; i < data.length; i += 4) painted += data[i] > 0
    return [id, element.doc.preset, painted > 0]
  })`)
  assert.deepEqual(shown, [...PRESETS.map((name) => [name, name, true]), ['live', 'refresh', true], ['box loadmark-status', 'dots', true]])
  // The overlay's dots are the package's own document, found beside the helpers.
  assert.equal(await page.evaluate(`document.querySelector('#box loadmark-status').getAttribute('src')`), site.url + 'node_modules/loadmark/dist/presets/dots.json')
  assert.deepEqual(page.errors, [], 'no 404, console error or exception')
})

test('from file:// the browser refuses module scripts, as web/README.md says', TEST, async (t) => {
  const page = await openPage(t, browser(), { width: 400, height: 300 })
  await page.goto(fileURL(join(app, 'module.html')))
  await sleep(300)
  assert.equal(await page.evaluate(`customElements.get('loadmark-player')`), undefined)
  assert.ok(page.errors.some(({ text }) => /CORS|blocked|Failed to load module script/i.test(text)), JSON.stringify(page.errors))
})
