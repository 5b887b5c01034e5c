// A classic script's TypeScript, no import: the reference types `window.Loadmark` as the two classic scripts fill it
// (dist/loadmark-player.iife.js and dist/loadmark-helpers.iife.js). tools/browser/package.test.mjs type-checks it
// with `tsc --strict`; every `@ts-expect-error` line must be an error.
/// <reference types="loadmark/helpers/classic" />

const dots = window.Loadmark.player(document.createElement('canvas'), '#dots')
dots.play('loop')
Loadmark.decode('{"format": "loadmark"}').clips.map((clip) => clip.name)
new globalThis.Loadmark.Player(document.createElement('canvas')).destroy()
const element = document.querySelector('loadmark-player')
const upgraded: boolean = element instanceof Loadmark.LoadmarkPlayerElement
Loadmark.showLoading(document.body, { mask: 'dim' })
Loadmark.hideLoading(document.body, 'error').then(() => undefined)
Loadmark.resolve(document.body, Promise.resolve(42)).then((answer: number) => answer)
Loadmark.pullToRefresh(document.body, { onRefresh: () => 'done' }).refresh()
void upgraded
// The reader of version 3, where dist/loadmark-player-v3.js ran first.
globalThis.LoadmarkVersion3?.decode('{"format": "loadmark", "version": 3}').clips.length

// @ts-expect-error the classic scripts have no live engine
Loadmark.loadEngine()
// @ts-expect-error a canvas, not a selector
Loadmark.player('#canvas')
