// Loadmark web player: draws precomputed frame documents (docs/FORMAT.md) on a canvas.

const TAU = 2 * Math.PI
// Per layer kind: geometry fields with their count of numbers (0: one number), then tracks.
const KINDS = {
  arc: [{ center: 2, radius: 0 }, ['start', 'sweep', 'opacity']],
  dot: [{ center: 2, radius: 0 }, ['scale', 'opacity']],
  roundedRect: [{ rect: 4, cornerRadius: 0 }, ['opacity']],
  path: [{}, ['strokeStart', 'strokeEnd', 'opacity']],
}
const clamp = (v) => Math.min(Math.max(v, 0), 1)
const fail = (at, what) => { throw Error(`${at}: expected ${what}`) }
const number = (v, at) => (typeof v == 'number' && isFinite(v) ? v : fail(at, 'a number'))
const array = (v, at, length = v?.length) => (!Array.isArray(v) ? fail(at, 'an array') : v.length == length ? v : fail(at, length + ' values'))
const numbers = (v, at, count) => (count ? array(v, at, count).map((x, i) => number(x, `${at}[${i}]`)) : number(v, at))
const color = (v, at) => (/^#([\da-f]{6}|[\da-f]{8})$/i.test(v) ? v : fail(at, '#rrggbb or #rrggbbaa'))

/** Parses (if text) and validates a document; each track becomes a Float64Array of `frames` values. */
export function decode(json) {
  let doc = json
  if (typeof json == 'string') try { doc = JSON.parse(json) } catch (error) { fail('document', 'JSON, ' + error.message) }
  if (doc?.format != 'loadmark') fail('format', '"loadmark"')
  if (doc.version !== 1) fail('version', '1')
  for (const key of ['fps', 'width', 'height']) if (!(number(doc[key], key) > 0)) fail(key, 'a number > 0')
  const layers = array(doc.layers, 'layers').map(decodeLayer)
  return { ...doc, layers, clips: array(doc.clips, 'clips').map((clip, i) => decodeClip(clip, `clips[${i}]`, layers)) }
}

function decodeLayer(source, i) {
  const at = `layers[${i}]`, { kind, shadow } = source ?? {}
  const layer = { lineWidth: 1, lineCap: 'butt', lineJoin: 'miter', miterLimit: 10, ...source, length: 0 }
  for (const [key, count] of Object.entries((KINDS[kind] ?? fail(at + '.kind', 'a layer kind'))[0])) numbers(source[key], `${at}.${key}`, count)
  for (const key of ['stroke', 'fill']) if (key in source) color(source[key], `${at}.${key}`)
  if (shadow) {
    for (const [key, count] of Object.entries({ opacity: 0, offset: 2, radius: 0 })) numbers(shadow[key], `${at}.shadow.${key}`, count)
    // Canvas has no shadow opacity: it goes into the colour's alpha.
    const [r, g, b, a = 255] = color(shadow.color, at + '.shadow.color').match(/\w\w/g).map((hex) => parseInt(hex, 16))
    layer.shadowColor = `rgba(${r},${g},${b},${(a / 255) * shadow.opacity})`
  }
  if (kind == 'path') layer.subpaths = array(source.subpaths, at + '.subpaths').map((subpath, j) => decodeSubpath(subpath, `${at}.subpaths[${j}]`, layer))
  return layer
}

// Each segment gets its length (lines: Euclidean, arcs: r·|sweep|), its point at fraction f of that length, and
// its piece between two fractions: what trim() walks, as Path+Trimming.swift does. The layer sums the lengths.
function decodeSubpath(subpath, at, layer) {
  let from = numbers(subpath?.move, at + '.move', 2)
  return array(subpath.segments, at + '.segments').map((segment, k) => {
    const here = `${at}.segments[${k}]`, [x0, y0] = from, { line, arc } = segment ?? {}
    const [x, y, r, start, sweep] = numbers(line ?? arc ?? fail(here, '"line" or "arc"'), here + (line ? '.line' : '.arc'), line ? 2 : 5)
    const point = line
      ? (f) => (f == 1 ? line : [x0 + (x - x0) * f, y0 + (y - y0) * f])
      : (f) => [x + r * Math.cos(start + sweep * f), y + r * Math.sin(start + sweep * f)]
    const length = line ? Math.hypot(x - x0, y - y0) : Math.abs(r * sweep)
    from = point(1)
    layer.length += length
    return { length, point, piece: (a, b) => (line ? { line: point(b) } : { arc: [x, y, r, start + sweep * a, sweep * (b - a)] }) }
  })
}

function decodeClip(source, at, layers) {
  const { index, frames } = source ?? {}, tracks = {}
  if (index != 'time' && index != 'progress') fail(at + '.index', '"time" or "progress"')
  if (!(frames > 0 && Number.isInteger(frames))) fail(at + '.frames', 'a whole number > 0')
  for (const { id, kind } of layers) {
    for (const property of KINDS[kind][1]) {
      const key = `${id}.${property}`
      tracks[key] = decodeTrack(source.tracks?.[key], frames, `${at}.tracks[${JSON.stringify(key)}]`)
    }
  }
  return { ...source, loop: source.loop === true && index == 'time', tracks }
}

// One number, `frames` numbers, or {decimals, deltas}: exact integer running sums, each divided once by
// 10^decimals, so every value is the Double the writer rounded to (as the Swift reader does).
function decodeTrack(track, frames, at) {
  if (typeof track == 'number') return new Float64Array(frames).fill(number(track, at))
  if (!track?.deltas) return Float64Array.from(array(track ?? fail(at, 'a track'), at, frames), (v, i) => number(v, `${at}[${i}]`))
  const { decimals, deltas } = track
  let sum = 0
  if (!Number.isInteger(decimals)) fail(at + '.decimals', 'an integer')
  return Float64Array.from(array(deltas, at + '.deltas', frames), (delta, i) =>
    Number.isInteger(delta) && Number.isSafeInteger((sum += delta)) ? sum / 10 ** decimals : fail(`${at}.deltas[${i}]`, 'a safe integer'))
}

/** The frame of a time clip `seconds` in, and its completed plays (a one-shot holds its last frame, counting 1). */
export function frameAt(clip, fps, seconds) {
  // 1e-6 absorbs rounding, so that t = n / fps is frame n.
  const i = Math.max(0, Math.floor(seconds * fps + 1e-6)), last = clip.frames - 1
  return clip.loop ? { frame: i % clip.frames, loops: Math.floor(i / clip.frames) } : { frame: Math.min(i, last), loops: +(i >= last) }
}

/** Canvas arc arguments [[start, end, anticlockwise]…]: none for sweep 0; a full circle as two halves, which float32 cannot empty. */
export function arcArgs(start, sweep) {
  const ccw = sweep < 0, half = ccw ? -Math.PI : Math.PI
  if (Math.abs(sweep) < TAU) return sweep ? [[start, start + sweep, ccw]] : []
  return [[start, start + half, ccw], [start + half, start + 2 * half, ccw]]
}

/** A path layer from fraction `start` to `end` of its length, as [{move, segments}] (Path+Trimming.swift). */
export function trim(layer, start, end) {
  const lower = clamp(start) * layer.length, upper = clamp(end) * layer.length, pieces = []
  let offset = 0
  for (const segments of layer.subpaths) {
    let open
    for (const { length, point, piece } of segments) {
      const a = (Math.max(lower, offset) - offset) / length, b = (Math.min(upper, offset + length) - offset) / length
      offset += length
      // a < b also drops zero-length pieces, which canvas would stroke as a cap dot.
      if (!(a < b)) continue
      if (!open) pieces.push((open = { move: point(a), segments: [] }))
      open.segments.push(piece(a, b))
    }
  }
  return pieces
}

const arc = (ctx, x, y, r, start, sweep) => { if (r > 0) for (const args of arcArgs(start, sweep)) ctx.arc(x, y, r, ...args) }

// One layer at frame n; `scale` is device pixels per point, as canvas shadows ignore the transform.
function drawLayer(ctx, layer, tracks, n, scale, accent) {
  const value = (property) => tracks[layer.id + '.' + property][n]
  const { kind, center: [x, y] = [], shadow, lineWidth, lineCap, lineJoin, miterLimit } = layer
  let { stroke, fill } = layer
  const outline = (pieces) => {
    ctx.beginPath()
    if (kind == 'arc') arc(ctx, x, y, layer.radius, value('start'), value('sweep'))
    if (kind == 'dot') arc(ctx, x, y, layer.radius * value('scale'), 0, TAU)
    if (kind == 'roundedRect') ctx.roundRect(...layer.rect, layer.cornerRadius)
    for (const { move, segments } of pieces || []) {
      ctx.moveTo(...move)
      for (const { line, arc: args } of segments) line ? ctx.lineTo(...line) : arc(ctx, ...args)
    }
  }
  const opacity = clamp(value('opacity'))
  // Opacity 0 also stands for a hidden layer.
  if (!opacity) return
  if (layer.accent && accent) {
    if (stroke) stroke = accent
    else fill = accent
  }
  ctx.globalAlpha = opacity
  if (shadow) {
    ctx.shadowColor = layer.shadowColor
    ctx.shadowOffsetX = shadow.offset[0] * scale
    ctx.shadowOffsetY = shadow.offset[1] * scale
    // shadowRadius is the Gaussian σ; canvas blur is 2σ.
    ctx.shadowBlur = 2 * shadow.radius * scale
  }
  if (fill) {
    // CAShapeLayer fills the whole path but strokes only the trimmed part.
    outline(kind == 'path' && trim(layer, 0, 1))
    ctx.fillStyle = fill
    ctx.fill()
  }
  if (stroke) {
    outline(kind == 'path' && trim(layer, value('strokeStart'), value('strokeEnd')))
    Object.assign(ctx, { strokeStyle: stroke, lineWidth, lineCap, lineJoin, miterLimit }).stroke()
  }
}

const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches

/** Plays a document on a canvas, dispatching its events on `target` (default: the canvas). */
export class Player {
  constructor(canvas, target = canvas) {
    // `loops`: repeats of a looping clip before `complete`.
    Object.assign(this, { canvas, target, ctx: canvas.getContext('2d'), n: 0, time: 0, rate: 1, loops: Infinity, visible: true })
    if (!globalThis.document) return
    // A canvas sized only by its width and height attributes would grow with its backing store: pin its CSS size.
    if (!canvas.style.width && canvas.clientWidth == canvas.width) canvas.style.width = canvas.width + 'px'
    if (!canvas.style.height && canvas.clientHeight == canvas.height) canvas.style.height = canvas.height + 'px'
    this.attach()
  }

  // Observes size, visibility and pixel ratio; detach() undoes it and stops the frame loop, so nothing keeps a removed player alive.
  attach() {
    if (this.stopper) return
    this.stopper = new AbortController()
    this.observers = [new ResizeObserver(() => this.resize()), new IntersectionObserver((entries) => this.sync((this.visible = entries.pop().isIntersecting)))]
    this.observers.map((observer) => observer.observe(this.canvas))
    document.addEventListener('visibilitychange', this.sync, this.stopper)
    this.watch()
  }

  detach() {
    this.stopper?.abort()
    this.observers?.map((observer) => observer.disconnect())
    this.stopper = null
    this.visible = false
    this.sync()
  }

  // This query matches only the current ratio, so its change means devicePixelRatio changed.
  watch = () => {
    matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener('change', this.watch, { once: true, signal: this.stopper?.signal })
    this.resize()
  }

  /** Loads a URL, `#id` of an inline JSON element, or a document object; resolves to the document, or null after `error`. */
  async load(source) {
    const url = typeof source == 'string'
    let doc = null
    this.source = source
    try {
      doc = decode(source[0] == '#' ? document.getElementById(source.slice(1))?.textContent : url ? await (await fetch(source)).text() : source)
    } catch (error) {
      this.report(url ? `${source}: ${error.message}` : error.message)
    }
    // The latest load() wins.
    if (this.source != source) return null
    const queued = this.queued
    this.pause()
    Object.assign(this, { doc, clip: null }).resize()
    if (!doc) return null
    this.jump(doc.clips[0], 0)
    this.emit('load', { preset: doc.preset })
    if (queued) this.play(...queued)
    return doc
  }

  /** Plays a clip (default: the current one), resuming where it paused; restarts on a new clip or after `complete`. */
  play(name) {
    // Before a document arrives, play() is remembered for it.
    if (!this.doc) return void (this.queued = [name])
    const clip = name == null ? this.clip : this.find(name)
    if (!clip || clip.index == 'progress') return
    if (clip != this.clip || this.done) this.jump(clip, 0)
    this.theme()
    // Reduced motion: a one-shot shows its final frame at once, a loop holds its first frame.
    if (reducedMotion() && !clip.loop) {
      this.jump(clip, Infinity)
      return this.finish()
    }
    if (this.playing) return
    this.playing = true
    this.emit('play')
  }

  /** Pauses on the current frame. */
  pause() {
    this.queued = null
    if (!this.playing) return
    this.playing = false
    this.emit('pause')
  }

  /** Pauses and rewinds to the first frame. */
  stop() {
    this.pause()
    this.seek(0)
  }

  /** Moves to `seconds` into the current clip. */
  seek(seconds) {
    if (this.doc) this.jump(this.clip, seconds)
  }

  /** The frame shown; setting it seeks there. */
  get frame() { return this.n }
  set frame(n) { this.seek(n / this.doc?.fps) }

  /** 0…1; setting it pauses on frame round(p · (frames − 1)) of the current progress clip, else the first one, else the current clip. */
  get progress() { return this.n / (this.clip?.frames - 1 || 1) }
  set progress(p) {
    const clip = [this.clip, ...(this.doc?.clips ?? [])].find((c) => c?.index == 'progress') ?? this.clip
    this.pause()
    if (clip) this.jump(clip, Math.round(clamp(+p || 0) * (clip.frames - 1)) / this.doc.fps)
  }

  /** Playback rate, 1 by default. */
  get speed() { return this.rate }
  set speed(value) {
    this.rebase()
    this.rate = value >= 0 ? +value : 1
  }

  /** Theme colour of accent layers; empty to use `--loadmark-color`. */
  get color() { return this.override }
  set color(value) {
    this.override = value
    this.theme()
  }

  /** Draws frame `n` of a clip (name or object) now, for posters and tests. */
  renderFrame(clip = this.clip, n = this.n) {
    const { ctx, scale } = this
    clip = typeof clip == 'string' ? this.find(clip) : clip
    if (!clip) return
    this.clip = clip
    this.n = Math.min(Math.max(0, n | 0), clip.frames - 1)
    this.clear()
    for (const layer of this.doc.layers) {
      ctx.save()
      ctx.setTransform(scale, 0, 0, scale, this.ox, this.oy)
      drawLayer(ctx, layer, clip.tracks, this.n, scale, this.accent)
      ctx.restore()
    }
  }

  /** Stops, disconnects observers and listeners, and clears the canvas. */
  destroy() {
    this.pause()
    this.detach()
    this.doc = null
    this.clear()
  }

  // The frame loop runs only while playing, visible, on a shown page, with motion allowed.
  sync = () => {
    const busy = !!(this.playing && this.clip.loop)
    if (busy !== this.busy) this.target.setAttribute?.('aria-busy', (this.busy = busy))
    if (this.playing && this.visible && !globalThis.document?.hidden && !reducedMotion()) this.raf ||= requestAnimationFrame(this.tick)
    else if (this.raf) {
      cancelAnimationFrame(this.raf)
      this.raf = 0
      this.rebase()
    }
  }

  // The frame comes from elapsed time, so playback never drifts and survives dropped frames.
  tick = (now) => {
    const clip = this.clip
    this.raf = 0
    this.t0 ??= now
    this.time = this.origin + ((now - this.t0) / 1000) * this.rate
    const { frame, loops } = frameAt(clip, this.doc.fps, this.time)
    if (loops >= (clip.loop ? this.loops : 1)) {
      // A loop's end equals its start, so a finished loop rests on frame 0.
      this.show(clip, clip.loop ? 0 : frame)
      return this.finish()
    }
    if (loops > this.wraps) {
      this.wraps = loops
      this.theme()
      this.emit('loop', { loops })
    }
    this.show(clip, frame)
    this.sync()
  }

  // Elapsed time restarts from the current position on pause, hide, seek and speed change.
  rebase() {
    this.origin = this.time
    this.t0 = null
  }

  jump(clip, seconds) {
    const { frame, loops } = frameAt(clip, this.doc.fps, seconds)
    Object.assign(this, { time: Math.max(0, seconds), wraps: loops, done: false }).rebase()
    this.show(clip, frame)
  }

  // Draws only when the frame changes.
  show(clip, n) {
    if (clip == this.clip && n == this.n) return
    this.renderFrame(clip, n)
    this.emit('frame', { frame: n })
  }

  finish() {
    this.playing = false
    this.done = true
    this.emit('complete')
  }

  find(name) {
    return this.doc?.clips.find((clip) => clip.name == name) ?? this.report(`unknown clip "${name}"`)
  }

  // Backing store in device pixels; the document fitted (contain, centred) into the CSS box.
  resize() {
    const { canvas, doc } = this, dpr = globalThis.devicePixelRatio || 1, width = canvas.clientWidth, height = canvas.clientHeight
    canvas.width = Math.round(width * dpr)
    canvas.height = Math.round(height * dpr)
    if (!doc) return
    const k = Math.min(width / doc.width, height / doc.height)
    this.scale = dpr * k
    this.ox = Math.round(((width - doc.width * k) / 2) * dpr)
    this.oy = Math.round(((height - doc.height * k) / 2) * dpr)
    this.renderFrame()
    this.theme()
  }

  // The color property, else --loadmark-color: read on load, play, resize and loop, not per frame.
  theme() {
    const accent = this.override || globalThis.getComputedStyle?.(this.canvas).getPropertyValue('--loadmark-color').trim()
    if (accent == this.accent) return
    this.accent = accent
    if (this.doc) this.renderFrame()
  }

  clear() {
    this.ctx.setTransform(1, 0, 0, 1, 0, 0)
    this.ctx.clearRect(0, 0, this.canvas.width, this.canvas.height)
  }

  emit(type, detail) {
    this.sync()
    this.target.dispatchEvent(new CustomEvent(type, { detail: { clip: this.clip?.name, ...detail } }))
  }

  report(message) {
    this.emit('error', { message })
    console.error('loadmark: ' + message)
  }
}

/** Loadmark.player(canvas, doc?): a Player on a CSS-sized canvas, loading `doc` if given. */
export const Loadmark = {
  player(canvas, doc) {
    const player = new Player(canvas)
    if (doc) player.load(doc)
    return player
  },
}

/** <loadmark-player src clip autoplay loop speed label color progress>: sized by CSS, 64 × 64 when unsized. */
export const LoadmarkPlayerElement = globalThis.HTMLElement && class extends HTMLElement {
  static observedAttributes = ['src', 'clip', 'autoplay', 'loop', 'speed', 'label', 'color', 'progress']

  constructor() {
    super()
    this.attachShadow({ mode: 'open' }).innerHTML = '<style>:host{display:inline-block;width:64px;height:64px}</style><canvas style="width:100%;height:100%;display:block">'
    this.player = new Player(this.shadowRoot.lastChild, this)
    // After the page's own load listeners, so that they hear load before play.
    this.addEventListener('load', () => queueMicrotask(() => this.apply()))
  }

  connectedCallback() {
    this.setAttribute('role', 'img')
    this.player.attach()
    this.apply('label')
  }

  disconnectedCallback() {
    this.player.detach()
  }

  attributeChangedCallback(name, old, value) {
    const player = this.player
    if (name == 'src') player.load(value)
    else if (name == 'speed') player.speed = value ?? 1
    else if (name == 'loop') player.loops = value > 0 ? +value : Infinity
    else if (name == 'color') player.color = value
    else this.apply(name == 'label')
  }

  // The label; then, unless only the label changed, clip, progress and autoplay (on connect, load and change).
  apply(labelOnly) {
    const player = this.player, get = (name) => this.getAttribute(name), clip = get('clip')
    this.setAttribute('aria-label', get('label') || player.doc?.preset || 'loading')
    if (labelOnly || !player.doc) return
    const next = clip && clip != player.clip.name && player.find(clip)
    if (next) player.playing ? player.play(clip) : player.jump(next, 0)
    if (get('progress') != null) player.progress = get('progress')
    else if (this.hasAttribute('autoplay')) player.play()
  }
}

if (LoadmarkPlayerElement && !customElements.get('loadmark-player')) {
  // The element is a player too: these methods and properties forward to its `player`.
  const { prototype } = LoadmarkPlayerElement
  for (const key of ['load', 'play', 'pause', 'stop', 'seek', 'renderFrame']) prototype[key] = function (...args) { return this.player[key](...args) }
  for (const key of ['frame', 'progress', 'speed', 'loops', 'color']) {
    Object.defineProperty(prototype, key, { get() { return this.player[key] }, set(value) { this.player[key] = value } })
  }
  customElements.define('loadmark-player', LoadmarkPlayerElement)
}
