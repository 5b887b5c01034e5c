// The player: loads a document, keeps time, and shows frames on a canvas.
// One class body drives a bare canvas (`Player`) and the element, which is a
// player itself (element.js), hence a mixin over their base classes. Members
// whose names start with `_` are internal (the build shortens them).
import { bitmap, lease, release } from './bitmaps.js'
import { decode, fail, finite, quoted, range } from './decode.js'
import { drawFrame } from './draw.js'
import { MAX_SPEED, MIN_SPEED, ROLES } from './format.js'
import { frameTime, schedule } from './scheduler.js'
import { frameIndex, frameOf, playsAt, progressFrame } from './timing.js'
import { reducedMotion, watch } from './watchers.js'

// The most pixels and the longest side a canvas's backing store is given: 2^24 pixels (64 MB of RGBA) is what
// every browser paints, iOS Safari's limit; Chromium paints nothing at all past 2^28 or a side of 32,767.
const MAX_PIXELS = 1 << 24, MAX_SIDE = 16384

// Documents decoded from text, by text: a thousand players of one document
// share one decoded copy, and so its bitmaps. A few are kept.
const decoded = new Map()

/** The document in `text`, decoded once. */
const decodeText = (text) => decoded.get(text) ?? (decoded.size > 15 && decoded.clear(), decoded.set(text, decode(text)).get(text))

/** The text at `source`: `#id` of an element, else a URL. */
async function textOf(source) {
  if (source[0] == '#') return document.getElementById(source.slice(1))?.textContent ?? fail('', 'no such element')
  const response = await fetch(source)
  response.ok || fail('', 'HTTP ' + response.status)
  return response.text()
}

