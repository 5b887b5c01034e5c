// Which frame a moment of playback shows.

/**
 * The index of the frame `seconds` into a clip at `fps`, before wrapping or
 * holding: frame n is shown from t = n / fps (the 1e-6 absorbs the rounding
 * of seconds · fps), and never before the first.
 */
export const frameIndex = (fps, seconds) => Math.max(0, Math.floor(seconds * fps + 1e-6))

/**
 * The frame a time clip shows `seconds` into it, and how many plays it has
 * completed: a loop wraps after its last frame; a one-shot holds its last
 * frame and counts one play from there.
 */
export function frameAt({ frames, loop }, fps, seconds) {
  const i = frameIndex(fps, seconds)
  return loop ? { frame: i % frames, loops: Math.floor(i / frames) } : { frame: Math.min(i, frames - 1), loops: +(i >= frames - 1) }
}
