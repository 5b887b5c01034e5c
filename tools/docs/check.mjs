#!/usr/bin/env node
// Runs the shell examples of the docs and compares what they print with what the docs show, so that no command or
// figure in the docs is typed by hand. `node tools/docs/check.mjs` checks every document (exit 1 on any
// difference); `--write` rewrites each documented output, and each figure in prose, from the real run; naming files
// checks only those. The conventions are in tools/docs/README.md.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { FIGURES } from './figures.mjs'

export const ROOT = new URL('../../', import.meta.url).pathname
/** A document whose commands have not finished after this long is stopped and fails. */
const DOCUMENT_TIMEOUT = 180_000
const RUN_LANGUAGES = new Set(['console', 'sh', 'bash'])
const EXIT_LINE = /^\[exit (\d+)\]$/
const ELLIPSIS = '…'

/** The documents checked by default: README.md, docs/*.md and web/README.md, relative to the root. */
export function documents(root = ROOT) {
  const docs = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).sort()
  return ['README.md', ...docs.map((name) => join('docs', name)), 'web/README.md']
}

// ---------------------------------------------------------------------------------------------------------------
// Reading a document

/**
 * Parses a document's text into where its commands run (`checkout` or `empty folder`) and its blocks, each with
 * its commands; `problems` lists markers that are malformed, so that a misspelt marker fails instead of being
 * ignored.
 */
export function parse(text) {
  const lines = text.split('\n')
  const doc = { where: 'empty folder', blocks: [], problems: [] }
  let directive = null
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const marker = line.match(/^<!-- docs: (.*?)(?: -->)?$/)
    if (marker) {
      i = readMarker(lines, i, marker[1], line.endsWith('-->'), doc, (d) => (directive = d))
      continue
    }
    const fence = line.match(/^(`{3,})(\S*)/)
    if (fence) {
      const end = closingFence(lines, i, fence[1])
      if (RUN_LANGUAGES.has(fence[2])) doc.blocks.push(block(lines, i, end, fence[2], directive))
      directive = null
      i = end
    } else if (line.trim() != '') directive = null
  }
  for (const b of doc.blocks) {
    if (b.commands[0]?.text === null) doc.problems.push({ line: b.line, message: 'a console block starts with output: every output follows its $ command' })
  }
  return doc
}

/**
 * Reads the marker starting at line `i` (its text after `docs: `): a document-wide one sets where commands run;
 * `not run: REASON` is handed to `setDirective` for the next block; `setup: REASON` holds a hidden block, inside the
 * comment, that runs at that point. Returns the index of the marker's last line.
 */
function readMarker(lines, i, text, closed, doc, setDirective) {
  if (text == 'run in an empty folder') doc.where = 'empty folder'
  else if (text == 'run in the checkout') doc.where = 'checkout'
  else if (text.startsWith('not run:') && closed) {
    const reason = text.slice('not run:'.length).trim()
    if (!reason) doc.problems.push({ line: i + 1, message: '"not run" needs a reason' })
    setDirective({ notRun: reason, line: i + 1 })
  } else if (text.startsWith('setup:') && !closed) {
    if (!text.slice('setup:'.length).trim()) doc.problems.push({ line: i + 1, message: '"setup" needs a reason' })
    const start = i + 1, fence = lines[start]?.match(/^(`{3,})(sh|bash)$/)
    if (!fence) {
      doc.problems.push({ line: i + 1, message: 'a setup marker holds a ```sh block and then -->' })
      return i
    }
    const end = closingFence(lines, start, fence[1])
    doc.blocks.push({ ...block(lines, start, end, 'sh', null), setup: true })
    if (lines[end + 1] != '-->') doc.problems.push({ line: end + 2, message: 'a setup block ends with --> on its own line' })
    return end + 1
  } else doc.problems.push({ line: i + 1, message: `unknown docs marker "${text}"` })
  return i
}

/** The index of the line that closes the fence opened at line `start` (the last line if it is never closed). */
function closingFence(lines, start, ticks) {
  for (let j = start + 1; j < lines.length; j++) if (lines[j] == ticks) return j
  return lines.length - 1
}

/** One block: its language, first line (1-based), whether it runs, and its commands. */
function block(lines, start, end, language, directive) {
  const body = lines.slice(start + 1, end)
  const commands = language == 'console' ? consoleCommands(body, start + 2) : shellCommands(body, start + 2)
  return { language, line: start + 1, notRun: directive?.notRun ?? null, commands }
}

/**
 * The commands of a console block: each `$ ` line (with lines ending in `\` joined to it) and the lines after it,
 * which are its expected output; a last line `[exit N]` is its expected exit status (0 without one). `first` is
 * the 1-based line number of the block's first body line.
 */
