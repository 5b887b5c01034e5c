// The figures the docs state in prose (sizes, counts, frame numbers), each found by a pattern whose one group is
// the figure, and computed from the tool or the files it describes, so that `check.mjs` compares them and
// `check.mjs --write` rewrites them. A pattern that no longer matches fails the check: the prose moved, and the
// figure's entry here must follow it.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** A whole number as the prose writes it: with thousands separators (9,322). */
const grouped = (n) => n.toLocaleString('en-US')

/** The standard output of `loadmark args` (a Buffer); throws with its stderr when it fails. */
function loadmark(context, args) {
  const run = spawnSync(context.loadmark, args, { cwd: context.folder, maxBuffer: 1 << 26 })
  if (run.status != 0) throw Error(`loadmark ${args.join(' ')}: exit ${run.status}: ${run.stderr}`)
  return run.stdout
}

/** The size of a file compressed as `gzip -9c FILE` measures it (the file's name is in the header). */
function gzipFileSize(path) {
  const run = spawnSync('gzip', ['-9c', path], { maxBuffer: 1 << 26 })
  if (run.status != 0) throw Error(`gzip -9c ${path}: ${run.stderr}`)
  return run.stdout.length
}

/** The size of bytes compressed as `gzip -9` from standard input measures them (no file name in the header). */
function gzipSize(bytes) {
  const run = spawnSync('gzip', ['-9c'], { input: bytes, maxBuffer: 1 << 26 })
  if (run.status != 0) throw Error(`gzip -9c: ${run.stderr}`)
  return run.stdout.length
}

/** How many files a folder holds, in it and below it. */
function fileCount(dir) {
  return readdirSync(dir, { withFileTypes: true }).reduce((n, entry) => n + (entry.isDirectory() ? fileCount(join(dir, entry.name)) : 1), 0)
}

/** A wasm module's size, raw or gzipped, when `tools/wasm/build` has made it (else null: not computed). */
function wasm(context, name, measure) {
  const path = join(context.root, '.build/wasm', name)
  return existsSync(path) ? measure(path) : null
}

/** The page `loadmark html` writes for every preset (a Buffer). */
const everyPreset = (context) => loadmark(context, ['html', 'success', 'dots', 'progress', 'refresh', 'error', '-o', '-'])

/** The bytes of a page's inline SVG elements: its players' posters. */
const posterBytes = (page) => (page.match(/<svg [^]*?<\/svg>/g) ?? []).reduce((n, svg) => n + Buffer.byteLength(svg), 0)

/** The marker of a clip in the refresh preset's Lottie export. */
function refreshMarker(context, clip) {
  const lottie = JSON.parse(loadmark(context, ['export', 'refresh', '--format', 'lottie', '-o', '-']))
  return lottie.markers.find((marker) => marker.cm == clip)
}

/** The frame count of a preset's clip, as `loadmark list --json` gives it. */
function frames(context, preset, clip) {
  const list = JSON.parse(loadmark(context, ['list', '--json']))
  return list.indicators.find((i) => i.name == preset).clips.find((c) => c.name == clip).frames
}

/** The version, which web/package.json holds (and `loadmark --version` prints). */
const version = (context) => JSON.parse(readFileSync(join(context.root, 'web/package.json'), 'utf8')).version

const s = String.raw

