// The Player through a recording 2D context and a hand-driven requestAnimationFrame: draw calls, timing and events.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import test from 'node:test'
import { Loadmark, Player } from '../src/player.js'

const text = (name) => readFileSync(new URL(`../../Tests/Fixtures/${name}.json`, import.meta.url), 'utf8')
const fixture = (name) => JSON.parse(text(name))

// A 2D context that records method calls as [name, ...args] and property sets as ['name=', value].
function recordingContext() {
  const calls = []
  const context = new Proxy({}, {
    get: (target, key) => (key in target ? target[key] : (...args) => calls.push([key, ...args])),
    set: (target, key, value) => {
      target[key] = value
      calls.push([key + '=', value])
      return true
    },
  })
  return { context, calls }
}

// A canvas of the given CSS size that records its context and its events.
function fakeCanvas(width, height) {
  const { context, calls } = recordingContext()
  const canvas = Object.assign(new EventTarget(), { clientWidth: width, clientHeight: height, width: 300, height: 150, getContext: () => context })
  const events = []
  for (const type of ['load', 'play', 'pause', 'frame', 'loop', 'complete', 'error']) {
    // A copy: the frame event's detail is reused from frame to frame.
    canvas.addEventListener(type, (event) => events.push([type, { ...event.detail }]))
  }
  return { canvas, calls, events }
}

// requestAnimationFrame driven by hand: step(ms) runs the pending callback at that timestamp.
let pending = null, requests = 0
globalThis.requestAnimationFrame = (callback) => ((pending = callback), ++requests)
globalThis.cancelAnimationFrame = () => (pending = null)
const step = (ms) => {
  const callback = pending
  pending = null
  callback?.(ms)
}

// The calls between each layer's save() and restore(), less its setTransform.
const layers = (calls) => {
  const groups = []
  for (const call of calls) {
    if (call[0] == 'save') groups.push([])
    else if (!/^(restore|setTransform|resetTransform)$/.test(call[0]) && groups.length) groups.at(-1).push(call)
  }
  return groups
}

const one = (kind, fields, tracks, style = {}) => ({
  format: 'loadmark', version: 1, preset: 'test', fps: 60, width: 40, height: 20,
  layers: [{ id: 'shape', kind, ...fields, ...style }],
  clips: [{ name: 'main', index: 'time', frames: 2, duration: 1 / 60, loop: false, tracks }],
})

test('the document is fitted into the CSS box at the device pixel ratio', async () => {
  globalThis.devicePixelRatio = 2
  try {
    const { canvas, calls } = fakeCanvas(80, 80)
    const player = new Player(canvas)
    await player.load(fixture('dots'))
    // 120 × 40 points in 80 × 80 CSS pixels: k = 2/3, centred vertically, at 2 device pixels per CSS pixel.
    assert.deepEqual([canvas.width, canvas.height], [160, 160])
    // The transform the layers are drawn with (drawing ends at identity).
    const transform = calls.findLast((call) => call[0] == 'setTransform' && call[1] != 1)
    assert.deepEqual(transform.slice(0, 5), ['setTransform', 4 / 3, 0, 0, 4 / 3])
    assert.deepEqual(transform.slice(5), [0, Math.round(((80 - 40 * (2 / 3)) / 2) * 2)])
  } finally {
    delete globalThis.devicePixelRatio
  }
})

test('success frame 30: the border as two half arcs, the ring anticlockwise through −1.5π, no check', async () => {
  const { canvas, calls } = fakeCanvas(50, 50)
  const player = new Player(canvas)
  await player.load(fixture('success'))
  calls.length = 0
  player.renderFrame('main', 30)
  const [border, ring, check] = layers(calls)
  assert.deepEqual(border.filter((call) => call[0] == 'arc'), [
    ['arc', 25, 25, 23.5, 0, Math.PI, false],
    ['arc', 25, 25, 23.5, Math.PI, 2 * Math.PI, false],
  ])
  assert.deepEqual(ring, [
    ['globalAlpha=', 1],
    ['beginPath'],
    ['arc', 25, 25, 20, 3.1416, 3.1416 - 4.7124, true],
    ['strokeStyle=', '#f98680'], ['lineWidth=', 3], ['lineCap=', 'butt'], ['lineJoin=', 'miter'], ['miterLimit=', 10],
    ['stroke'],
  ])
  // The check's opacity is 0 until frame 60: nothing at all is drawn for it.
  assert.deepEqual(check, [])
})

