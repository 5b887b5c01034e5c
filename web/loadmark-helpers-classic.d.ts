// Types of the helpers' classic script, dist/loadmark-helpers.iife.js (`loadmark/helpers/classic`): it adds the
// helpers to `window.Loadmark` and defines <loadmark-status>. It needs the player's classic script, so these types
// bring that script's too: `/// <reference types="loadmark/helpers/classic" />` types both.
import type {} from './loadmark-classic.js'
import type { hideLoading, pullToRefresh, resolve, showLoading } from './loadmark-helpers.js'

declare global {
  interface LoadmarkClassic {
    /** Covers an element, or the viewport, with the loading indicator, and returns the overlay. */
    showLoading: typeof showLoading
    /** Hides the overlay of `showLoading`, with an outcome's mark first if one is given. */
    hideLoading: typeof hideLoading
    /** Pull-to-refresh on a scroller, by touch, mouse or pen, with a keyboard alternative. */
    pullToRefresh: typeof pullToRefresh
    /** The loading indicator over an element until a promise settles, then its success or error mark. */
    resolve: typeof resolve
  }
}