function consoleCommands(body, first) {
  const commands = []
  for (let k = 0; k < body.length; k++) {
    const line = body[k]
    if (!line.startsWith('$ ')) {
      if (commands.length) commands.at(-1).output.push(line)
      else commands.push({ line: first + k, text: null, output: [line], outputLine: first + k })
      continue
    }
    let text = line.slice(2), start = k
    while (text.endsWith('\\') && k + 1 < body.length) text += '\n' + body[++k]
    commands.push({ line: first + start, text, output: [], outputLine: first + k + 1 })
  }
  for (const command of commands) {
    const exit = command.output.at(-1)?.match(EXIT_LINE)
    command.exit = exit ? Number(exit[1]) : 0
    command.expected = exit ? command.output.slice(0, -1) : command.output
  }
  return commands
}

/** The commands of a sh or bash block: each line that is not blank or only a comment, with `\` continuations. */
function shellCommands(body, first) {
  const commands = []
  for (let k = 0; k < body.length; k++) {
    if (body[k].trim() == '' || body[k].trim().startsWith('#')) continue
    let text = body[k], start = k
    while (text.endsWith('\\') && k + 1 < body.length) text += '\n' + body[++k]
    commands.push({ line: first + start, text, exit: 0, expected: null })
  }
  return commands
}

// ---------------------------------------------------------------------------------------------------------------
// Running a document

/** The loadmark binary the examples run: $LOADMARK, else the debug build's (as tools/test and the browser tests do). */
export function loadmarkPath(root = ROOT) {
  const path = process.env.LOADMARK || join(spawnSync('swift', ['build', '--show-bin-path'], { cwd: root, encoding: 'utf8' }).stdout.trim(), 'loadmark')
  if (!existsSync(path)) throw Error(`${path} does not exist: build it with \`swift build --product loadmark\` or set LOADMARK`)
  return path
}

/**
 * Runs a document's commands in order in one bash, so that `cd`, variables and files carry from block to block:
 * in a new empty folder or in the checkout, as the document says, with `loadmark` on PATH and HOME in a folder of
 * its own. Returns each command's output and exit status, and `folder`, which the caller removes with `cleanup()`.
 */
export function run(doc, { root = ROOT, loadmark = loadmarkPath(root) } = {}) {
  const base = mkdtempSync(join(tmpdir(), 'loadmark-docs-'))
  const dirs = { work: join(base, 'work'), home: join(base, 'home'), bin: join(base, 'bin'), results: join(base, 'results') }
  for (const dir of Object.values(dirs)) mkdirSync(dir)
  symlinkSync(resolve(loadmark), join(dirs.bin, 'loadmark'))
  const runnable = doc.blocks.filter((b) => b.notRun == null).flatMap((b) => b.commands.filter((c) => c.text != null))
  const cwd = doc.where == 'empty folder' ? dirs.work : root
  writeFileSync(join(base, 'script.sh'), script(runnable, cwd, dirs.results))
  // timeout(1) signals its whole process group, so a command that hangs (a server) goes with the shell.
  const seconds = String(DOCUMENT_TIMEOUT / 1000)
  const shell = spawnSync('timeout', ['--kill-after=5', seconds, 'bash', join(base, 'script.sh')], {
    cwd, env: environment(dirs), encoding: 'utf8',
  })
  if (shell.status == 124 || shell.status == 137) shell.error = Error(`stopped after ${seconds} s`)
  const results = runnable.map((command, n) => ({ command, ...result(dirs.results, n) }))
  return { results, folder: cwd, bin: dirs.bin, shell, cleanup: () => rmSync(base, { recursive: true, force: true }) }
}

/**
 * The bash script that runs `commands` one after another in the same shell, each with no input and its standard
 * output and error together in one file, its exit status in another. pipefail, so that a failing first command
 * of a pipe is not hidden by the last.
 */
function script(commands, cwd, results) {
  const steps = commands.map((command, n) => [
    `{\n${command.text}\n} </dev/null >${quote(join(results, n + '.out'))} 2>&1`,
    `echo $? >${quote(join(results, n + '.status'))}`,
  ].join('\n'))
  return ['set -o pipefail', `cd ${quote(cwd)}`, ...steps, ''].join('\n')
}