test('success frame 90: the whole check is stroked as one subpath with moveTo and lineTo', async () => {
  const { canvas, calls } = fakeCanvas(50, 50)
  const player = new Player(canvas)
  await player.load(fixture('success'))
  calls.length = 0
  player.renderFrame('main', 90)
  const check = layers(calls)[2]
  assert.deepEqual(check.filter((call) => /^(moveTo|lineTo|arc|stroke|fill)$/.test(call[0])), [
    ['moveTo', 10, 25], ['lineTo', 21, 33], ['lineTo', 37.5, 15], ['stroke'],
  ])
})

test('a dot is filled as a circle of radius · scale at globalAlpha = opacity', async () => {
  const { canvas, calls } = fakeCanvas(40, 20)
  const player = new Player(canvas)
  await player.load(one('dot', { center: [10, 10], radius: 4 }, { 'shape.scale': [1.5, 0], 'shape.opacity': 0.25 }, { fill: '#808080' }))
  calls.length = 0
  player.renderFrame('main', 0)
  assert.deepEqual(layers(calls)[0], [
    ['globalAlpha=', 0.25],
    ['beginPath'],
    ['arc', 10, 10, 6, 0, Math.PI, false],
    ['arc', 10, 10, 6, Math.PI, 2 * Math.PI, false],
    ['fillStyle=', '#808080'],
    ['fill'],
  ])
  // Scale 0: an empty path, never a negative or zero radius.
  calls.length = 0
  player.renderFrame('main', 1)
  assert.deepEqual(layers(calls)[0].filter((call) => call[0] == 'arc'), [])
})

test('a rounded rectangle casts its shadow scaled to device pixels, blur 2σ, alpha × opacity', async () => {
  globalThis.devicePixelRatio = 2
  try {
    const shadow = { color: '#000000', opacity: 0.1, offset: [3, 3], radius: 5 }
    const { canvas, calls } = fakeCanvas(40, 20)
    const player = new Player(canvas)
    await player.load(one('roundedRect', { rect: [8, 2, 16, 16], cornerRadius: 8 }, { 'shape.opacity': 1 }, { fill: '#ffffff', shadow }))
    calls.length = 0
    player.renderFrame('main', 0)
    assert.deepEqual(layers(calls)[0], [
      ['globalAlpha=', 1],
      ['shadowColor=', 'rgba(0,0,0,0.1)'],
      ['shadowOffsetX=', 6], ['shadowOffsetY=', 6], ['shadowBlur=', 20],
      ['beginPath'],
      ['roundRect', 8, 2, 16, 16, 8],
      ['fillStyle=', '#ffffff'],
      ['fill'],
    ])
  } finally {
    delete globalThis.devicePixelRatio
  }
})

