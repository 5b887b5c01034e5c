// Entry of the classic-script build (dist/loadmark-player.iife.js): defines the element and puts the module's
// exports on `window.Loadmark`, beside the helpers if their script ran first.
import * as module from './loadmark-player.js'

const { Loadmark, ...exports } = module
Object.assign((globalThis.Loadmark ??= {}), Loadmark, exports)
