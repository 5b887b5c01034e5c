#!/usr/bin/env node
// Builds the published files of web/dist/ from the modules in web/src/ with
// esbuild (Debian's `esbuild` package, found on PATH or as $ESBUILD), and
// copies the licence and the change log into the package folder.
//
//   node web/build.mjs              writes web/dist/, web/LICENSE, web/CHANGELOG.md
//   node web/build.mjs --out DIR    writes them under DIR instead (the freshness test does)
//   node web/build.mjs --src DIR    builds from another copy of the sources
//   node web/build.mjs --check-assets  fails naming each asset (below) dist/ lacks
//
// The output depends only on the sources and esbuild's version, so a fresh
// build is byte for byte the committed one (web/test/build.test.mjs).
//
// dist/ also holds what the Swift side makes, which this build keeps (ASSETS):
// the presets' documents, dist/presets/*.json (tools/update-web-presets, kept
// in the repository and checked fresh by LoadmarkCLITests), and the WebAssembly
// modules beside loadmark-wasm.js (tools/wasm/build copies them in; they are
// not kept in the repository, and `npm pack` refuses to pack without them).
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const WEB = dirname(fileURLToPath(import.meta.url))
const ROOT = join(WEB, '..')
const ESBUILD = process.env.ESBUILD || 'esbuild'

// Evergreen browsers (web/README.md): class fields, `??=`, static blocks need no lowering.
const COMMON = ['--bundle', '--target=es2022', '--log-level=warning']
// Members named with a leading `_` are internal: the minifier shortens them.
const MINIFIED = [...COMMON, '--minify', '--legal-comments=none', '--mangle-props=^_']

// The main-thread player's builds do not read format version 3 themselves, which the sources draw but which does not
// fit their size budgets (web/test/size.test.mjs): the minifier drops what reads and draws it (decode.js, `LOADMARK_V3`).
const VERSION_2_ONLY = ['--define:globalThis.LOADMARK_V3=false']
// dist/loadmark-player-v3.js reads and draws it instead, where a page has it: the builds' decoder (decode.js) hands it
// version 3 documents, which come back carrying its drawing (`_drawFrame`) and with clips of periodic tracks marked
// (`_periodic`). Those two names are the same short ones in every build (SHARED_NAMES, through esbuild's mangle
// cache); its other internal names stay long, since shortened they could meet the player's on the objects they share
// (a clip's bitmaps beside its tracks).
const VERSION_3 = [...COMMON, '--minify', '--legal-comments=none', '--format=iife', '--define:globalThis.LOADMARK_V3=true', '--mangle-props=^_(drawFrame|periodic)$']
export const SHARED_NAMES = { _drawFrame: 'D3', _periodic: 'P3' }

/** Each published file: the entry module in src/, and how it is built. */
export const TARGETS = [
  // The player: a minified module, and a classic script that defines the element and window.Loadmark.
  // Neither reads format version 3 itself (VERSION_2_ONLY): both play it with the classic script that a page with such
  // documents runs before them.
  { file: 'loadmark-player.js', entry: 'loadmark-player.js', flags: [...MINIFIED, '--format=esm', ...VERSION_2_ONLY], shared: true },
  { file: 'loadmark-player.iife.js', entry: 'loadmark-player.classic.js', flags: [...MINIFIED, '--format=iife', ...VERSION_2_ONLY], shared: true },
  { file: 'loadmark-player-v3.js', entry: 'loadmark-player-v3.js', flags: VERSION_3, shared: true },
  // The helpers: the module imports the player's module beside it rather than a copy of it; the classic
  // script adds to window.Loadmark and expects the player's classic script on the page.
  { file: 'loadmark-helpers.js', entry: 'loadmark-helpers.js', flags: [...MINIFIED, '--format=esm', '--external:./loadmark-player.js'] },
  // (import.meta is empty in a classic script: helpers/presets.js reads the script's own src there instead.)
  { file: 'loadmark-helpers.iife.js', entry: 'loadmark-helpers.classic.js', flags: [...MINIFIED, '--format=iife', '--log-override:empty-import-meta=silent'] },
  // The live engine: one readable module, as it always was, with the playground's worker inside as text (WORKER).
  { file: 'loadmark-wasm.js', entry: 'loadmark-wasm.js', flags: [...COMMON, '--format=esm'], embedsWorker: true },
]

