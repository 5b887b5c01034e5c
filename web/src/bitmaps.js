// Finished frames kept as bitmaps and shared: every player showing a clip at
// the same backing size, fit and theme colour leases one set of frames. A
// frame is drawn once, into a scratch OffscreenCanvas, and then copied with
// one drawImage per frame; blurred shadows and static layers are never drawn
// again. A set lives while a player leases it.

/** The pixels all kept frames may hold together: 2^23 (32 MB of RGBA). Past it, players draw each frame. */
let budget = 1 << 23
let scratch

/** The frames of `clip` for `key` (size, fit and colour), leased by one more player. */
export function lease(clip, key) {
  const sets = (clip._sets ??= new Map())
  let set = sets.get(key)
  if (!set) sets.set(key, (set = { _clip: clip, _key: key, _frames: [], _pixels: 0, _users: 0 }))
  set._users++
  return set
}

/** Gives a lease back; the last one frees the frames. */
export function release(set) {
  if (!set || --set._users) return
  set._clip._sets.delete(set._key)
  set._frames.forEach((bitmap) => bitmap.close())
  budget += set._pixels
}

/**
 * Frame `n` of `set`, which it does not hold yet, as a bitmap of `width` ×
 * `height`, drawn with `draw(ctx)`; null where there is no OffscreenCanvas or
 * the budget is spent.
 */
export function bitmap(set, n, width, height, draw) {
  const pixels = width * height
  if (!globalThis.OffscreenCanvas || pixels > budget) return null
  scratch ??= new OffscreenCanvas(width, height)
  if (scratch.width != width || scratch.height != height) Object.assign(scratch, { width, height })
  draw(scratch.getContext('2d'))
  budget -= pixels
  set._pixels += pixels
  return (set._frames[n] = scratch.transferToImageBitmap())
}
