// The consistency check passes on the real engine and fails when any one
// platform's numbers are off by a single ULP (or a compact value by a quantum).
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { test } from 'node:test'

const check = new URL('./check.mjs', import.meta.url).pathname
const run = (...args) =>
  spawnSync(process.execPath, ['--experimental-websocket', check, '--fps', '60', ...args], { encoding: 'utf8', timeout: 120_000 })

test('every platform matches the native engine', { timeout: 150_000 }, () => {
  const result = run()
  assert.equal(result.status, 0, result.stdout + result.stderr)
  assert.match(result.stdout, /\| wasm \(Chromium\) \| 0 ulp \| 0 ulp \| 0 ulp \| 0 ulp \| 0 ulp \|/)
  assert.match(result.stdout, /\| wasm \(wasmkit\) \| 0 ulp \| 0 ulp \| 0 ulp \| 0 ulp \| 0 ulp \|/)
  assert.match(result.stdout, /\| wasm playground \(Node\) \| 0 ulp \| 0 ulp \| 0 ulp \| 0 ulp \| 0 ulp \|/)
  // Every catalogue indicator, its moving layers' transform tracks included.
  assert.match(result.stdout, /\| nv-ball-pulse-sync \| 0 ulp \| ok/)
  assert.doesNotMatch(result.stdout, /\| nv-[a-z-]+ \| FAIL/)
  assert.match(result.stdout, /consistent: every platform matches/)
})

for (const [platform, row] of [
  ['node', 'wasm \\(Node\\)'], ['chromium', 'wasm \\(Chromium\\)'], ['wasmkit', 'wasm \\(wasmkit\\)'],
  ['playground', 'wasm playground \\(Node\\)'],
]) {
  test(`one value one ULP off in ${platform} fails the check`, { timeout: 150_000 }, () => {
    const result = run('--perturb', platform, ...(platform == 'chromium' ? [] : ['--no-browser']))
    assert.equal(result.status, 1, result.stdout + result.stderr)
    assert.match(result.stdout, new RegExp(`\\| ${row} \\| FAIL 1 ulp \\(main border\\.sweep @60 fps frame 0\\)`))
    assert.match(result.stdout, /mismatch: 1 comparison\(s\) failed/)
  })
}

test('a compact value off by a quantum fails the check', { timeout: 150_000 }, () => {
  const result = run('--perturb', 'player', '--no-browser')
  assert.equal(result.status, 1, result.stdout + result.stderr)
  assert.match(result.stdout, /\| compact JSON \(player\) \| FAIL/)
})

test('a catalogue value one ULP off in the playground fails the check, naming the indicator', { timeout: 150_000 }, () => {
  const result = run('--perturb', 'catalogue', '--no-browser')
  assert.equal(result.status, 1, result.stdout + result.stderr)
  assert.match(result.stdout, /\| nv-ball-beat \| FAIL \(loop /)
  assert.match(result.stdout, /mismatch: 1 comparison\(s\) failed/)
})
