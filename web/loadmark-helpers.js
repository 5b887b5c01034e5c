// Loadmark helpers: the seeds' host APIs for web pages, built on <loadmark-player>.
import './loadmark-player.js'

const overlayOf = (host) => host.querySelector(':scope > .loadmark-overlay')

// An autoplaying <loadmark-player>; `done` listens before `src` starts the load.
function indicator(src, style, clip, done) {
  const element = document.createElement('loadmark-player')
  element.style.cssText = style
  if (clip) element.setAttribute('clip', clip)
  element.setAttribute('autoplay', '')
  if (done) for (const type of ['complete', 'error']) element.addEventListener(type, done, { once: true })
  element.setAttribute('src', src)
  return element
}

// Absolutely positioned children need a positioned parent.
function position(element) {
  if (getComputedStyle(element).position == 'static') element.style.position = 'relative'
}

/** Covers `element` (default: the viewport) with looping dots on a translucent layer; returns the overlay. */
export function showLoading(element, { src = 'dots.json' } = {}) {
  const host = element ?? document.body
  // Seed 003 reuses its loadingView: a second call does not stack a second overlay.
  let overlay = overlayOf(host)
  if (overlay) return overlay
  overlay = document.createElement('div')
  overlay.className = 'loadmark-overlay'
  overlay.style.cssText = `position:${element ? 'absolute' : 'fixed'};inset:0;z-index:999;display:grid;place-items:center;background:#fff9`
  overlay.append(indicator(src, 'width:120px;height:40px;max-width:80%'))
  if (element) position(element)
  host.append(overlay)
  return overlay
}

/** Removes the overlay of showLoading(element). */
export function hideLoading(element) {
  overlayOf(element ?? document.body)?.remove()
}

/** Pull-to-refresh on `scroller` with MJRefresh semantics; returns {refresh(), destroy()}. */
export function pullToRefresh(scroller, { onRefresh, src = 'refresh.json', threshold = 60 } = {}) {
  const header = document.createElement('div'), spinner = indicator(src, 'width:51px;height:51px'), stopper = new AbortController()
  const player = spinner.player
  let startY = null, percent = 0, busy = false
  const show = (opacity, reveal) => Object.assign(header.style, { opacity, transform: `translateY(${(reveal - 1) * 100}%)` })
  const idle = () => {
    player.pause()
    show(0, 0)
  }
  const refresh = async () => {
    if (busy) return
    busy = true
    show(1, 1)
    player.play('spin')
    try {
      return await onRefresh?.()
    } finally {
      busy = false
      idle()
    }
  }
  const start = (y) => {
    if (scroller.scrollTop <= 0 && !busy) startY = y
  }
  const move = (y, event) => {
    if (startY == null) return
    percent = Math.max(0, y - startY) / threshold
    // Seed 004's setPullingPercent: progress P − floor(P) and opacity P, left alone at P = 0.
    if (percent > 0) {
      player.progress = percent - Math.floor(percent)
      header.style.opacity = Math.min(percent, 1)
      if (event.cancelable) event.preventDefault()
    }
    header.style.transform = `translateY(${(Math.min(percent, 1) - 1) * 100}%)`
  }
  const end = () => {
    if (startY == null) return
    startY = null
    if (percent >= 1) refresh().catch(() => {})
    else idle()
  }
  const on = (target, type, handler, passive = true) => target.addEventListener(type, handler, { passive, signal: stopper.signal })
  // Touch events for fingers (scrolling cancels touch pointers); pointer events for mouse and pen.
  const pointer = (handler) => (event) => event.pointerType != 'touch' && handler(event.clientY, event)
  on(scroller, 'touchstart', (event) => start(event.touches[0].clientY))
  on(scroller, 'touchmove', (event) => move(event.touches[0].clientY, event), false)
  on(scroller, 'touchend', end)
  on(scroller, 'touchcancel', end)
  on(scroller, 'pointerdown', pointer(start))
  on(window, 'pointermove', pointer(move), false)
  on(window, 'pointerup', pointer(end))
  header.style.cssText = `position:absolute;left:0;right:0;top:0;height:${threshold}px;display:grid;place-items:center;pointer-events:none`
  header.append(spinner)
  position(scroller)
  scroller.prepend(header)
  idle()
  return {
    refresh,
    destroy() {
      stopper.abort()
      player.destroy()
      header.remove()
    },
  }
}

/** Seed 000 as a host API: dots until `promise` settles, then success or error `main` once; returns its outcome. */
export async function resolve(element, promise, { loading = 'dots.json', success = 'success.json', error = 'error.json' } = {}) {
  const overlay = showLoading(element, { src: loading })
  let outcome, failed = false
  try {
    outcome = await promise
  } catch (reason) {
    outcome = reason
    failed = true
  }
  await new Promise((done) => overlay.replaceChildren(indicator(failed ? error : success, 'width:64px;height:64px', 'main', done)))
  // The finished mark stays up a moment before the content shows again.
  await new Promise((done) => setTimeout(done, 600))
  hideLoading(element)
  if (failed) throw outcome
  return outcome
}
