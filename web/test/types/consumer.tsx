// A TypeScript consumer of the packed `loadmark` package: tools/browser/package.test.mjs installs the tarball next to
// it and runs `tsc --noEmit --strict`. Every `@ts-expect-error` line must be an error, so the types cannot be looser
// than the API either.
import { Loadmark, LoadmarkPlayerElement, Player, decode, type DecodeError, type DecodedDocument, type LoadmarkDocument } from 'loadmark'
import { hideLoading, pullToRefresh, resolve, showLoading } from 'loadmark/helpers'

// A framework's JSX element type (Preact, Solid and older React declare one globally).
declare global {
  namespace JSX {
    interface Element {}
  }
}

// The tag name gives the element's type.
const element = document.querySelector('loadmark-player')
if (element) {
  element.src = 'dots.json'
  element.clip = 'loop'
  element.autoplay = true
  element.speed = 2
  element.progress = 0.5
  element.color = '#0a84ff'
  element.loops = Infinity
  const frame: number = element.frame
  const clip: string | undefined = element.currentClip
  const doc: DecodedDocument | null = element.doc
  element.addEventListener('frame', (event) => {
    const n: number = event.detail.frame
    const name: string | undefined = event.detail.clip
    return [n, name]
  })
  element.addEventListener('error', (event) => console.error(event.detail.message))
  element.addEventListener('load', (event) => event.detail.preset.toUpperCase())
  element.addEventListener('loop', (event) => event.detail.loops + 1)
  element.addEventListener('click', (event) => event.clientX)
  element.play('loop')
  element.pause()
  element.stop()
  element.seek(0.5)
  element.renderFrame('loop', 3)
  const self: LoadmarkPlayerElement = element.player
  void [frame, clip, doc, self]
  // @ts-expect-error speed is a number
  element.speed = 'fast'
  // @ts-expect-error a frame event has no message
  element.addEventListener('frame', (event) => event.detail.message)
  // @ts-expect-error autoplay is a boolean
  element.autoplay = 'yes'
}

const created: LoadmarkPlayerElement = document.createElement('loadmark-player')
created.setAttribute('src', '#dots')

// A bare canvas.
const canvas = document.createElement('canvas')
const player: Player = Loadmark.player(canvas, '#dots')
const other = new Player(canvas, created)
const source: LoadmarkDocument = {
  format: 'loadmark', version: 1, preset: 'dot', fps: 60, width: 10, height: 10,
  layers: [{ id: 'dot', kind: 'dot', center: [5, 5], radius: 2, fill: '#000000' }],
  clips: [{ name: 'main', index: 'time', frames: 1, duration: 0, loop: false, tracks: { 'dot.scale': 1, 'dot.opacity': { decimals: 0, deltas: [1] } } }],
}
player.load(source).then((doc) => doc?.clips[0].tracks['dot.scale'][0].toFixed(2))
other.destroy()
// @ts-expect-error a layer kind the format does not have
const wrong: LoadmarkDocument = { ...source, layers: [{ id: 'x', kind: 'star', center: [0, 0], radius: 1 }] }
void wrong
// Version 3: a polygon whose vertices move, a moving layer's transform track, a periodic track.
const grid: LoadmarkDocument = {
  format: 'loadmark', version: 3, preset: 'grid', fps: 60, width: 10, height: 10,
  layers: [{ id: 'square', kind: 'polygon', vertices: 3, fill: '#000000' }, { id: 'dot', kind: 'dot', center: [5, 5], radius: 2 }],
  clips: [{
    name: 'spin', index: 'time', frames: 2, duration: 2 / 60, loop: true,
    tracks: {
      'square.x0': [0, 1], 'square.y0': 0, 'square.x1': 9, 'square.y1': 0, 'square.x2': 5, 'square.y2': 9, 'square.opacity': 1,
      'dot.scale': { period: 3, values: [1, 0.5, 0.75] }, 'dot.opacity': 1, 'dot.tx': [0, 2],
    },
  }],
}
player.load(grid).then((doc) => doc?.version == 3 && doc.clips[0].tracks['dot.scale'].length)
// @ts-expect-error there is no version 4
const future: LoadmarkDocument = { ...grid, version: 4 }
void future

try {
  decode('{"format": "loadmark"}')
} catch (error) {
  const path: string = (error as DecodeError).path
  void path
}

// The helpers.
const overlay: HTMLDivElement = showLoading(document.body, { src: 'dots.json', mask: 'dim', text: 'Saving…', grace: 200, minimum: 500, hold: 800 })
hideLoading()
hideLoading(document.body, 'success').then(() => undefined)
// @ts-expect-error an outcome is success or error
hideLoading(document.body, 'ok')
const status = document.querySelector('loadmark-status')
if (status) {
  status.resolve()
  status.state = 'error'
  status.addEventListener('statechange', (event) => event.detail.state.toUpperCase())
  const progress: number = status.progress
  void progress
  // @ts-expect-error not a state
  status.state = 'done'
}
const feed = pullToRefresh(document.body, { onRefresh: async () => 42, threshold: 80 })
feed.refresh().then((value: number | undefined) => value)
feed.destroy()
const rows: Promise<string[]> = resolve(document.body, fetch('/rows').then((response) => response.json() as Promise<string[]>))
// @ts-expect-error the threshold is a number
pullToRefresh(document.body, { threshold: '80' })
void [overlay, rows]

// JSX.
const markup = <loadmark-player src="dots.json" clip="loop" autoplay loop speed={2} label="Loading results" />
const outcome = <loadmark-status state="loading" success="saved.json" />
void outcome
// @ts-expect-error not an attribute of the element
const misspelt = <loadmark-player srcc="dots.json" />
void [markup, misspelt]
