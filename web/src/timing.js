// Which frame a moment of playback shows. Plain numbers in and out: the frame loop calls these for every player.

/**
 * The index of the frame `seconds` into a clip at `fps`, before wrapping or
 * holding: frame n is shown from t = n / fps (the 1e-6 absorbs the rounding
 * of seconds · fps), and never before the first; at most 1e15, so that a loop
 * wraps even a time of 1e308 s (Infinity % frames would be NaN).
 */
export const frameIndex = (fps, seconds) => Math.max(0, Math.min(Math.floor(seconds * fps + 1e-6), 1e15))

/**
 * The frame index `i` shows: a loop wraps after its last frame, unless it has periodic tracks (decode.js, which
 * marks it `_periodic`, Infinity: i % Infinity is i), whose frame counts on from its start, since each track wraps
 * at its own length (`valueAt`); a one-shot holds its last frame.
 */
export const frameOf = (clip, i) => (clip.loop ? i % (clip._periodic || clip.frames) : Math.min(i, clip.frames - 1))

/** How many plays index `i` has completed: a loop's wraps; a one-shot counts one from its last frame on. */
export const playsAt = ({ frames, loop }, i) => (loop ? Math.floor(i / frames) : +(i >= frames - 1))

/**
 * The frame a progress clip shows for the host's progress `p`: below the
 * domain, its first; past it, its last, or with `repeatFrom` r the stretch
 * from r to the end again (seed 004's pull past its threshold); then the
 * nearest frame (docs/FORMAT.md, "Progress clips"). A time clip has no
 * domain: its progress runs from 0 to 1.
 */
export function progressFrame({ frames, domain: [from, to] = [0, 1], repeatFrom: r }, p) {
  if (p > to && r != null) p = r + ((p - r) % (to - r))
  return Math.round(((Math.min(Math.max(p, from), to) - from) / (to - from)) * (frames - 1))
}

/**
 * The value of `track` (a decoded track: `frames` values, or a periodic
 * track's values over its period) at index `i` of `clip` as it plays: a
 * one-shot holds its last frame, and then every track wraps at its own
 * length, so a loop's tracks each wrap at their own period (docs/FORMAT.md,
 * "Reading a track at a frame"; FrameDocument.Clip.value(of:atFrame:) is
 * the same rule).
 */
export const valueAt = ({ frames, loop }, track, i) => track[(loop ? Math.max(i, 0) : Math.min(Math.max(i, 0), frames - 1)) % track.length]
