// Loadmark web player: replays frame documents (docs/FORMAT.md) on a canvas.

const TAU = 2 * Math.PI
// Per kind: fields (n: n numbers, 0: one) and tracks.
const KINDS = {
  arc: [{ center: 2, radius: 0 }, 'start sweep opacity'],
  dot: [{ center: 2, radius: 0 }, 'scale opacity'],
  roundedRect: [{ rect: 4, cornerRadius: 0 }, 'opacity'],
  path: [{}, 'strokeStart strokeEnd opacity'],
}
const clamp = (v) => Math.min(Math.max(v, 0), 1)
const expect = (ok, at, what) => {
  if (!ok) throw Error(`${at}: expected ${what}`)
  return ok
}
const list = (v, at, n = v?.length) => expect(Array.isArray(v), at, 'an array') && expect(v.length == n, at, n + ' values') && v
const numbers = (v, at, n) => (n ? list(v, at, n).map((x, i) => numbers(x, `${at}[${i}]`)) : expect(Number.isFinite(v), at, 'a number') && v)
const fields = (source, at, spec) => { for (const key in spec) numbers(source[key], at + '.' + key, spec[key]) }
const color = (v, at) => expect(/^#([\da-f]{6}|[\da-f]{8})$/i.test(v), at, '#rrggbb or #rrggbbaa') && v

/** Parses (if text) and validates a document; tracks become Float64Arrays. */
export function decode(doc) {
  if (typeof doc == 'string') try { doc = JSON.parse(doc) } catch (error) { expect(0, 'document', 'JSON, ' + error.message) }
  expect(doc?.format == 'loadmark', 'format', '"loadmark"')
  expect(doc.version === 1, 'version', 1)
  for (const key of ['fps', 'width', 'height']) expect(numbers(doc[key], key) > 0, key, 'a number > 0')
  const layers = list(doc.layers, 'layers').map((source, i) => {
    const at = `layers[${i}]`, { kind, shadow } = source ?? {}
    const layer = { lineWidth: 1, lineCap: 'butt', lineJoin: 'miter', miterLimit: 10, ...source, length: 0, subpaths: [] }
    fields(source, at, expect(KINDS[kind], at + '.kind', 'a layer kind')[0])
    for (const key of ['stroke', 'fill']) if (key in source) color(source[key], at + '.' + key)
    if (shadow) {
      fields(shadow, at + '.shadow', { opacity: 0, offset: 2, radius: 0 })
      // Canvas has no shadow opacity.
      const [r, g, b, a = 255] = color(shadow.color, at + '.shadow.color').match(/\w\w/g).map((hex) => parseInt(hex, 16))
      layer.shadowColor = `rgba(${r},${g},${b},${(a / 255) * shadow.opacity})`
    }
    // Segments keep their start and length; the layer sums them.
    if (kind == 'path') layer.subpaths = list(source.subpaths, at + '.subpaths').map((subpath, j) => {
      let here = `${at}.subpaths[${j}]`, from = numbers(subpath?.move, here + '.move', 2)
      return { move: from, segments: list(subpath.segments, here + '.segments').map((segment, k) => {
        const { line, arc } = segment ?? {}, where = `${here}.segments[${k}]`
        const [x, y, r, start, sweep] = numbers(expect(line ?? arc, where, '"line" or "arc"'), where + (line ? '.line' : '.arc'), line ? 2 : 5)
        segment = { line, arc, from, length: line ? Math.hypot(x - from[0], y - from[1]) : Math.abs(r * sweep) }
        layer.length += segment.length
        from = point(segment, 1)
        return segment
      }) }
    })
    return layer
  })
  const clips = list(doc.clips, 'clips').map((source, i) => {
    const at = `clips[${i}]`, { index, frames } = source ?? {}, tracks = {}
    expect(index == 'time' || index == 'progress', at + '.index', '"time" or "progress"')
    expect(Number.isInteger(frames) && frames > 0, at + '.frames', 'a whole number > 0')
    for (const { id, kind } of layers) for (const property of KINDS[kind][1].split(' ')) {
      const key = id + '.' + property, here = `${at}.tracks[${JSON.stringify(key)}]`, track = source.tracks?.[key]
      // Exact integer sums divided once give the writer's doubles.
      let sum = 0
      tracks[key] = Float64Array.from(typeof track == 'number' ? Array(frames).fill(numbers(track, here))
        : !track?.deltas ? numbers(expect(track, here, 'a track'), here, frames)
        : expect(Number.isInteger(track.decimals), here + '.decimals', 'an integer') && list(track.deltas, here + '.deltas', frames).map((delta, i) =>
          expect(Number.isInteger(delta) && Number.isSafeInteger((sum += delta)), `${here}.deltas[${i}]`, 'a safe integer') && sum / 10 ** track.decimals))
    }
    return { ...source, loop: source.loop === true && index == 'time', tracks }
  })
  return { ...doc, layers, clips }
}

/** The frame `seconds` into a time clip, and its completed plays. */
export function frameAt({ frames, loop }, fps, seconds) {
  // 1e-6 makes t = n / fps frame n despite rounding.
  const i = Math.max(0, Math.floor(seconds * fps + 1e-6))
  return loop ? { frame: i % frames, loops: Math.floor(i / frames) } : { frame: Math.min(i, frames - 1), loops: +(i >= frames - 1) }
}

/** Canvas arc arguments; a full circle as two halves, which float32 cannot empty. */
export function arcArgs(start, sweep) {
  const ccw = sweep < 0, half = ccw ? -Math.PI : Math.PI
  return Math.abs(sweep) < TAU ? (sweep ? [[start, start + sweep, ccw]] : []) : [[start, start + half, ccw], [start + half, start + 2 * half, ccw]]
}

function point({ line, arc, from }, f) {
  if (line) return f == 1 ? line : from.map((v, i) => v + (line[i] - v) * f)
  const [x, y, r, start, sweep] = arc
  return [x + r * Math.cos(start + sweep * f), y + r * Math.sin(start + sweep * f)]
}

/** A path layer between two fractions of its length, as Path+Trimming.swift. */
export function trim(layer, start, end) {
  const lower = clamp(start) * layer.length, upper = clamp(end) * layer.length, pieces = []
  let offset = 0
  for (const { segments } of layer.subpaths) {
    let open
    for (const segment of segments) {
      const { length, arc } = segment, a = (Math.max(lower, offset) - offset) / length, b = (Math.min(upper, offset + length) - offset) / length
      offset += length
      // Zero-length pieces would stroke as cap dots.
      if (!(a < b)) continue
      if (!open) pieces.push((open = { move: point(segment, a), segments: [] }))
      open.segments.push(arc ? { arc: [...arc.slice(0, 3), arc[3] + arc[4] * a, arc[4] * (b - a)] } : { line: point(segment, b) })
    }
  }
  return pieces
}

// `scale`: device pixels per point, as canvas shadows ignore the transform.
function draw(ctx, layer, value, scale, accent) {
  const { kind, center: [x, y] = [], radius, shadow, lineWidth, lineCap, lineJoin, miterLimit } = layer, opacity = value('opacity')
  const arc = (x, y, r, start, sweep) => r > 0 && arcArgs(start, sweep).map((args) => ctx.arc(x, y, r, ...args))
  const outline = (pieces) => {
    ctx.beginPath()
    if (kind == 'arc') arc(x, y, radius, value('start'), value('sweep'))
    if (kind == 'dot') arc(x, y, radius * value('scale'), 0, TAU)
    if (kind == 'roundedRect') ctx.roundRect(...layer.rect, layer.cornerRadius)
    for (const { move, segments } of pieces) {
      ctx.moveTo(...move)
      for (const segment of segments) segment.line ? ctx.lineTo(...segment.line) : arc(...segment.arc)
    }
  }
  let { stroke, fill } = layer
  // 0 means hidden; canvas ignores an alpha over 1.
  if (!(opacity > 0)) return
  if (layer.accent && accent) stroke ? (stroke = accent) : (fill = accent)
  ctx.globalAlpha = opacity
  // Canvas blur is 2σ.
  if (shadow) Object.assign(ctx, { shadowColor: layer.shadowColor, shadowOffsetX: shadow.offset[0] * scale, shadowOffsetY: shadow.offset[1] * scale, shadowBlur: 2 * shadow.radius * scale })
  if (fill) {
    // CAShapeLayer fills the untrimmed path.
    outline(layer.subpaths)
    ctx.fillStyle = fill
    ctx.fill()
  }
  if (stroke) {
    outline(kind == 'path' ? trim(layer, value('strokeStart'), value('strokeEnd')) : [])
    Object.assign(ctx, { strokeStyle: stroke, lineWidth, lineCap, lineJoin, miterLimit }).stroke()
  }
}

// Shared, and listened to.
const motion = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)')
const reducedMotion = () => motion?.matches

