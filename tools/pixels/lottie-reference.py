#!/usr/bin/env python3
"""What ThorVG draws of every preset's and catalogue indicator's Lottie export, against the Lottie it drew before
the writer's keyframes were made smaller.

tools/pixels/lottie-reference/NAME.lottie.json.gz holds each export as the writer wrote it before eased scales,
anchors at a layer's fixed point, the finer easing search and the identity transform left out (docs/EXPORT.md,
"Lottie"): per-frame scale keyframes, anchor 0, every transform property written. Those files drew what the
pixel check held to the web player, so the smaller ones must draw the same. `loadmark export NAME --format
lottie` writes each anew; ThorVG draws both, at 2 px per point, at FRAMES frames spread over the whole timeline
(every clip's first and last frame among them), and tools/pixels/metric.py's `compare` must pass on each pair.

Then the check proves it can fail: nv-ball-zig-zag's first moving layer with one position keyframe 1 pt to the
right must fail at that keyframe's frame.

Exits 1 on any frame that differs, a missing reference, or a perturbation not caught.
Usage: tools/.venv/bin/python tools/pixels/lottie-reference.py
Needs: LOADMARK (default: the `swift build` binary) and the tools/.venv packages.
"""
import copy
import gzip
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import check  # noqa: E402  (its renderers and the loadmark binary)
import metric  # noqa: E402

SCALE = 2
FRAMES = 12
REFERENCES = os.path.join(os.path.dirname(__file__), 'lottie-reference')
PERTURBED = 'nv-ball-zig-zag'


def names():
    """The presets and the catalogue's indicators, as `loadmark list` names them."""
    listing = subprocess.run([check.LOADMARK, 'list'], check=True, capture_output=True, text=True).stdout
    return [line.split(':')[0] for line in listing.splitlines() if line and not line[0].isspace() and ':' in line]


def frames(lottie):
    """FRAMES frames over the timeline, with every marker's first and last frame."""
    last = int(lottie['op']) - 1
    picked = {round(last * i / (FRAMES - 1)) for i in range(FRAMES)}
    for marker in lottie.get('markers', []):
        picked.add(int(marker['tm']))
        picked.add(int(marker['tm'] + marker['dr']) - 1)
    return sorted(f for f in picked if 0 <= f <= last)


def differences(python, reference, path, lottie, shown):
    """(frame, figures) of every frame in `shown` where ThorVG's drawings of the two files differ."""
    width, height = int(lottie['w']) * SCALE, int(lottie['h']) * SCALE
    failed = []
    for frame in shown:
        result = metric.compare(python.thorvg_lottie(reference, frame, width, height),
                                python.thorvg_lottie(path, frame, width, height))
        if not result['ok']:
            failed.append((frame, result))
    return failed


def moved(lottie):
    """`lottie` with the first animated position keyframe of its first moving layer 1 pt to the right, and that
    keyframe's frame."""
    changed = copy.deepcopy(lottie)
    for layer in changed['layers']:
        position = layer.get('ks', {}).get('p', {})
        for axis in ('x', 'y'):
            track = position.get(axis)
            if track and track.get('a') == 1:
                keyframe = track['k'][0]
                keyframe['s'] = [keyframe['s'][0] + 1]
                return changed, int(keyframe['t'])
    raise SystemExit(f'{PERTURBED}: no animated position to move')


def main():
    python = check.Python()
    problems = []
    with tempfile.TemporaryDirectory(prefix='loadmark-lottie-reference-') as work:
        all_names = names()
        for name in all_names:
            packed = os.path.join(REFERENCES, f'{name}.lottie.json.gz')
            if not os.path.exists(packed):
                problems.append(f'{name}: no reference {os.path.relpath(packed)}')
                continue
            reference = os.path.join(work, f'{name}.reference.lottie.json')
            with gzip.open(packed, 'rb') as f, open(reference, 'wb') as out:
                out.write(f.read())
            path = os.path.join(work, f'{name}.lottie.json')
            subprocess.run([check.LOADMARK, 'export', name, '--format', 'lottie', '-o', path], check=True, capture_output=True)
            with open(path) as f:
                lottie = json.load(f)
            with open(reference) as f:
                old = json.load(f)
            if (lottie['w'], lottie['h'], lottie['op']) != (old['w'], old['h'], old['op']):
                problems.append(f'{name}: {lottie["w"]}×{lottie["h"]}, {lottie["op"]} frames; the reference '
                                f'{old["w"]}×{old["h"]}, {old["op"]} frames')
                continue
            shown = frames(lottie)
            for frame, result in differences(python, reference, path, lottie, shown):
                problems.append(f'{name} frame {frame}: {result["flips"]} flips, blob {result["blob"]:.2f}')
            if name == PERTURBED:
                changed, frame = moved(lottie)
                bad = os.path.join(work, f'{name}.perturbed.lottie.json')
                with open(bad, 'w') as f:
                    json.dump(changed, f)
                caught = differences(python, reference, bad, lottie, [frame])
                if caught:
                    print(f'perturbation {name} position keyframe 1 pt off: caught at frame {frame} '
                          f'({caught[0][1]["flips"]} flips, blob {caught[0][1]["blob"]:.2f})')
                else:
                    problems.append(f'{name}: a position keyframe 1 pt off drew as the reference at frame {frame}')
        if PERTURBED not in all_names:
            problems.append(f'{PERTURBED} is not listed: the perturbation did not run')
        print(f'Lottie against its reference: {len(all_names)} exports, ThorVG at {SCALE} px/pt: '
              f'{"ok" if not problems else f"{len(problems)} problems"}')
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
