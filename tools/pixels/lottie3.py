#!/usr/bin/env python3
"""What ThorVG and rlottie draw of the Lottie export of format version 3 (transforms, polygons, periodic tracks).

A frame document written here by hand holds one clip per case, each a 20 × 10 pt rectangle (a roundedRect of
radius 0 at the origin) under one affine transform: a translation, a rotation of 30° with a scale (2, 0.5) and a
translation, a mirror (a < 0), a skew; then a polygon (a triangle moving), a square whose shadow must stay 25
canvas points below it when the square is turned or doubled (ThorVG; rlottie draws no shadow), and a loop whose
periodic track (a dot's scale, period 3 against the clip's 4 frames) must be written out over lcm(4, 3) = 12
frames. `loadmark
export --format lottie` writes it; both renderers draw every case at its marker, at 2 px per point, and each
drawing's coverage is measured by its moments: area, centroid and covariance. The expected moments are derived
from the matrix alone (a rectangle of w × h has area w·h, centroid at its centre and covariance diag(w², h²)/12;
an affine map L + t takes them to |det L|·area, L·c + t and L·Σ·Lᵀ), so the check holds the Lottie
decomposition (position, rotation, scale, skew) to the matrix it came from.

rlottie 1.3.8 ignores a transform's skew (`sk`, verified): it is held to the matrix without its skew, which is
what it draws; ThorVG to the matrix itself.

Then the check proves it can fail: the Lottie file with the rotated case's rotation 2° off, and with the
translated case's position 1 pt off, must each fail on both renderers.

Exits 1 on any disagreement, an invalid Lottie file, or a perturbation not caught.
Usage: tools/.venv/bin/python tools/pixels/lottie3.py
Needs: LOADMARK (default: the `swift build` binary) and the tools/.venv packages.
"""
import copy
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import check  # noqa: E402  (its renderers, schema validation and the loadmark binary)

SCALE = 2
WIDTH, HEIGHT = 20, 10
CANVAS = 100
# Tolerances in points: AA moves a centroid by far less than 0.1 pt; the covariance is compared relative to its
# size (2 % of its trace), the area to 2 % and 0.5 pt² (a dot of radius 2.5 pt, 5 px, covers 19.2 pt² in both
# renderers for its 19.6).
CENTROID = 0.1
COVARIANCE = 0.02
AREA = 0.02
AREA_SLACK = 0.5

# (clip, a, b, c, d, tx, ty): hand-written matrices.
R30 = math.radians(30)
CASES = [
    ('translate', 1, 0, 0, 1, 30, 40),
    ('rotate-scale', 2 * math.cos(R30), 2 * math.sin(R30), -0.5 * math.sin(R30), 0.5 * math.cos(R30), 50, 30),
    ('mirror', -1.5, 0, 0, 1, 70, 20),
    ('skew', 1, 0, 0.8, 1, 30, 60),
]
TRIANGLE = [(20, 20), (80, 30), (40, 80)]
# A red 10 × 10 pt square with a crisp black shadow 25 pt below it, in canvas points whatever the transform:
# (clip, a, b, c, d, tx, ty). Turned 90°, the square covers [40, 50] × [30, 40] and its shadow [40, 50] × [55, 65];
# doubled, [20, 40]² and [20, 40] × [45, 65]. A shadow turned or scaled with the layer would be 25 pt to the left,
# or 50 pt below.
SHADOW = 25
# Each: (clip, matrix, the shadow's visible area in pt², its centroid), derived by hand from the corners above.
SHADOWED = [('shadow-turned', (0, 1, -1, 0, 50, 30), 100, (45, 60)), ('shadow-doubled', (2, 0, 0, 2, 20, 20), 400, (30, 55))]


