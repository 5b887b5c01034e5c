// Seed 000's single view as an element: <loadmark-status> is a <loadmark-player> that shows a loading clip, then
// success or error in the same place, as AnimationView's startSuccessAnimation and startErrorAnimation do.
//
// It extends the player's class once <loadmark-player> is defined, so the two classic scripts may load in any
// order. It uses only the player's public API: the player's internal names are shortened by its own build.
import { presetURL } from './presets.js'

/** Each state's document by default: a preset, the package's `presets/<name>.json` (presets.js), or with an engine the preset. */
const PRESETS = { loading: 'dots', success: 'success', error: 'error' }
/** Each state's accessible name when the page gave the element no `label`. */
const LABELS = { loading: 'Loading', success: 'Done', error: 'Failed' }

// What each element shows, and the elements whose page gave them a `label`.
const shownOf = new WeakMap(), labelled = new WeakSet()

/** The state an element is in: its `state` attribute, loading by default. */
const stateOf = (element) => (PRESETS[element.getAttribute('state')] ? element.getAttribute('state') : 'loading')

/** Shows the element's state: its document (its own attribute, else the default), played once loaded, and its name. */
function show(element) {
  const state = stateOf(element), engine = element.hasAttribute('engine'), given = element.getAttribute(state)
  const shown = shownOf.get(element)
  if (state == shown?._state && given == shown._given) return
  shownOf.set(element, { _state: state, _given: given })
  element.setAttribute('autoplay', '')
  if (!labelled.has(element)) element.setAttribute('label', LABELS[state])
  element.setAttribute(engine ? 'preset' : 'src', given || (engine ? PRESETS[state] : presetURL(PRESETS[state])))
  if (shown) element.dispatchEvent(new CustomEvent('statechange', { detail: { state } }))
}

/** Defines `<loadmark-status>` once `<loadmark-player>` is defined (in a browser). */
export const defineStatus = () => globalThis.customElements?.whenDefined('loadmark-player').then(() => {
  if (customElements.get('loadmark-status')) return
  /** `<loadmark-status state="loading|success|error" loading success error>`: one player from loading to an outcome. */
  customElements.define('loadmark-status', class extends customElements.get('loadmark-player') {
    static get observedAttributes() {
      return [...super.observedAttributes, 'state', ...Object.keys(PRESETS)]
    }

    /** In the page: the player's own set-up, then the state's document. A `label` the page gave stays. */
    connectedCallback() {
      if (!shownOf.has(this) && this.hasAttribute('label')) labelled.add(this)
      super.connectedCallback()
      show(this)
    }

    /** The state and the documents are the status's; every other attribute is the player's. */
    attributeChangedCallback(name, old, value) {
      if (name == 'state' || name in PRESETS) return this.isConnected && show(this)
      super.attributeChangedCallback(name, old, value)
    }

    get state() { return stateOf(this) }
    set state(value) { this.setAttribute('state', value) }

    /** Plays success in place of the loading clip. */
    resolve() { this.state = 'success' }

    /** Plays error in place of the loading clip. */
    reject() { this.state = 'error' }
  })
})
