// Reading documents: JSON text or a parsed object, checked against every rule
// of docs/FORMAT.md as strictly as the Swift reader (`loadmark validate`), and
// prepared for drawing: tracks become Float64Arrays, paths know their
// lengths, shadows their canvas colour.
//
// A field's rule depends only on its name (a `radius` is a number ≥ 0
// wherever it appears), so one table, RULES, checks most of the format over
// the field lists of the vocabulary. Every error's `path` is the one the
// Swift reader reports, and its message the start of the reader's, which
// goes on with what it got, the limit, or the choices.
import {
  CLIP_FIELDS, DELTA_FIELDS, FORMAT, IDENTITY, INDEXES, KINDS as KINDS_V2, LAYER_FIELDS, LINE_CAPS, LINE_JOINS, MAX_DECIMALS, MAX_FPS,
  MAX_FRAMES, MAX_RUNNING_SUM, MAX_SIZE, MAX_TRACKS, MAX_VERTICES, MIN_VERTICES, PERIODIC_FIELDS, ROLES, ROLE_FIELDS, ROOT_FIELDS,
  SEGMENT_FIELDS, SHADOW_FIELDS, SHAPE_FIELDS as SHAPE_FIELDS_V2, STYLE_DEFAULTS, STYLE_FIELDS, SUBPATH_FIELDS, TRANSFORM_TRACKS, TRANSITION_FIELDS,
  VERSION1_CLIP_FIELDS, VERSION1_ROLE_FIELDS, VERSION3_KINDS, VERSION3_SHAPE_FIELDS, VERSIONS, VERTEX_TRACKS,
} from './format.js'
import { along } from './geometry.js'

export const quoted = JSON.stringify

/**
 * `(globalThis.LOADMARK_V3 ?? 1)`, written out wherever this module reads version 3: whether this build reads format
 * version 3. The main-thread player's builds (web/build.mjs) define `globalThis.LOADMARK_V3` false: drawing version
 * 3 does not fit their size budget (web/test/size.test.mjs), so they refuse such a document as a version they do not
 * read (`unsupported version 3`, and a polygon as an unknown kind) rather than draw it wrongly, and the minifier drops
 * every line here and in draw.js, timing.js and player.js that reads or draws version 3. Everything else (the
 * sources, the tests) reads and draws it. Written out at each use rather than named once, since the minifier folds
 * the definition only where it stands, not through a constant of a bundled module.
 */

// The version of the document being read, which its later fields' rules depend on: decoding is synchronous, so it
// reads one document at a time, and `version` is the first field after `format`.
let version

// Every kind's tracks and geometry fields: version 3's after the older ones, where this build reads version 3.
const KINDS = (globalThis.LOADMARK_V3 ?? 1) ? { ...KINDS_V2, ...VERSION3_KINDS } : KINDS_V2
const SHAPE_FIELDS = (globalThis.LOADMARK_V3 ?? 1) ? { ...SHAPE_FIELDS_V2, ...VERSION3_SHAPE_FIELDS } : SHAPE_FIELDS_V2

/**
 * Throws the error for a value that breaks a rule: its message is
 * `path: message` (`message` alone at the root) and its `path` names the
 * value as the Swift reader does, such as `clips[0].tracks["ring.sweep"][12]`.
 */
export function fail(path, message) {
  throw Object.assign(Error(path ? path + ': ' + message : message), { path })
}

/** `91 values`, `1 value`. */
const counted = (count, noun) => count + ' ' + noun + (count == 1 ? '' : 's')

/** Whether `value` is a JSON object (truthy when it is, falsy when not: null, an array, a number, text). */
const isObject = (value) => value && typeof value == 'object' && !Array.isArray(value)

/**
 * A rule: returns the value when `test` holds, else fails with `expected <what>`. The player holds its number
 * attributes and properties to the same rules (player.js, `_number`), so a document and a page hear the same words.
 */
const rule = (test, what) => (value, path) => (test(value) ? value : fail(path, 'expected ' + what))

/** Finite numbers from `min` (above it when `open`) to `max`. */
export const range = (min, max = Infinity, open) => rule(
  (value) => Number.isFinite(value) && (open ? value > min : value >= min) && value <= max,
  open ? `a number > ${min} and ≤ ${max}` : max < Infinity ? `a number from ${min} to ${max}` : `a number ≥ ${min}`)
