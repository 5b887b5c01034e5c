// Size budgets: gzip -9 bytes of each module (node:zlib level 9 matches gzip -9 within a few bytes).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import test from 'node:test'
import { gzipSync } from 'node:zlib'

const budgets = { 'loadmark-player.js': 4096, 'loadmark-helpers.js': 2048 }

for (const [file, budget] of Object.entries(budgets)) {
  test(`${file} fits in ${budget} bytes gzipped`, () => {
    const source = readFileSync(new URL(`../${file}`, import.meta.url))
    const gzipped = gzipSync(source, { level: 9 }).length
    console.log(`${file}: ${source.length} bytes raw, ${gzipped} bytes gzip -9 (budget ${budget})`)
    assert.ok(gzipped <= budget, `${file} is ${gzipped} bytes gzipped; the budget is ${budget}`)
  })
}

test('both modules import without a DOM', async () => {
  const player = await import('../loadmark-player.js')
  const helpers = await import('../loadmark-helpers.js')
  assert.deepEqual(Object.keys(player).sort(), ['Loadmark', 'LoadmarkPlayerElement', 'Player', 'arcArgs', 'decode', 'frameAt', 'trim'])
  assert.equal(player.LoadmarkPlayerElement, undefined)
  assert.deepEqual(Object.keys(helpers).sort(), ['hideLoading', 'pullToRefresh', 'resolve', 'showLoading'])
})
