// Seed 003's loading view as a page needs it: showLoadingInView covers a view (or the window) with the looping dots;
// here the covered region is also made inert and busy for everyone, focus is kept and given back, a polite live
// region says "Loading" and then the outcome, and a HUD's timing applies: grace, minimum, fades and a hold.
import { VISUALLY_HIDDEN, delay, element, fade, next, position } from './indicator.js'

/** The overlay of each host, with what it changed. */
const overlays = new Map()

/** The mask's colour for each named mask: the seed's view is clear. */
const MASKS = { clear: 'transparent', dim: 'rgb(0 0 0 / 0.4)' }

/**
 * Covers `element` (default: the viewport) with the loading indicator and returns the overlay; a second call
 * returns the same one (seed 003 reuses its view). Options: `src` (the loading document), `success` and `error`
 * (the outcomes' documents), `engine`; `mask` ('clear', 'dim' or a CSS colour); `text` (shown, and announced);
 * `label` (announced, default "Loading"); `successText` and `errorText` (announced outcomes); `fade`, `grace`,
 * `minimum` and `hold` in milliseconds.
 */
export function showLoading(element_, options = {}) {
  const host = element_ ?? document.body
  let record = overlays.get(host)
  if (record) {
    // Shown again while it hides: it stays, loading.
    record._hiding = null
    record._status.setAttribute('state', 'loading')
    return record._overlay
  }
  const { src, success, error, engine, mask = 'clear', text = '', label = 'Loading', fade: fadeMs = 150, grace = 0, minimum = 0 } = options
  const overlay = element('div', `position:${element_ ? 'absolute' : 'fixed'};inset:0;z-index:999;display:grid;place-content:center;justify-items:center;gap:12px;outline:none;background:${MASKS[mask] ?? mask}`, { class: 'loadmark-overlay', tabindex: -1 })
  // The indicator is what sighted users see; the live region speaks for it.
  const status = element('loadmark-status', 'width:120px;height:40px;max-width:80vw', { loading: src, success, error, engine, 'aria-hidden': 'true' })
  const live = element('div', text ? 'padding:4px 12px;border-radius:999px;background:Canvas;color:CanvasText;font:600 14px system-ui,sans-serif' : VISUALLY_HIDDEN, { role: 'status' })
  overlay.append(status, live)
  record = { _overlay: overlay, _status: status, _live: live, _options: options }
  overlays.set(host, record)
  const reveal = () => {
    if (element_) position(host)
    const active = document.activeElement
    host.append(overlay)
    // What the overlay covers: the host's other children, inert (no clicks, focus or reading) and busy.
    record._covered = [...host.children].filter((child) => child != overlay).map((child) => [child, child.inert, child.getAttribute('aria-busy')])
    for (const [child] of record._covered) {
      child.inert = true
      child.setAttribute('aria-busy', 'true')
    }
    // Focus inside stays in the overlay, and goes back when it hides.
    if (host.contains(active) && active != host) {
      record._focus = active
      overlay.focus({ preventScroll: true })
    }
    record._shown = true
    record._ready = delay(minimum)
    fade(overlay, fadeMs)
    // A live region speaks when its text changes after it is in the page.
    requestAnimationFrame(() => (live.textContent = text || label))
  }
  if (grace > 0) record._timer = setTimeout(reveal, grace)
  else reveal()
  return overlay
}

/**
 * Hides the overlay of `showLoading(element)`; resolves once it is gone. Within the grace time nothing was shown
 * and nothing is. Otherwise it waits for the minimum time, then with an `outcome` ('success' or 'error') plays that
 * mark in the indicator's place, announces it and holds it, and fades out. Inertness, busy state and focus are given
 * back as they were.
 */
export async function hideLoading(element_, outcome) {
  const host = element_ ?? document.body, record = overlays.get(host)
  if (!record) return
  const { _overlay: overlay, _status: status, _live: live, _options: options } = record, token = (record._hiding = {})
  if (!record._shown) {
    clearTimeout(record._timer)
    return void overlays.delete(host)
  }
  await record._ready
  if (outcome && record._hiding == token) {
    const done = next(status, ['complete', 'error'])
    status.setAttribute('state', outcome)
    live.textContent = outcome == 'error' ? options.errorText ?? 'Failed' : options.successText ?? 'Done'
    await done
    await delay(options.hold ?? 600)
  }
  if (record._hiding == token) await fade(overlay, options.fade ?? 150, true)
  // Shown again meanwhile: it stays.
  if (record._hiding != token) return
  overlays.delete(host)
  overlay.remove()
  for (const [child, inert, busy] of record._covered) {
    child.inert = inert
    busy == null ? child.removeAttribute('aria-busy') : child.setAttribute('aria-busy', busy)
  }
  const active = document.activeElement
  if (record._focus?.isConnected && (!active || active == document.body)) record._focus.focus({ preventScroll: true })
}
