// <loadmark-player>: the player as a custom element, following the
// conventions of howto-components' <howto-checkbox>.
import { integer } from './decode.js'
import { MAX_RUNNING_SUM } from './format.js'
import { Playing } from './player.js'
import { progressFrame } from './timing.js'

/** A `loop` count: a whole number of plays, up to the last that a double counts exactly. */
const counts = integer(1, MAX_RUNNING_SUM)

/** The live engine's options, and the attributes mirrored by string properties of the same name. */
const ENGINE = ['engine', 'preset', 'size', 'fps', 'progress-samples'], REFLECTED = ['src', 'clip', 'label', ...ENGINE.slice(0, 3)]

// The shadow tree. Its style sheet is literal text, so that a strict
// Content-Security-Policy can allow it by hash. The slot shows the element's
// children, its poster, until the player draws; then the canvas takes over.
// The canvas's 1 ms transitions of its colour and the theme's custom
// properties end whenever the page changes them (a class, a colour scheme),
// which tells the player to read its theme again.
const SHADOW = '<style>:host{display:inline-block;width:64px;height:64px}:host([hidden]),[hidden]{display:none}canvas,::slotted(*){display:block;width:100%;height:100%}canvas{transition:color 1ms,--loadmark-color 1ms allow-discrete,--loadmark-secondary 1ms allow-discrete,--loadmark-surface 1ms allow-discrete}</style><slot></slot><canvas hidden></canvas>'

/** `<loadmark-player src clip autoplay loop speed progress color label engine preset size fps progress-samples>`, itself a player. */
export const LoadmarkPlayerElement = globalThis.HTMLElement && class extends Playing(HTMLElement) {
  static get observedAttributes() {
    return ['src', 'clip', 'label', ...ENGINE, 'autoplay', 'loop', 'speed', 'color', 'progress']
  }

  /**
   * Builds the shadow tree. Properties the page set before the element was
   * defined are own properties that hide the class's accessors: they are set
   * aside, to go through the accessors in connectedCallback.
   */
  constructor() {
    super()
    this._early = { ...this }
    for (const name in this._early) delete this[name]
    const root = this.attachShadow({ mode: 'open' })
    root.innerHTML = SHADOW
    // The slot, after the style sheet.
    this._poster = root.children[1]
    this._init(root.lastChild, this)
    this._canvas.addEventListener('transitionend', () => this._theme())
  }

  /** The element is its own player. */
  get player() { return this }

  /** A boolean property that mirrors its attribute. */
  get autoplay() { return this.hasAttribute('autoplay') }
  set autoplay(value) { this.toggleAttribute('autoplay', !!value) }

  /**
   * In the page: takes a role unless the page gave it one (see `_aria`),
   * applies the properties set aside, starts watching, applies the label and
   * asks for a live document if it has an engine.
   */
  connectedCallback() {
    this._auto ??= !this.hasAttribute('role')
    this._aria()
    Object.assign(this, this._early)
    this._early = {}
    this._attach(true)
    this._apply(true)
    this._ask()
  }

  /** Out of the page: stops watching, and with it the frame loop. */
  disconnectedCallback() {
    this._attach()
  }

  /**
   * An attribute changed: each applies at once. With an engine, those it reads (its options, and the speed
   * and colour it checks) ask it again.
   */
  attributeChangedCallback(name, old, value) {
    if (name == 'src') this.load(value)
    else if (ENGINE.includes(name)) this._ask()
    else if (name == 'speed' || name == 'color') (this[name] = value), this._ask()
    else if (name == 'loop') this.loops = !value ? Infinity : this._number(name, value, counts) ?? this.loops
    else this._apply(name == 'label')
  }

  /** The poster shows while there is no document, the canvas once there is one. */
  _reveal(doc) {
    this._poster.hidden = !!doc
    this._canvas.hidden = !doc
  }

  /** engine="wasm": the live engine (loadmark-wasm.js) answers this bubbling event with a document. */
  _ask() {
    if (this._asking) return
    this._asking = true
    queueMicrotask(() => {
      this._asking = false
      if (this.isConnected && this.getAttribute('engine')) this.dispatchEvent(new Event('loadmark-engine', { bubbles: true }))
    })
  }

  /**
   * The role the element takes when the page gave it none: `progressbar`
   * while a progress clip is driven, with `aria-valuenow` from 0 to 100 of
   * its domain (a progressbar's minimum and maximum are 0 and 100 unless
   * said otherwise); `status` while a loop is current; `img` for a one-shot.
   */
  _aria() {
    const clip = this._current, driven = clip?.index == 'progress' && this._p != null
    const role = driven ? 'progressbar' : clip?.loop ? 'status' : 'img'
    // The percentage is the frame of a 101-frame clip over the same domain, with no repeat.
    const value = driven ? progressFrame({ frames: 101, domain: clip.domain }, this._p) : null
    // Only what changed: a host may set progress on every frame.
    if (this._auto && role != this._role) this.setAttribute('role', (this._role = role))
    if (value !== this._value) (this._value = value) == null ? this.removeAttribute('aria-valuenow') : this.setAttribute('aria-valuenow', value)
  }

  /** Applies the label and, with a document, the clip, progress and autoplay attributes. */
  _apply(labelOnly) {
    const clip = this.getAttribute('clip')
    this.setAttribute('aria-label', this.getAttribute('label') || 'Loading')
    if (labelOnly || !this.doc) return
    const next = clip && clip != this._current.name && this._find(clip)
    if (next) this._playing ? this.play(clip) : this.seek(0, next)
    if (this.hasAttribute('progress')) this.progress = this.getAttribute('progress')
    else if (this.autoplay) this.play()
  }
}

if (LoadmarkPlayerElement) {
  const prototype = LoadmarkPlayerElement.prototype
  for (const name of REFLECTED) {
    Object.defineProperty(prototype, name, {
      get() { return this.getAttribute(name) ?? '' },
      set(value) { this.setAttribute(name, value) },
    })
  }
  if (!customElements.get('loadmark-player')) customElements.define('loadmark-player', LoadmarkPlayerElement)
}
