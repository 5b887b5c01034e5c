"""The pixel-agreement metric of the pixel check (docs/FIDELITY.md, "Renderers").

Two renders of one frame are compared on coverage: d = |A − B| per pixel, the largest difference over the
premultiplied R, G, B and A channels, from 0 to 1. Anti-aliasing noise is thin: it runs along edges, a
fraction of a pixel deep. A geometric error is compact: a cap a few pixels off, a trim end in the wrong place.
So a frame fails when

- more than 2 pixels have d > 0.5 (a pixel painted by one renderer and not the other), or
- the largest 8-connected blob of pixels with d > 0.2 has Σd ≥ 4 (square pixels of coverage).

Measured here (tools/pixels/check.py, 64 frames × 5 renderers at scale 2): the renderers flip no pixel and
their largest blob is 1.75; an arc end 2° off at radius 40 px (1.4 px), a trim 1 % off on a 239 px ring
(2.4 px) and a frame one step late give 8 or more flips and blobs of 7.6 or more. The blob threshold is 0.2,
not 0.1: along a 2 px ring 590 px round, anti-aliasing differences of 0.1 to 0.2 touch one another all the
way round and add up to a blob of 4.4 without any geometric error.
"""
import numpy as np

FLIP = 0.5
MAX_FLIPS = 2
BLOB = 0.2
MAX_BLOB = 4.0


def premultiplied(rgba):
    """Straight RGBA bytes (H × W × 4) as premultiplied floats in [0, 1]."""
    values = rgba.astype(np.float64) / 255
    alpha = values[..., 3:4]
    return np.concatenate([values[..., :3] * alpha, alpha], axis=-1)


def difference(a, b):
    """d per pixel: the largest premultiplied channel difference."""
    return np.abs(premultiplied(a) - premultiplied(b)).max(axis=-1)


def largest_blob(d, threshold=BLOB):
    """Σd of the largest 8-connected component of pixels with d > threshold, and its size in pixels."""
    mask = d > threshold
    seen = np.zeros_like(mask)
    height, width = mask.shape
    best = (0.0, 0)
    for y, x in zip(*np.nonzero(mask)):
        if seen[y, x]:
            continue
        seen[y, x] = True
        stack, total, count = [(y, x)], 0.0, 0
        while stack:
            cy, cx = stack.pop()
            total += d[cy, cx]
            count += 1
            for ny in (cy - 1, cy, cy + 1):
                for nx in (cx - 1, cx, cx + 1):
                    if 0 <= ny < height and 0 <= nx < width and mask[ny, nx] and not seen[ny, nx]:
                        seen[ny, nx] = True
                        stack.append((ny, nx))
        if total > best[0]:
            best = (total, count)
    return best


def compare(a, b, max_blob=MAX_BLOB):
    """The figures of one comparison: flips, largest blob Σd and total Σd, and whether it passes. The pixel check
    compares at 2 device pixels per point; at k times that, pass `MAX_BLOB · k²`, since a blob is an area in
    device pixels (the same geometric error covers k² times the pixels), while a flip is a pixel painted by one
    renderer and not the other at any scale."""
    if a.shape != b.shape:
        return {'flips': -1, 'blob': float('inf'), 'total': float('inf'), 'ok': False, 'why': f'size {b.shape[1]}×{b.shape[0]}, expected {a.shape[1]}×{a.shape[0]}'}
    d = difference(a, b)
    flips = int((d > FLIP).sum())
    blob, _ = largest_blob(d)
    ok = flips <= MAX_FLIPS and blob < max_blob
    return {'flips': flips, 'blob': blob, 'total': float(d.sum()), 'ok': ok, 'd': d}
