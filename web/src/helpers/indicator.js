// What the helpers share: an autoplaying <loadmark-player>, and positioning.

/** An autoplaying <loadmark-player> of `src` styled by `style`; `done` hears its complete or error event. */
export function indicator(src, style, clip, done) {
  const element = document.createElement('loadmark-player')
  element.style.cssText = style
  if (clip) element.setAttribute('clip', clip)
  element.setAttribute('autoplay', '')
  // Listening before `src` starts the load.
  if (done) for (const type of ['complete', 'error']) element.addEventListener(type, done, { once: true })
  element.setAttribute('src', src)
  return element
}

/** Makes `element` a containing block for absolutely positioned children, if it is not one. */
export function position(element) {
  if (getComputedStyle(element).position == 'static') element.style.position = 'relative'
}
