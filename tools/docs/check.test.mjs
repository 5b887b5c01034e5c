// Every shell example of the docs prints what the docs show, every figure in prose is what the tool computes, and
// the check can fail: a copy of a document with one output line changed, or with a broken marker, is caught by line.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { ROOT, check, documents, loadmarkPath, matches, parse } from './check.mjs'

const loadmark = loadmarkPath()
const scratch = mkdtempSync(join(tmpdir(), 'loadmark-docs-test-'))
after(() => rmSync(scratch, { recursive: true, force: true }))

/** Fails with every difference as `file:line: message`, so the failure reads like the command line's report. */
function assertNoDifferences(outcome) {
  assert.deepEqual(outcome.differences.map((d) => `${d.where}: ${d.message}`), [])
}

/** The README tour's claims in comments, checked in the folder it ran in: the version, and the GIF's size and rate. */
function checkTourClaims(folder) {
  const tour = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const claimed = tour.match(/^loadmark --version +# (.*)$/m)[1]
  const version = spawnSync(loadmark, ['--version'], { encoding: 'utf8' }).stdout.trim()
  assert.equal(claimed, version, 'README: the tour\'s --version comment')
  assert.equal(version, `loadmark ${JSON.parse(readFileSync(join(ROOT, 'web/package.json'), 'utf8')).version}`)
  const [, width, height, fps] = tour.match(/-o success\.gif +# (\d+) × (\d+), (\d+) fps$/m)
  const gif = readFileSync(join(folder, 'success.gif'))
  assert.deepEqual([gif.readUInt16LE(6), gif.readUInt16LE(8)], [Number(width), Number(height)], 'README: the GIF\'s size')
  // The first graphic control extension (21 F9 04) holds the first frame's delay, in centiseconds.
  const control = gif.indexOf(Buffer.from([0x21, 0xf9, 0x04]))
  assert.equal(100 / gif.readUInt16LE(control + 4), Number(fps), 'README: the GIF\'s frame rate')
}

for (const file of documents()) {
  test(`${file}: every example prints what it shows, and every figure is computed`, { timeout: 240_000 }, () => {
    const outcome = check(file, { loadmark, inspect: file == 'README.md' ? checkTourClaims : undefined })
    console.log(`${file}: ${outcome.commands} commands run, ${outcome.compared} outputs compared, ${outcome.figures} figures, ${outcome.skipped.length} blocks not run`)
    assertNoDifferences(outcome)
  })
}

/** A copy of the start of docs/CLI.md, up to the end of its `loadmark --version` block, and that block's output line. */
function cliStart() {
  const lines = readFileSync(join(ROOT, 'docs/CLI.md'), 'utf8').split('\n')
  const command = lines.indexOf('$ loadmark --version')
  return { lines: lines.slice(0, command + 3), outputLine: command + 2 }
}

/** Writes `text` as a document in the scratch folder and returns its path. */
function document(name, text) {
  const path = join(scratch, name)
  writeFileSync(path, text)
  return path
}

test('a copy of a document with one output line changed fails, naming the file, the line and both texts', () => {
  const { lines, outputLine } = cliStart()
  const original = lines.join('\n')
  assert.match(lines[outputLine - 1], /^loadmark \d/)
  lines[outputLine - 1] = 'loadmark 9.9.9'
  const path = document('perturbed.md', lines.join('\n'))
  const outcome = check(path, { root: scratch, loadmark })
  assert.equal(outcome.differences.length, 1)
  const [difference] = outcome.differences
  assert.equal(difference.where, `perturbed.md:${outputLine}`)
  assert.match(difference.message, /documented: loadmark 9\.9\.9\n +printed: +loadmark \d/)
  // --write puts back what the tool prints, and the copy checks again.
  check(path, { root: scratch, loadmark, write: true })
  assert.equal(readFileSync(path, 'utf8'), original)
  assert.deepEqual(check(path, { root: scratch, loadmark }).differences, [])
})

test('a copy with a figure changed fails, naming the figure and its line, and --write computes it again', () => {
  const original = readFileSync(join(ROOT, 'docs/FORMAT.md'), 'utf8')
  const shown = original.match(/to 2 \(\d+ frames\): ([\d,]+) bytes/)
  const path = document('FORMAT.md', original.replace(shown[0], shown[0].replace(shown[1], '1,234')))
  const line = original.slice(0, shown.index + shown[0].indexOf(shown[1])).split('\n').length
  const found = check(path, { loadmark, as: 'docs/FORMAT.md' }).differences
  assert.deepEqual(found.map((d) => [d.where, d.message]), [[`docs/FORMAT.md:${line}`, `figure "refresh document": documented 1,234, computed ${shown[1]}`]])
  check(path, { loadmark, as: 'docs/FORMAT.md', write: true })
  assert.equal(readFileSync(path, 'utf8'), original)
})

test('a document marked to run in the checkout runs from the root', () => {
  const path = document('checkout.md', ['<!-- docs: run in the checkout -->', '```console', '$ ls Package.swift', 'Package.swift', '```'].join('\n'))
  assert.deepEqual(check(path, { root: ROOT, loadmark }).differences, [])
})

test('an exit status, a failing sh command and a lost line are differences; … stands for any lines', () => {
  const path = document('statuses.md', [
    '```console', '$ loadmark export nosuch', 'loadmark export: unknown preset', '```',
    '```sh', 'true', 'false  # fails', '```',
    '```console', '$ printf "a\\nb\\nc\\nd\\n"', 'a', '…', 'd', '$ printf "x\\n"', '```',
  ].join('\n'))
  const found = check(path, { root: scratch, loadmark }).differences
  assert.deepEqual(found.map((d) => d.line), [3, 7, 14])
  assert.match(found[0].message, /exit 64, documented 0/)
  assert.match(found[1].message, /^\$ false {2}# fails: exit 1/)
  assert.match(found[2].message, /printed:\n {4}x/)
  assert.ok(matches(['a', '…', 'd'], ['a', 'd']) && !matches(['a', '…', 'd'], ['a', 'c']))
})

test('markers are strict: a block not run needs a reason, and an unknown marker is an error', () => {
  const doc = parse([
    '<!-- docs: not run: -->', '```sh', 'exit 1', '```',
    '<!-- docs: run everywhere -->',
    '<!-- docs: not run: a server runs until it is stopped -->', '```console', '$ sleep 1000', '```',
    '```console', 'output first', '```',
  ].join('\n'))
  assert.deepEqual(doc.problems.map((p) => [p.line, p.message]), [
    [1, '"not run" needs a reason'], [5, 'unknown docs marker "run everywhere"'],
    [10, 'a console block starts with output: every output follows its $ command'],
  ])
  assert.deepEqual(doc.blocks.map((b) => b.notRun), ['', 'a server runs until it is stopped', null])
})

test('a hidden setup block runs where it stands, and its output is not compared', () => {
  const path = document('setup.md', [
    '<!-- docs: setup: the file the example reads', '```sh', 'echo made > made.txt', '```', '-->',
    '```console', '$ cat made.txt', 'made', '```',
  ].join('\n'))
  const outcome = check(path, { root: scratch, loadmark })
  assert.deepEqual(outcome.differences, [])
  assert.equal(outcome.commands, 2)
})

test('SCENE.md\'s first scene is what `loadmark new` writes, without its comments, and it validates', () => {
  const page = readFileSync(join(ROOT, 'docs/SCENE.md'), 'utf8')
  const shown = JSON.parse(page.match(/## A first scene[^]*?```json\n([^]*?)```/)[1])
  const withoutComments = (value) => JSON.parse(JSON.stringify(value, (key, v) => (key == 'comment' ? undefined : v)))
  const starter = JSON.parse(spawnSync(loadmark, ['new'], { encoding: 'utf8' }).stdout)
  assert.deepEqual(shown, withoutComments(starter))
  const validate = spawnSync(loadmark, ['validate', '-'], { input: JSON.stringify(shown), encoding: 'utf8' })
  assert.equal(validate.status, 0, validate.stderr)
})

test('CI runs the README\'s two commands, in the order the README gives them', () => {
  // The README opens with the main job and the whole test; .ci/run must run exactly those lines, in that order, so a
  // fresh clone proves both (tools/wasm/build keeps the wasm builds apart from the native ones for this).
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const first = readme.match(/```sh\n([\s\S]*?)```/)[1]
  const commands = first.split('\n').filter((line) => line.trim() && !line.startsWith('#'))
  assert.deepEqual(commands, ['tools/setup && tools/gallery', 'tools/setup && tools/test'])
  const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8').split('\n').filter((line) => line.trim() && !line.startsWith('#'))
  assert.deepEqual(ci.slice(-2), commands)
  assert.deepEqual(ci.slice(0, -2), ['set -euo pipefail', 'cd "$(dirname "$0")/.."'])
})
