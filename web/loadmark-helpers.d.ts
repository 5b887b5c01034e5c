// Types of the Loadmark helpers: `loadmark/helpers` (dist/loadmark-helpers.js); loadmark-helpers-classic.d.ts puts
// them on `window.Loadmark` for the classic script dist/loadmark-helpers.iife.js. Importing the module also imports
// the player, which defines <loadmark-player>; the helpers define <loadmark-status>.
import type { LoadmarkPlayerAttributes, LoadmarkPlayerElement, LoadmarkPlayerEventMap } from './loadmark-player.js'

/** The options of `showLoading`. Times are in milliseconds. */
export interface LoadingOptions {
  /** The loading document (default `dots.json`), or with `engine` a preset. */
  src?: string
  /** The documents of the outcomes `hideLoading` plays (default `success.json`, `error.json`). */
  success?: string
  error?: string
  /** `'wasm'`: the live engine computes the documents; `src`, `success` and `error` name presets. */
  engine?: 'wasm'
  /** `'clear'` (the seed's, the default), `'dim'`, or any CSS colour. */
  mask?: 'clear' | 'dim' | (string & {})
  /** A status text shown under the indicator, and announced. */
  text?: string
  /** What the live region announces when there is no text; "Loading" by default. */
  label?: string
  /** What it announces for each outcome: "Done" and "Failed" by default. */
  successText?: string
  errorText?: string
  /** Fade in and out; 150 by default, none under reduced motion. */
  fade?: number
  /** Not shown at all when hidden within this time; 0 by default. */
  grace?: number
  /** Once shown, shown at least this long; 0 by default. */
  minimum?: number
  /** How long an outcome's mark stays once drawn; 600 by default. */
  hold?: number
}

/**
 * Covers `element` (made `position: relative` if it is static), or the viewport when omitted, with the loading
 * indicator, and returns the overlay. A second call returns the same one. While shown, the covered content is
 * `inert` and `aria-busy`, focus inside it moves to the overlay, and a polite live region says the label or text.
 */
export function showLoading(element?: HTMLElement | null, options?: LoadingOptions): HTMLDivElement

/**
 * Hides the overlay of `showLoading(element)`, with an outcome's mark first if one is given; resolves once it is
 * gone, with inertness, busy state and focus given back.
 */
export function hideLoading(element?: HTMLElement | null, outcome?: 'success' | 'error'): Promise<void>

/** What `pullToRefresh` returns. */
export interface PullToRefresh<T> {
  /** Starts a refresh from code; resolves with `onRefresh()`'s result (undefined when one is already running). */
  refresh(): Promise<T | undefined>
  /** Removes the header, the button and every listener. */
  destroy(): void
}

/** The options of `pullToRefresh`. */
export interface PullOptions<T> {
  /** Called when a pull is released past the threshold, or the button is pressed; the spinner spins until it settles. */
  onRefresh?: () => T | Promise<T>
  /** The refresh document (default `refresh.json`), or with `engine` a preset. */
  src?: string
  engine?: 'wasm'
  /** CSS pixels of pull that make P = 1 and refresh; 60 by default. */
  threshold?: number
  /** The keyboard and assistive-technology alternative: shown on focus (the default), always, or none. */
  button?: 'focus' | 'always' | false
  /** The button's text; "Refresh" by default. */
  label?: string
}

/**
 * Pull-to-refresh on `scroller` (seed 004), by touch, mouse or pen: the header pushes the content down as it is
 * pulled, the pull clip shows the pull percent, and released past `threshold` the spinner plays until the promise
 * from `onRefresh()` settles, then the header collapses.
 */
export function pullToRefresh<T = unknown>(scroller: HTMLElement, options?: PullOptions<T>): PullToRefresh<T>

/**
 * Seed 000 as a host API: the loading indicator covers `element` until `promise` settles, then the success
 * (fulfilled) or error (rejected) mark plays in its place; resolves or rejects as `promise` did.
 */
export function resolve<T>(element: HTMLElement | null | undefined, promise: T | PromiseLike<T>, options?: LoadingOptions): Promise<T>

/** A state of `<loadmark-status>`. */
export type StatusState = 'loading' | 'success' | 'error'

/** The events a `<loadmark-status>` dispatches: every player event, and `statechange`. */
export interface LoadmarkStatusEventMap extends LoadmarkPlayerEventMap {
  /** The state changed and its document is loading: `detail.state` is the new one. */
  statechange: CustomEvent<{ state: StatusState }>
}

/**
 * `<loadmark-status>`: a `<loadmark-player>` that shows a loading clip, then success or error in the same place
 * (seed 000's one view). Its documents are its `loading`, `success` and `error` attributes (default `dots.json`,
 * `success.json`, `error.json`; presets with `engine`).
 */
export interface LoadmarkStatusElement extends LoadmarkPlayerElement {
  /** Its state, reflected by the `state` attribute; loading by default. */
  state: StatusState
  /** Plays success in place of the loading clip. */
  resolve(): void
  /** Plays error in place of the loading clip. */
  reject(): void
  // Declaring addEventListener here replaces every overload of the player's, so its events are listed again, through
  // the status's map, before the element's own.
  addEventListener<K extends keyof LoadmarkStatusEventMap>(type: K, listener: (this: LoadmarkStatusElement, event: LoadmarkStatusEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void
  addEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: LoadmarkStatusElement, event: HTMLElementEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void
  removeEventListener<K extends keyof LoadmarkStatusEventMap>(type: K, listener: (this: LoadmarkStatusElement, event: LoadmarkStatusEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void
  removeEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: LoadmarkStatusElement, event: HTMLElementEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void
}

/** The attributes of `<loadmark-status>` in markup and JSX. */
export interface LoadmarkStatusAttributes extends LoadmarkPlayerAttributes {
  state?: StatusState
  loading?: string
  success?: string
  error?: string
}

declare global {
  interface HTMLElementTagNameMap {
    'loadmark-status': LoadmarkStatusElement
  }
  namespace JSX {
    interface IntrinsicElements {
      'loadmark-status': LoadmarkStatusAttributes
    }
  }
}
