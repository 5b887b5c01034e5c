// Drawing one frame of a document on a 2D context with the context's own
// path calls. The player keeps the result as a bitmap (bitmaps.js), so this
// runs once per frame, size and colour; when it cannot keep one it runs on
// every frame, so it allocates nothing.
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
  ctx.globalCompositeOperation = 'source-over'
  ctx.resetTransform()
  ctx.clearRect(0, 0, width, height)
  ctx.setTransform(scale, 0, 0, scale, x, y)
  for (let i = 0; i < layers.length; i++) {
    ctx.save()
    drawLayer(ctx, layers[i], clip._tracks[i], n, scale, colors)
    ctx.restore()
  }
  ctx.resetTransform()
}

function drawLayer(ctx, layer, tracks, n, scale, colors) {
  // Opacity is every kind's last track; at 0 the layer is hidden. Canvas
  // ignores an alpha over 1, which leaves the saved 1.
  const opacity = tracks.at(-1)[n], shadow = layer.shadow, color = colors?.[layer.role]
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
    outline(ctx, layer, tracks, n, false)
    ctx.fillStyle = fill
    ctx.fill()
  }
  if (stroke) {
    outline(ctx, layer, tracks, n, true)
    ctx.strokeStyle = stroke
    ctx.lineWidth = layer.lineWidth
    ctx.lineCap = layer.lineCap
    ctx.lineJoin = layer.lineJoin
    ctx.miterLimit = layer.miterLimit
    ctx.stroke()
  }
}

/** A layer's outline as the current path; a path is trimmed by its strokeStart and strokeEnd when `trimmed`. */
function outline(ctx, layer, tracks, n, trimmed) {
  const { kind, center, radius, rect } = layer
  ctx.beginPath()
  if (kind == 'arc') arcTo(ctx, center[0], center[1], radius, tracks[0][n], tracks[1][n])
  else if (kind == 'dot') arcTo(ctx, center[0], center[1], radius * tracks[0][n], 0, TAU)
  else if (kind == 'roundedRect') ctx.roundRect(rect[0], rect[1], rect[2], rect[3], layer.cornerRadius)
  else trace(ctx, layer, trimmed ? tracks[0][n] : 0, trimmed ? tracks[1][n] : 1)
}
