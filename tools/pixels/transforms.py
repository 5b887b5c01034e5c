#!/usr/bin/env python3
"""The animated SVG's version 3 encoding against the document, frame by frame, in Chromium.

Builds here, independently of Loadmark's engine, a frame document of format version 3 with what
NVActivityIndicatorView's indicators need: a dot moving along a zig-zag (translation, eased), a bar scaled in y
and mirrored in x through 0 with a shadow, a ring turned, squashed and skewed (a rotation, a non-uniform scale
and another rotation composed into one matrix), a square turned in perspective (a polygon) and dots pulsing with
periods of their own (periodic tracks of 25, 43 and 37 frames in a 60-frame loop). Then:

- the animated SVG (`loadmark export --format svg`), shown in Chromium as an <img> on a 2× screen with its
  animations paused at frame i's time (tools/pixels/chromium.mjs), must draw what the still SVG of frame i
  (`--frame i`) draws, which writes the document's own six numbers as `matrix(a b c d tx ty)`, within the
  pixel metric (metric.py), at every frame of the loop;
- a still with the zig-zag dot moved 1 pt, and the animation one frame late, must fail that comparison;
- the animated SVG's gzipped size is printed.

Usage: tools/.venv/bin/python tools/pixels/transforms.py [--keep DIR]
Needs: LOADMARK (default: the `swift build` binary), node, chromium, the tools/.venv packages.
"""
import argparse
import gzip
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(__file__))
import metric  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FPS = 60
FRAMES = 60
SCALE = 2


