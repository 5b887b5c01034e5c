// Format version 3 drawn by the player's sources through a recording 2D context: Tests/Fixtures/valid/base-v3.json
// at frames chosen by hand, its values read off the fixture by the reading rule (docs/FORMAT.md, "Reading a track
// at a frame"; Tests/Fixtures/reading-v3.json holds the same values). The published builds refuse version 3
// (reading.test.mjs): their size budget has no room for drawing it.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import test from 'node:test'
import { Player } from '../src/player.js'

const base = () => JSON.parse(readFileSync(new URL('../../Tests/Fixtures/valid/base-v3.json', import.meta.url), 'utf8'))

/** A canvas of `size` CSS pixels whose context records method calls as [name, ...args] and property sets as ['name=', value]. */
function fakeCanvas(size) {
  const calls = []
  const context = new Proxy({}, {
    get: (target, key) => (key in target ? target[key] : (...args) => calls.push([key, ...args])),
    set: (target, key, value) => ((target[key] = value), calls.push([key + '=', value]), true),
  })
  const canvas = Object.assign(new EventTarget(), { clientWidth: size, clientHeight: size, width: 300, height: 150, getContext: () => context })
  return { canvas, calls }
}

/** The calls of each layer, between its save() and restore(), by layer id. */
function layers(calls, doc) {
  const groups = []
  for (const call of calls) {
    if (call[0] == 'save') groups.push([])
    else if (call[0] != 'restore' && groups.length) groups.at(-1).push(call)
  }
  assert.equal(groups.length, doc.layers.length)
  return Object.fromEntries(doc.layers.map(({ id }, i) => [id, groups[i]]))
}

/** A player on a 40 × 40 canvas (the document's size: one device pixel per point at ratio 1) with `doc` loaded. */
async function player(doc = base()) {
  const { canvas, calls } = fakeCanvas(40)
  const player = new Player(canvas)
  await player.load(doc)
  return { player, calls, doc }
}

/** The calls drawing frame `n` of `clip`. */
async function drawn(clip, n, doc) {
  const { player: p, calls } = await player(doc)
  calls.length = 0
  p.renderFrame(clip, n)
  return layers(calls, doc ?? base())
}

const named = (group, name) => group.filter((call) => call[0] == name)

test('a layer with transform tracks is drawn through ctx.transform(a, b, c, d, tx, ty) of the frame, after the player\'s own scale', async () => {
  // spin frame 1: a [1, 0, −1, 0][1] = 0; b deltas 0, 1, 0, −1 (÷ 10^4 of 0, 10000, 0, −10000) at 1 = 1;
  // c [0, −1, 0, 1][1] = −1; d [1, 0, −1, 0][1] = 0; tx 20; ty deltas 20, 20.25, 20.5, 20.75 (÷ 100) at 1 = 20.25.
  const { ring } = await drawn('spin', 1)
  assert.deepEqual(named(ring, 'transform'), [['transform', 0, 1, -1, 0, 20, 20.25]])
  // Frame 6 of the loop, counted on from its start: every track of 4 values at 6 mod 4 = 2.
  assert.deepEqual(named((await drawn('spin', 6)).ring, 'transform'), [['transform', -1, 0, 0, -1, 20, 20.5]])
  // The arc itself is drawn in its own coordinates, about its centre (0, 0) of radius 17, from start 0 through 3.
  assert.deepEqual(named(ring, 'arc'), [['arc', 0, 0, 17, 0, 3, false]])
  // The player's scale and offset come first, once, for every layer (1 device pixel per point, no offset here).
  const { player: p, calls } = await player()
  calls.length = 0
  p.renderFrame('spin', 1)
  const setTransforms = named(calls, 'setTransform'), first = calls.findIndex(([name]) => name == 'transform')
  assert.deepEqual(setTransforms, [['setTransform', 1, 0, 0, 1, 0, 0]])
  assert.ok(calls.indexOf(setTransforms[0]) < first)
  // Perturbed: frame 2 is another transform (a = −1), so the comparison above can fail.
  assert.notDeepEqual(named((await drawn('spin', 2)).ring, 'transform'), [['transform', 0, 1, -1, 0, 20, 20.25]])
})