// The Player class and the element.
const Playing = (Base) => class extends Base {
  init(canvas, target) {
    Object.assign(this, { canvas, target, ctx: canvas.getContext('2d'), n: 0, rate: 1, loops: Infinity, visible: true })
    if (!globalThis.document) return
    // A canvas sized by its attributes would grow with its backing store.
    if (!canvas.style.width && canvas.clientWidth == canvas.width) canvas.style.width = canvas.width + 'px'
    if (!canvas.style.height && canvas.clientHeight == canvas.height) canvas.style.height = canvas.height + 'px'
    this.attach()
  }

  attach() {
    if (this.stopper) return
    this.stopper = new AbortController()
    this.observers = [new ResizeObserver(() => this.resize()), new IntersectionObserver((entries) => this.sync((this.visible = entries.pop().isIntersecting)))]
    for (const observer of this.observers) observer.observe(this.canvas)
    document.addEventListener('visibilitychange', this.sync, this.stopper)
    motion?.addEventListener('change', this.sync, this.stopper)
    this.watch()
  }

  detach() {
    this.stopper?.abort()
    for (const observer of this.observers ?? []) observer.disconnect()
    this.stopper = this.visible = null
    this.sync()
  }

  // Matches only the current ratio.
  watch = () => {
    matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener('change', this.watch, { once: true, signal: this.stopper?.signal })
    this.resize()
  }

  async load(source) {
    const url = typeof source == 'string'
    let doc = null
    this.source = source
    try {
      doc = decode(source[0] == '#' ? document.getElementById(source.slice(1))?.textContent : url ? await (await fetch(source)).text() : source)
    } catch (error) {
      this.report((url ? source + ': ' : '') + error.message)
    }
    if (this.source != source) return null
    const queued = this.queued
    this.pause()
    Object.assign(this, { doc, clip: null }).resize()
    if (!doc) return null
    this.seek(0, doc.clips[0])
    this.emit('load', { preset: doc.preset })
    if (queued) this.play(...queued)
    // The element's attributes, after the load listeners.
    this.apply?.()
    return doc
  }

  play(name) {
    if (!this.doc) return void (this.queued = [name])
    const clip = name == null ? this.clip : this.find(name)
    if (!clip || clip.index == 'progress') return
    const still = reducedMotion() && !clip.loop
    // Its last frame, once.
    if (still && this.done && clip == this.clip) return
    if (clip != this.clip || this.done) this.seek(0, clip)
    this.theme()
    if (still) {
      this.seek(Infinity)
      return this.finish()
    }
    if (this.playing) return
    this.playing = true
    this.emit('play')
  }

  pause() {
    this.queued = null
    if (!this.playing) return
    this.playing = false
    this.emit('pause')
  }

  finish() {
    this.playing = false
    this.done = true
    this.emit('complete')
  }

  stop() {
    this.pause()
    this.seek(0)
  }

  seek(seconds, clip = this.clip) {
    if (!clip) return
    const { frame, loops } = frameAt(clip, this.doc.fps, seconds)
    Object.assign(this, { time: Math.max(0, seconds), wraps: loops, done: false, base: null }).show(clip, frame)
  }

  get frame() { return this.n }
  set frame(n) { this.seek(n / this.doc?.fps) }

  get progress() { return this.n / (this.clip?.frames - 1 || 1) }
  set progress(p) {
    const clip = [this.clip, ...(this.doc?.clips ?? [])].find((c) => c?.index == 'progress') ?? this.clip
    this.pause()
    this.seek(Math.round(clamp(+p || 0) * (clip?.frames - 1)) / this.doc?.fps, clip)
  }

  get speed() { return this.rate }
  set speed(value) {
    this.base = null
    this.rate = (value ??= 1) >= 0 ? +value : 1
  }

  get color() { return this.override }
  set color(value) {
    this.override = value
    this.theme()
  }

  renderFrame(clip = this.clip, n = this.n) {
    const { ctx, scale, doc } = this
    clip = typeof clip == 'string' ? this.find(clip) : clip
    if (!clip || !doc) return
    this.clip = clip
    n = this.n = Math.min(Math.max(0, n | 0), clip.frames - 1)
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height)
    ctx.setTransform(scale, 0, 0, scale, this.ox, this.oy)
    for (const layer of doc.layers) {
      ctx.save()
      draw(ctx, layer, (property) => clip.tracks[layer.id + '.' + property][n], scale, this.accent)
      ctx.restore()
    }
  }

  destroy() {
    this.pause()
    this.detach()
    this.doc = this.clip = null
    this.resize()
  }

  sync = () => {
    // Reduced motion turned on mid-play: a one-shot ends on its last frame.
    if (this.playing && reducedMotion() && !this.clip.loop) return this.play()
    const busy = !!(this.playing && this.clip.loop)
    if (busy != this.busy) this.target.setAttribute?.('aria-busy', (this.busy = busy))
    if (this.playing && this.visible && !globalThis.document?.hidden && !reducedMotion()) this.raf ||= requestAnimationFrame(this.tick)
    else if (this.raf) this.base = this.raf = cancelAnimationFrame(this.raf)
  }

  // Time since the last start, so that frames never drift.
  tick = (now) => {
    const clip = this.clip, [t0, origin] = (this.base ??= [now, this.time])
    this.raf = 0
    this.time = origin + ((now - t0) / 1000) * this.rate
    const { frame, loops } = frameAt(clip, this.doc.fps, this.time)
    // A loop's end equals its start.
    if (loops >= (clip.loop ? this.loops : 1)) {
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

  show(clip, n) {
    if (clip == this.clip && n == this.n) return
    this.renderFrame(clip, n)
    this.emit('frame', { frame: n })
  }

  find(name) {
    return this.doc?.clips.find((clip) => clip.name == name) ?? this.report(`unknown clip "${name}"`)
  }

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

  // Not per frame: reading CSS is slow.
  theme() {
    const accent = this.override || globalThis.getComputedStyle?.(this.canvas).getPropertyValue('--loadmark-color').trim()
    if (accent == this.accent) return
    this.accent = accent
    this.renderFrame()
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

/** Plays documents on a canvas; events go to `target`. */
export class Player extends Playing(Object) {
  constructor(canvas, target = canvas) {
    super()
    this.init(canvas, target)
  }
}

/** Loadmark.player(canvas, doc?): a Player, loading `doc` if given. */
export const Loadmark = {
  player(canvas, doc) {
    const player = new Player(canvas)
    if (doc) player.load(doc)
    return player
  },
}

/** <loadmark-player src clip autoplay loop speed label color progress engine preset size>. */
export const LoadmarkPlayerElement = globalThis.HTMLElement && class extends Playing(HTMLElement) {
  static observedAttributes = 'src clip autoplay loop speed label color progress engine preset size'.split(' ')

  constructor() {
    super()
    this.attachShadow({ mode: 'open' }).innerHTML = '<style>:host{display:inline-block;width:64px;height:64px}canvas{width:100%;height:100%;display:block}</style><canvas>'
    this.init(this.shadowRoot.lastChild, this)
  }

  get player() { return this }

  connectedCallback() {
    this.setAttribute('role', 'img')
    this.attach()
    this.apply(true)
    this.ask()
  }

  // engine="wasm": loadmark-wasm.js answers with a document.
  ask() {
    if (this.asking) return
    this.asking = true
    queueMicrotask(() => {
      this.asking = false
      if (this.isConnected && this.getAttribute('engine')) this.dispatchEvent(new Event('loadmark-engine', { bubbles: true }))
    })
  }

  disconnectedCallback() {
    this.detach()
  }

  attributeChangedCallback(name, old, value) {
    if (name == 'src') this.load(value)
    else if (name == 'engine' || name == 'preset' || name == 'size') this.ask()
    else if (name == 'speed' || name == 'color') this[name] = value
    else if (name == 'loop') this.loops = value > 0 ? +value : Infinity
    else this.apply(name == 'label')
  }

  apply(labelOnly) {
    const get = (name) => this.getAttribute(name), clip = get('clip')
    this.setAttribute('aria-label', get('label') || this.doc?.preset || 'loading')
    if (labelOnly || !this.doc) return
    const next = clip && clip != this.clip.name && this.find(clip)
    if (next) this.playing ? this.play(clip) : this.seek(0, next)
    if (this.hasAttribute('progress')) this.progress = get('progress')
    else if (this.hasAttribute('autoplay')) this.play()
  }
}

if (LoadmarkPlayerElement && !customElements.get('loadmark-player')) customElements.define('loadmark-player', LoadmarkPlayerElement)