/**
 * The playground's worker: a minified classic script (module workers from blob: URLs fail on file:// pages),
 * given to loadmark-wasm.js as the string constant `name`, which starts it from a blob: URL. Inside the module
 * rather than a file beside it, because a page opened from a file cannot start a worker from a file.
 */
export const WORKER = { entry: 'playground-worker.js', flags: [...MINIFIED, '--format=iife'], name: 'LOADMARK_PLAYGROUND_WORKER' }

/** What dist/ holds that Swift makes and this build keeps: each path, and what writes it. */
export const ASSETS = [
  { path: 'presets', by: 'tools/update-web-presets' },
  { path: 'loadmark.wasm', by: 'tools/wasm/build' },
  { path: 'loadmark-scene.wasm', by: 'tools/wasm/build' },
]

/** Files copied from the repository's root into the package folder, which npm packs without following links. */
export const COPIES = ['LICENSE', 'CHANGELOG.md']

/** The version of esbuild that builds the files. */
export const esbuildVersion = () => execFileSync(ESBUILD, ['--version'], { encoding: 'utf8' }).trim()

/** Builds every target from `src` into `out`/dist and copies COPIES into `out`; returns the paths written, relative to `out`. */
export function build({ src = join(WEB, 'src'), out = WEB } = {}) {
  const dist = join(out, 'dist')
  // Everything but the assets goes, so that no file of an old build is published.
  const kept = new Set(ASSETS.map(({ path }) => path))
  mkdirSync(dist, { recursive: true })
  for (const name of readdirSync(dist)) if (!kept.has(name)) rmSync(join(dist, name), { recursive: true, force: true })
  const worker = execFileSync(ESBUILD, [join(src, WORKER.entry), ...WORKER.flags], { cwd: WEB, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  // esbuild writes every name it chose into its mangle cache: each build starts from a fresh copy of SHARED_NAMES.
  const names = mkdtempSync(join(tmpdir(), 'loadmark-names-'))
  try {
    for (const { file, entry, flags, embedsWorker, shared } of TARGETS) {
      const define = embedsWorker ? [`--define:${WORKER.name}=${JSON.stringify(worker)}`] : []
      const cache = join(names, file + '.json')
      if (shared) writeFileSync(cache, JSON.stringify(SHARED_NAMES))
      // From web/, whatever the caller's folder: the readable bundle names its modules by their paths from there.
      execFileSync(ESBUILD, [join(src, entry), ...flags, ...define, ...(shared ? ['--mangle-cache=' + cache] : []), `--outfile=${join(dist, file)}`], { cwd: WEB, stdio: ['ignore', 'inherit', 'inherit'] })
    }
  } finally {
    rmSync(names, { recursive: true, force: true })
  }
  for (const file of COPIES) copyFileSync(join(ROOT, file), join(out, file))
  return [...TARGETS.map(({ file }) => 'dist/' + file), ...COPIES]
}

/** The value after `name` on the command line. */
function option(name) {
  const i = process.argv.indexOf(name)
  return i > 0 ? process.argv[i + 1] : undefined
}

/** The assets missing from `out`/dist, each with what writes it. */
export const missingAssets = (out = WEB) => ASSETS.filter(({ path }) => !existsSync(join(out, 'dist', path)))

if (process.argv[1] && fileURLToPath(import.meta.url) == process.argv[1] && process.argv.includes('--check-assets')) {
  // npm pack's prepack: a package without its presets or engine would install and show nothing.
  const missing = missingAssets()
  for (const { path, by } of missing) console.error(`loadmark: web/dist/${path} is missing: run ${by}`)
  process.exit(missing.length ? 1 : 0)
} else if (process.argv[1] && fileURLToPath(import.meta.url) == process.argv[1]) {
  const written = build({ src: option('--src'), out: option('--out') })
  const version = JSON.parse(readFileSync(join(WEB, 'package.json'), 'utf8')).version
  console.log(`loadmark ${version}: built ${written.join(', ')} with esbuild ${esbuildVersion()}`)
}