test('accent layers take the theme colour: their stroke if they have one, else their fill', async () => {
  const doc = {
    format: 'loadmark', version: 1, preset: 'test', fps: 60, width: 40, height: 20,
    layers: [
      { id: 'line', kind: 'arc', center: [10, 10], radius: 5, stroke: '#ff0000', fill: '#00000080', accent: true },
      { id: 'dot', kind: 'dot', center: [30, 10], radius: 5, fill: '#808080', accent: true },
      { id: 'plain', kind: 'dot', center: [20, 10], radius: 2, fill: '#123456' },
    ],
    clips: [{ name: 'main', index: 'time', frames: 1, duration: 0, loop: false, tracks: { 'line.start': 0, 'line.sweep': 1, 'line.opacity': 1, 'dot.scale': 1, 'dot.opacity': 1, 'plain.scale': 1, 'plain.opacity': 1 } }],
  }
  const { canvas, calls } = fakeCanvas(40, 20)
  const player = new Player(canvas)
  await player.load(doc)
  player.color = '#34c759'
  calls.length = 0
  player.renderFrame('main', 0)
  const styles = layers(calls).map((layer) => layer.filter((call) => /Style=$/.test(call[0])))
  assert.deepEqual(styles, [
    [['fillStyle=', '#00000080'], ['strokeStyle=', '#34c759']],
    [['fillStyle=', '#34c759']],
    [['fillStyle=', '#123456']],
  ])
  player.color = ''
  calls.length = 0
  player.renderFrame('main', 0)
  assert.deepEqual(layers(calls)[1].find((call) => call[0] == 'fillStyle='), ['fillStyle=', '#808080'])
})

test('each role takes its own theme colour; currentColor is the canvas\'s CSS colour', async () => {
  const doc = {
    format: 'loadmark', version: 2, preset: 'test', fps: 60, width: 40, height: 20,
    layers: [
      { id: 'card', kind: 'roundedRect', rect: [0, 0, 40, 20], cornerRadius: 4, fill: '#ffffff', role: 'surface' },
      { id: 'ring', kind: 'arc', center: [10, 10], radius: 5, stroke: '#ff0000', role: 'accent' },
      { id: 'mark', kind: 'dot', center: [30, 10], radius: 5, fill: '#808080', role: 'secondary' },
      { id: 'plain', kind: 'dot', center: [20, 10], radius: 2, fill: '#123456' },
    ],
    clips: [{ name: 'main', index: 'time', frames: 1, duration: 0, loop: false, tracks: { 'card.opacity': 1, 'ring.start': 0, 'ring.sweep': 1, 'ring.opacity': 1, 'mark.scale': 1, 'mark.opacity': 1, 'plain.scale': 1, 'plain.opacity': 1 } }],
  }
  // The canvas's computed style: custom properties as the page set them, and its colour.
  const properties = { '--loadmark-color': ' currentColor', '--loadmark-secondary': '#00ff00', '--loadmark-surface': 'rgb(20, 20, 20)' }
  globalThis.getComputedStyle = () => ({ color: 'rgb(1, 2, 3)', getPropertyValue: (name) => properties[name] ?? '' })
  try {
    const { canvas, calls } = fakeCanvas(40, 20)
    const player = new Player(canvas)
    await player.load(doc)
    const styles = () => layers(calls).map((layer) => layer.filter((call) => /Style=$/.test(call[0])).map((call) => call[1]))
    calls.length = 0
    player.renderFrame('main', 0)
    assert.deepEqual(styles(), [['rgb(20, 20, 20)'], ['rgb(1, 2, 3)'], ['#00ff00'], ['#123456']])
    // `color` overrides the accent alone; without a custom property a role keeps the document's colour.
    delete properties['--loadmark-surface']
    player.color = '#0000ff'
    calls.length = 0
    player.renderFrame('main', 0)
    assert.deepEqual(styles(), [['#ffffff'], ['#0000ff'], ['#00ff00'], ['#123456']])
  } finally {
    delete globalThis.getComputedStyle
  }
})

test('a backing store past 2^24 pixels is scaled down to fit, with one warning, and still drawn', async () => {
  globalThis.devicePixelRatio = 2
  const warnings = [], original = console.warn
  console.warn = (message) => warnings.push(message)
  try {
    const doc = one('dot', { center: [5000, 5000], radius: 4000 }, { 'shape.scale': 1, 'shape.opacity': 1 }, { fill: '#808080' })
    Object.assign(doc, { width: 10000, height: 10000 })
    const { canvas, calls } = fakeCanvas(10000, 10000)
    const player = new Player(canvas)
    await player.load(doc)
    // 20000 × 20000 asked; 4096 × 4096 is 2^24 pixels.
    assert.deepEqual([canvas.width, canvas.height], [4096, 4096])
    assert.deepEqual(warnings, ['loadmark: 10000×10000 CSS px drawn at 4096×4096'])
    const transform = calls.findLast((call) => call[0] == 'setTransform' && call[1] != 1)
    assert.equal(transform[1], 4096 / 10000)
    player.renderFrame('main', 0)
    assert.equal(warnings.length, 1)
    // A wide strip keeps its sides under 16384.
    const strip = fakeCanvas(20000, 10)
    await new Player(strip.canvas).load(doc)
    assert.deepEqual([strip.canvas.width, strip.canvas.height], [16384, 8])
  } finally {
    console.warn = original
    delete globalThis.devicePixelRatio
  }
})

