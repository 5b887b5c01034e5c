// Comparisons for the consistency check: ULP distance, FNV-1a over bit
// patterns (the wasm module's own hash), and deviation within a quantum.

/** Maps a double's bits to an integer line where adjacent doubles differ by 1. */
function ordered(bits) {
  return bits >> 63n ? -(bits & 0x7fffffffffffffffn) : bits
}

/** The largest ULP distance between two equal-length Float64Arrays, and where. */
export function ulps(a, b) {
  if (a.length != b.length) return { ulp: BigInt(Number.MAX_SAFE_INTEGER), index: 0 }
  const x = new BigUint64Array(a.buffer, a.byteOffset, a.length)
  const y = new BigUint64Array(b.buffer, b.byteOffset, b.length)
  let worst = { ulp: 0n, index: 0 }
  for (let i = 0; i < x.length; i++) {
    if (x[i] == y[i]) continue
    let d = ordered(x[i]) - ordered(y[i])
    if (d < 0n) d = -d
    if (d > worst.ulp) worst = { ulp: d, index: i }
  }
  return worst
}

/** FNV-1a 64 over the little-endian bytes of each value, as lm_check_hash computes it. */
export function fnv1a(values) {
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength)
  let hash = 0xcbf29ce484222325n
  for (const byte of bytes) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n)
  return hash
}

/** The largest |expected − actual(key, frame)| over a clip, and its track. */
export function maxDeviation(expected, actual, frames) {
  let worst = { value: 0, key: expected.keys[0] }
  expected.keys.forEach((key, t) => {
    for (let f = 0; f < frames; f++) {
      const d = Math.abs(expected.values[f * expected.keys.length + t] - actual(key, f))
      if (!(d <= worst.value)) worst = { value: d, key }
    }
  })
  return worst
}
