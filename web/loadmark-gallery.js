/**
 * Loadmark gallery: wires the controls of pages written by `loadmark gallery`
 * and `loadmark html` to their <loadmark-player> elements.
 *
 * It imports nothing and only looks for elements by their data attributes, so
 * it runs as an inline module on a page opened from file:// as well as from a
 * file beside the page. The player module defines the element; this one uses
 * its methods (play, pause, the frame property), its attributes (speed,
 * progress, color) and its events (play, pause, frame, complete). Speed,
 * progress and colour are set as attributes because the element re-reads its
 * attributes whenever one changes: a value kept there is never undone.
 *
 *   .lm-card                 one clip: a player and its controls
 *     [data-lm-play]         play/pause button
 *     [data-lm-frame]        frame scrubber (input type=range, 0 … frames − 1)
 *     [data-lm-speed]        playback rate menu
 *     [data-lm-progress]     progress slider of a progress clip (0 … 1)
 *     [data-lm-size]         size slider of a live player (engine="wasm"), in CSS px
 *   [data-lm-theme]          colour input: the accent colour of every player
 *   [data-lm-theme-reset]    button: back to each document's own colours
 */

/** How long a finished one-shot clip rests on its last frame before playing again. */
const REST_BEFORE_REPLAY_MS = 1200

const prefersReducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches

/** Wires one card's controls to its player. */
function wireCard(card) {
  const player = card.querySelector('loadmark-player')
  if (!player) return
  const button = card.querySelector('[data-lm-play]')
  const scrubber = card.querySelector('[data-lm-frame]')
  const speed = card.querySelector('[data-lm-speed]')
  const progress = card.querySelector('[data-lm-progress]')
  const size = card.querySelector('[data-lm-size]')

  // Whether the viewer wants this card moving. Autoplay starts it; the button
  // and the scrubber change it. A one-shot clip that completes while wanted is
  // replayed after a rest, so the gallery keeps showing every animation.
  let wanted = player.hasAttribute('autoplay')
  let replay = 0
  const showPlaying = (playing) => {
    if (!button) return
    button.textContent = playing ? 'Pause' : 'Play'
    button.setAttribute('aria-pressed', String(playing))
  }
  const want = (playing) => {
    clearTimeout(replay)
    wanted = playing
    showPlaying(playing)
  }

  player.addEventListener('play', () => showPlaying(true))
  player.addEventListener('pause', () => showPlaying(false))
  player.addEventListener('complete', () => {
    showPlaying(false)
    // With reduced motion a one-shot completes at once; replaying it would only loop that.
    if (wanted && !prefersReducedMotion()) replay = setTimeout(() => wanted && player.play(), REST_BEFORE_REPLAY_MS)
  })
  player.addEventListener('frame', (event) => {
    if (scrubber) scrubber.value = event.detail.frame
  })

  button?.addEventListener('click', () => {
    want(!wanted)
    if (wanted) player.play()
    else player.pause()
  })
  scrubber?.addEventListener('input', () => {
    // Scrubbing is for looking at one frame, so playback stops there.
    want(false)
    player.pause()
    player.frame = Number(scrubber.value)
  })
  speed?.addEventListener('change', () => player.setAttribute('speed', speed.value))
  progress?.addEventListener('input', () => player.setAttribute('progress', progress.value))
  // A live player recomputes its document at the new size (web/loadmark-wasm.js).
  size?.addEventListener('change', () => player.setAttribute('size', size.value))
}

/** Wires the theme colour picker and its reset button to every player on the page. */
function wireTheme() {
  const picker = document.querySelector('[data-lm-theme]')
  const reset = document.querySelector('[data-lm-theme-reset]')
  // A player's colour redraws it at once, even paused; --loadmark-color is only read as it plays.
  const players = () => document.querySelectorAll('loadmark-player')
  picker?.addEventListener('input', () => {
    for (const player of players()) player.setAttribute('color', picker.value)
  })
  reset?.addEventListener('click', () => {
    for (const player of players()) player.removeAttribute('color')
  })
}

for (const card of document.querySelectorAll('.lm-card')) wireCard(card)
wireTheme()