/** The environment of a document's shell: the user's PATH after loadmark's folder, a home of its own, one locale. */
function environment(dirs) {
  const { COLUMNS, LINES, ...rest } = process.env
  return { ...rest, PATH: `${dirs.bin}:${process.env.PATH}`, HOME: dirs.home, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' }
}

/** A command's output and exit status as the script recorded them; `ran: false` when the shell stopped before it. */
function result(results, n) {
  const status = join(results, n + '.status')
  if (!existsSync(status)) return { ran: false, output: [], exit: null }
  const text = readFileSync(join(results, n + '.out'), 'utf8')
  return { ran: true, output: text == '' ? [] : text.replace(/\n$/, '').split('\n'), exit: Number(readFileSync(status, 'utf8')) }
}

/** `text` quoted for bash. */
const quote = (text) => `'${text.replaceAll("'", `'\\''`)}'`

// ---------------------------------------------------------------------------------------------------------------
// Comparing and rewriting

/** Whether `actual` lines are what `expected` shows: equal, or a line `…` in `expected` standing for any lines. */
export function matches(expected, actual) {
  const gap = expected.indexOf(ELLIPSIS)
  if (gap < 0) return expected.length == actual.length && expected.every((line, i) => line == actual[i])
  const before = expected.slice(0, gap), after = expected.slice(gap + 1)
  if (actual.length < before.length + after.length) return false
  return matches(before, actual.slice(0, before.length)) && matches(after, actual.slice(actual.length - after.length))
}

/** The lines a command's output is documented as, from its real output: kept around a `…` line where there is one. */
function documented(expected, actual, exit) {
  const gap = expected.indexOf(ELLIPSIS)
  const before = expected.slice(0, gap).length, after = expected.length - gap - 1
  const lines = gap < 0 || actual.length <= before + after ? actual : [...actual.slice(0, before), ELLIPSIS, ...actual.slice(actual.length - after)]
  return exit ? [...lines, `[exit ${exit}]`] : lines
}

/** Whether output can go into a console block: no line of it would read back as a command, an exit status, a gap or the block's end. */
const writable = (output) => !output.some((line) => line.startsWith('$ ') || line.startsWith('```') || EXIT_LINE.test(line) || line == ELLIPSIS)

/** The differences between a run and its document, each `{line, message}`, the line being where the reader looks. */
export function differences(results) {
  const found = []
  for (const { command, ran, output, exit } of results) {
    const shown = `$ ${command.text.split('\n')[0]}`
    if (!ran) found.push({ line: command.line, message: `${shown}: did not run (the shell stopped before it)` })
    else if (command.expected == null) {
      if (exit != 0) found.push({ line: command.line, message: `${shown}: exit ${exit}\n${indent(output)}` })
    } else if (exit != command.exit || !matches(command.expected, output)) {
      found.push({ line: firstDifference(command, output), message: describe(command, output, exit), fixable: writable(output) })
    }
  }
  return found
}

/** The document line of the first output line that differs (the command's line when only the exit status does). */
function firstDifference(command, output) {
  if (command.expected.length == 0) return command.line
  const gap = command.expected.indexOf(ELLIPSIS)
  const limit = gap < 0 ? command.expected.length : gap
  for (let i = 0; i < limit; i++) if (command.expected[i] !== output[i]) return command.outputLine + i
  return gap < 0 && output.length > command.expected.length ? command.outputLine + command.expected.length : command.line
}

/** A difference told as the line documented against the line printed, or as the whole output when lines are missing or extra. */
function describe(command, output, exit) {
  const head = `$ ${command.text.split('\n')[0]}`
  const status = exit == command.exit ? '' : `\n  exit ${exit}, documented ${command.exit}`
  const pairs = command.expected.map((line, i) => [line, output[i]]).filter(([want, got]) => want != ELLIPSIS && want !== got)
  const text = command.expected.includes(ELLIPSIS) || command.expected.length != output.length
    ? `\n  documented:\n${indent(command.expected)}\n  printed:\n${indent(output)}`
    : pairs.map(([want, got]) => `\n  documented: ${want}\n  printed:    ${got}`).join('')
  return `${head}${status}${text}`
}

const indent = (lines) => (lines.length ? lines.map((line) => '    ' + line).join('\n') : '    (nothing)')

/** The document's text with every console command's output replaced by what it printed (bottom up, so line numbers hold). */
export function rewrite(text, results) {
  const lines = text.split('\n')
  const changed = results.filter(({ command, ran, output }) => ran && command.expected != null && writable(output))
  for (const { command, output, exit } of changed.reverse()) {
    lines.splice(command.outputLine - 1, command.output.length, ...documented(command.expected, output, exit))
  }
  return lines.join('\n')
}

// ---------------------------------------------------------------------------------------------------------------
// Figures in prose

/** Each figure of `FIGURES` for `file`: the text the document shows, the text computed, and where. */
export function figures(file, text, context) {
  return FIGURES.filter((figure) => figure.file == file).map((figure) => {
    const match = figure.pattern.exec(text)
    if (!match) return { figure, line: null, shown: null, value: null }
    // The line of the figure itself, which a pattern's context may start lines before.
    const line = text.slice(0, match.index + match[0].indexOf(match[1])).split('\n').length
    let value
    try {
      value = figure.value(context)
    } catch (error) {
      // A figure that cannot be computed is a difference, not a crash that hides the others.
      return { figure, line, shown: match[1], value: null, error: error.message }
    }
    return { figure, line, shown: match[1], value }
  })
}

/** The figures that differ from their computation, or that the document no longer has, as differences. */
function figureDifferences(checked) {
  return checked.flatMap(({ figure, line, shown, value, error }) => {
    if (line == null) return [{ line: 1, message: `figure "${figure.name}": its text (${figure.pattern}) is not in the document` }]
    if (error) return [{ line, message: `figure "${figure.name}": cannot be computed: ${error}` }]
    if (value == null || shown == value) return []
    // A figure may allow a tolerance, when what it measures is not reproducible to the byte (the wasm modules).
    const number = (text) => Number(String(text).replace(/,/g, ''))
    if (figure.tolerance && Math.abs(number(shown) - number(value)) <= figure.tolerance) return []
    return [{ line, message: `figure "${figure.name}": documented ${shown}, computed ${value}`, fixable: true }]
  })
}

/**
 * The text with each computed figure in place of the one shown. Each is found again by its pattern, since the
 * outputs rewritten before it may have moved it; the computation is not repeated.
 */
function rewriteFigures(text, checked) {
  for (const { figure, value } of checked.filter((c) => c.line != null && c.value != null)) {
    const match = figure.pattern.exec(text)
    if (!match) continue
    const index = match.index + match[0].indexOf(match[1])
    text = text.slice(0, index) + value + text.slice(index + match[1].length)
  }
  return text
}

// ---------------------------------------------------------------------------------------------------------------
// Checking

/**
 * Checks one document (a path relative to `root`, or absolute): runs it, compares every command and figure, and
 * with `write` rewrites the document from the run; `inspect(folder)`, if given, sees the folder it ran in before
 * it is removed; `as` names a copy by the document whose figures it has. Returns `{file, commands, compared,
 * figures, uncomputed, skipped, differences}`.
 */
export function check(path, { root = ROOT, write = false, loadmark, inspect, as } = {}) {
  const absolute = resolve(root, path), file = as ?? relative(root, absolute)
  const text = readFileSync(absolute, 'utf8'), doc = parse(text)
  const ran = run(doc, { root, loadmark: loadmark ?? loadmarkPath(root) })
  try {
    const context = { root, folder: ran.folder, loadmark: join(ran.bin, 'loadmark') }
    const checked = figures(file, text, context)
    const found = [...doc.problems, ...differences(ran.results), ...figureDifferences(checked)]
    inspect?.(ran.folder)
    if (ran.shell.error) found.push({ line: 1, message: `the document's shell failed: ${ran.shell.error.message}` })
    if (write) {
      const rewritten = rewriteFigures(rewrite(text, ran.results), checked)
      if (rewritten != text) writeFileSync(absolute, rewritten)
    }
    return summary(file, doc, ran.results, checked, found)
  } finally {
    ran.cleanup()
  }
}

/** What a check found: how many commands ran, how many of them had their output compared, what was skipped, and the differences. */
function summary(file, doc, results, checked, found) {
  const skipped = doc.blocks.filter((b) => b.notRun != null).map((b) => ({ line: b.line, reason: b.notRun }))
  return {
    file, commands: results.length, compared: results.filter((r) => r.command.expected != null).length,
    figures: checked.filter((c) => c.value != null).length, uncomputed: checked.filter((c) => c.line != null && c.value == null && !c.error).map((c) => c.figure.name), skipped,
    differences: found.sort((a, b) => a.line - b.line).map((d) => ({ ...d, where: `${file}:${d.line}` })),
  }
}

/** Prints one document's outcome: a line of counts, then each difference as `file:line: message`. */
function report({ file, commands, compared, figures: figureCount, uncomputed, skipped, differences: found }, write) {
  const state = found.length == 0 ? 'ok' : write ? 'rewritten' : `${found.length} difference(s)`
  console.log(`docs: ${file}: ${commands} commands run, ${compared} outputs compared, ${figureCount} figures, ${skipped.length} blocks not run: ${state}`)
  if (uncomputed.length) console.log(`docs: ${file}: not computed (their inputs are not built): ${uncomputed.join(', ')}`)
  for (const d of found) console.log(`${d.where}: ${d.message}`)
}

/** The command line: `node tools/docs/check.mjs [--write] [FILE.md...]`; exit 1 when a check finds a difference. */
function main(args) {
  const write = args.includes('--write')
  const files = args.filter((arg) => arg != '--write')
  const loadmark = loadmarkPath()
  let failed = false
  for (const file of files.length ? files : documents()) {
    const outcome = check(file, { write, loadmark })
    report(outcome, write)
    // --write fixes outputs and figures; a command that fails or a malformed marker still needs a hand.
    if (outcome.differences.some((d) => !write || !d.fixable)) failed = true
  }
  process.exitCode = failed ? 1 : 0
}

if (import.meta.url == pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2))