def document():
    layers = [
        {'id': 'box', 'kind': 'roundedRect', 'rect': [0, 0, WIDTH, HEIGHT], 'cornerRadius': 0, 'fill': '#000000'},
        {'id': 'face', 'kind': 'polygon', 'vertices': 3, 'fill': '#000000'},
        {'id': 'dot', 'kind': 'dot', 'center': [50, 50], 'radius': 10, 'fill': '#000000'},
        {'id': 'lit', 'kind': 'roundedRect', 'rect': [0, 0, 10, 10], 'cornerRadius': 0, 'fill': '#ff0000',
         'shadow': {'color': '#000000', 'opacity': 1, 'offset': [0, SHADOW], 'radius': 0}},
    ]
    clips = []
    hidden = {'face.opacity': 0, 'dot.scale': 1, 'dot.opacity': 0, 'lit.opacity': 0}
    for i in range(3):
        hidden[f'face.x{i}'], hidden[f'face.y{i}'] = TRIANGLE[i]
    for name, a, b, c, d, tx, ty in CASES:
        tracks = {'box.opacity': 1, 'box.a': a, 'box.b': b, 'box.c': c, 'box.d': d, 'box.tx': tx, 'box.ty': ty}
        clips.append({'name': name, 'index': 'time', 'frames': 1, 'duration': 0, 'loop': False, 'tracks': {**tracks, **hidden}})
    # The polygon: vertex 0 moves right 10 pt over 10 frames.
    polygon = {'box.opacity': 0, 'face.opacity': 1, 'dot.scale': 1, 'dot.opacity': 0, 'lit.opacity': 0}
    for i in range(3):
        polygon[f'face.x{i}'], polygon[f'face.y{i}'] = TRIANGLE[i]
    polygon['face.x0'] = [TRIANGLE[0][0] + f for f in range(11)]
    clips.append({'name': 'polygon', 'index': 'time', 'frames': 11, 'duration': 11 / 60, 'loop': False, 'tracks': polygon})
    # The periodic track: 3 scales against 4 frames; the Lottie plays lcm(4, 3) = 12.
    periodic = {'box.opacity': 0, 'face.opacity': 0, 'dot.opacity': 1, 'dot.scale': {'period': 3, 'values': [1, 0.5, 0.25]},
                'lit.opacity': 0}
    for i in range(3):
        periodic[f'face.x{i}'], periodic[f'face.y{i}'] = TRIANGLE[i]
    for name, (a, b, c, d, tx, ty), _, _ in SHADOWED:
        tracks = {'box.opacity': 0, 'face.opacity': 0, 'dot.scale': 1, 'dot.opacity': 0, 'lit.opacity': 1,
                  'lit.a': a, 'lit.b': b, 'lit.c': c, 'lit.d': d, 'lit.tx': tx, 'lit.ty': ty}
        for i in range(3):
            tracks[f'face.x{i}'], tracks[f'face.y{i}'] = TRIANGLE[i]
        clips.append({'name': name, 'index': 'time', 'frames': 1, 'duration': 0, 'loop': False, 'tracks': tracks})
    clips.append({'name': 'periodic', 'index': 'time', 'frames': 4, 'duration': 4 / 60, 'loop': True, 'tracks': periodic})
    return {'format': 'loadmark', 'version': 3, 'preset': 'transforms', 'fps': 60, 'width': CANVAS, 'height': CANVAS,
            'layers': layers, 'clips': clips}


def moments(image):
    """Area (pt²), centroid (pt) and covariance (pt²) of an RGBA image's coverage at SCALE px per point."""
    alpha = image[..., 3].astype(np.float64) / 255
    ys, xs = np.mgrid[0:alpha.shape[0], 0:alpha.shape[1]]
    xs = (xs + 0.5) / SCALE
    ys = (ys + 0.5) / SCALE
    mass = alpha.sum()
    if mass == 0:
        return 0.0, (0.0, 0.0), np.zeros((2, 2))
    cx, cy = (alpha * xs).sum() / mass, (alpha * ys).sum() / mass
    dx, dy = xs - cx, ys - cy
    cov = np.array([[(alpha * dx * dx).sum(), (alpha * dx * dy).sum()], [(alpha * dx * dy).sum(), (alpha * dy * dy).sum()]]) / mass
    return mass / SCALE ** 2, (cx, cy), cov


def expected_rectangle(a, b, c, d, tx, ty):
    linear = np.array([[a, c], [b, d]])
    centre = linear @ np.array([WIDTH / 2, HEIGHT / 2]) + np.array([tx, ty])
    sigma = np.diag([WIDTH ** 2 / 12, HEIGHT ** 2 / 12])
    return abs(np.linalg.det(linear)) * WIDTH * HEIGHT, tuple(centre), linear @ sigma @ linear.T


def without_skew(a, b, c, d, tx, ty):
    """The matrix rlottie draws: R(θ)·S of the export's decomposition (θ = atan2(b, a), sx = |(a, b)|,
    sy = det/sx), its skew dropped."""
    sx = math.hypot(a, b)
    sy = (a * d - b * c) / sx
    theta = math.atan2(b, a)
    return (sx * math.cos(theta), sx * math.sin(theta), -sy * math.sin(theta), sy * math.cos(theta), tx, ty)


def expected_polygon(points):
    """Area and centroid of a simple polygon (the shoelace formula); covariance not compared."""
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    area /= 2
    return abs(area), (cx / (6 * area), cy / (6 * area)), None


def compare(what, found, expected):
    area, centre, cov = found
    want_area, want_centre, want_cov = expected
    problems = []
    if abs(area - want_area) > AREA * want_area + AREA_SLACK:
        problems.append(f'{what}: area {area:.2f} pt², expected {want_area:.2f}')
    distance = math.hypot(centre[0] - want_centre[0], centre[1] - want_centre[1])
    if distance > CENTROID:
        problems.append(f'{what}: centroid ({centre[0]:.2f}, {centre[1]:.2f}), expected ({want_centre[0]:.2f}, {want_centre[1]:.2f})')
    if want_cov is not None and np.abs(cov - want_cov).max() > COVARIANCE * np.trace(want_cov):
        problems.append(f'{what}: covariance {np.round(cov, 2).tolist()}, expected {np.round(want_cov, 2).tolist()}')
    return problems