test('a one-shot clip plays from rAF time, skips dropped frames, holds its last frame and completes', async () => {
  const { canvas, events } = fakeCanvas(50, 50)
  const player = new Player(canvas)
  await player.load(fixture('success'))
  events.length = 0
  player.play('main')
  step(1000)
  step(1000 + 500)
  assert.equal(player.frame, 30)
  step(1000 + 5000)
  assert.equal(player.frame, 90)
  assert.equal(pending, null)
  assert.deepEqual(events, [
    ['play', { clip: 'main' }],
    ['frame', { clip: 'main', frame: 30 }],
    ['frame', { clip: 'main', frame: 90 }],
    ['complete', { clip: 'main' }],
  ])
  // play() after completion starts again from the first frame.
  player.play()
  assert.equal(player.frame, 0)
})

test('a loop wraps with loop events and completes on frame 0 after `loops` repeats', async () => {
  const { canvas, events } = fakeCanvas(120, 40)
  const player = new Player(canvas)
  await player.load(fixture('dots'))
  player.loops = 2
  events.length = 0
  player.play()
  step(0)
  step(800)
  assert.equal(player.frame, 3)
  step(2000)
  assert.equal(player.frame, 0)
  assert.deepEqual(events.map(([type, detail]) => [type, detail.frame ?? detail.loops ?? '']), [
    ['play', ''], ['loop', 1], ['frame', 3], ['frame', 0], ['complete', ''],
  ])
})

/** The success fixture playing at speed 2, a quarter of a second in: frame 30. */
async function playingAtSpeed2() {
  const { canvas, events } = fakeCanvas(50, 50)
  const player = new Player(canvas)
  await player.load(fixture('success'))
  player.speed = 2
  player.play()
  step(0)
  step(250)
  assert.equal(player.frame, 30)
  return { player, events }
}

test('speed scales time; pause and resume continue without a jump; seek, frame and stop move the position', async () => {
  const { player } = await playingAtSpeed2()
  player.pause()
  assert.equal(pending, null)
  player.play()
  step(10000)
  assert.equal(player.frame, 30)
  step(10000 + 50)
  assert.equal(player.frame, 36)
  player.seek(1)
  assert.equal(player.frame, 60)
  player.frame = 45
  assert.equal(player.frame, 45)
  step(20000)
  step(20000 + 100)
  assert.equal(player.frame, 57)
  player.stop()
  assert.equal(player.frame, 0)
  assert.equal(pending, null)
})

/** Runs `run` with console.error collected into the array it is given. */
async function consoleErrors(run) {
  const logged = [], original = console.error
  console.error = (message) => logged.push(message)
  try {
    await run(logged)
  } finally {
    console.error = original
  }
}

