// Types of the Loadmark web player: `loadmark` (dist/loadmark-player.js) and, on `window.Loadmark`, the classic
// script dist/loadmark-player.iife.js. Written by hand from web/src/; the package test type-checks a consumer against
// them with `tsc --strict`.

/** A value of a track: one number for every frame, a number per frame, or integer deltas (docs/FORMAT.md). */
export type Track = number | number[] | { decimals: number; deltas: number[] }

/** Paint and stroke of a layer; absent colours paint nothing. */
export interface LayerStyle {
  /** `#rrggbb` or `#rrggbbaa`. */
  stroke?: string
  fill?: string
  lineWidth?: number
  lineCap?: 'butt' | 'round' | 'square'
  lineJoin?: 'miter' | 'round' | 'bevel'
  miterLimit?: number
  shadow?: { color: string; opacity: number; offset: [number, number]; radius: number }
}

/** The theme colour a layer takes (version 2): `--loadmark-color` (or `color`), `--loadmark-secondary`, `--loadmark-surface`. */
export type Role = 'accent' | 'secondary' | 'surface'

/** A path segment: a line to a point, or an arc `[cx, cy, r, start, sweep]` (radians; negative sweeps anticlockwise). */
export type Segment = { line: [number, number] } | { arc: [number, number, number, number, number] }

/** A layer: its geometry by kind, its style and its theme colour role (version 1: `accent: true`). */
export type Layer = LayerStyle & { id: string; role?: Role; accent?: boolean } & (
  | { kind: 'arc'; center: [number, number]; radius: number }
  | { kind: 'dot'; center: [number, number]; radius: number }
  | { kind: 'roundedRect'; rect: [number, number, number, number]; cornerRadius: number }
  | { kind: 'path'; subpaths: { move: [number, number]; segments: Segment[] }[] }
)

/** How a progress clip's shown progress follows a change of the host's: the implicit animation, sampled in Swift. */
export interface Transition<T = Track> {
  /** Seconds the change takes. */
  duration: number
  frames: number
  /** The fraction of the change shown at frame i (t = i / fps) after it: 0 first, 1 last. */
  values: T
}

/** A clip: sampled over time (`duration` seconds, maybe looping) or over progress (its domain, 0…1 by default). */
export interface Clip<T = Track> {
  name: string
  index: 'time' | 'progress'
  frames: number
  duration?: number
  loop: boolean
  /** Progress clips (version 2): the progress of the first and last frames; [0, 1] by default. */
  domain?: [number, number]
  /** Progress clips: host values past the domain's end repeat the stretch from this one. */
  repeatFrom?: number
  /** Progress clips: how the shown progress eases to a new value. */
  transition?: Transition<T>
  /** Progress clips: the time clip played when the progress reaches the domain's end. */
  finish?: string
  /** One track per animatable property of every layer, keyed `layerId.property`. */
  tracks: Record<string, T>
}

/** A Loadmark frame document, as `loadmark export` writes it (docs/FORMAT.md). */
export interface LoadmarkDocument {
  format: 'loadmark'
  /** 2 is written; version 1 documents still read. */
  version: 1 | 2
  preset: string
  fps: number
  width: number
  height: number
  layers: Layer[]
  clips: Clip[]
}

/**
 * A document `decode` accepted: style defaults filled in, version 1's `accent` read as the accent `role`, progress
 * clips' `domain` filled in, every track (and a transition's values) a Float64Array of its frames' values.
 */
export interface DecodedDocument extends Omit<LoadmarkDocument, 'clips'> {
  clips: Clip<Float64Array>[]
}

/** What `decode` throws for a document that breaks a rule: `path` names the value, as `loadmark validate` does. */
export interface DecodeError extends Error {
  /** Such as `clips[0].tracks["ring.sweep"][12]`; empty for the root object. */
  path: string
}

/**
 * Parses (if text) and checks a document as strictly as `loadmark validate`.
 * @throws {DecodeError} naming the value at fault.
 */
export function decode(source: string | LoadmarkDocument): DecodedDocument

/** The `detail` of every player event. */
export interface PlayerEventDetail {
  /** The current clip's name. */
  clip: string | undefined
}

/** The events a player dispatches, on its canvas (`Player`) or on the element. */
export interface LoadmarkPlayerEventMap {
  /** A document is loaded and its first frame drawn. */
  load: CustomEvent<PlayerEventDetail & { preset: string }>
  play: CustomEvent<PlayerEventDetail>
  pause: CustomEvent<PlayerEventDetail>
  /**
   * A different frame is drawn. The event and its `detail` are reused from frame to frame: read them in the
   * listener, or copy them.
   */
  frame: CustomEvent<PlayerEventDetail & { frame: number }>
  /** A looping clip wrapped round; `loops` counts the completed loops. */
  loop: CustomEvent<PlayerEventDetail & { loops: number }>
  /** A one-shot reached its last frame, or a loop its `loops` repeats. */
  complete: CustomEvent<PlayerEventDetail>
  /** Bad data, a failed fetch or an unknown clip; nothing is thrown into the page. */
  error: CustomEvent<PlayerEventDetail & { message: string }>
}