test('a layer without transform tracks is drawn with no transform; a one-shot holds its last frame', async () => {
  const { face, dot } = await drawn('spin', 0)
  assert.deepEqual(named(face, 'transform'), [])
  // The dot's a 0.5 and d −0.5 given, b, c, tx and ty absent: the identity's 0.
  assert.deepEqual(named(dot, 'transform'), [['transform', 0.5, 0, 0, -0.5, 0, 0]])
  // still has one frame and no transform at all: frame 5 is frame 0, the ring from start 1 through 6.2832.
  const still = await drawn('still', 5)
  assert.deepEqual(Object.values(still).flatMap((group) => named(group, 'transform')), [])
  assert.deepEqual(named(still.ring, 'arc')[0].slice(1, 5), [0, 0, 17, 1])
})

test('a polygon is its vertices of the frame, closed, filled non-zero and stroked with its style', async () => {
  // spin frame 2: x0 10, y0 [10, 11, 12, 13][2] = 12; x1 30, y1 10; x2 20, y2 30.
  const { face } = await drawn('spin', 2)
  const path = face.filter(([name]) => /^(beginPath|moveTo|lineTo|closePath|fill|stroke)$/.test(name))
  const outline = [['beginPath'], ['lineTo', 10, 12], ['lineTo', 30, 10], ['lineTo', 20, 30], ['closePath']]
  assert.deepEqual(path, [...outline, ['fill'], ...outline, ['stroke']])
  // The fill rule is canvas's default, non-zero: fill() is given none.
  assert.deepEqual(named(face, 'fillStyle='), [['fillStyle=', '#ffffff']])
  assert.deepEqual(named(face, 'strokeStyle='), [['strokeStyle=', '#000000']])
  assert.deepEqual(named(face, 'lineWidth='), [['lineWidth=', 1]])
  // Frame 7 of the loop is frame 3's vertex: y0 13.
  assert.deepEqual(named((await drawn('spin', 7)).face, 'lineTo')[0], ['lineTo', 10, 13])
  // A polygon whose opacity is 0 (still) draws nothing.
  assert.deepEqual((await drawn('still', 0)).face, [])
})

test('periodic tracks are read at the frame counted on from the clip\'s start, each at its own period', async () => {
  // The dot's scale has period 3 (1, 0.5, 0.25) and its opacity period 5 (1, 0.8, 0.6, 0.4, 0.2); the clip has 4
  // frames. Its radius is 2 · scale.
  const dot = async (n) => {
    const { dot } = await drawn('spin', n)
    return [named(dot, 'arc')[0][3], named(dot, 'globalAlpha=')[0][1]]
  }
  assert.deepEqual(await dot(1), [1, 0.8])
  // Frame 1 + 4 (the clip's frames) is not frame 1: scale at 5 mod 3 = 2, opacity at 5 mod 5 = 0.
  assert.deepEqual(await dot(5), [0.5, 1])
  // Frame 13: scale at 13 mod 3 = 1 (0.5), opacity at 13 mod 5 = 3 (0.4).
  assert.deepEqual(await dot(13), [1, 0.4])
})

test('playing a clip with periodic tracks shows the frame counted on, never a frame kept for frame n − frames', async () => {
  const made = []
  globalThis.OffscreenCanvas = class {
    constructor(width, height) {
      Object.assign(this, { width, height, context: fakeCanvas(0).canvas.getContext() })
    }
    getContext() { return this.context }
    transferToImageBitmap() { return made[made.length] = { id: made.length, close() {} } }
  }
  try {
    const { player: p, calls, doc } = await player()
    p.frame = 1
    p.frame = 2
    calls.length = 0
    // Frame 5 of the looping spin: drawn (radius 2 · 0.25, opacity 1), not frame 1's picture copied.
    p.frame = 5
    assert.equal(p.frame, 5)
    assert.deepEqual(named(calls, 'drawImage'), [])
    assert.deepEqual(named(layers(calls, doc).dot, 'arc')[0][3], 0.5)
    // No frame of such a clip is kept at all.
    assert.equal(made.length, 0)
    // Perturbed: the same document with the dot's tracks as plain tracks of 4 values is drawn once per frame, and
    // its frame 5 (1 + 4) is frame 1's bitmap, copied.
    const plain = base()
    Object.assign(plain.clips[0].tracks, { 'dot.scale': [1, 0.5, 0.25, 1], 'dot.opacity': [1, 0.8, 0.6, 0.4] })
    const again = await player(plain)
    again.player.frame = 1
    again.player.frame = 2
    const kept = made.length
    again.calls.length = 0
    again.player.frame = 5
    assert.equal(again.player.frame, 1)
    assert.equal(made.length, kept)
    assert.deepEqual(named(again.calls, 'drawImage').map(([, bitmap]) => bitmap.id), [kept - 2])
  } finally {
    delete globalThis.OffscreenCanvas
  }
})