test('a speed out of 0.01 to 100, a progress, frame or seek that is no finite number: one error event naming it, the value kept', () => consoleErrors(async (logged) => {
  const { player, events } = await playingAtSpeed2()
  const refused = (set, message) => {
    events.length = logged.length = 0
    set()
    assert.deepEqual(events, [['error', { clip: 'main', message }]], message)
    assert.deepEqual(logged, ['loadmark: ' + message])
  }
  // Infinity and 1e308 froze the clock on frame 0, "", -0 and 1e-300 stopped it; NaN, -1 and abc were ignored.
  for (const value of [Infinity, 'Infinity', 1e308, '1e308', '', ' ', -0, '-0', 0, 1e-300, '1e-300', 0.001, 101, 1000, NaN, 'NaN', -1, '-1', -Infinity, 'abc', '2x', '0x10', true]) {
    refused(() => (player.speed = value), `speed="${value}": expected a number from 0.01 to 100`)
    assert.equal(player.speed, 2)
  }
  // The clock runs on at the rate it had: 50 ms at speed 2 is 6 frames.
  step(300)
  assert.equal(player.frame, 36)
  for (const value of [NaN, 'NaN', Infinity, -Infinity, 'x', '', undefined]) {
    refused(() => (player.frame = value), `frame="${value}": expected a finite number`)
    refused(() => player.seek(value), `seek="${value}": expected a finite number`)
    assert.equal(player.frame, 36)
  }
  step(350)
  assert.equal(player.frame, 42)
  assert.equal(player.currentClip, 'main')
  // The range's ends, and numbers written as text, are taken; no value (null) is the default, 1.
  for (const [value, rate] of [[0.01, 0.01], ['100', 100], [' 0.5 ', 0.5], ['1e1', 10], [null, 1], [undefined, 1]]) {
    events.length = 0
    player.speed = value
    assert.equal(player.speed, rate)
    assert.ok(!events.some(([type]) => type == 'error'), `speed ${value}`)
  }
  // A one-shot holds its last frame past any time; a loop wraps even 1e308 s to one of its frames, never NaN.
  player.seek(1e308)
  assert.equal(player.frame, 90)
  player.pause()
  const looping = new Player(fakeCanvas(50, 50).canvas)
  await looping.load(fixture('dots'))
  looping.seek(1e308)
  assert.ok(Number.isInteger(looping.frame), `frame ${looping.frame}`)
  looping.frame = '3'
  assert.equal(looping.frame, 3)
}))

test('a progress that is no finite number: one error event naming it, the progress and frame kept', () => consoleErrors(async (logged) => {
  const { canvas, events } = fakeCanvas(100, 100)
  const player = new Player(canvas)
  await player.load(fixture('progress'))
  player.progress = 0.42
  assert.equal(player.frame, 42)
  for (const value of [Infinity, 'Infinity', -Infinity, NaN, 'NaN', '', 'half', null]) {
    events.length = logged.length = 0
    player.progress = value
    const message = `progress="${value}": expected a finite number`
    assert.deepEqual(events, [['error', { clip: 'progress', message }]], message)
    assert.deepEqual(logged, ['loadmark: ' + message])
    assert.equal(player.frame, 42)
    assert.equal(player.progress, 0.42)
  }
  // Before a document, at once: the error comes with the call, and nothing is queued.
  const early = fakeCanvas(100, 100)
  const waiting = new Player(early.canvas)
  waiting.progress = 'Infinity'
  assert.deepEqual(early.events, [['error', { clip: undefined, message: 'progress="Infinity": expected a finite number' }]])
  await waiting.load(fixture('progress'))
  assert.equal(waiting.frame, 0)
  assert.equal(waiting.currentClip, 'demo')
}))

test('progress picks the progress clip, pauses, and shows its frame at once the first time', async () => {
  const { canvas, events } = fakeCanvas(100, 100)
  const player = new Player(canvas)
  await player.load(fixture('progress'))
  player.play('demo')
  player.progress = 0.42
  assert.equal(player.currentClip, 'progress')
  assert.equal(player.frame, 42)
  assert.equal(player.progress, 0.42)
  assert.equal(events.at(-1)[0], 'frame')
  assert.ok(events.some(([type]) => type == 'pause'))
  assert.equal(pending, null, 'nothing to animate')
  // Below the domain is its start, reached by the transition.
  player.progress = -1
  step(0)
  step(300)
  assert.equal(player.frame, 0)
  player.play('done')
  assert.equal(player.currentClip, 'done')
  assert.equal(player.frame, 0)
  player.pause()
})