/** What a player does, on a bare canvas or as the element. */
export interface PlayerControls {
  /** The document shown, or null. */
  readonly doc: DecodedDocument | null
  /** The name of the clip shown. */
  readonly currentClip: string | undefined
  /** The frame shown; setting it seeks there. */
  frame: number
  /**
   * The host's progress on the progress clip (0…1, or its domain). Setting it pauses and shows the clip's frame for
   * it, easing there by the clip's transition (not the first time, nor under reduced motion); at the end of the
   * domain, a clip with `finish` plays that clip instead.
   */
  progress: number
  /** Playback rate; 1 by default. */
  speed: number
  /** Repeats of a looping clip before `complete`; Infinity by default. */
  loops: number
  /** Theme colour of the accent layers, any CSS colour or `currentColor`; empty for `--loadmark-color`. */
  color: string
  /**
   * Loads a document: a URL, `#id` of an element holding its text, or a parsed document; null removes the
   * document. Resolves to the decoded document, or to null after an `error` event; the newest call wins.
   */
  load(source: string | LoadmarkDocument | null): Promise<DecodedDocument | null>
  /** Plays a clip, by default the current one; resumes where it paused, restarts when switching clips or after `complete`. */
  play(clip?: string): void
  pause(): void
  /** Pauses and rewinds. */
  stop(): void
  /** Moves `seconds` into the current clip. */
  seek(seconds: number): void
  /** Draws frame `frame` of a clip at once. */
  renderFrame(clip?: string, frame?: number): void
  /** Stops, lets go of every observer, listener and bitmap, and clears the canvas. */
  destroy(): void
}

/** Plays documents on a canvas sized by CSS; events go to `target` (the canvas by default). */
export interface Player extends PlayerControls {}
export declare const Player: {
  prototype: Player
  new (canvas: HTMLCanvasElement, target?: EventTarget): Player
}

export declare const Loadmark: {
  /** A Player on `canvas`, loading `doc` when given. */
  player(canvas: HTMLCanvasElement, doc?: string | LoadmarkDocument): Player
}

/**
 * `<loadmark-player>`: the element, itself a player. Its children are its poster, shown until it draws.
 * Attributes apply at once; `src`, `clip`, `label`, `engine`, `preset`, `size` and `autoplay` are also properties
 * that mirror them.
 */
export interface LoadmarkPlayerElement extends HTMLElement, PlayerControls {
  /** A URL, or `#id` of an inline JSON element; changing it loads the new document. */
  src: string
  /** The clip to show or play; the document's first by default. */
  clip: string
  /** The accessible name; "Loading" by default. */
  label: string
  /** `wasm`: the live engine computes the document for `preset` at `size`. */
  engine: string
  preset: string
  /** CSS pixels, for the live engine. */
  size: string
  /** Play once loaded. */
  autoplay: boolean
  /** The element itself. */
  readonly player: LoadmarkPlayerElement
  addEventListener<K extends keyof LoadmarkPlayerEventMap>(type: K, listener: (this: LoadmarkPlayerElement, event: LoadmarkPlayerEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void
  addEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: LoadmarkPlayerElement, event: HTMLElementEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void
  removeEventListener<K extends keyof LoadmarkPlayerEventMap>(type: K, listener: (this: LoadmarkPlayerElement, event: LoadmarkPlayerEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void
  removeEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: LoadmarkPlayerElement, event: HTMLElementEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void
}

/** The element's class, defined as `loadmark-player` on import; undefined where there is no DOM (Node). */
export declare const LoadmarkPlayerElement: { prototype: LoadmarkPlayerElement; new (): LoadmarkPlayerElement } | undefined

/** The attributes of `<loadmark-player>` in markup and JSX. */
export interface LoadmarkPlayerAttributes {
  src?: string
  clip?: string
  autoplay?: boolean | ''
  /** Repeats of a looping clip: a number, or empty for forever. */
  loop?: number | string | boolean
  speed?: number | string
  progress?: number | string
  color?: string
  label?: string
  engine?: 'wasm'
  preset?: string
  size?: number | string
  /** With `engine="wasm"`: the document's frames a second (60) and steps per unit of progress (1,001). */
  fps?: number | string
  'progress-samples'?: number | string
  hidden?: boolean
  id?: string
  class?: string
  className?: string
  style?: string | Record<string, string | number>
  role?: string
  slot?: string
  children?: unknown
  key?: string | number
  ref?: unknown
}

declare global {
  interface HTMLElementTagNameMap {
    'loadmark-player': LoadmarkPlayerElement
  }
  namespace JSX {
    interface IntrinsicElements {
      'loadmark-player': LoadmarkPlayerAttributes
    }
  }
}