export const integer = (min, max) => rule((value) => Number.isInteger(value) && value >= min && value <= max, `an integer from ${min} to ${max}`)
const choice = (names) => rule((value) => names.includes(value), 'one of ' + names.map(quoted).join(', '))
const text = (pattern, what) => rule((value) => typeof value == 'string' && pattern.test(value), what)
export const finite = rule(Number.isFinite, 'a finite number')
const nonNegative = range(0)
const size = range(0, MAX_SIZE, true)
const boolean = rule((value) => typeof value == 'boolean', 'true or false')
const name = rule((value) => typeof value == 'string' && value != '', 'a non-empty string')
const color = text(/^#([\da-f]{6}|[\da-f]{8})$/i, 'a colour "#rrggbb" or "#rrggbbaa"')

/** An array of `count` finite numbers; those at the indices in `nonNegatives` must be ≥ 0. */
const vector = (count, nonNegatives = []) => (value, path) => {
  if (!Array.isArray(value)) fail(path, `expected an array of ${count} numbers`)
  if (value.length != count) fail(path, `expected ${count} values, got ${value.length}`)
  value.forEach((element, i) => (nonNegatives.includes(i) ? nonNegative : finite)(element, `${path}[${i}]`))
  return value
}
const point = vector(2)

/** A rule for a field of progress clips only: `rule` in a progress clip, an error in a time clip. */
const progressOnly = (rule) => (value, path, clip) => (clip.index == 'progress' ? rule(value, path, clip) : fail(path, 'not allowed in a time clip'))

/** An array with at least one element when `noun` names them. */
function list(value, path, noun) {
  if (!Array.isArray(value)) fail(path, 'expected an array')
  if (noun && !value.length) fail(path, 'expected at least one ' + noun)
  return value
}

/** Each field's rule, by name; a rule may read the object being built, passed as `context`. */
const RULES = {
  format: rule((value) => value === FORMAT, quoted(FORMAT)),
  version: (value, path) => (VERSIONS.includes(finite(value, path)) && ((globalThis.LOADMARK_V3 ?? 1) || value < 3) ? (version = value) : fail(path, 'unsupported version ' + value)),
  preset: name, fps: range(0, MAX_FPS, true), width: size, height: size,
  layers: (value, path, doc) => {
    const ids = new Map()
    return list(value, path, 'layer').map((layer, i) => readLayer(layer, `${path}[${i}]`, ids))
  },
  clips: (value, path, doc) => {
    // Every clip has the same tracks: counting them first bounds the work.
    const count = doc.layers.reduce((sum, layer) => sum + trackNames(layer).length, 0) * list(value, path, 'clip').length
    if (count > MAX_TRACKS) fail(path, `${count} tracks in all`)
    const names = new Set(), clips = value.map((clip, i) => readClip(clip, `${path}[${i}]`, doc.layers, names))
    // A progress clip finishes with a time clip, which may come after it.
    clips.forEach(({ finish }, i) => {
      const at = `${path}[${i}].finish`, target = finish != null && (clips.find((clip) => clip.name == finish) ?? fail(at, 'unknown clip ' + quoted(finish)))
      if (target && target.index != 'time') fail(at, `clip ${quoted(finish)} is not a time clip`)
    })
    return clips
  },
  id: text(/^[\w-]+$/, 'an id of letters, digits, "_" and "-"'),
  kind: choice(Object.keys(KINDS)), accent: boolean, role: choice(ROLES),
  center: point, radius: nonNegative, rect: vector(4, [2, 3]), cornerRadius: nonNegative,
  subpaths: (value, path, layer) => list(value, path).map((subpath, j) => readSubpath(subpath, `${path}[${j}]`, layer)),
  stroke: color, fill: color, lineWidth: nonNegative, lineCap: choice(LINE_CAPS), lineJoin: choice(LINE_JOINS), miterLimit: nonNegative,
  shadow: (value, path) => fields(value, path, SHADOW_FIELDS),
  color, opacity: range(0, 1), offset: point,
  move: point, line: point, arc: vector(5, [2]),
  name, index: choice(INDEXES), frames: integer(1, MAX_FRAMES), duration: nonNegative, loop: boolean, decimals: integer(0, MAX_DECIMALS),
  domain: progressOnly((value, path) => (point(value, path)[0] < value[1] ? value : fail(path, 'expected [from, to]'))),
  repeatFrom: progressOnly((value, path, { domain: [from, to] = [0, 1] }) => (finite(value, path) >= from && value < to ? value : fail(path, 'expected a number in the domain'))),
  transition: progressOnly((value, path) => fields(value, path, TRANSITION_FIELDS)),
  // A transition's values, or a periodic track's (version 3) over its period.
  values: (value, path, context) => readTrack(value, path, (globalThis.LOADMARK_V3 ?? 1) ? context.frames ?? context.period : context.frames),
  ...((globalThis.LOADMARK_V3 ?? 1) && { vertices: integer(MIN_VERTICES, MAX_VERTICES), period: integer(1, MAX_FRAMES) }),
  finish: progressOnly(name),
}

/**
 * `value` as a new object with `defaults`, which must have all of `required`
 * and nothing but `names` (unless `others` are allowed), each checked by its
 * rule in the order of `names`; unknown fields are reported last, so that a
 * document of another version hears about its version first.
 */
function fields(value, path, names, required = names, defaults, others) {
  if (!isObject(value)) fail(path, 'expected an object')
  const result = { ...defaults }
  for (const key of names) {
    if (value[key] !== undefined) result[key] = RULES[key] ? RULES[key](value[key], path ? path + '.' + key : key, result) : value[key]
    else if (required.includes(key)) fail(path, 'missing field ' + quoted(key))
  }
  if (!others) for (const key in value) if (!names.includes(key)) fail(path, 'unknown field ' + quoted(key))
  return result
}

/**
 * Parses (if text) and checks a document; throws an Error whose message
 * names the value at fault and whose `path` is that value's path. Returns a
 * new object: the document with its style defaults filled in, every track as
 * a Float64Array of `frames` values, and what drawing needs (fields whose
 * names start with `_`).
 */
export function decode(source) {
  try {
    if (typeof source == 'string') source = JSON.parse(source)
  } catch (error) {
    fail('', 'not JSON: ' + error.message)
  }
  // A build without version 3 hands a version 3 document to version 3's reader where the page has it
  // (dist/loadmark-player-v3.js, which reads every version with the same rules and words), else refuses it.
  return (!(globalThis.LOADMARK_V3 ?? 1) && source?.version == 3 && globalThis.LoadmarkVersion3?.decode(source)) || fields(source, '', ROOT_FIELDS)
}

function readLayer(source, path, ids) {
  const kind = fields(source, path, LAYER_FIELDS, LAYER_FIELDS, {}, true).kind, shape = SHAPE_FIELDS[kind]
  if ((globalThis.LOADMARK_V3 ?? 1) && version < 3 && VERSION3_KINDS[kind]) fail(path + '.kind', `the kind ${quoted(kind)} is format version 3's`)
  // The kind's own geometry, all of it, and nothing else; version 1 spells the accent role `"accent": true`.
  const roles = version == 1 ? VERSION1_ROLE_FIELDS : ROLE_FIELDS
  const layer = fields(source, path, [...LAYER_FIELDS, ...shape, ...STYLE_FIELDS, ...roles], [...LAYER_FIELDS, ...shape], { ...STYLE_DEFAULTS, _length: 0 })
  if (layer.accent) layer.role = ROLES[0]
  delete layer.accent
  if (ids.has(layer.id)) fail(path + '.id', 'duplicate layer id ' + quoted(layer.id))
  ids.set(layer.id, layer)
  const shadow = layer.shadow
  if (shadow) {
    // Canvas has no shadow opacity: it goes into the colour's alpha.
    const [r, g, b, a = 255] = shadow.color.match(/\w\w/g).map((hex) => parseInt(hex, 16))
    layer._shadow = `rgba(${r},${g},${b},${(a / 255) * shadow.opacity})`
  }
  return layer
}

/** A subpath whose segments know where they start and how long they are; their lengths add up on `layer`. */
function readSubpath(source, path, layer) {
  const subpath = fields(source, path, SUBPATH_FIELDS)
  let from = subpath.move
  subpath.segments = list(subpath.segments, path + '.segments').map((source, k) => {
    const at = `${path}.segments[${k}]`, segment = fields(source, at, SEGMENT_FIELDS, [], { _from: from }), { line, arc } = segment
    if (line && arc) fail(at, 'expected exactly one of "line" or "arc"')
    if (!line && !arc) fail(at, 'missing field "line" or "arc"')
    layer._length += segment._length = line ? Math.hypot(line[0] - from[0], line[1] - from[1]) : Math.abs(arc[2] * arc[4])
    from = [along(segment, 1, 0), along(segment, 1, 1)]
    return segment
  })
  return subpath
}

/** The names of a layer's tracks after its id's dot, in written order: a polygon's `x0`, `y0`, `x1`, … then its kind's. */
const trackNames = (globalThis.LOADMARK_V3 ?? 1) ? ({ kind, vertices = 0 }) => [...Array(vertices * 2)].map((_, k) => VERTEX_TRACKS[k % 2] + (k >> 1)).concat(KINDS[kind]) : ({ kind }) => KINDS[kind]

function readClip(source, path, layers, names) {
  const progress = source?.index == 'progress', known = version == 1 ? VERSION1_CLIP_FIELDS : CLIP_FIELDS
  const clip = fields(source, path, known, VERSION1_CLIP_FIELDS.filter((key) => !progress || key != 'duration'))
  if (names.has(clip.name)) fail(path + '.name', 'duplicate clip name ' + quoted(clip.name))
  names.add(clip.name)
  // Progress runs from 0 to 1 at the host's pace: one frame spans nothing, and neither a duration nor looping means anything.
  if (progress) {
    clip.domain ??= [0, 1]
    if (clip.frames < 2) fail(path + '.frames', 'a progress clip needs at least 2 frames')
    if (clip.duration !== undefined) fail(path + '.duration', 'not allowed in a progress clip')
    if (clip.loop) fail(path + '.loop', 'must be false in a progress clip')
  }

  const at = path + '.tracks', given = clip.tracks, tracks = (clip.tracks = {})
  if (!isObject(given)) fail(at, 'expected an object')
  for (const key in given) {
    const here = `${at}[${quoted(key)}]`, dot = key.indexOf('.'), id = key.slice(0, dot), property = key.slice(dot + 1)
    if (dot < 0) fail(here, 'expected a key "<layerId>.<property>"')
    const layer = layers.find((layer) => layer.id == id) ?? fail(here, 'unknown layer ' + quoted(id))
    if ((globalThis.LOADMARK_V3 ?? 1) && TRANSFORM_TRACKS.includes(property)) version < 3 && fail(here, "transform tracks are format version 3's")
    else if (!trackNames(layer).includes(property)) fail(here, `layer ${quoted(id)} of kind ${layer.kind} has no property ${quoted(property)}`)
    tracks[key] = readTrack(given[key], here, clip.frames, clip)
  }
  // The transform's tracks are optional: counted as they are read, with the clips' before.
  if ((globalThis.LOADMARK_V3 ?? 1) && (names._tracks = (names._tracks ?? 0) + Object.keys(tracks).length) > MAX_TRACKS) fail(at, names._tracks + ' tracks in all')
  // Per layer, its tracks in written order (opacity last): what drawing reads, with no lookup by name; and its
  // transform (version 3) where it has one, an absent track as the identity's one value.
  clip._tracks = layers.map((layer) => trackNames(layer).map((property) => tracks[layer.id + '.' + property] ?? fail(at, 'missing track ' + quoted(layer.id + '.' + property))))
  if ((globalThis.LOADMARK_V3 ?? 1)) clip._transforms = layers.map(({ id }) => TRANSFORM_TRACKS.some((property) => tracks[id + '.' + property]) && TRANSFORM_TRACKS.map((property, k) => tracks[id + '.' + property] ?? [IDENTITY[k]]))
  return clip
}

/**
 * A track as `frames` values: a number is a constant; an array has one
 * number per frame; `{"decimals": D, "deltas": [k0, d1, …]}` gives running
 * sums of integers divided once by 10^D, which reproduces every value the
 * writer rounded, bit for bit. A periodic track (version 3) is
 * `{"period": L, "values": …}`, its L values over its own period, read at
 * frame n as value n % L (timing.js, `valueAt`): only a clip's own track, in a
 * looping time `clip` of a version 3 document, may be one, and marks its
 * clip `_periodic`: Infinity, the frame a loop wraps at (timing.js, `frameOf`; the player keeps no bitmaps of such
 * a clip's frames).
 */
function readTrack(value, path, frames, clip) {
  if ((globalThis.LOADMARK_V3 ?? 1) && value?.period !== undefined) {
    // No clip: a transition's values, or a periodic track's own; no loop: a progress clip's or a one-shot's tracks.
    if (version < 3 || !clip?.loop) fail(path, version < 3 ? "periodic tracks are format version 3's" : 'a periodic track needs a looping time clip')
    clip._periodic = Infinity
    return fields(value, path, PERIODIC_FIELDS).values
  }
  if (typeof value == 'number') return new Float64Array(frames).fill(finite(value, path))
  const deltas = isObject(value), values = deltas ? fields(value, path, DELTA_FIELDS).deltas : value, at = deltas ? path + '.deltas' : path
  let sum = 0
  if (!Array.isArray(values)) {
    fail(at, deltas ? `expected an array of ${counted(frames, 'integer')}` : `expected a number, an array of ${counted(frames, 'number')} or an object {"decimals", "deltas"}`)
  }
  if (values.length != frames) fail(at, `expected ${counted(frames, 'value')}, got ${values.length}`)
  return Float64Array.from(values, (x, i) => {
    if (!deltas) return Number.isFinite(x) ? x : finite(x, `${at}[${i}]`)
    if (!Number.isInteger(x)) fail(`${at}[${i}]`, 'expected an integer')
    // Integers summed while the sum stays within 2^53 are exact.
    if (Math.abs((sum += x)) > MAX_RUNNING_SUM) fail(`${at}[${i}]`, 'running sum exceeds 2^53 − 1')
    return sum / 10 ** value.decimals
  })
}