/** Every checked figure: its document, a name for messages, the pattern (one group: the figure) and how to compute it. */
export const FIGURES = [
  ...[['README.md', /npm package `loadmark` (\d+\.\d+\.\d+)\)/], ['docs/CLI.md', /\| `--version` \| `loadmark (\d+\.\d+\.\d+)` \|/],
    ['web/README.md', /writes loadmark-(\d+\.\d+\.\d+)\.tgz/], ['web/README.md', /npm install \.\.\/web\/loadmark-(\d+\.\d+\.\d+)\.tgz/],
    ['web/README.md', /The version, (\d+\.\d+\.\d+), is written once/]].map(([file, pattern], i) => ({
    file, name: `version ${i + 1}`, pattern, value: version,
  })),
  {
    file: 'docs/CLI.md', name: 'gallery files',
    pattern: /linked from its card: (\d+) files in all/,
    value: (c) => String(fileCount(join(c.folder, 'gallery'))),
  },
  {
    file: 'docs/CLI.md', name: 'gallery page',
    pattern: /\(`index\.html`: ([\d,]+) bytes, [\d,]+ of them/,
    value: (c) => grouped(statSync(join(c.folder, 'gallery/index.html')).size),
  },
  {
    file: 'docs/CLI.md', name: 'gallery posters',
    pattern: /\(`index\.html`: [\d,]+ bytes, ([\d,]+) of them/,
    value: (c) => grouped(posterBytes(readFileSync(join(c.folder, 'gallery/index.html'), 'utf8'))),
  },
  {
    file: 'docs/CLI.md', name: 'page of every preset',
    pattern: /refresh error`: ([\d,]+) bytes\), the posters/,
    value: (c) => grouped(everyPreset(c).length),
  },
  {
    file: 'docs/CLI.md', name: 'posters on the page of every preset',
    pattern: /the posters' SVG elements take ([\d,]+) bytes/,
    value: (c) => grouped(posterBytes(everyPreset(c).toString('utf8'))),
  },
  {
    file: 'docs/EXPORT.md', name: 'success GIF',
    pattern: /The success GIF above is\s+([\d,]+) bytes/,
    value: (c) => grouped(loadmark(c, ['export', 'success', '--format', 'gif', '-o', '-']).length),
  },
  {
    file: 'docs/EXPORT.md', name: 'error GIF at scale 10',
    pattern: /\(500 × 500\) is ([\d,]+) bytes/,
    value: (c) => grouped(loadmark(c, ['export', 'error', '--format', 'gif', '--scale', '10', '-o', '-']).length),
  },
  ...['success', 'error', 'dots'].map((preset) => ({
    file: 'docs/EXPORT.md', name: `${preset} Lottie gzipped`,
    pattern: new RegExp(s`\(a test enforces it\):[^]*?${preset} (\d[\d,]*)(?: bytes)? against`),
    // The files the page's `export --all --format lottie -o lottie/` wrote, measured as `gzip -9c FILE` measures them.
    value: (c) => grouped(gzipFileSize(join(c.folder, 'lottie', `${preset}.lottie.json`))),
  })),
  ...[['success', 'success.json'], ['error', 'failure.json'], ['dots', 'jumping-dots.json']].map(([preset, anchor]) => ({
    file: 'docs/EXPORT.md', name: `public Lottie file for ${preset}`,
    pattern: new RegExp(s`\(a test enforces it\):[^]*?${preset} \d[\d,]*(?: bytes)? against (\d+(?:,\d{3})*)`),
    value: (c) => grouped(gzipFileSize(join(c.root, 'tools/bench/inputs/lottie', anchor))),
  })),
  ...['nv-ball-pulse', 'nv-ball-beat', 'nv-ball-scale', 'nv-ball-scale-multiple', 'nv-ball-spin-fade-loader', 'nv-circle-stroke-spin',
    'nv-line-scale', 'nv-pacman', 'nv-cube-transition', 'nv-ball-pulse-rise'].flatMap((name) => [
    {
      file: 'docs/EXPORT.md', name: `${name} Lottie gzipped`,
      pattern: new RegExp(s`than its frame document\s+gzipped[^]*?${name} (\d+(?:,\d{3})*)(?: bytes)? against`),
      value: (c) => grouped(gzipSize(loadmark(c, ['export', name, '--format', 'lottie', '-o', '-']))),
    },
    {
      file: 'docs/EXPORT.md', name: `${name} document gzipped`,
      pattern: new RegExp(s`than its frame document\s+gzipped[^]*?${name} \d+(?:,\d{3})*(?: bytes)? against (\d+(?:,\d{3})*)`),
      value: (c) => grouped(gzipSize(loadmark(c, ['export', name, '-o', '-']))),
    },
  ]),
  {
    file: 'docs/EXPORT.md', name: 'spin marker start',
    pattern: /\{"cm": "spin", "tm": (\d+), "dr": \d+\}/,
    value: (c) => String(refreshMarker(c, 'spin').tm),
  },
  {
    file: 'docs/EXPORT.md', name: 'spin marker length',
    pattern: /\{"cm": "spin", "tm": \d+, "dr": (\d+)\}/,
    value: (c) => String(refreshMarker(c, 'spin').dr),
  },
  {
    file: 'docs/EXPORT.md', name: 'spin marker start, in words',
    pattern: /starts at frame (\d+) and lasts \d+ frames/,
    value: (c) => String(refreshMarker(c, 'spin').tm),
  },
  {
    file: 'docs/EXPORT.md', name: 'spin marker length, in words',
    pattern: /starts at frame \d+ and lasts (\d+) frames/,
    value: (c) => String(refreshMarker(c, 'spin').dr),
  },
  {
    file: 'docs/EXPORT.md', name: 'refresh pull frames',
    pattern: /the refresh pull at 1\.5 is frame \d+ of (\d+)/,
    value: (c) => String(frames(c, 'refresh', 'pull')),
  },
  ...[/101 from 0 to 1, (\d+) for the\s+refresh pull/, /the refresh pull, 0 to 2, gets (\d+)\)/].map((pattern, i) => ({
    file: 'docs/CLI.md', name: `refresh pull frames ${i + 1}`, pattern, value: (c) => String(frames(c, 'refresh', 'pull')),
  })),
  {
    file: 'docs/FORMAT.md', name: 'refresh pull frames',
    pattern: /Version 2's pull spans pulls from 0\s+to 2 \((\d+) frames\)/,
    value: (c) => String(frames(c, 'refresh', 'pull')),
  },
  {
    file: 'docs/FORMAT.md', name: 'refresh document',
    pattern: /to 2 \(\d+ frames\): ([\d,]+) bytes, [\d,]+ gzipped/,
    value: (c) => grouped(loadmark(c, ['export', 'refresh', '-o', '-']).length),
  },
  {
    file: 'docs/FORMAT.md', name: 'refresh document gzipped',
    pattern: /to 2 \(\d+ frames\): [\d,]+ bytes, ([\d,]+) gzipped/,
    value: (c) => {
      // Measured as gzip -9c refresh.json measures it, so the file is written under that name first.
      loadmark(c, ['export', 'refresh', '-o', join(c.folder, 'refresh.json'), '--quiet'])
      return grouped(gzipFileSize(join(c.folder, 'refresh.json')))
    },
  },
  ...[['module', 'loadmark-player.js', /the player is ([\d,]+) bytes as a module/],
    ['classic script', 'loadmark-player.iife.js', /bytes as a module and ([\d,]+) as a\s+classic script/],
    ['helpers', 'loadmark-helpers.js', /classic script, the helpers ([\d,]+);/],
    ['reader of version 3', 'loadmark-player-v3.js', /version 3 \(`dist\/loadmark-player-v3\.js`\) ([\d,]+)\./]].map(([name, file, pattern]) => ({
    file: 'web/README.md', name: `gzipped ${name}`, pattern,
    value: (c) => grouped(gzipFileSize(join(c.root, 'web/dist', file))),
  })),
  ...[['engine', 'loadmark.wasm', 'engine now, with format version 2[^|]*'], ['scene compiler', 'loadmark-scene.wasm', 'scene compiler now[^|]*']]
    .flatMap(([name, file, row]) => [
      {
        file: 'docs/WASM.md', name: `${name} raw`, pattern: new RegExp(s`\| ${row}\| ([\d,]+) \|`),
        value: (c) => wasm(c, file, (path) => grouped(statSync(path).size)),
      },
      {
        file: 'docs/WASM.md', name: `${name} gzipped`, pattern: new RegExp(s`\| ${row}\| [\d,]+ \| ([\d,]+) \|`),
        value: (c) => wasm(c, file, (path) => grouped(gzipFileSize(path))),
        // Two builds of a module differ in 16 bytes of data per object file that the compiler writes (its raw size
        // does not change), which moves gzip's count by a few bytes: within 32 the figure stands.
        tolerance: 32,
      },
    ]),
  {
    file: 'docs/CLI.md', name: 'compiler against engine',
    pattern: /because the compiler is about ([\d.]+) times the engine/,
    value: (c) => {
      const raw = (name) => wasm(c, name, (path) => statSync(path).size)
      const [compiler, engine] = [raw('loadmark-scene.wasm'), raw('loadmark.wasm')]
      return compiler && engine ? (compiler / engine).toFixed(1) : null
    },
  },
  ...[['engine', 'loadmark.wasm', /to a (\d+) KB \(gzip\)\s+WebAssembly module/], ['scene compiler', 'loadmark-scene.wasm', /second\s+module \((\d+) KB gzip\)/]]
    .map(([name, file, pattern]) => ({
      file: 'README.md', name: `${name} in KiB gzipped`, pattern,
      value: (c) => wasm(c, file, (path) => String(Math.round(gzipFileSize(path) / 1024))),
      // The few bytes two builds differ by (above) can carry a size across a half KiB (72,188 bytes is 70.496 KiB):
      // either neighbour of the rounding stands.
      tolerance: 1,
    })),
]
