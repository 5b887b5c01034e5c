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
 *
 * The gallery's host API sections use the helpers (their classic script, on
 * window.Loadmark), with the documents the page holds inline:
 *
 *   [data-lm-overlay]        showLoading/hideLoading over [data-lm-overlay-host]
 *     [data-lm-overlay-options]  a form of the overlay's options
 *     [data-lm-overlay-show], [data-lm-overlay-hide="" | "success" | "error"]
 *   [data-lm-pull]           pullToRefresh on [data-lm-pull-list]
 *   [data-lm-status-section] a <loadmark-status> and [data-lm-state] buttons
 *   [data-lm-upload]         a progress player, its slider and a simulated upload
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
  const players = () => document.querySelectorAll('loadmark-player, loadmark-status')
  picker?.addEventListener('input', () => {
    for (const player of players()) player.setAttribute('color', picker.value)
  })
  reset?.addEventListener('click', () => {
    for (const player of players()) player.removeAttribute('color')
  })
}

/** Resolves after `ms` milliseconds. */
const delay = (ms) => new Promise((done) => setTimeout(done, ms))

/** The loading overlay over the demo box, with the options its form gives. */
function wireOverlay(section) {
  const host = section.querySelector('[data-lm-overlay-host]'), form = section.querySelector('[data-lm-overlay-options]')
  const options = () => {
    const value = (name) => form.elements[name].value, number = (name) => Math.max(0, Number(value(name)) || 0)
    return {
      src: section.dataset.lmLoading, success: section.dataset.lmSuccess, error: section.dataset.lmError,
      mask: value('mask') == 'custom' ? value('color') + '99' : value('mask'), text: value('text'),
      grace: number('grace'), minimum: number('minimum'), fade: number('fade'), hold: number('hold'),
    }
  }
  section.querySelector('[data-lm-overlay-show]').addEventListener('click', () => Loadmark.showLoading(host, options()))
  for (const button of section.querySelectorAll('[data-lm-overlay-hide]')) {
    button.addEventListener('click', () => Loadmark.hideLoading(host, button.dataset.lmOverlayHide || undefined))
  }
}

/** Pull-to-refresh on the demo list: a refresh takes 1.5 s and says when it ended. */
function wirePull(section) {
  const note = section.querySelector('[data-lm-pull-note]')
  let count = 0
  Loadmark.pullToRefresh(section.querySelector('[data-lm-pull-list]'), {
    src: section.dataset.lmRefresh,
    onRefresh: async () => {
      note.textContent = 'Refreshing…'
      await delay(1500)
      note.textContent = `Refreshed ${++count} time${count == 1 ? '' : 's'}.`
    },
  })
}

/** The status element and its buttons; its events in the note. */
function wireStatus(section) {
  const status = section.querySelector('[data-lm-status]'), note = section.querySelector('[data-lm-status-note]')
  for (const button of section.querySelectorAll('[data-lm-state]')) button.addEventListener('click', () => (status.state = button.dataset.lmState))
  status.addEventListener('statechange', (event) => (note.textContent = `State: ${event.detail.state}`))
  status.addEventListener('complete', () => (note.textContent = `State: ${status.state}, mark drawn`))
}

/** The progress player, its slider, and an upload simulated as seed 002's timer does: +0.1 every 0.1 s. */
function wireUpload(section) {
  const player = section.querySelector('[data-lm-upload-player]'), slider = section.querySelector('[data-lm-upload-slider]')
  const note = section.querySelector('[data-lm-upload-note]'), run = section.querySelector('[data-lm-upload-run]')
  const show = (value) => {
    slider.value = value
    player.progress = value
    note.textContent = `Progress ${Math.round(Math.min(value, 1) * 100)} %`
  }
  let timer = 0
  slider.addEventListener('input', () => {
    clearInterval(timer)
    show(Number(slider.value))
  })
  run.addEventListener('click', () => {
    clearInterval(timer)
    let value = 0
    show(0)
    timer = setInterval(() => {
      value = Math.round((value + 0.1) * 10) / 10
      show(value)
      if (value >= 1) clearInterval(timer)
    }, 100)
  })
  player.addEventListener('complete', (event) => event.detail.clip == 'done' && (note.textContent = 'Uploaded: the check is drawn'))
}

for (const card of document.querySelectorAll('.lm-card')) wireCard(card)
wireTheme()
// The host API sections need the helpers, which a page without them does not have.
if (globalThis.Loadmark?.showLoading) {
  for (const section of document.querySelectorAll('[data-lm-overlay]')) wireOverlay(section)
  for (const section of document.querySelectorAll('[data-lm-pull]')) wirePull(section)
  for (const section of document.querySelectorAll('[data-lm-status-section]')) wireStatus(section)
  for (const section of document.querySelectorAll('[data-lm-upload]')) wireUpload(section)
}
