// What every player on the page watches, shared: one ResizeObserver, one
// IntersectionObserver, and one listener each for the page's visibility,
// reduced motion and the device pixel ratio. Made on first use, since Node
// has none of them.

const motion = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)')

/** Whether the user asked for reduced motion. */
export const reducedMotion = () => motion?.matches

const watched = new Map()
let sizes, views

/** A listener that does `act(player)` for every watched player. */
const each = (act) => () => watched.forEach(act)
const resizeAll = each((player) => player._resize())
const syncAll = each((player) => player._sync())

/** Follows the ratio: the query matches only the current one, so each change sets up the next. */
function followRatio() {
  matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener('change', followRatio, { once: true })
  resizeAll()
}

/** Starts watching a player (`on`): its size, whether it is on screen, and the page's state; or stops. */
export function watch(player, on) {
  if (!sizes) {
    sizes = new ResizeObserver((entries) => entries.forEach(({ target }) => watched.get(target)?._resize()))
    views = new IntersectionObserver((entries) => entries.forEach(({ target, isIntersecting }) => {
      const player = watched.get(target)
      if (player) {
        player._visible = isIntersecting
        player._sync()
      }
    }))
    document.addEventListener('visibilitychange', syncAll)
    motion?.addEventListener('change', syncAll)
    followRatio()
  }
  // Its size is the canvas's; whether it is on screen, its box's (player.js). The canvas and the box may be one.
  const { _canvas: canvas, _box: box } = player, act = on ? 'observe' : 'unobserve'
  sizes[act](canvas)
  views[act](box)
  if (on) watched.set(canvas, player).set(box, player)
  else watched.delete(canvas), watched.delete(box)
}
