#!/usr/bin/env python3
"""Peak resident memory of `reel validate`, `replay` and a chrome-trace export on traces at Reel's limits.

Writes each trace into a temporary folder from a shipped one (its view, layout and workload), with the data or
the session pushed to a documented limit, runs the built `reel` under GNU time, and prints a Markdown table:
the case, the command, its exit status, its peak RSS and its wall time. Usage, from the repository's root:

    swift build -c release && Benchmarks/Tools/peak-rss.py [--reel .build/release/reel]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def header(trace, data):
    """The shipped trace's header with `data` in place of its <data>, and no events."""
    with open(trace, encoding="utf-8") as f:
        text = f.read()
    head = text[: text.index("<events>")]
    return re.sub(r"<data>.*?</data>", data, head, flags=re.S)


def scrolls(seconds, rate, height):
    """A session of `seconds` scrolling on every frame at `rate` Hz, down and back over `height` points at
    600 points a second."""
    lines, period = [], 2 * height / 600
    for frame in range(1, int(seconds * rate) + 1):
        t = frame / rate
        phase = (t % period) / period
        y = round(height * (2 * phase if phase < 0.5 else 2 - 2 * phase), 2)
        lines.append(f'    <scroll t="{t:.4f}" x="0" y="{y:g}"/>\n')
    return "".join(lines)


def write(folder, name, head, events):
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + "<events>\n" + events + "  </events>\n</trace>\n")
    return path


def cases(folder):
    """(case, trace path) at each limit that bounds memory."""
    grid, album, circle = "Traces/photo-grid-browse.xml", "Traces/photo-album-browse.xml", "Traces/circle-clock.xml"
    # Chunks of 1,000 sizes, as reel record writes them; every size distinct, each wider than half the view, so
    # that every item is a line of its own: the most lines a section can have.
    sizes = "".join("<item-sizes>" + ", ".join(f"{200 + i % 171} {10 + i // 171}" for i in range(start, start + 1000))
                    + "</item-sizes>\n" for start in range(0, 10_000_000, 1000))
    return [
        ("flow, 10,000,000 items in one section, 60 s",
         write(folder, "items.xml", header(grid, '<data>\n    <section items="10000000" reuse-identifier="photo"/>\n  </data>'),
               scrolls(60, 60, 30_000))),
        ("flow, 10,000,000 distinct item sizes (a 140 MB trace), 60 s",
         write(folder, "sizes.xml", header(grid, '<data>\n    <section items="10000000" reuse-identifier="photo">'
                                                 f"\n{sizes}</section>\n  </data>"),
               scrolls(60, 60, 30_000))),
        ("photo-album, 100,000 sections of 100 photos, 60 s",
         write(folder, "albums.xml", header(album, "<data>\n" + '    <section items="100" reuse-identifier="photo"/>\n' * 100_000
                                            + "  </data>"),
               scrolls(60, 60, 30_000))),
        ("circle, 10,000,000 items (refused: past the display limit)",
         write(folder, "circle.xml", header(circle, '<data>\n    <section items="10000000"/>\n  </data>'),
               scrolls(10, 60, 100))),
        ("flow, 3,000 items, a 6,000 s session (360,000 frames)",
         write(folder, "long.xml", header(grid, '<data>\n    <section items="3000" reuse-identifier="photo"/>\n  </data>'),
               scrolls(6000, 60, 20_000))),
    ]


def measure(command):
    """(exit status, peak RSS in MB, wall seconds) of `command` under GNU time."""
    result = subprocess.run(["/usr/bin/time", "-f", "%M %e", *command], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    rss_kb, wall = result.stderr.strip().splitlines()[-1].split()
    return result.returncode, int(rss_kb) / 1024, float(wall)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reel", default=".build/release/reel")
    reel = parser.parse_args().reel
    print("| case | command | exit | peak RSS | wall |\n|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for case, trace in cases(folder):
            commands = [["validate", trace], ["replay", trace, "--repeat", "1", "--warmup", "0"]]
            if "6,000 s" in case:
                commands.append(["replay", trace, "--repeat", "1", "--warmup", "0", "--format", "chrome-trace",
                                 "-o", os.path.join(folder, "timeline.json")])
            for arguments in commands:
                status, rss, wall = measure([reel, *arguments])
                shown = " ".join(a if a != trace else os.path.basename(trace) for a in arguments)
                shown = shown.replace(os.path.join(folder, ""), "")
                print(f"| {case} | `reel {shown}` | {status} | {rss:,.0f} MB | {wall:.1f} s |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
