#!/usr/bin/env node
// Calls every export of the WebAssembly engine with arguments it must
// refuse (NaN, ±Infinity, negative, zero, huge and out-of-range values) and
// reports, per call, what came back: a status, a value, or a trap, and
// whether the module's memory grew. tools/wasm/abi.test.mjs asserts each
// row; run as a script it prints the table for any build of the module:
//
//   node tools/wasm/misuse.mjs [path/to/loadmark.wasm]
//
// (default .build/wasm/loadmark.wasm), so a build before a change can be
// compared with one after.

import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The arguments every call uses unless a case says otherwise. */
const valid = {
  select: [0, -1, -1, -1, -1n, -1, 1],
  sample: [0, 60, 101],
}

const hostileDoubles = [NaN, Infinity, -Infinity, -1e308, -2, -0.5, 0, 1e-9, 1e308]
const hostileInts = [-2147483648, -1, 5, 2147483647]

/**
 * The calls, each with the state it needs first (`setup`, on a fresh
 * instance), the export and its arguments, and what the hardened ABI must
 * return (`expect`: a number, or a predicate for results such as addresses
 * and hashes). `issue` marks the cases reported in issue 11.
 */
export function cases() {
  const rows = []
  const add = (row) => rows.push({ setup: 'selected', ...row })
  // Issue 11's cases, in the current ABI's names.
  add({ issue: true, name: 'lm_frame_count', args: [0, NaN, 101], expect: -6 })
  add({ issue: true, name: 'lm_frame_count', args: [0, Infinity, 101], expect: -6 })
  add({ issue: true, name: 'lm_frame_count', args: [0, -Infinity, 101], expect: -6 })
  add({ issue: true, name: 'lm_frame_count', args: [0, 1e308, 101], expect: -6 })
  add({ issue: true, name: 'lm_frame_count', args: [0, -1, 101], expect: -6 })
  add({ issue: true, name: 'lm_select', args: [0, -1, -1, -1, -1n, -1, 1e-9], expect: 2, then: ['lm_sample_clip', 0, 60, 101] })
  add({ issue: true, setup: 'progress', name: 'lm_sample_clip', args: [1, 60, 5e7], expect: -7 })
  add({ issue: true, setup: 'progress', name: 'lm_sample_clip', args: [1, 60, 1e7], expect: -7 })
  add({ issue: true, name: 'lm_select', args: [0, 1e308, -1, -1, -1n, -1, 1], expect: 2, then: ['lm_describe'] })
  add({ issue: true, name: 'lm_select', args: [0, -1, -1, -1, -1n, Infinity, 1], expect: 2, then: ['lm_describe'] })

  // Every export, every argument, every hostile value of its type.
  for (const value of hostileInts) add({ name: 'lm_preset_name', args: [value], expect: -1 })
  const selectParams = ['scale', 'width', 'height', 'color', 'lineWidth', 'speed']
  selectParams.forEach((param, i) => {
    const values = param == 'color' ? [-2n, 0x1_0000_0000n, 2n ** 62n, -(2n ** 63n)] : hostileDoubles
    for (const value of values) {
      // Sides pass only as a pair; speed and scale have their own ranges.
      const args = valid.select.slice()
      args[i + 1] = value
      if (param == 'width' || param == 'height') args[param == 'width' ? 3 : 2] = 50
      const fine = (param == 'scale' && value > 0 && value < 100) || (param == 'speed' && value >= 0.01 && value <= 100)
        || ((param == 'width' || param == 'height' || param == 'lineWidth') && value > 0 && value <= 10000)
      add({ name: 'lm_select', args, expect: fine ? 0 : 2 })
      add({ name: 'lm_load', setup: 'input', args: ['image', ...args.slice(1)], expect: fine ? 0 : 2 })
    }
  })
  for (const value of hostileInts) add({ name: 'lm_select', args: [value, ...valid.select.slice(1)], expect: 1 })
  add({ name: 'lm_select', args: [0, 2, 50, 50, -1n, -1, 1], expect: 2 })
  for (const value of [-2147483648, -1, 1024 * 1024 + 1, 2147483647]) {
    add({ name: 'lm_input', args: [value], expect: (address) => address === 0 })
  }
  for (const value of [-2147483648, -1, 2147483647]) {
    add({ name: 'lm_load', setup: 'input', args: [value, ...valid.select.slice(1)], expect: 11 })
  }
  for (const name of ['lm_frame_count', 'lm_sample_clip']) {
    for (const value of hostileInts) add({ name, args: [value, 60, 101], expect: -5 })
    for (const value of hostileDoubles) add({ name, args: [0, value, 101], expect: value > 0 && value <= 1000 ? (n) => n > 0 : -6 })
    for (const value of [-2147483648, -1, 0, 1, 100001, 2147483647]) add({ name, args: [0, 60, value], expect: -7 })
    add({ name, args: [0, 1000, 101], setup: 'slow', expect: -8 })
  }
  for (const value of hostileInts) add({ name: 'lm_sample', args: [value, 0.5], expect: -5 })
  for (const value of [NaN, Infinity, -Infinity, -1e308, -1e-9]) add({ name: 'lm_sample', args: [0, value], expect: -10 })
  for (const value of [NaN, Infinity, -0.5, 1.5, 1e308]) add({ name: 'lm_sample', setup: 'progress', args: [1, value], expect: -10 })
  // A progress clip's instant lies within its domain: the refresh pull's is [0, 2].
  for (const value of [NaN, Infinity, -0.5, 2.5, 1e308]) add({ name: 'lm_sample', setup: 'refresh', args: [0, value], expect: -10 })
  for (const value of [1.5, 2]) add({ name: 'lm_sample', setup: 'refresh', args: [0, value], expect: (n) => n > 0 })
  for (const value of hostileDoubles) add({ name: 'lm_transition', args: [value], expect: value > 0 && value <= 1000 ? (n) => n > 0 : -6 })
  add({ name: 'lm_transition', setup: 'fresh', args: [60], expect: -4 })
  for (const name of ['lm_name', 'lm_describe', 'lm_track_count']) add({ name, setup: 'fresh', args: [], expect: -4 })
  add({ name: 'lm_frame_count', setup: 'fresh', args: valid.sample, expect: -4 })
  add({ name: 'lm_sample_clip', setup: 'fresh', args: valid.sample, expect: -4 })
  add({ name: 'lm_sample', setup: 'fresh', args: [0, 0], expect: -4 })
  for (const name of ['lm_check_hash', 'lm_check_value']) {
    const refused = name == 'lm_check_value' ? Number.isNaN : (hash) => hash === 0n
    const extra = name == 'lm_check_hash' ? [] : [0, 0]
    for (const value of hostileInts) add({ name, args: [value, 0, 60, 101, ...extra], expect: refused })
    for (const value of hostileInts) add({ name, args: [0, value, 60, 101, ...extra], expect: refused })
    for (const value of [NaN, Infinity, -Infinity, -1, 0, 1e308]) add({ name, args: [0, 0, value, 101, ...extra], expect: refused })
    for (const value of [-1, 0, 1, 100001]) add({ name, args: [0, 0, 60, value, ...extra], expect: refused })
    if (extra.length) for (const value of [-2147483648, -1, 2147483647]) add({ name, args: [0, 0, 60, 101, value, ...extra.slice(1)], expect: refused })
    if (extra.length == 2) for (const value of [-1, 91, 2147483647]) add({ name, args: [0, 0, 60, 101, 0, value], expect: refused })
  }
  return rows
}

