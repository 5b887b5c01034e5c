// Seed 003's loading view: looping dots over a translucent layer.
import { indicator, position } from './indicator.js'

const overlayOf = (host) => host.querySelector(':scope > .loadmark-overlay')

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
