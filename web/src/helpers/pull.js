// Seed 004 as a host API: pull-to-refresh with MJRefresh's semantics.
import { indicator, position } from './indicator.js'

/** Pull-to-refresh on `scroller`; returns {refresh(), destroy()}. */
export function pullToRefresh(scroller, { onRefresh, src = 'refresh.json', threshold = 60 } = {}) {
  const header = document.createElement('div'), spinner = indicator(src, 'width:51px;height:51px'), stopper = new AbortController()
  let startY = null, percent = 0, busy = false
  const show = (opacity, reveal) => Object.assign(header.style, { opacity, transform: `translateY(${(reveal - 1) * 100}%)` })
  const idle = () => {
    spinner.pause()
    show(0, 0)
  }
  const refresh = async () => {
    if (busy) return
    busy = true
    show(1, 1)
    spinner.play('spin')
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
      spinner.progress = percent - Math.floor(percent)
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
      spinner.destroy()
      header.remove()
    },
  }
}
