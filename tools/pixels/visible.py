#!/usr/bin/env python3
"""Every default export ends on a frame that can be seen (`Rule.exportBackground`, docs/EXPORT.md).

Exports every clip of every preset with default options as GIF, WebP, sprite and animated SVG, takes the frame
each one rests on (a one-shot's last; a loop's last too, which it shows on the way round), composites what has
alpha over white (the page's usual background; the SVG is drawn by ThorVG, which draws the base state: a
one-shot's last frame), and counts the pixels whose WCAG contrast ratio against the backdrop they sit on (the
frame's corner, which the content canvas leaves empty) is at least 1.5, the rule's own threshold. A frame
passes when at least 1 % of its pixels are visible so.

Then it proves it can fail: the progress preset's demo on a white background (what the GIF got before the
rule, its white check on white) must be refused.

Usage: tools/.venv/bin/python tools/pixels/visible.py
Needs: LOADMARK (default: the `swift build` binary), the tools/.venv packages.
"""
import os
import sys
import tempfile

import numpy as np
from PIL import Image

# The CLI as the pixel check finds and runs it (LOADMARK, else the `swift build` binary; a failure stops with its message).
from check import Python, loadmark

# ThorVG and rlottie in this process, as the pixel check holds them.
RENDERERS = Python()

PRESETS = ['success', 'error', 'progress', 'dots', 'refresh']
THRESHOLD = 1.5
SHARE = 0.01


def luminance(rgb):
    """WCAG 2 relative luminance of an array of 8-bit sRGB pixels (…, 3)."""
    c = rgb.astype(np.float64) / 255
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return linear @ np.array([0.2126, 0.7152, 0.0722])


def visible_share(image):
    """The share of pixels whose contrast with the frame's corner (its backdrop) is at least THRESHOLD."""
    rgba = np.asarray(image.convert('RGBA'), dtype=np.float64)
    alpha = rgba[..., 3:4] / 255
    rgb = rgba[..., :3] * alpha + 255 * (1 - alpha)
    lum = luminance(rgb)
    backdrop = lum[0, 0]
    ratio = (np.maximum(lum, backdrop) + 0.05) / (np.minimum(lum, backdrop) + 0.05)
    return float((ratio >= THRESHOLD).mean())


def last_frame(path):
    """The frame an animated GIF or WebP rests on."""
    image = Image.open(path)
    image.seek(image.n_frames - 1)
    return image.copy()


def sprite_last(path):
    """The last frame of a sprite sheet, from its sidecar."""
    import json
    with open(path[:-4] + '.json') as file:
        sidecar = json.load(file)
    sheet = Image.open(path)
    w, h = sidecar['frameWidth'], sidecar['frameHeight']
    n = sidecar['frames'] - 1
    return sheet.crop((n * w, 0, n * w + w, h))


def svg_still(path):
    """The animated SVG as ThorVG draws it (the pixel check's renderer): its base state, a one-shot's last frame."""
    import re
    with open(path) as file:
        text = file.read()
    width = int(float(re.search(r'width="([0-9.]+)"', text).group(1)) * 2)
    height = int(float(re.search(r'height="([0-9.]+)"', text).group(1)) * 2)
    return Image.fromarray(RENDERERS.thorvg_svg(path, width, height))


def main():
    failures = []
    checked = 0
    with tempfile.TemporaryDirectory(prefix='loadmark-visible-') as out:
        for format, ext, read in [('gif', 'gif', last_frame), ('webp', 'webp', last_frame), ('sprite', 'png', sprite_last),
                                  ('svg', 'svg', svg_still)]:
            folder = os.path.join(out, format)
            # The presets. The catalogue's loops may rest on an empty frame by their nature (BallScale grows from
            # nothing and fades out; CircleStrokeSpin's stroke is eaten up), so the rule is not theirs to pass.
            loadmark('export', *PRESETS, '--format', format, '-o', folder + '/')
            for name in sorted(os.listdir(folder)):
                if not name.endswith('.' + ext) or name.endswith('.sprite.json'):
                    continue
                share = visible_share(read(os.path.join(folder, name)))
                checked += 1
                if share < SHARE:
                    failures.append(f'{format}: {name} ends on a frame with {share:.2%} of its pixels visible')
        # The perturbation: the white check on white must be caught.
        bad = os.path.join(out, 'white.gif')
        loadmark('export', 'progress', '--clip', 'demo', '--format', 'gif', '--background', 'white', '-o', bad)
        caught = visible_share(last_frame(bad)) < SHARE
    for failure in failures:
        print('visible: ' + failure, file=sys.stderr)
    if not caught:
        print('visible: the progress demo on white was not caught', file=sys.stderr)
    print(f'visible: {checked} default exports end on a visible frame; the progress demo on white is caught'
          if not failures and caught else f'visible: {len(failures)} of {checked} exports fail')
    return 0 if not failures and caught else 1


if __name__ == '__main__':
    sys.exit(main())
