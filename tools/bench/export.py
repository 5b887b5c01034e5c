#!/usr/bin/env python3
"""Loadmark's export benchmark: the cairo renderer's frames per second, the time and bytes of every format
for `export --all`, and, in the same run, the tools people use today to turn a Lottie file into a GIF:
rlottie-python's `LottieAnimation.save_animation` and python-lottie's `lottie_convert.py`, each turning the
public failure.json (tools/bench/inputs/lottie) into a 500 × 500 GIF, against
`loadmark export error --format gif --scale 10`. Not a test.

    tools/.venv/bin/python tools/bench/export.py [--rounds N] [--no-write]

Prints a markdown section and puts it in docs/benchmarks.md (replacing its previous version).
"""
import argparse
import gzip
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
HEADING = '## Export formats'
PRESETS = ['success', 'error', 'progress', 'dots', 'refresh']
FORMATS = ['json', 'svg', 'png', 'sprite', 'gif', 'webp', 'lottie']
ANCHOR = os.path.join(ROOT, 'tools/bench/inputs/lottie/failure.json')


def release_binary(product):
    subprocess.run(['swift', 'build', '-c', 'release', '--product', product], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    path = subprocess.run(['swift', 'build', '-c', 'release', '--show-bin-path'], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    return os.path.join(path, product)


def best(rounds, body):
    """The shortest wall time of `rounds` runs of body(), in seconds, and body's last result."""
    times, result = [], None
    for _ in range(rounds):
        start = time.perf_counter()
        result = body()
        times.append(time.perf_counter() - start)
    return min(times), result


def gif_frames(path):
    with Image.open(path) as image:
        return getattr(image, 'n_frames', 1)


def machine():
    cpu = 'unknown CPU'
    try:
        for line in open('/proc/cpuinfo'):
            if line.startswith('model name'):
                cpu = line.split(':', 1)[1].strip()
                break
    except OSError:
        pass
    return f'{cpu}, {os.cpu_count()} cores'


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--rounds', type=int, default=5)
    parser.add_argument('--no-write', action='store_true')
    args = parser.parse_args()
    loadmark = release_binary('loadmark')
    bench = release_binary('loadmark-bench')
    work = tempfile.mkdtemp(prefix='loadmark-export-bench-')
    try:
        section = measure(loadmark, bench, work, args.rounds)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(section)
    if not args.no_write:
        write(section)


def measure(loadmark, bench, work, rounds):
    raster = json.loads(subprocess.run([bench, '--raster'], capture_output=True, text=True, check=True).stdout)
    # Every format of every preset: time for --all, bytes per preset.
    rows, sizes = [], {}
    for fmt in FORMATS:
        out = os.path.join(work, fmt)
        command = [loadmark, 'export', '--all', '--format', fmt, '-o', out + '/'] + (['--frame', '0'] if fmt == 'png' else [])
        seconds, _ = best(rounds, lambda: subprocess.run(command, check=True, capture_output=True))
        files = sorted(os.listdir(out))
        total = sum(os.path.getsize(os.path.join(out, f)) for f in files)
        rows.append((fmt, len(files), total, seconds))
        for preset in PRESETS:
            mine = [f for f in files if f == f'{preset}.json' or f.startswith(preset + '-') or f.startswith(preset + '.')]
            raw = sum(os.path.getsize(os.path.join(out, f)) for f in mine)
            packed = sum(len(gzip.compress(open(os.path.join(out, f), 'rb').read(), 9)) for f in mine)
            sizes[(fmt, preset)] = (raw, packed)

    # The GIF race: the same kind of animation, 500 × 500.
    from rlottie_python import LottieAnimation
    race = []
    gif = os.path.join(work, 'error.gif')
    seconds, _ = best(rounds, lambda: subprocess.run([loadmark, 'export', 'error', '--format', 'gif', '--scale', '10', '-o', gif], check=True, capture_output=True))
    race.append(('Loadmark `export error --format gif --scale 10`', 'error preset (1.5 s, 50 fps)', gif_frames(gif), seconds, os.path.getsize(gif), 76))
    rlottie_gif = os.path.join(work, 'rlottie.gif')
    seconds, _ = best(rounds, lambda: LottieAnimation.from_file(ANCHOR).save_animation(rlottie_gif, width=500, height=500))
    frames = LottieAnimation.from_file(ANCHOR).lottie_animation_get_totalframe()
    race.append(('rlottie-python `save_animation`', 'failure.json (1 s, 60 fps)', gif_frames(rlottie_gif), seconds, os.path.getsize(rlottie_gif), frames))
    convert = os.path.join(os.path.dirname(sys.executable), 'lottie_convert.py')
    lottie_gif = os.path.join(work, 'lottie.gif')
    seconds, _ = best(max(1, rounds // 2), lambda: subprocess.run([sys.executable, convert, ANCHOR, lottie_gif], check=True, capture_output=True))
    with open(ANCHOR) as f:
        anchor = json.load(f)
    race.append(('python-lottie `lottie_convert.py`', 'failure.json (1 s, 60 fps)', gif_frames(lottie_gif), seconds, os.path.getsize(lottie_gif), round(anchor['op'] - anchor['ip'])))
    return report(raster, rows, sizes, race, rounds)


def thousands(n):
    return f'{n:,}'


def report(raster, rows, sizes, race, rounds):
    lines = [
        HEADING, '',
        f'Generated by `tools/.venv/bin/python tools/bench/export.py` on {machine()}, release build; times are the best of',
        f'{rounds} runs of the whole command (process start included), so they compare like with like within the run.',
        '', '### Rendering', '',
        f'The cairo renderer drawing every frame of every clip of every preset ({raster["frames"]} frames) into memory, no encoding:',
        '', '| scale | frames/s | ms per frame |', '|---|---|---|',
        f'| 1× | {raster["fps1x"]:,.0f} | {1000 / raster["fps1x"]:.3f} |',
        f'| 2× | {raster["fps2x"]:,.0f} | {1000 / raster["fps2x"]:.3f} |',
        '', '### `loadmark export --all --format F`', '',
        'Default options (60 fps, scale 1; GIF 50 fps on its default background; PNG one frame, `--frame 0`).', '',
        '| format | files | bytes | time ms |', '|---|---|---|---|',
    ]
    lines += [f'| {fmt} | {count} | {thousands(total)} | {seconds * 1000:.1f} |' for fmt, count, total, seconds in rows]
    lines += ['', 'Bytes per preset (all of its files; gzip -9 in brackets):', '',
              '| format | ' + ' | '.join(PRESETS) + ' |', '|---|' + '---|' * len(PRESETS)]
    for fmt in FORMATS:
        lines.append(f'| {fmt} | ' + ' | '.join(f'{thousands(sizes[(fmt, p)][0])} ({thousands(sizes[(fmt, p)][1])})' for p in PRESETS) + ' |')
    lines += ['', '### Lottie to GIF, 500 × 500', '',
              'The tools people use today to make a GIF of a Lottie file, on the public failure.json (error cross, 500 × 500,',
              '60 frames), against Loadmark writing its error preset at the same size from its own frames. Per frame is the',
              'whole run divided by the animation\'s frames.', '',
              '| tool | input | frames in the GIF | time ms | ms per frame | bytes |', '|---|---|---|---|---|---|']
    for tool, source, shown, seconds, size, frames in race:
        lines.append(f'| {tool} | {source} | {shown} | {seconds * 1000:.0f} | {seconds * 1000 / frames:.2f} | {thousands(size)} |')
    lines.append('')
    return '\n'.join(lines)


def write(section):
    path = os.path.join(ROOT, 'docs', 'benchmarks.md')
    text = open(path).read() if os.path.exists(path) else '# Benchmarks\n'
    start = text.find(HEADING + '\n')
    if start < 0:
        text = text.rstrip() + '\n\n' + section
    else:
        end = text.find('\n## ', start + len(HEADING))
        text = text[:start] + section + ('' if end < 0 else text[end + 1:])
    with open(path, 'w') as f:
        f.write(text)


if __name__ == '__main__':
    main()