test('a new progress eases along the document\'s transition, from the progress shown, as the seed\'s implicit animation', async () => {
  const { canvas, events } = fakeCanvas(100, 100)
  const player = new Player(canvas)
  const doc = await player.load(fixture('progress'))
  const curve = doc.clips[1].transition.values
  player.progress = 0.42
  player.progress = 0.6
  // The model value is the target at once; the frame follows the curve.
  assert.equal(player.progress, 0.6)
  assert.equal(player.frame, 42)
  step(1000)
  step(1000 + 100)
  // 0.1 s in: frame 6 of the curve, 0.6825 of the way.
  assert.equal(player.frame, Math.round((0.42 + 0.18 * curve[6]) * 100))
  assert.equal(player.frame, 54)
  // A change during the change starts again from the progress shown.
  const shown = 0.42 + 0.18 * curve[6]
  player.progress = 0.2
  step(2000)
  step(2000 + 50)
  assert.equal(player.frame, Math.round((shown + (0.2 - shown) * curve[3]) * 100))
  step(2000 + 250)
  assert.equal(player.frame, 20)
  assert.equal(pending, null, 'the frame loop stops with the transition')
  assert.ok(!events.some(([type]) => type == 'play'), 'a transition is not playback')
})

test('a host that sets progress on every frame sees the ring follow, its callback before the players\' or after', async () => {
  for (const hostFirst of [true, false]) {
    const { canvas } = fakeCanvas(100, 100)
    const player = new Player(canvas)
    const doc = await player.load(fixture('progress'))
    const curve = doc.clips[1].transition.values, fps = doc.fps, last = curve.length - 1
    // The frame clock: the document timeline's time, which every callback of a frame shares.
    globalThis.document = { timeline: { currentTime: 0 } }
    try {
      // FORMAT.md's rule, followed by hand: a change at frame time T starts from the progress shown at T (the
      // curve read between its samples) and frame i after it shows from + (to - from) · values[i].
      let from = 0, to = 0, start = null
      const lerp = (x) => (x >= last ? 1 : curve[Math.floor(x)] + (curve[Math.floor(x) + 1] - curve[Math.floor(x)]) * (x - Math.floor(x)))
      const presented = (T) => (start == null ? to : from + (to - from) * lerp(Math.max(0, ((T - start) / 1000) * fps)))
      const drawn = (T) => (start == null ? to : from + (to - from) * curve[Math.min(last, Math.floor(((T - start) / 1000) * fps + 1e-6))])
      const frames = [], expected = []
      for (let k = 0; k <= 60; k++) {
        const T = 1000 + (k * 1000) / 60, p = k / 120
        document.timeline.currentTime = T
        const set = () => {
          if (k > 0) [from, start] = [presented(T), T]
          to = p
          player.progress = p
        }
        if (hostFirst) set()
        step(T)
        expected.push(Math.round(drawn(T) * 100))
        frames.push(player.frame)
        if (!hostFirst) set()
      }
      // Either order draws what the rule gives: a frame's tick after its change shows the change's start.
      assert.deepEqual(frames, expected)
      // Half a second of changes at 0.5 a second: the ring follows a little behind, never stuck at its start.
      assert.ok(frames.at(-1) >= 30 && frames.at(-1) < 50, `${hostFirst ? 'host first' : 'host last'}: frame ${frames.at(-1)}`)
      assert.ok(frames.every((n, i) => i == 0 || n >= frames[i - 1]), 'never back')
    } finally {
      delete globalThis.document
      player.destroy()
    }
  }
})

test('reaching the end of the domain plays the clip the progress clip finishes with, once, then complete', async () => {
  const { canvas, events } = fakeCanvas(100, 100)
  const player = new Player(canvas)
  await player.load(fixture('progress'))
  player.progress = 0.5
  events.length = 0
  player.progress = 1
  assert.equal(player.currentClip, 'done')
  assert.deepEqual(events.map(([type]) => type), ['frame', 'play'])
  player.progress = 1.5
  assert.equal(events.filter(([type]) => type == 'play').length, 1, 'reaching 1 again while done plays starts nothing')
  step(0)
  step(1000)
  assert.deepEqual(events.at(-1), ['complete', { clip: 'done' }])
  // A progress below the end goes back to the ring, at once.
  player.progress = 0.3
  assert.deepEqual([player.currentClip, player.frame], ['progress', 30])
})

