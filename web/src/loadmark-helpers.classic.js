// Entry of the classic-script build (dist/loadmark-helpers.iife.js): the helpers on `window.Loadmark`, and
// <loadmark-status> once the player's classic script defines <loadmark-player> (before or after this one).
import { hideLoading, showLoading } from './helpers/overlay.js'
import { pullToRefresh } from './helpers/pull.js'
import { resolve } from './helpers/resolve.js'
import { defineStatus } from './helpers/status.js'

Object.assign((globalThis.Loadmark ??= {}), { showLoading, hideLoading, pullToRefresh, resolve })
defineStatus()
