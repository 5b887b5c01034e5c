// Types of the player's classic script, dist/loadmark-player.iife.js (`loadmark/classic`): it defines
// <loadmark-player> and puts the player's exports on `window.Loadmark`. A script gets them with
// `/// <reference types="loadmark/classic" />` (or `"types": ["loadmark/classic"]` in tsconfig.json); the helpers'
// classic script adds to the same object (loadmark-helpers-classic.d.ts).
import type { Loadmark as PlayerModule, LoadmarkPlayerElement, Player, decode } from './loadmark-player.js'

declare global {
  /**
   * What the classic scripts put on `window.Loadmark`: the player's script `player`, `Player`, `decode` and
   * `LoadmarkPlayerElement`; the helpers' script (`loadmark/helpers/classic`) adds its functions to this interface.
   */
  interface LoadmarkClassic {
    /** A Player on `canvas`, loading `doc` when given. */
    player: typeof PlayerModule.player
    /** Plays documents on a canvas sized by CSS; events go to `target` (the canvas by default). */
    Player: typeof Player
    /** Parses (if text) and checks a document as strictly as `loadmark validate`. */
    decode: typeof decode
    /**
     * The element's class, defined as `loadmark-player` by the script. Only the module's may be undefined (imported
     * where there is no DOM): a classic script runs in a page.
     */
    LoadmarkPlayerElement: NonNullable<typeof LoadmarkPlayerElement>
  }

  /** The classic scripts' API, also `window.Loadmark` and `globalThis.Loadmark`. */
  var Loadmark: LoadmarkClassic

  /**
   * What dist/loadmark-player-v3.js defines when a page runs it before the player: the reader of format version 3
   * (transforms, polygons, periodic tracks), which the player hands version 3 documents; undefined without it.
   */
  var LoadmarkVersion3: { decode: typeof decode } | undefined
}
