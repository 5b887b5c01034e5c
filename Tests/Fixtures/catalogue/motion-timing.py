#!/usr/bin/env python3
"""The eased values CatalogueMotionTests.swift expects, from the Swift source's
timing functions alone (not from Loadmark).

CAMediaTimingFunction stores its control points as float32; a cubic Bezier
from (0, 0) to (1, 1) through them gives progress y at time x: x(s) = u is
solved for s by 200 bisection steps in double precision, then y(s) is the
eased progress. Run it to print every constant the tests use.
"""
import struct

def f32(v):
    return struct.unpack('f', struct.pack('f', v))[0]

CURVES = {
    'easeInEaseOut': (0.42, 0.0, 0.58, 1.0),
    'default': (0.25, 0.1, 0.25, 1.0),
    'pulseRise': (0.15, 0.46, 0.9, 0.6),
    'rotate': (0.7, -0.13, 0.22, 0.86),
}

def ease(curve, u):
    x1, y1, x2, y2 = (f32(v) for v in CURVES[curve])
    bez = lambda s, p1, p2: 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s ** 2 * p2 + s ** 3
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = (lo + hi) / 2
        if bez(mid, x1, x2) < u:
            lo = mid
        else:
            hi = mid
    return bez((lo + hi) / 2, y1, y2)

def show(label, curve, u):
    print(f'{label}: {curve}({u!r}) = {ease(curve, u)!r}')

# BallPulseSync: key times 0, 0.33, 0.66, 1 of 0.6 s; the loop starts at
# 0.21 s; dot i began at 0.07 (i + 1). Each local progress is within its
# segment.
for frame in (0, 9, 24):
    for i in range(3):
        elapsed = (0.21 + frame / 60 - 0.07 * (i + 1)) % 0.6
        u = elapsed / 0.6
        k = 0 if u < 0.33 else 1 if u < 0.66 else 2
        start, end = [0, 0.33, 0.66, 1][k], [0, 0.33, 0.66, 1][k + 1]
        show(f'pulseSync frame {frame} circle{i} segment {k}', 'easeInEaseOut', (u - start) / (end - start))

# BallPulseRise, BallRotate: half-way through a segment of 0.5 s or 0.25 s.
show('pulseRise / rotate half-way', 'pulseRise', 0.5)
show('rotate half-way', 'rotate', 0.5)

# BallTrianglePath: key times 0, 0.33, 0.66, 1 of 2 s; frames 30, 60, 100.
for frame in (30, 60, 100):
    u = frame / 60 / 2
    k = 0 if u < 0.33 else 1 if u < 0.66 else 2
    start, end = [0, 0.33, 0.66, 1][k], [0, 0.33, 0.66, 1][k + 1]
    show(f'trianglePath frame {frame} segment {k}', 'easeInEaseOut', (u - start) / (end - start))

# Pacman: key times 0, 0.5, 1 of 0.5 s; frame 7 is 7/60 s into a bite.
show('pacman frame 7, segment 0', 'default', 7 / 60 / 0.25)

# BallDoubleBounce: the animation's own timing function over 2 s.
for u in (0.25, 0.5, 0.75):
    show('doubleBounce', 'easeInEaseOut', u)

# CubeTransition: key times a quarter apart of 1.6 s; frames 12 and 36 are
# half-way through a segment.
show('cubeTransition half-way', 'easeInEaseOut', 0.5)
