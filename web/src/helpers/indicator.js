// What the helpers share: creating elements with styles and attributes, positioning, reduced motion and waiting.

/** A new `tag` element with the inline `style` (set through CSSOM, which a Content-Security-Policy allows) and `attributes`. */
export function element(tag, style, attributes = {}) {
  const node = document.createElement(tag)
  node.style.cssText = style
  for (const name in attributes) if (attributes[name] != null) node.setAttribute(name, attributes[name])
  return node
}

/** Makes `host` a containing block for absolutely positioned children, if it is not one. */
export function position(host) {
  if (getComputedStyle(host).position == 'static') host.style.position = 'relative'
}

/** Whether the user asked for reduced motion. */
export const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches

/** Resolves after `ms` milliseconds (through the page's setTimeout, so a test can drive it with its own clock). */
export const delay = (ms) => new Promise((done) => setTimeout(done, ms))

/** Resolves with the next of `types` that `target` dispatches. */
export const next = (target, types) => new Promise((done) => types.forEach((type) => target.addEventListener(type, done, { once: true })))

/** Fades `node` in (`out` false) or out over `ms`, unless reduced motion; resolves once done. */
export function fade(node, ms, out) {
  if (!ms || reducedMotion() || !node.animate) return Promise.resolve()
  return node.animate([{ opacity: +!!out }, { opacity: +!out }], { duration: ms, easing: 'ease' }).finished.catch(() => {})
}

/** Styles that hide a node from sight but not from assistive technology. */
export const VISUALLY_HIDDEN = 'position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap'
