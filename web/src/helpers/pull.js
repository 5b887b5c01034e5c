// Seed 004 as a host API, with MJRefresh's states: idle, pulling, refreshing. The header pushes the content down as
// it is pulled and collapses when refreshing ends; the pull percent P is the distance over the threshold, and the
// document's `pull` clip, whose domain and repeat carry what the seed does past the threshold, shows P as it is.
import { VISUALLY_HIDDEN, element, reducedMotion } from './indicator.js'
import { presetURL } from './presets.js'

/** How far a pointer moves before a press becomes a pull, in CSS pixels. */
const SLOP = 4

/**
 * Pull-to-refresh on `scroller`, by touch, mouse or pen (Pointer Events), and a "Refresh" button for keyboards and
 * assistive technology (`button`: 'focus', shown when focused, the default; 'always'; or false). Returns
 * `{refresh(), destroy()}`.
 */
export function pullToRefresh(scroller, { onRefresh, src, engine, threshold = 60, button = 'focus', label = 'Refresh' } = {}) {
  const stopper = new AbortController(), signal = stopper.signal
  const header = element('div', 'height:0;overflow:hidden;display:flex;align-items:flex-end;justify-content:center;pointer-events:none', { 'aria-hidden': 'true' })
  const spinner = element('loadmark-player', 'flex:none;width:51px;height:51px', { clip: 'pull', progress: 0, ...(engine ? { engine, preset: src || 'refresh' } : { src: src || presetURL('refresh') }) })
  const control = button && element('button', button == 'always' ? 'display:block;margin:4px auto' : VISUALLY_HIDDEN, { type: 'button' })
  let pointer = null, startY = 0, height = 0, pulled = false, busy = false, motion
  /** Sets the header's height, animating from where it is unless `now`; a new height ends the last animation. */
  const open = (to, now) => {
    const from = height
    motion?.cancel()
    header.style.height = (height = to) + 'px'
    if (!now && from != to && !reducedMotion()) motion = header.animate?.([{ height: from + 'px' }, { height: to + 'px' }], { duration: 250, easing: 'ease-out' })
  }
  /** The pull percent, as seed 004's setPullingPercent receives it. */
  const pull = (distance) => {
    open(distance, true)
    spinner.progress = distance / threshold
  }
  const refresh = async () => {
    if (busy) return
    busy = true
    scroller.setAttribute('aria-busy', 'true')
    open(threshold)
    spinner.play('spin')
    try {
      return await onRefresh?.()
    } finally {
      // The seed's idle state pauses the spin where it is; the header collapses, and then the pull starts over.
      spinner.pause()
      open(0)
      scroller.removeAttribute('aria-busy')
      busy = false
    }
  }
  // At the top the list takes over downward drags from the browser, which would scroll or reload the page.
  const touchAction = () => (scroller.style.touchAction = scroller.scrollTop > 0 || busy ? '' : 'pan-x pan-down')
  const on = (target, type, handler) => target.addEventListener(type, handler, { signal })
  on(scroller, 'scroll', touchAction)
  on(scroller, 'pointerdown', (event) => {
    if (busy || pointer != null || scroller.scrollTop > 0 || !event.isPrimary || event.button) return
    pointer = event.pointerId
    startY = event.clientY
    pulled = false
  })
  on(scroller, 'pointermove', (event) => {
    if (event.pointerId != pointer) return
    const distance = event.clientY - startY
    if (!pulled && distance > SLOP) {
      pulled = true
      // A pull is no text selection: what a press began to select is let go, and nothing more is.
      getSelection()?.removeAllRanges()
      scroller.style.userSelect = 'none'
      scroller.setPointerCapture?.(pointer)
    }
    if (pulled) {
      pull(Math.max(0, distance))
      if (event.cancelable) event.preventDefault()
    }
  })
  const end = (event) => {
    if (event.pointerId != pointer) return
    pointer = null
    scroller.style.userSelect = ''
    if (!pulled) return
    // Released at or past the threshold it refreshes; earlier it snaps back.
    if (height >= threshold) refresh().catch(() => {})
    else open(0)
  }
  on(scroller, 'pointerup', end)
  on(scroller, 'pointercancel', end)
  // Text selection starts on press, before any move; a pull stops it from growing.
  on(scroller, 'selectstart', (event) => pulled && pointer != null && event.preventDefault())
  header.append(spinner)
  if (control) {
    control.textContent = label
    on(control, 'click', () => refresh().catch(() => {}))
    if (button != 'always') {
      on(control, 'focus', () => (control.style.cssText = 'display:block;margin:4px auto'))
      on(control, 'blur', () => (control.style.cssText = VISUALLY_HIDDEN))
    }
  }
  // No reload or bounce of the page past the list's ends, and no scroll anchoring: the header is to push the rows.
  Object.assign(scroller.style, { overscrollBehaviorY: 'contain', overflowAnchor: 'none' })
  scroller.prepend(...[control, header].filter(Boolean))
  touchAction()
  return {
    refresh,
    destroy() {
      stopper.abort()
      spinner.destroy?.()
      control?.remove()
      header.remove()
      Object.assign(scroller.style, { touchAction: '', overscrollBehaviorY: '', overflowAnchor: '', userSelect: '' })
    },
  }
}