test('a pull past its domain repeats from repeatFrom; below it, the first frame', async () => {
  const { canvas } = fakeCanvas(51, 51)
  const player = new Player(canvas)
  await player.load(fixture('refresh'))
  const frameAt = (p) => ((player.progress = p), player.frame)
  assert.deepEqual([0.25, 0.5, 0.99, 1, 1.25, 2, 2.5, 3.75, -1].map(frameAt), [25, 50, 99, 100, 125, 200, 150, 175, 0])
  assert.equal(player.doc.clips[0].tracks['arc1.opacity'][125], 1)
})

test('play() before a document arrives plays once it has loaded', async () => {
  const { canvas, events } = fakeCanvas(120, 40)
  const player = Loadmark.player(canvas)
  player.play('loop')
  await player.load(fixture('dots'))
  assert.deepEqual(events.map(([type]) => type), ['frame', 'load', 'play'])
  player.pause()
})

test('bad data: an error event and console.error, never a throw, and a cleared canvas', async () => {
  const { canvas, calls, events } = fakeCanvas(50, 50)
  const logged = []
  const original = console.error
  console.error = (message) => logged.push(message)
  try {
    const player = new Player(canvas)
    await player.load(fixture('success'))
    const broken = fixture('success')
    broken.clips[0].tracks['ring.sweep'] = [0]
    calls.length = 0
    assert.equal(await player.load(broken), null)
    const message = 'clips[0].tracks["ring.sweep"]: expected 91 values, got 1'
    assert.deepEqual(events.at(-1), ['error', { clip: 'main', message }])
    assert.deepEqual(logged, ['loadmark: ' + message])
    assert.equal(player.doc, null)
    assert.ok(!calls.some((call) => /^(arc|moveTo|lineTo|stroke|fill)$/.test(call[0])))
    player.play('main')
    player.renderFrame('main', 3)
    assert.ok(!calls.some((call) => /^(arc|stroke|fill)$/.test(call[0])))
  } finally {
    console.error = original
  }
})

test('load(url) fetches a document; a failed fetch reports the URL', async () => {
  const server = createServer((request, response) => {
    const found = request.url == '/dots.json'
    response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' })
    response.end(found ? text('dots') : '{"error": "not found"}')
  })
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready))
  const origin = `http://127.0.0.1:${server.address().port}`
  const original = console.error
  console.error = () => {}
  try {
    const { canvas, events } = fakeCanvas(120, 40)
    const player = new Player(canvas)
    const doc = await player.load(`${origin}/dots.json`)
    assert.equal(doc.preset, 'dots')
    assert.deepEqual(events.at(-1), ['load', { clip: 'loop', preset: 'dots' }])
    assert.equal(await player.load(`${origin}/missing.json`), null)
    assert.equal(events.at(-1)[1].message, `${origin}/missing.json: HTTP 404`)
  } finally {
    console.error = original
    server.close()
  }
})

test('every playing player shares one requestAnimationFrame callback', async () => {
  const players = [0, 1, 2].map(() => new Player(fakeCanvas(120, 40).canvas))
  for (const player of players) await player.load(fixture('dots'))
  for (const player of players) player.play()
  requests = 0
  step(0)
  step(100)
  step(200)
  // One request per frame for the three of them.
  assert.equal(requests, 3)
  assert.deepEqual(players.map((player) => player.frame), [12, 12, 12])
  players[0].pause()
  step(300)
  assert.deepEqual(players.map((player) => player.frame), [12, 18, 18])
  for (const player of players) player.pause()
  assert.equal(pending, null, 'no frame is requested once no player plays')
})

