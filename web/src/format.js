// The format's vocabulary: the names and numbers of docs/FORMAT.md that the
// player and the live engine need, as the Swift side defines them
// (FrameDocument.ShapeKind and TrackProperty, Style, DocumentReader's field
// lists and limits). Everything between the markers is data in the Swift
// order, with no logic, so that it can be written from the Swift definitions.

// BEGIN FORMAT VOCABULARY
/** The `format` field, the version written, and the versions this player reads. */
export const FORMAT = 'loadmark'
export const VERSION = 2
export const VERSIONS = [1, 2]

/** The layer kinds in FrameDocument.ShapeKind order, each with its tracks in the order they are written. */
export const KINDS = {
  arc: ['start', 'sweep', 'opacity'],
  path: ['strokeStart', 'strokeEnd', 'opacity'],
  dot: ['scale', 'opacity'],
  roundedRect: ['opacity'],
}

/** Each kind's geometry fields, all required. */
export const SHAPE_FIELDS = {
  arc: ['center', 'radius'],
  path: ['subpaths'],
  dot: ['center', 'radius'],
  roundedRect: ['rect', 'cornerRadius'],
}

/** The fields of the root object, all required, in written order. */
export const ROOT_FIELDS = ['format', 'version', 'preset', 'fps', 'width', 'height', 'layers', 'clips']
/** The fields every layer starts with, both required. */
export const LAYER_FIELDS = ['id', 'kind']
/** A layer's style fields, all optional, and its role field: `role` (version 1: `accent`, default false). */
export const STYLE_FIELDS = ['stroke', 'fill', 'lineWidth', 'lineCap', 'lineJoin', 'miterLimit', 'shadow']
export const ROLE_FIELDS = ['role']
export const VERSION1_ROLE_FIELDS = ['accent']
/** The theme colours a layer's `role` names, in FrameDocument.Role order. */
export const ROLES = ['accent', 'secondary', 'surface']
/** The fields of a shadow, of a subpath, the keys of a segment (exactly one), of a delta track, of a clip. */
export const SHADOW_FIELDS = ['color', 'opacity', 'offset', 'radius']
export const SUBPATH_FIELDS = ['move', 'segments']
export const SEGMENT_FIELDS = ['line', 'arc']
export const DELTA_FIELDS = ['decimals', 'deltas']
export const CLIP_FIELDS = ['name', 'index', 'frames', 'duration', 'loop', 'domain', 'repeatFrom', 'transition', 'finish', 'tracks']
/** The fields of a clip that only progress clips may have (version 2), of version 1's clips, and of a transition. */
export const PROGRESS_CLIP_FIELDS = ['domain', 'repeatFrom', 'transition', 'finish']
export const VERSION1_CLIP_FIELDS = ['name', 'index', 'frames', 'duration', 'loop', 'tracks']
export const TRANSITION_FIELDS = ['duration', 'frames', 'values']

/** The choices of `index`, `lineCap` and `lineJoin`, in Swift order. */
export const INDEXES = ['time', 'progress']
export const LINE_CAPS = ['butt', 'round', 'square']
export const LINE_JOINS = ['miter', 'round', 'bevel']

/** Core Animation's style defaults (CAShapeLayer), which are also canvas's. */
export const STYLE_DEFAULTS = { lineWidth: 1, lineCap: 'butt', lineJoin: 'miter', miterLimit: 10 }

/** The reader's limits: fps and sizes (exclusive of 0), frames per clip, tracks per document, decimals of a delta track. */
export const MAX_FPS = 1000
export const MAX_SIZE = 10000
export const MAX_FRAMES = 100000
export const MAX_TRACKS = 1000
export const MAX_DECIMALS = 9
// END FORMAT VOCABULARY