/** A deterministic generator (xorshift32) for hostile inputs, so that a failure reproduces. */
export function random(seed) {
  let state = seed
  return () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
}

/** A call's result as a table shows it. */
function shown(result) {
  if (result === 'trap' || typeof result == 'string') return result
  if (typeof result == 'bigint') return `${result}n`
  return Number.isNaN(result) ? 'NaN' : String(result)
}

/** `name(args)` as the table writes it. */
export function spelled(name, args) {
  const arg = (a) => (typeof a == 'bigint' ? `${a}` : Object.is(a, -0) ? '-0' : String(a))
  return `${name}(${args.map(arg).join(', ')})`
}

/**
 * Runs every case on a fresh instance of `bytes`: the setup, then the call;
 * returns the rows with the result, whether the memory grew, whether the
 * call trapped, and the result of the follow-up call (`then`), if any.
 */
export async function run(bytes, rows = cases()) {
  const results = []
  for (const row of rows) {
    const { instance } = await WebAssembly.instantiate(bytes, {})
    const abi = instance.exports
    const call = (name, ...args) => {
      // A build before ABI 3 has no lm_error (and may lack other exports): the table says so instead of stopping.
      if (!abi[name]) return 'absent'
      try {
        return abi[name](...args)
      } catch (error) {
        if (error instanceof WebAssembly.RuntimeError) return 'trap'
        throw error
      }
    }
    const ready = {
      fresh: () => {},
      selected: () => call('lm_select', ...valid.select),
      progress: () => call('lm_select', 2, ...valid.select.slice(1)),
      // The refresh preset: its pull's progress runs from 0 to 2.
      refresh: () => call('lm_select', 4, ...valid.select.slice(1)),
      // The success preset's 1.5 s at 0.01× speed and 1000 fps: 150,001 frames.
      slow: () => call('lm_select', 0, -1, -1, -1, -1n, -1, 0.01),
      input: () => {
        const image = fs.readFileSync(new URL('../../Tests/Fixtures/ring.lmscene', import.meta.url))
        const address = call('lm_input', image.length)
        new Uint8Array(abi.memory.buffer, address, image.length).set(image)
        if (row.args[0] == 'image') row.args[0] = image.length
      },
    }
    ready[row.setup]()
    // Warm the output buffer, as any page does before it can misuse it.
    if (row.setup != 'fresh') call('lm_error')
    const pages = abi.memory.buffer.byteLength
    const result = call(row.name, ...row.args)
    const grew = abi.memory.buffer.byteLength - pages
    let message = ''
    if (abi.lm_error && typeof result == 'number' && result !== 0 && row.name != 'lm_input' && row.name != 'lm_check_value') {
      const length = call('lm_error')
      message = String.fromCharCode(...new Float64Array(abi.memory.buffer, abi.lm_output(), Math.max(length, 0)))
    }
    const after = row.then ? call(...row.then) : undefined
    results.push({ ...row, result, grew, message, after })
  }
  return results
}

/** The rows as a Markdown table: call, result, memory. */
export function table(results) {
  const lines = ['| call | result | memory grew by |', '|---|---|---|']
  for (const r of results) {
    const then = r.then ? `; then ${spelled(r.then[0], r.then.slice(1))} → ${shown(r.after)}` : ''
    lines.push(`| \`${spelled(r.name, r.args)}\` | ${shown(r.result)}${then} | ${r.grew} B |`)
  }
  return lines.join('\n')
}

if (process.argv[1] == fileURLToPath(import.meta.url)) {
  const path = process.argv[2] ?? new URL('../../.build/wasm/loadmark.wasm', import.meta.url)
  const results = await run(fs.readFileSync(path), cases().filter((row) => row.issue || process.argv.includes('--all')))
  console.log(table(results))
}
