// The shared corpus of invalid documents (Tests/Fixtures/invalid): the decoder refuses each at the path the Swift
// reader reports (Tests/LoadmarkJSONTests/InvalidCorpusTests.swift), with the start of the reader's message (the
// reader goes on with what it got, the limit or the choices).
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import test from 'node:test'
import { decode as sources } from '../src/decode.js'
import { decode as built } from '../dist/loadmark-player.js'

// The published builds' decoder with dist/loadmark-player-v3.js, which it hands version 3 documents: the same words.
await import('../dist/loadmark-player-v3.js')
const DECODERS = { sources, 'published builds with loadmark-player-v3.js': built }

// A version 2 document that uses version 3's vocabulary is read by the builds' own decoder, which knows none of it: it
// is refused at the same path, in a version 2 reader's words.
const VERSION_2_WORDS = {
  'v3-periodic-in-v2.json': 'missing field "decimals"',
  'v3-polygon-in-v2.json': 'expected one of "arc", "path", "dot", "roundedRect"',
  'v3-transform-in-v2.json': 'layer "ring" of kind arc has no property "a"',
}

const corpus = new URL('../../Tests/Fixtures/invalid/', import.meta.url)
const cases = JSON.parse(readFileSync(new URL('cases.json', corpus), 'utf8'))
const read = (name) => readFileSync(new URL(name, corpus), 'utf8')

test('the manifest lists every file of the corpus', () => {
  const files = readdirSync(corpus).filter((name) => name.endsWith('.json') && name != 'cases.json')
  assert.deepEqual(files.sort(), Object.keys(cases).sort())
  assert.ok(files.length >= 80, `${files.length} cases`)
})

const decode = sources

test('the documents the cases break decode, version 2 and version 1', () => {
  const doc = decode(readFileSync(new URL('../valid/base.json', corpus), 'utf8'))
  const v1 = decode(readFileSync(new URL('../valid/base-v1.json', corpus), 'utf8'))
  assert.deepEqual(doc.layers.map((layer) => layer.kind), ['arc', 'path', 'dot', 'roundedRect'])
  assert.deepEqual(doc.layers.map((layer) => layer.role), ['accent', undefined, undefined, 'surface'])
  assert.deepEqual(v1.layers.map((layer) => layer.role), ['accent', undefined, undefined, undefined])
  assert.deepEqual(doc.clips[1].domain, [0, 2])
  assert.equal(doc.clips[1].repeatFrom, 1)
  assert.equal(doc.clips[1].finish, 'success')
  assert.deepEqual([...doc.clips[1].transition.values], [0, 0.5, 0.9, 1])
})

/** Whether `error` is the one the manifest gives: the same path, and the reader's message or its start, up to a ",", ";" or " ". */
function matches(error, { path, message }) {
  const expected = path ? `${path}: ${message}` : message
  return error.path === path && (error.message == expected || (expected.startsWith(error.message) && /^[,; ]/.test(expected.slice(error.message.length))))
}

/** The error `run` throws. */
function caught(run) {
  try {
    run()
  } catch (error) {
    return error
  }
  assert.fail('no error')
}

for (const [by, decode] of Object.entries(DECODERS)) {
  // A case the web decoder accepts says so, and why (`web`): the decoder must accept it, so the difference is pinned too.
  for (const [file, entry] of Object.entries(cases).filter(([, entry]) => entry.web)) {
    test(`${by}: ${file}: accepted by the web decoder (${entry.web})`, () => {
      assert.match(entry.web, /^accepted: /)
      assert.ok(decode(read(file)))
    })
  }

  for (let [file, entry] of Object.entries(cases).filter(([, entry]) => !entry.web)) {
    test(`${by}: ${file}: ${entry.path || '(root)'}: ${entry.message}`, () => {
      const error = caught(() => decode(read(file)))
      // `webMessage`: the web decoder's own words where its bound differs (a shadow's radius has no upper one there).
      if (entry.webMessage) entry = { ...entry, message: entry.webMessage }
      if (decode == built && VERSION_2_WORDS[file]) entry = { ...entry, message: VERSION_2_WORDS[file] }
      assert.ok(matches(error, entry), `${JSON.stringify(error.path)}: ${error.message}\n  is not ${JSON.stringify(entry.path)}: ${entry.message}`)
    })
  }

  test(`${by}: the comparison fails for another path or another message`, () => {
    for (let [file, entry] of Object.entries(cases).filter(([, entry]) => !entry.web)) {
      if (entry.webMessage) entry = { ...entry, message: entry.webMessage }
      if (decode == built && VERSION_2_WORDS[file]) entry = { ...entry, message: VERSION_2_WORDS[file] }
      const error = caught(() => decode(read(file)))
      assert.ok(!matches(error, { ...entry, path: entry.path + '[0]' }), file)
      assert.ok(!matches(error, { ...entry, message: 'x' + entry.message }), file)
    }
  })
}