/** The player's behaviour over `Base`: Object for a bare canvas, HTMLElement for the element. */
export const Playing = (Base) => class extends Base {
  /** Sets up on `canvas`, sending events to `target`. */
  _init(canvas, target) {
    Object.assign(this, {
      _canvas: canvas,
      _target: target,
      // What shows whether it is on screen: its element, else (with events sent elsewhere) its canvas. A canvas is a
      // layer of its own, redrawn on every frame, and Chromium recomputes the intersection of such a target on every
      // frame; an element box that does not move costs it nothing.
      _box: target.nodeType ? target : canvas,
      _ctx: canvas.getContext('2d'),
      _visible: true,
      _rate: 1,
      _n: 0,
      loops: Infinity,
      doc: null,
    })
  }

  /**
   * Starts following the canvas's size and visibility and the page's state (`on`; Node has no page), or stops,
   * which also stops the frame loop.
   */
  _attach(on) {
    if (!on == !this._attached || !globalThis.document) return
    this._attached = this._visible = on
    watch(this, on)
    if (!on) this._sync()
  }

  /** Loads a document: a URL, `#id` of an element holding its text, or a parsed object; null removes it. */
  async load(source) {
    const named = typeof source == 'string'
    let doc = null
    this._source = source
    try {
      if (source != null) doc = named ? decodeText(await textOf(source)) : decode(source)
    } catch (error) {
      this._report((named ? source + ': ' : '') + error.message)
    }
    // A newer call won.
    if (this._source !== source) return null
    const queued = this._queued
    this.pause()
    this._release()
    this.doc = doc
    this._current = null
    this._reveal?.(doc)
    this._resize()
    if (!doc) return doc
    this.seek(0, doc.clips[0])
    this._emit('load', { preset: doc.preset })
    queued?.()
    // The element's attributes, after the load listeners.
    this._apply?.()
    return doc
  }

  /** Plays a clip by name, by default the current one: resumes where it paused, restarts after switching clips or completing. */
  play(name) {
    if (!this.doc) return void (this._queued = () => this.play(name))
    const clip = name == null ? this._current : this._find(name), still = reducedMotion() && !clip?.loop
    if (!clip || clip.index == 'progress') return
    // Under reduced motion a one-shot shows its last frame, once.
    if (still && this._done && clip == this._current) return
    if (clip != this._current || this._done) this.seek(0, clip)
    this._theme()
    if (still) {
      this._playing = false
      // Past the end of any clip a document can hold (100,000 frames at fps above 0.001); seeks are finite.
      this.seek(1e9)
      return this._stopped('complete', true)
    }
    const starting = !this._playing
    this._playing = true
    this._sync()
    if (starting) this._emit('play')
  }

  pause() {
    this._queued = null
    if (this._playing) this._stopped('pause')
  }

  /** Stops playing, with a `pause` event, or `complete` when the clip ran to its end (`done`; never while playing). */
  _stopped(type, done) {
    this._done = done
    this._playing = false
    this._sync()
    this._emit(type)
  }

  stop() {
    this.pause()
    this.seek(0)
  }

  /** Moves `seconds` into a clip, the current one by default; a time that is no finite number is an `error` event. */
  seek(seconds, clip = this._current) {
    if (this._number('seek', seconds) == null || !clip) return
    const i = frameIndex(this.doc.fps, seconds)
    this._time = Math.max(0, seconds)
    this._wraps = playsAt(clip, i)
    this._done = false
    this._start = this._ease = this._p = null
    this._show(clip, frameOf(clip, i))
  }

  /** The name of the clip shown. */
  get currentClip() { return this._current?.name }

  get frame() { return this._n }
  set frame(n) {
    if (this._number('frame', n) != null) this.seek(n / this.doc?.fps)
  }

  /** The host's progress: the value last set on a progress clip, else the one the current frame shows. */
  get progress() {
    const clip = this._current, [from, to] = clip?.domain ?? [0, 1]
    return this._p ?? from + ((to - from) * this._n) / (clip?.frames - 1 || 1)
  }

  /**
   * Sets the host's progress on the current progress clip, else the
   * document's first (else the current clip): the frame for it, reached by
   * the clip's transition (an implicit animation, from the progress shown)
   * when it has one; at the end of its domain, the clip it finishes with.
   */
  set progress(value) {
    // Infinity would make the frame NaN; checked before it is queued, so that the error comes with the call.
    const p = this._number('progress', value)
    if (p == null) return
    if (!this.doc) return void (this._queued = () => (this.progress = p))
    const current = this._current, clip = current?.index == 'progress' ? current : this.doc.clips.find((c) => c.index == 'progress') ?? current
    const domain = clip.domain
    // Seed 002: reaching 1 starts the done sequence, once.
    if (clip.finish && p >= domain[1]) return void (current?.name != clip.finish && this.play(clip.finish))
    // A transition starts from the progress shown at this frame, which the clip shows only once it was given one,
    // and its clock starts with this frame: a host that sets progress on every frame sees the ring follow, whether
    // its callback runs before the players' or after.
    const now = frameTime(), from = clip == current && this._p != null ? this._presented(now) : null
    this.pause()
    if (domain) {
      this._done = false
      this._time = this._from = 0
      this._start = now
      this._ease = clip.transition && from != p && !reducedMotion() ? from : null
      this._p = p
      if (this._ease == null) this._show(clip, progressFrame(clip, (this._shown = p)))
    } else {
      // A time clip: as many frames in as the progress is of the way through.
      this.seek(progressFrame(clip, p) / this.doc.fps, clip)
    }
    this._sync()
  }

  get speed() { return this._rate }
  set speed(value) {
    // The command line's and the live engine's range: past it a rate stops the clock (0, 1e-300) or sends every
    // frame to the end at once (Infinity, 1e308).
    // The rates are the command line's and the live engine's, from Swift (format.js).
    const rate = this._number('speed', value ?? 1, range(MIN_SPEED, MAX_SPEED))
    if (rate == null) return
    this._start = null
    this._rate = rate
  }

  get color() { return this._override ?? '' }
  set color(value) {
    this._override = value
    this._theme()
  }

  /**
   * Draws frame `n` of a clip (name or object; by default the current frame) at once: past its last, a one-shot's
   * last frame, a loop's frame as it plays (wrapped, or counted on where it has periodic tracks).
   */
  renderFrame(clip = this._current, n = this._n) {
    clip = typeof clip == 'string' ? this._find(clip) : clip
    if (!clip || !this.doc) return
    this._current = clip
    this._paint(clip, (this._n = frameOf(clip, Math.max(0, n | 0))))
  }

  /** Shows frame `n` of `clip`: a copy of its bitmap, shared by every player at this size, fit and colour. */
  _paint(clip, n) {
    const { _ctx: ctx, _width: width, _height: height } = this
    if (!width || !height) return
    let set = this._bitmaps
    if (set?._clip != clip || set._key != this._key) {
      this._release()
      set = this._bitmaps = lease(clip, this._key)
    }
    // A clip with periodic tracks (version 3) shows frames that a frame number within its `frames` does not name:
    // none is kept.
    const image = !clip._periodic && (set._frames[n] || bitmap(set, n, width, height, (context) => this._draw(context, clip, n)))
    // No bitmap to be had: the frame is drawn, and drawing leaves the context compositing normally.
    if (!image) {
      this._copying = false
      return this._draw(ctx, clip, n)
    }
    // The bitmap is the whole canvas: `copy` replaces what was there, with no clearRect first. Set once, since
    // parsing the mode on every frame of a thousand players adds up.
    if (!this._copying) ctx.globalCompositeOperation = 'copy'
    this._copying = true
    ctx.drawImage(image, 0, 0)
  }

  /** Draws frame `n` of `clip`: a document that version 3's reader read (decode.js) is drawn by its drawing. */
  _draw(context, clip, n) {
    (this.doc._drawFrame ?? drawFrame)(context, this._width, this._height, this.doc, clip, n, this._scale, this._x, this._y, this._colors)
  }

  /** Stops, lets go of every observer, listener and bitmap, and clears the canvas. */
  destroy() {
    // A transition in progress leaves the frame loop too. Unloading stops, lets the bitmaps go and clears the canvas
    // at once: with no source, load() does nothing it waits for.
    this._ease = null
    this.load(null)
    this._sync()
    this._attach()
  }

  _release() {
    release(this._bitmaps)
    this._bitmaps = null
  }

  /**
   * Puts the state in order: aria-busy and the element's role, the frame
   * loop, and under reduced motion a loop's breathing: the frame shown, its
   * opacity easing slowly between 1 and 0.4, so the page still shows
   * activity without motion.
   */
  _sync() {
    const still = reducedMotion(), busy = !!(this._playing && this._current.loop)
    // Reduced motion turned on mid-play: a one-shot ends on its last frame; a transition at its end.
    if (this._playing && still && !busy) return this.play()
    if (this._ease != null && still) this._settle()
    if (busy != this._busy) this._target.setAttribute?.('aria-busy', (this._busy = busy))
    if (busy && still) this._breath ??= this._canvas.animate?.({ opacity: [1, 0.4] }, { duration: 1200, iterations: Infinity, direction: 'alternate', easing: 'ease-in-out' })
    else this._breath = this._breath?.cancel()
    this._aria?.()
    schedule(this, (this._playing || this._ease != null) && this._visible && !globalThis.document?.hidden && !still)
  }

  /** One animation frame. The frame comes from the time since the last start, so playback never drifts. */
  _tick(now) {
    const clip = this._current, ease = this._ease
    if (this._start == null) {
      this._start = now
      this._from = this._time
    }
    this._time = this._from + ((now - this._start) / 1000) * this._rate
    const i = frameIndex(this.doc.fps, this._time), loops = playsAt(clip, i)
    // A progress transition: the shown progress moves from where it was to the host's along the document's curve.
    if (ease != null) {
      const { frames, values } = clip.transition
      return i < frames - 1 ? this._show(clip, progressFrame(clip, (this._shown = ease + (this._p - ease) * values[i]))) : this._settle()
    }
    // A loop's end is its start (with periodic tracks, its frame counted on); a one-shot's, its last frame.
    if (loops >= (clip.loop ? this.loops : 1)) {
      this._show(clip, frameOf(clip, this.loops * clip.frames))
      return this._stopped('complete', true)
    }
    if (loops > this._wraps) {
      this._wraps = loops
      this._theme()
      this._emit('loop', { loops })
    }
    this._show(clip, frameOf(clip, i))
  }

  /**
   * The progress shown at `now` (the frame clock, ms): during a transition, where its curve is by then, read
   * between the document's samples, since a presentation value moves between frames too; else the progress shown.
   * Without a frame clock (no document timeline), the progress last drawn.
   */
  _presented(now) {
    const ease = this._ease
    if (ease == null || now == null || this._start == null) return this._shown
    const { frames, values } = this._current.transition, x = Math.max(0, ((now - this._start) / 1000) * this._rate * this.doc.fps), i = x | 0
    return i < frames - 1 ? ease + (this._p - ease) * (values[i] + (values[i + 1] - values[i]) * (x - i)) : this._p
  }

  /** Ends a progress transition on the frame of the host's progress. */
  _settle() {
    this._ease = null
    this._show(this._current, progressFrame(this._current, (this._shown = this._p)))
    this._sync()
  }

  /** Shows frame `n` of `clip` if it is not the one shown, and says so with a `frame` event. */
  _show(clip, n) {
    if (clip == this._current && n == this._n) return
    this._current = clip
    this._paint(clip, (this._n = n))
    // One frame event per player, dispatched again on every frame with its detail updated, so that playing
    // allocates nothing; a new one only while a listener is still inside the last one's dispatch.
    let event = this._frameEvent
    if (!event || event.eventPhase) event = this._frameEvent = new CustomEvent('frame', { detail: {} })
    event.detail.clip = clip.name
    event.detail.frame = n
    this._target.dispatchEvent(event)
  }

  _find(name) {
    return this.doc?.clips.find((clip) => clip.name == name) ?? this._report('unknown clip ' + quoted(name))
  }

  /**
   * Fits the document into the canvas's CSS box at the device pixel ratio
   * (contain, centred) and redraws. A backing store past what browsers paint
   * is scaled down to fit, with a warning, rather than left blank.
   */
  _resize() {
    const { _canvas: canvas, doc } = this, width = canvas.clientWidth, height = canvas.clientHeight
    const k = doc && Math.min(width / doc.width, height / doc.height)
    let ratio = globalThis.devicePixelRatio || 1
    const fit = Math.min(MAX_SIDE / (width * ratio), MAX_SIDE / (height * ratio), Math.sqrt(MAX_PIXELS / (width * height)) / ratio)
    const round = fit < 1 ? Math.floor : Math.round
    if (fit < 1) {
      ratio *= fit
      // Once per player: console.warn returns undefined.
      this._warned ||= !console.warn(`loadmark: ${width}×${height} CSS px drawn at ${round(width * ratio)}×${round(height * ratio)}`)
    }
    // A new size clears the canvas and resets its context, composite mode included.
    canvas.width = this._width = round(width * ratio)
    canvas.height = this._height = round(height * ratio)
    this._copying = false
    if (!doc) return
    this._scale = ratio * k
    this._x = Math.round(((width - doc.width * k) / 2) * ratio)
    this._y = Math.round(((height - doc.height * k) / 2) * ratio)
    this._theme(true)
  }

  /**
   * Reads the theme colours (not on every frame: reading CSS is slow), one
   * per role: `color` or `--loadmark-color` for the accent, then
   * `--loadmark-secondary` and `--loadmark-surface`; `currentColor` is the
   * canvas's CSS colour. Redraws when they changed, or when `redraw`.
   */
  _theme(redraw) {
    const style = globalThis.getComputedStyle?.(this._canvas), colors = {}
    let key = [this._width, this._height, this._scale, this._x, this._y].join()
    ROLES.forEach((role, i) => {
      // The custom property that themes each role: `--loadmark-color` for the accent (the first), `--loadmark-<role>`
      // for the others.
      const color = (!i && this._override) || style?.getPropertyValue('--loadmark-' + (i ? role : 'color')).trim()
      key += ',' + (colors[role] = /^currentcolor$/i.test(color) ? style.color : color)
    })
    if (key == this._key && !redraw) return
    this._colors = colors
    this._key = key
    this.renderFrame()
  }

  /** Dispatches a player event; every `detail` names the current clip. */
  _emit(type, detail = {}) {
    detail.clip = this._current?.name
    this._target.dispatchEvent(new CustomEvent(type, { detail }))
  }

  /**
   * `value` (a number, or text that is one and nothing else) as a number that the decoder's `check` passes, by
   * default a finite one; else undefined, after an `error` event such as `speed="Infinity": expected a number
   * from 0.01 to 100`, so that the caller keeps what it had.
   */
  _number(name, value, check = finite) {
    const n = parseFloat(value)
    try {
      return check(n == value ? n : NaN, `${name}="${value}"`)
    } catch (error) {
      this._report(error.message)
    }
  }

  _report(message) {
    this._emit('error', { message })
    console.error(`loadmark: ${message}`)
  }
}

/** Plays documents on a canvas; events go to `target`. */
export class Player extends Playing(Object) {
  constructor(canvas, target = canvas) {
    super()
    this._init(canvas, target)
    // A canvas sized only by its attributes would grow with its backing store: its CSS size is pinned.
    if (globalThis.document) {
      for (const [side, client] of [['width', canvas.clientWidth], ['height', canvas.clientHeight]]) {
        if (!canvas.style[side] && canvas[side] == client) canvas.style[side] = client + 'px'
      }
    }
    this._attach(true)
  }
}

/** `Loadmark.player(canvas, doc?)`: a Player, loading `doc` when given. */
export const Loadmark = {
  player(canvas, doc) {
    const player = new Player(canvas)
    if (doc) player.load(doc)
    return player
  },
}
