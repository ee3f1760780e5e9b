#!/usr/bin/env python3
"""Instructions per frame of a release `reel replay`, split into the engine's, parsing's and the harness's,
from two callgrind profiles of replays of N and 2N frames (so that start-up does not count).

    valgrind --tool=callgrind --callgrind-out-file=n.out  reel replay short.xml  --repeat 1 --warmup 0 -q -o /dev/null
    valgrind --tool=callgrind --callgrind-out-file=2n.out reel replay short2.xml --repeat 1 --warmup 0 -q -o /dev/null
    Benchmarks/Tools/replay-instructions.py n.out N 2n.out 2N

engine: the collection view's work the pass calls (layoutIfNeeded, contentOffset's setter, advanceAnimations,
deliverRecordedDrag), the app's data source included; parsing: TraceReader.next, in the pass and in the scan
before it, and the read-ahead's thread (ReadAhead.parse), where libxml2 parses for the scan on a machine with
more than one processor (callgrind's default profile adds every thread's cost to one); harness: the rest of the
program — the replay loop, event dispatch, the profiler, the frame log, progress, the scan's own work and the
report."""
import re
import subprocess
import sys

# Whole mangled names, each ending where the symbol does: a closure inside one of these functions (whose
# name extends the function's) is part of its inclusive cost, not a second function to add.
ENGINE = [
    r"CollectionEngine0A4ViewC14layoutIfNeededyyF",
    r"CollectionEngine0A4ViewC13contentOffset12ReelGeometry5PointVvs",
    r"CollectionEngine0A4ViewC17advanceAnimations2toySd_tF",
    r"CollectionEngine0A4ViewC19deliverRecordedDrag_2at8velocityyAA12GestureStateO_12ReelGeometry5PointVAKtF",
]
PARSE = [
    r"TraceXML0A6ReaderC4nextAA0A5EventVSgyAA0A5ErrorVYKF",
    # A private method: its name carries the file's discriminator.
    r"TraceXML9ReadAheadC5parse33_[0-9A-F]+LLyyF",
]
END_OF_SYMBOL = r"(?![\w$])"


def inclusive(path):
    out = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", "--auto=no", path],
                         capture_output=True, text=True, check=True).stdout
    total = None
    rows = []
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)", line)
        if not m:
            continue
        value = int(m.group(1).replace(",", ""))
        if "PROGRAM TOTALS" in m.group(2):
            total = value
        else:
            rows.append((value, m.group(2)))
    return total, rows


def part(rows, patterns):
    # One row per function: the line with the binary's name (callgrind_annotate repeats some as 'file:fn').
    seen = {}
    for value, name in rows:
        for pattern in patterns:
            if re.search(pattern + END_OF_SYMBOL, name):
                symbol = name.split(":", 1)[-1].split(" [")[0]
                seen[symbol] = max(seen.get(symbol, 0), value)
    return sum(seen.values())


def main():
    a, frames_a, b, frames_b = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    (ta, ra), (tb, rb) = inclusive(a), inclusive(b)
    frames = frames_b - frames_a
    total = (tb - ta) / frames
    engine = (part(rb, ENGINE) - part(ra, ENGINE)) / frames
    parse = (part(rb, PARSE) - part(ra, PARSE)) / frames
    print(f"per frame: total {total:,.0f}  engine {engine:,.0f}  parsing {parse:,.0f}  "
          f"harness {total - engine - parse:,.0f}")


main()
