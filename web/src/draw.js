// Drawing one frame of a document on a 2D context with the context's own
// path calls. The player keeps the result as a bitmap (bitmaps.js), so this
// runs once per frame, size and colour; when it cannot keep one (or the clip
// has periodic tracks) it runs on every frame, with one small array of values
// per layer.
import { TAU, arcTo, trace } from './geometry.js'

/**
 * Clears `ctx` (`width` × `height` device pixels) and draws frame `n` of
 * `clip` with the document scaled by `scale` device pixels per point about
 * the offset (x, y). `colors` maps a layer's role (accent, secondary,
 * surface) to its theme colour, where the player has one. Leaves the
 * context's transform at identity.
 */
export function drawFrame(ctx, width, height, doc, clip, n, scale, x, y, colors) {
  const layers = doc.layers
  // A track's value at frame `n` is value n mod its length (docs/FORMAT.md, "Reading a track at a frame"): a
  // periodic track (version 3) wraps at its own period, a track of `frames` values at the clip's, and an absent
  // transform track is the identity's one value. The player gives a one-shot's frame held, a loop's counted on
  // where it has periodic tracks. A build without version 3 (decode.js) has only tracks of `frames` values.
  const read = (track) => track[(globalThis.LOADMARK_V3 ?? 1) ? n % track.length : n]
  ctx.globalCompositeOperation = 'source-over'
  ctx.resetTransform()
  ctx.clearRect(0, 0, width, height)
  ctx.setTransform(scale, 0, 0, scale, x, y)
  for (let i = 0; i < layers.length; i++) {
    const transform = (globalThis.LOADMARK_V3 ?? 1) && clip._transforms[i]
    ctx.save()
    // The layer's transform (version 3), where it has one, after the player's scale and offset: the outline and
    // its stroke are transformed, and a negative scale mirrors; the shadow, set in device pixels, is not.
    if (transform) ctx.transform(...transform.map(read))
    drawLayer(ctx, layers[i], clip._tracks[i].map(read), scale, colors)
    ctx.restore()
  }
  ctx.resetTransform()
}

/** Draws a layer from its tracks' values (its kind's, opacity last). */
function drawLayer(ctx, layer, values, scale, colors) {
  // At opacity 0 the layer is hidden. Canvas ignores an alpha over 1, which leaves the saved 1.
  const opacity = values.at(-1), shadow = layer.shadow, color = colors?.[layer.role]
  if (!(opacity > 0)) return
  let { stroke, fill } = layer
  // A theme colour replaces the stroke, or the fill of a layer with no stroke.
  if (color) stroke ? (stroke = color) : (fill = color)
  ctx.globalAlpha = opacity
  if (shadow) {
    // Canvas shadows ignore the transform, and their blur is 2σ.
    ctx.shadowColor = layer._shadow
    ctx.shadowOffsetX = shadow.offset[0] * scale
    ctx.shadowOffsetY = shadow.offset[1] * scale
    ctx.shadowBlur = 2 * shadow.radius * scale
  }
  if (fill) {
    // CAShapeLayer fills the untrimmed path.
    outline(ctx, layer, values, false)
    ctx.fillStyle = fill
    ctx.fill()
  }
  if (stroke) {
    outline(ctx, layer, values, true)
    ctx.strokeStyle = stroke
    ctx.lineWidth = layer.lineWidth
    ctx.lineCap = layer.lineCap
    ctx.lineJoin = layer.lineJoin
    ctx.miterLimit = layer.miterLimit
    ctx.stroke()
  }
}

/** A layer's outline as the current path, from its tracks' values; a path is trimmed by its strokeStart and strokeEnd when `trimmed`. */
function outline(ctx, layer, values, trimmed) {
  const { kind, center, radius, rect } = layer, [first, second] = values
  ctx.beginPath()
  if (kind == 'arc') arcTo(ctx, center[0], center[1], radius, first, second)
  else if (kind == 'dot') arcTo(ctx, center[0], center[1], radius * first, 0, TAU)
  else if (kind == 'roundedRect') ctx.roundRect(rect[0], rect[1], rect[2], rect[3], layer.cornerRadius)
  else if (kind == 'path' || !(globalThis.LOADMARK_V3 ?? 1)) trace(ctx, layer, trimmed ? first : 0, trimmed ? second : 1)
  else {
    // A polygon (version 3): its vertices x0, y0, x1, … in turn, closed; filled by canvas's default rule,
    // non-zero. A lineTo on an empty path starts it, as a moveTo would.
    for (let k = 0; k < 2 * layer.vertices; k += 2) ctx.lineTo(values[k], values[k + 1])
    ctx.closePath()
  }
}
