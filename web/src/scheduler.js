// One requestAnimationFrame callback for every playing player on the page,
// however many there are.

const playing = new Set()
let request = 0

/** The frame callback: each playing player advances with the frame's timestamp. */
function frame(now) {
  request = 0
  for (const player of playing) player._tick(now)
  wake()
}

function wake() {
  if (!request && playing.size) request = requestAnimationFrame(frame)
}

/**
 * Adds `player` to the frame loop, or takes it out; a player taken out
 * forgets its time base, so that it resumes where it stopped without a jump.
 * The loop stops when no player is in it.
 */
export function schedule(player, on) {
  if (on) playing.add(player)
  else if (playing.delete(player)) player._start = null
  if (request && !playing.size) request = cancelAnimationFrame(request) ?? 0
  wake()
}

/**
 * The time of the frame being made (ms, the clock of requestAnimationFrame's timestamps): the document timeline's
 * current time, which every callback of a frame shares and events between frames see as the last frame's; null
 * or undefined where there is none.
 */
export const frameTime = () => globalThis.document?.timeline?.currentTime
