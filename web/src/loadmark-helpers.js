// The seeds' host APIs for web pages, built on <loadmark-player>: a loading overlay, pull-to-refresh, a loader that
// resolves into success or error, and <loadmark-status>, one element from loading to an outcome. Importing it imports
// the player, which defines the element.
import './loadmark-player.js'
import { defineStatus } from './helpers/status.js'

defineStatus()

export { hideLoading, showLoading } from './helpers/overlay.js'
export { pullToRefresh } from './helpers/pull.js'
export { resolve } from './helpers/resolve.js'
