// Types of the Loadmark helpers: `loadmark/helpers` (dist/loadmark-helpers.js) and, on `window.Loadmark`, the
// classic script dist/loadmark-helpers.iife.js. Importing the module also imports the player, which defines
// <loadmark-player>.
import './loadmark-player.js'

/**
 * Covers `element` (made `position: relative` if it is static), or the viewport when omitted, with the looping
 * dots on a translucent layer, and returns that layer. A second call returns the same one.
 */
export function showLoading(element?: HTMLElement | null, options?: { src?: string }): HTMLDivElement

/** Removes the layer of `showLoading(element)`. */
export function hideLoading(element?: HTMLElement | null): void

/** What `pullToRefresh` returns. */
export interface PullToRefresh<T> {
  /** Starts a refresh from code; resolves with `onRefresh()`'s result (undefined when one is already running). */
  refresh(): Promise<T | undefined>
  /** Removes the header and every listener. */
  destroy(): void
}

/**
 * Pull-to-refresh on `scroller` (seed 004): pulled down `threshold` CSS pixels and released, the spinner plays until
 * the promise from `onRefresh()` settles.
 */
export function pullToRefresh<T = unknown>(
  scroller: HTMLElement,
  options?: { onRefresh?: () => T | Promise<T>; src?: string; threshold?: number },
): PullToRefresh<T>

/**
 * Seed 000 as a host API: the loading dots cover `element` until `promise` settles, then the success (fulfilled)
 * or error (rejected) document plays once; resolves or rejects as `promise` did.
 */
export function resolve<T>(
  element: HTMLElement | null | undefined,
  promise: T | PromiseLike<T>,
  options?: { loading?: string; success?: string; error?: string },
): Promise<T>
