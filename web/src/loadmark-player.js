// The web player's module: <loadmark-player>, the Player class, Loadmark.player() and decode().
// Importing it defines the element (in a browser).
export { decode } from './decode.js'
export { LoadmarkPlayerElement } from './element.js'
export { Loadmark, Player } from './player.js'
