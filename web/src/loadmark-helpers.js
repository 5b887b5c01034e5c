// The seeds' host APIs for web pages, built on <loadmark-player>: a loading overlay, pull-to-refresh, and a
// loader that resolves into success or error. Importing it imports the player, which defines the element.
import './loadmark-player.js'

export { hideLoading, showLoading } from './helpers/overlay.js'
export { pullToRefresh } from './helpers/pull.js'
export { resolve } from './helpers/resolve.js'