def measure(python, path, markers):
    """Every case's problems on both renderers, for the Lottie file at `path`."""
    problems = []
    size = CANVAS * SCALE
    renderers = {'ThorVG': lambda f: python.thorvg_lottie(path, f, size, size), 'rlottie': lambda f: python.rlottie(path, f, size, size)}
    for renderer, draw in renderers.items():
        for name, a, b, c, d, tx, ty in CASES:
            matrix = (a, b, c, d, tx, ty) if renderer == 'ThorVG' else without_skew(a, b, c, d, tx, ty)
            problems += compare(f'{renderer} {name}', moments(draw(markers[name])), expected_rectangle(*matrix))
        # The polygon at frames 0, 5 and 10 of its clip: vertex 0 at x = 20 + frame.
        for frame in [0, 5, 10]:
            points = [(TRIANGLE[0][0] + frame, TRIANGLE[0][1])] + TRIANGLE[1:]
            problems += compare(f'{renderer} polygon frame {frame}', moments(draw(markers['polygon'] + frame)), expected_polygon(points))
        # The periodic dot: frame n shows scale [1, 0.5, 0.25][n mod 3], for each of the 12 frames written.
        for frame in range(12):
            radius = 10 * [1, 0.5, 0.25][frame % 3]
            want = (math.pi * radius ** 2, (50.0, 50.0), np.eye(2) * radius ** 2 / 4)
            problems += compare(f'{renderer} periodic frame {frame}', moments(draw(markers['periodic'] + frame)), want)
    # The shadows, ThorVG only (rlottie draws no effects): the dark pixels' moments against the square's shadow
    # moved by SHADOW canvas points, where it does not overlap the square.
    for name, _, area, centre in SHADOWED:
        image = renderers['ThorVG'](markers[name])
        dark = image.copy()
        dark[..., 3] = np.where((image[..., 0] < 64) & (image[..., 3] > 0), image[..., 3], 0)
        problems += compare(f'ThorVG {name}', moments(dark), (area, centre, None))
    return problems


def main():
    python = check.Python()
    problems = []
    with tempfile.TemporaryDirectory(prefix='loadmark-lottie3-') as work:
        source = os.path.join(work, 'transforms.json')
        with open(source, 'w') as f:
            json.dump(document(), f)
        path = os.path.join(work, 'transforms.lottie.json')
        subprocess.run([check.LOADMARK, 'export', source, '--format', 'lottie', '-o', path], check=True, capture_output=True)
        with open(path) as f:
            lottie = json.load(f)
        problems += [f'schema: {error}' for error in check.validate_lottie(path)]
        markers = {m['cm']: m['tm'] for m in lottie['markers']}
        durations = {m['cm']: m['dr'] for m in lottie['markers']}
        if durations['periodic'] != 12:
            problems.append(f'the periodic clip lasts {durations["periodic"]} frames, expected lcm(4, 3) = 12')
        problems += measure(python, path, markers)
        print(f'Lottie version 3: {len(CASES)} transforms, a polygon at 3 frames, {len(SHADOWED)} transformed shadows, '
              f'a periodic track over 12 frames, '
              f'ThorVG and rlottie: {"ok" if not problems else f"{len(problems)} problems"}')

        # Perturbations: each must fail on both renderers.
        for number, (label, change) in enumerate([('rotation 2° off', lambda ks: ks['r'].update(k=[dict(k, s=[k['s'][0] + 2]) for k in ks['r']['k']]) if ks['r']['a'] else ks['r'].update(k=ks['r']['k'] + 2)),
                              ('position 1 pt off', lambda ks: ks['p']['x'].update(k=[dict(k, s=[k['s'][0] + 1]) for k in ks['p']['x']['k']]) if ks['p']['x']['a'] else ks['p']['x'].update(k=ks['p']['x']['k'] + 1))]):
            perturbed = copy.deepcopy(lottie)
            change(next(layer for layer in perturbed['layers'] if layer['nm'] == 'box')['ks'])
            # A file of its own each: the rlottie wrapper keeps an animation per path.
            bad = os.path.join(work, f'perturbed{number}.lottie.json')
            with open(bad, 'w') as f:
                json.dump(perturbed, f)
            found = measure(python, bad, markers)
            for renderer in ['ThorVG', 'rlottie']:
                caught = [p for p in found if p.startswith(renderer)]
                if not caught:
                    problems.append(f'{label}: {renderer} passed the perturbed file')
                else:
                    print(f'perturbation {label}, {renderer}: caught ({caught[0]})')
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