test('the frame event is one object per player, dispatched again with its detail updated', async () => {
  const { canvas } = fakeCanvas(120, 40)
  const player = new Player(canvas)
  await player.load(fixture('dots'))
  const seen = []
  canvas.addEventListener('frame', (event) => seen.push([event, event.detail, event.detail.frame]))
  player.frame = 3
  player.frame = 4
  assert.equal(seen[0][0], seen[1][0])
  assert.equal(seen[0][1], seen[1][1])
  assert.deepEqual(seen.map(([, , frame]) => frame), [3, 4])
  // A listener that moves the player while the event is being dispatched gets a new event, not an error.
  const nested = []
  const move = (event) => {
    nested.push(event.detail.frame)
    if (event.detail.frame == 5) player.frame = 6
  }
  canvas.addEventListener('frame', move)
  player.frame = 5
  canvas.removeEventListener('frame', move)
  assert.deepEqual(nested, [5, 6])
  assert.equal(player.frame, 6)
})

/** An OffscreenCanvas stand-in: each transferred bitmap is numbered, and records whether it was closed. */
function fakeOffscreen() {
  const made = []
  class OffscreenCanvas {
    constructor(width, height) {
      Object.assign(this, { width, height, context: recordingContext().context })
    }
    getContext() {
      return this.context
    }
    transferToImageBitmap() {
      const bitmap = { id: made.length, width: this.width, height: this.height, closed: false, close() { this.closed = true } }
      made.push(bitmap)
      return bitmap
    }
  }
  return { OffscreenCanvas, made }
}

/** Serves the fixtures over HTTP while `run(origin)` runs. */
async function withFixtures(run) {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(text(request.url.slice(1, -5)))
  })
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready))
  try {
    await run(`http://127.0.0.1:${server.address().port}`)
  } finally {
    server.close()
  }
}

test('players of one document at one size and colour draw each frame once, into a bitmap they all copy', async () => {
  const { OffscreenCanvas, made } = fakeOffscreen()
  globalThis.OffscreenCanvas = OffscreenCanvas
  try {
    await withFixtures(async (origin) => {
      const first = fakeCanvas(120, 40), second = fakeCanvas(120, 40), larger = fakeCanvas(240, 80)
      const players = [first, second, larger].map(({ canvas }) => new Player(canvas))
      for (const player of players) await player.load(`${origin}/refresh.json`)
      // One decoded document for all three: the text is the same.
      assert.equal(players[0].doc, players[1].doc)
      // Frame 0 of pull (shown on load), then of spin: each drawn once at 120 × 40 (for both players), once at 240 × 80.
      for (const player of players) player.renderFrame('spin', 0)
      assert.deepEqual(made.map(({ width, height }) => [width, height]), [[120, 40], [240, 80], [120, 40], [240, 80]])
      const copies = (calls) => calls.filter(([name]) => name == 'drawImage').map(([, bitmap]) => bitmap.id)
      assert.deepEqual(copies(first.calls).at(-1), copies(second.calls).at(-1))
      assert.ok(first.calls.some(([name, value]) => name == 'globalCompositeOperation=' && value == 'copy'))
      // Nothing was drawn on the players' own canvases but the copies.
      assert.ok(!first.calls.some(([name]) => /^(arc|fill|stroke)$/.test(name)))
      // Every frame of the loop once, then only copies.
      const before = made.length
      for (let n = 1; n < 48; n++) for (const player of players.slice(0, 2)) player.renderFrame('spin', n)
      for (let n = 0; n < 48; n++) players[0].renderFrame('spin', n)
      assert.equal(made.length, before + 47)
      // Another colour is another set of bitmaps; giving every lease back closes them.
      players[1].color = '#00ff00'
      assert.equal(made.length, before + 48)
      for (const player of players) player.destroy()
      assert.ok(made.every((bitmap) => bitmap.closed), 'every bitmap closed once its last player let go')
    })
  } finally {
    delete globalThis.OffscreenCanvas
  }
})
