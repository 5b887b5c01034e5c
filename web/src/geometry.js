// Geometry: arcs and trimmed paths traced onto a "pen", anything with the
// path methods of a 2D context (moveTo, lineTo, arc): the context itself when
// drawing, a recorder in the tests. Nothing here allocates, so it can run on
// every frame.

export const TAU = 2 * Math.PI

const clamp = (value) => Math.min(Math.max(value, 0), 1)

/**
 * Adds the arc of radius `r` about (x, y) from angle `start` through the
 * signed `sweep` (negative: anticlockwise on screen). A sweep of a whole turn
 * or more becomes two half arcs, since canvas may draw nothing for start and
 * end 2π apart once they are rounded to float32; no radius or no sweep adds
 * nothing.
 */
export function arcTo(pen, x, y, r, start, sweep) {
  if (!(r > 0) || !sweep) return
  const anticlockwise = sweep < 0
  if (Math.abs(sweep) < TAU) return pen.arc(x, y, r, start, start + sweep, anticlockwise)
  const half = anticlockwise ? -Math.PI : Math.PI
  pen.arc(x, y, r, start, start + half, anticlockwise)
  pen.arc(x, y, r, start + half, start + 2 * half, anticlockwise)
}

/** x (axis 0) or y (axis 1) of the point at fraction `f` along a segment; its end exactly at 1. */
export function along({ line, arc, _from: from }, f, axis) {
  if (line) return f == 1 ? line[axis] : from[axis] + (line[axis] - from[axis]) * f
  const angle = arc[3] + arc[4] * f
  return arc[axis] + arc[2] * (axis ? Math.sin(angle) : Math.cos(angle))
}

/**
 * Traces the part of a path layer between fractions `start` and `end` of its
 * length, as CAShapeLayer's strokeStart and strokeEnd trim it
 * (Path+Trimming.swift): what is left of each subpath is one piece that
 * starts with moveTo. Zero-length pieces are left out, since a stroke would
 * draw them as cap dots.
 */
export function trace(pen, layer, start, end) {
  const lower = clamp(start) * layer._length, upper = clamp(end) * layer._length, subpaths = layer.subpaths
  let offset = 0
  for (let i = 0; i < subpaths.length; i++) {
    const segments = subpaths[i].segments
    let open = false
    for (let j = 0; j < segments.length; j++) {
      const segment = segments[j], length = segment._length, arc = segment.arc
      const a = (Math.max(lower, offset) - offset) / length, b = (Math.min(upper, offset + length) - offset) / length
      offset += length
      if (!(a < b)) continue
      if (!open) pen.moveTo(along(segment, a, 0), along(segment, a, 1))
      open = true
      if (arc) arcTo(pen, arc[0], arc[1], arc[2], arc[3] + arc[4] * a, arc[4] * (b - a))
      else pen.lineTo(along(segment, b, 0), along(segment, b, 1))
    }
  }
}
