// Entry of dist/loadmark-player-v3.js: format version 3 read and drawn (each layer's transform, polygons, periodic
// tracks), which the player's builds leave out to stay within their size budgets (web/test/size.test.mjs) and which
// a page runs before them where it has such documents (before: players read their documents as soon as the
// player's script runs). A classic script, so that a page opened from a file can load it too; run as a module it
// does the same.
//
// The player's decoder hands it version 3 documents (decode.js), finding it at globalThis.LoadmarkVersion3; the
// documents it reads carry its drawing (`_drawFrame`), since the player's own draws versions 1 and 2 only. The
// builds give `_drawFrame` and `_periodic` the same short names (web/build.mjs, SHARED_NAMES).
import { decode } from './decode.js'
import { drawFrame } from './draw.js'

globalThis.LoadmarkVersion3 = { decode: (source) => Object.assign(decode(source), { _drawFrame: drawFrame }) }