def loadmark_binary():
    if 'LOADMARK' in os.environ:
        return os.environ['LOADMARK']
    bin_path = subprocess.run(['swift', 'build', '--show-bin-path'], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(bin_path, 'loadmark')


def ease_in_out(t):
    """Core Animation's easeInEaseOut, cubic-bezier(0.42, 0, 0.58, 1), solved by bisection."""
    lo, hi = 0.0, 1.0
    for _ in range(60):
        s = (lo + hi) / 2
        x = 3 * (1 - s) ** 2 * s * 0.42 + 3 * (1 - s) * s * s * 0.58 + s ** 3
        lo, hi = (s, hi) if x < t else (lo, s)
    s = (lo + hi) / 2
    return 3 * (1 - s) * s * s + s ** 3


def multiply(m, n):
    """[a, b, c, d, tx, ty] · [a, b, c, d, tx, ty]."""
    a, b, c, d, tx, ty = m
    e, f, g, h, ux, uy = n
    return [a * e + c * f, b * e + d * f, a * g + c * h, b * g + d * h, a * ux + c * uy + tx, b * ux + d * uy + ty]


def rotation(degrees):
    r = math.radians(degrees)
    return [math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0]


def translation(x, y):
    return [1, 0, 0, 1, x, y]


def scaling(x, y):
    return [x, 0, 0, y, 0, 0]


def r4(v):
    return round(v, 4) + 0.0


def document(zig_shift=0.0):
    """The test document; `zig_shift` moves the zig-zag dot right by that many points at every frame."""
    layers = [
        {'id': 'zig', 'kind': 'dot', 'center': [0, 0], 'radius': 4, 'fill': '#e74c3c'},
        {'id': 'bar', 'kind': 'roundedRect', 'rect': [-3, -10, 6, 20], 'cornerRadius': 2, 'fill': '#2ecc71',
         'shadow': {'color': '#000000', 'opacity': 0.6, 'offset': [2, 2], 'radius': 1.5}},
        {'id': 'ring', 'kind': 'arc', 'center': [0, 0], 'radius': 10, 'stroke': '#3478f6', 'lineWidth': 3, 'lineCap': 'round'},
        {'id': 'face', 'kind': 'polygon', 'vertices': 4, 'fill': '#9b59b6', 'stroke': '#222222', 'lineWidth': 1},
    ]
    tracks = {}
    frames = range(FRAMES)
    # A zig-zag through three points, each leg eased, back to the start.
    legs = [(10, 10), (50, 22), (10, 34), (10, 10)]
    zig = []
    for i in frames:
        leg, t = divmod(i * 3 / FRAMES, 1)
        (x0, y0), (x1, y1) = legs[int(leg)], legs[int(leg) + 1]
        u = ease_in_out(t)
        zig.append(translation(x0 + (x1 - x0) * u + zig_shift, y0 + (y1 - y0) * u))
    # A bar scaled in y (eased) and mirrored in x through 0, at (44, 44).
    bar = [multiply(translation(44, 44), scaling(math.cos(2 * math.pi * i / FRAMES), 0.3 + 0.7 * ease_in_out(abs(1 - 2 * i / FRAMES)))) for i in frames]
    # A ring turning once a loop, squashed along an axis 30° off its own: a skew.
    ring = [multiply(multiply(multiply(translation(22, 42), rotation(360 * i / FRAMES)), scaling(1.3, 0.6)), rotation(30)) for i in frames]
    for layer, matrices in (('zig', zig), ('bar', bar), ('ring', ring)):
        for k, name in enumerate(['a', 'b', 'c', 'd', 'tx', 'ty']):
            values = [r4(m[k]) for m in matrices]
            tracks[f'{layer}.{name}'] = values[0] if len(set(values)) == 1 else values
    tracks['zig.scale'] = 1
    tracks['zig.opacity'] = 1
    tracks['bar.opacity'] = 1
    tracks['ring.start'] = [r4((2 * math.pi * 2 * i / FRAMES) % (2 * math.pi)) for i in frames]
    tracks['ring.sweep'] = [r4(1 + 3 * ease_in_out(abs(1 - 2 * i / FRAMES))) for i in frames]
    tracks['ring.opacity'] = 1
    # A square of side 16 at (46, 14) turned about its vertical axis, seen from 60 pt.
    for v, (x, y) in enumerate([(-8, -8), (8, -8), (8, 8), (-8, 8)]):
        xs, ys = [], []
        for i in frames:
            angle = math.pi * ease_in_out(i / FRAMES)
            z = x * math.sin(angle)
            f = 60 / (60 + z)
            xs.append(r4(46 + x * math.cos(angle) * f))
            ys.append(r4(14 + y * f))
        tracks[f'face.x{v}'] = xs
        tracks[f'face.y{v}'] = ys
    tracks['face.opacity'] = 1
    # Dots pulsing on periods of their own.
    for k, (period, fade) in enumerate([(25, 43), (43, 37), (37, 25)]):
        name = f'pulse{k}'
        layers.append({'id': name, 'kind': 'dot', 'center': [8 + 8 * k, 54], 'radius': 3, 'fill': '#f39c12'})
        tracks[f'{name}.scale'] = {'period': period, 'values': [r4(0.4 + 0.6 * ease_in_out(abs(1 - 2 * j / period))) for j in range(period)]}
        tracks[f'{name}.opacity'] = {'period': fade, 'values': [r4(0.3 + 0.7 * abs(1 - 2 * j / fade)) for j in range(fade)]}
    clip = {'name': 'loop', 'index': 'time', 'frames': FRAMES, 'duration': FRAMES / FPS, 'loop': True, 'tracks': tracks}
    return {'format': 'loadmark', 'version': 3, 'preset': 'moves', 'fps': FPS, 'width': 60, 'height': 60, 'layers': layers, 'clips': [clip]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--keep', help='a directory to keep the files in')
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix='loadmark-transforms-')
    site = os.path.join(work, 'site')
    os.makedirs(site, exist_ok=True)
    with open(os.path.join(site, 'index.html'), 'w') as f:
        f.write('<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>transforms</title><body></body>')
    binary = loadmark_binary()

    def export(doc, name, *options):
        source = os.path.join(work, name + '.json')
        with open(source, 'w') as f:
            json.dump(doc, f)
        subprocess.run([binary, 'export', source, '--format', 'svg', '-o', os.path.join(site, name + '.svg'), *options], check=True, capture_output=True)

    export(document(), 'moves')
    late_frames = [5, 20, 35, 50]
    for i in range(FRAMES):
        export(document(), f'still-{i}', '--frame', str(i))
    for i in late_frames:
        export(document(zig_shift=1.0), f'moved-{i}', '--frame', str(i))
    size = {'width': 60 * SCALE, 'height': 60 * SCALE}
    jobs = [{'id': f'svg-{i}', 'kind': 'svg', 'src': 'moves.svg', 'seconds': i / FPS, **size} for i in range(FRAMES)]
    jobs += [{'id': f'still-{i}', 'kind': 'svg', 'src': f'still-{i}.svg', 'seconds': 0, **size} for i in range(FRAMES)]
    jobs += [{'id': f'moved-{i}', 'kind': 'svg', 'src': f'moved-{i}.svg', 'seconds': 0, **size} for i in late_frames]
    manifest = os.path.join(work, 'manifest.json')
    with open(manifest, 'w') as f:
        json.dump({'site': site, 'jobs': jobs}, f)
    out = os.path.join(work, 'out')
    subprocess.run(['node', '--experimental-websocket', os.path.join(ROOT, 'tools/pixels/chromium.mjs'), manifest, out], check=True)

    def image(job_id):
        return np.asarray(Image.open(os.path.join(out, job_id + '.png')).convert('RGBA'))

    problems = []
    worst = {'flips': 0, 'blob': 0.0}
    for i in range(FRAMES):
        result = metric.compare(image(f'still-{i}'), image(f'svg-{i}'))
        worst = {'flips': max(worst['flips'], result['flips']), 'blob': max(worst['blob'], result['blob'])}
        if not result['ok']:
            problems.append(f'frame {i}: the animated SVG differs from the still ({result["flips"]} flips, blob {result["blob"]:.2f})')
    caught = []
    for i in late_frames:
        moved = metric.compare(image(f'moved-{i}'), image(f'svg-{i}'))
        late = metric.compare(image(f'still-{i}'), image(f'svg-{i + 1}'))
        caught.append((i, moved, late))
        if moved['ok']:
            problems.append(f'frame {i}: a still with the dot moved 1 pt passed ({moved["flips"]} flips, blob {moved["blob"]:.2f})')
        if late['ok']:
            problems.append(f'frame {i}: the animation one frame late passed ({late["flips"]} flips, blob {late["blob"]:.2f})')
    with open(os.path.join(site, 'moves.svg'), 'rb') as f:
        text = f.read()
    print(f'animated SVG: {len(text)} bytes, {len(gzip.compress(text, 9))} gzipped')
    print(f'{FRAMES} frames against the stills: worst {worst["flips"]} flips, largest blob {worst["blob"]:.2f}')
    for i, moved, late in caught:
        print(f'frame {i}: dot 1 pt off {moved["flips"]} flips, blob {moved["blob"]:.2f}; one frame late {late["flips"]} flips, blob {late["blob"]:.2f}')
    for problem in problems:
        print('FAIL ' + problem)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
