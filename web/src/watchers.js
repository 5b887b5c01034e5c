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

/** Starts watching a player: its size, whether it is on screen, and the page's state. */
export function watch(player) {
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
  // Its size is the canvas's; whether it is on screen, the element's (the canvas for a bare one). A canvas is a
  // layer of its own, redrawn on every frame, and Chromium recomputes the intersection of such a target on every
  // frame; an element box that does not move costs it nothing.
  const box = view(player)
  watched.set(player._canvas, player).set(box, player)
  sizes.observe(player._canvas)
  views.observe(box)
}

/** What shows whether a player is on screen: its element, else (with events sent elsewhere) its canvas. */
const view = ({ _target: target, _canvas: canvas }) => (target.nodeType ? target : canvas)

/** Stops watching a player. */
export function unwatch(player) {
  watched.delete(player._canvas)
  watched.delete(view(player))
  sizes?.unobserve(player._canvas)
  views?.unobserve(view(player))
}
