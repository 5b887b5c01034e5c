// Size budgets of the published files: gzip -9 bytes (node:zlib at level 9 matches `gzip -9` within a few bytes;
// tools/bench/browser.mjs reports the gzip program's count). And the built modules import in Node, with no DOM.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import test from 'node:test'
import { gzipSync } from 'node:zlib'

// The player with every feature of 0.2.0: strict decoding with the Swift reader's field paths and messages, three
// track forms, trimming, HiDPI, resize, reduced motion, offscreen and hidden-page pausing, aria, theming, events,
// the element with its conventions and poster, the shared frame loop and observers, shared decoding, the bitmap
// cache, and the classic-script build's window.Loadmark.
//
// Issue 8 asked for 4,608 bytes (4,096 as the goal). That does not fit the features above: the strict decoder alone
// adds 2,311 bytes to the gzipped module (measured by building the player with a decoder that only parses), and
// the rest is 4,191, where 0.1.0's whole player (lax decoding, none of the new features) was 4,474 fully minified.
// 0.2.0's module was 6,500 bytes. Issue 9 added, measured each by building the player without it (gzip -9 of the
// module): format version 2's decoding, version 1 still read with its meaning (roles, domains, repeats,
// transitions, finishes and their messages) 330; progress by the document's domain, repeat, transition and finish
// 340; theming by role with currentColor 65, and following theme changes at once 57; roles and aria-valuenow 73;
// reduced motion's breathing for loops 82; capping the backing store with a warning 135: 7,584 in all. Then a
// host that sets progress on every frame (a transition's clock started at the frame of the change, the progress
// shown read between the curve's samples) and a destroyed player leaving the frame loop mid-transition, 144: 7,746
// (module) and 7,837 (classic script). The budgets hold those figures with 1 % to 3 % to spare: growing past them is
// a decision, not an accident. 0.1.0's readable source was 6,113 gzipped; lottie_light is 46,390. The main-thread
// player may not grow past 7,758 (the module) and 7,853 (the classic script): a new feature is paid for by shrinking
// something else. Two were measured and left out for that: the format's bound on a shadow's radius and offset in
// the decoder, 44 bytes (the Swift reader refuses such documents; the canvas ignores a non-finite blur or offset),
// and checking every attribute with an error event, 135. The checks came back paid for: the player's code that said
// things twice (progressFrame's formula in two more places, watch and unwatch, attach and detach, a bitmap check
// its caller had made) shared, and internal fields shortened, took 7,745 and 7,838 to 7,630 and 7,722; the checks,
// through the decoder's own number rules (speed within MIN_SPEED to MAX_SPEED from Swift, progress, frame and seek
// finite, loop whole from 1), cost 121 and 114: 7,751 and 7,836. Format version 3, read and drawn (each layer's
// transform, polygons, periodic tracks and no bitmaps for their clips), takes the builds to 8,163 and 8,250, and is
// left out of them (web/build.mjs, VERSION_2_ONLY): its decoder shrunk first (a document's version read once, no
// reading context between clip and track), from 8,211 and 8,296 without any drawing; what stays in the builds of it
// (a track read through its clip's frame, `destroy()` as `load(null)`) leaves them at 7,751 and 7,834. They play it
// with dist/loadmark-player-v3.js, which a page with such documents adds before them (its own budget below): the
// decoder hands it version 3 documents, the player draws them by their reader's drawing, counts a loop with periodic
// tracks on and keeps no bitmaps of it, 46 and 44 bytes (the two names they share made short, web/build.mjs). That
// was paid for by shrinking, 41 and 41: the warning for a canvas past what browsers paint says its size and the
// size drawn and no longer why (26), the errors for a missing element and a failed fetch are thrown by the
// decoder's `fail`, and an unknown clip's name is quoted as the decoder quotes names: 7,756 and 7,837.
//
// The reader of version 3 is the sources' decoder and drawing with version 3, on their own: 4,124 bytes, its
// internal names left long (web/build.mjs says why).
//
// The helpers were 1,255 bytes with 0.2.0's overlay, pull and resolve. Issue 9's host behaviour costs, each the
// module's size less a build without it: pull-to-refresh with Pointer Events, the pushed and collapsing header,
// touch-action, no selection and its Refresh button 883; <loadmark-status> 443; the overlay's mask, text, label,
// fades, grace, minimum, outcomes and hold, inert and busy content, focus and the live region, with resolve on it
// and what they share, 1,460: 2,786 in all (2,795 as a classic script), over issue 8's 2,048. Issue 15's defaults
// from the package's own presets, dist/presets/ beside the script (helpers/presets.js: the module's URL, a classic
// script's src), 86: 2,872 (2,882).
const BUDGETS = {
  'loadmark-player.js': 7758,
  'loadmark-player.iife.js': 7853,
  'loadmark-player-v3.js': 4200,
  'loadmark-helpers.js': 2944,
  'loadmark-helpers.iife.js': 2944,
}

const gzipped = (file) => gzipSync(readFileSync(new URL(`../dist/${file}`, import.meta.url)), { level: 9 }).length

for (const [file, budget] of Object.entries(BUDGETS)) {
  test(`dist/${file} fits in ${budget} bytes gzipped`, () => {
    const size = gzipped(file)
    console.log(`dist/${file}: ${readFileSync(new URL(`../dist/${file}`, import.meta.url)).length} bytes raw, ${size} bytes gzip -9 (budget ${budget})`)
    assert.ok(size <= budget, `dist/${file} is ${size} bytes gzipped; the budget is ${budget}`)
  })
}

test('the built modules import without a DOM, with exactly their public exports', async () => {
  const player = await import('../dist/loadmark-player.js')
  const helpers = await import('../dist/loadmark-helpers.js')
  assert.deepEqual(Object.keys(player).sort(), ['Loadmark', 'LoadmarkPlayerElement', 'Player', 'decode'])
  assert.equal(player.LoadmarkPlayerElement, undefined)
  assert.equal(typeof player.Loadmark.player, 'function')
  assert.deepEqual(Object.keys(helpers).sort(), ['hideLoading', 'pullToRefresh', 'resolve', 'showLoading'])
  // The built decoder is the source's: the same document, the same error.
  assert.throws(() => player.decode('{"format": "loadmark", "version": 3}'), { message: 'version: unsupported version 3', path: 'version' })
})

test('the classic scripts put the same API on globalThis.Loadmark', async () => {
  const { runInNewContext } = await import('node:vm')
  const context = {}
  runInNewContext(readFileSync(new URL('../dist/loadmark-helpers.iife.js', import.meta.url), 'utf8'), context)
  runInNewContext(readFileSync(new URL('../dist/loadmark-player.iife.js', import.meta.url), 'utf8'), context)
  assert.deepEqual(Object.keys(context.Loadmark).sort(), ['LoadmarkPlayerElement', 'Player', 'decode', 'hideLoading', 'player', 'pullToRefresh', 'resolve', 'showLoading'])
})
