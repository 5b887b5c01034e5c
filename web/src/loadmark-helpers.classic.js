// Entry of the classic-script build (dist/loadmark-helpers.iife.js): the helpers on `window.Loadmark`. The player's
// classic script defines the element; load it too (before or after this one).
import { hideLoading, showLoading } from './helpers/overlay.js'
import { pullToRefresh } from './helpers/pull.js'
import { resolve } from './helpers/resolve.js'

Object.assign((globalThis.Loadmark ??= {}), { showLoading, hideLoading, pullToRefresh, resolve })
