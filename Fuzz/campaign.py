#!/usr/bin/env python3
"""A campaign of hostile command lines against every `reel` command.

Each run is a command line drawn from a seeded generator: every command, every option, values at and past
every documented limit (and not numbers at all), traces that are shipped, cut, byte-mutated, empty, a
directory, a device, a FIFO, endless; output paths that are missing, directories, devices, FIFOs without a
reader, the input itself, names of 250 bytes. Each runs with a timeout and its peak memory measured, and is
judged:

- crash: killed by a signal, or an exit code Reel never uses (not 0, 1, 2 or 64);
- hang: still running at the timeout;
- memory: a peak resident set over the limit (1 GB);
- lost output: exit 0 with nothing on standard output where the command prints a result there;
- input replaced: a trace or baseline named as an input changed on disk.

Usage: Fuzz/campaign.py --reel .build/release/reel --runs 2000 --seed 1 [--timeout 60] [--jobs 2]
With --jobs above 1 the runs share one folder of inputs, so a run's `-o` may rightly write a file another run
reads at the same moment: judge "input replaced" with --jobs 1.
It prints a line per failure (the command line, what went wrong, the end of its stderr) and the counts.
"""
import argparse
import hashlib
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SMALL = [os.path.join(ROOT, "Traces", f) for f in sorted(os.listdir(os.path.join(ROOT, "Traces"))) if f.split(".")[0] in
         ("contacts-list", "chat-messages", "circle-clock", "stacked-albums", "photo-grid-browse",
          "horizontal-carousel", "dimensions-toggle", "line-speakers") and f.endswith(".xml")]
SCENARIOS = ["browse", "fling-storm", "jump", "batch-storm", "tap-select", "pinch", "chat", "survey", "dimensions",
             "cover-flow", "circle", "stacks", "springy", "albums", "springboard", "line", "spiral", "shelves",
             "stacks-pinch"]
LAYOUTS = ["flow", "decorated-flow", "dimensions-flow", "cover-flow", "cover-flow-cached", "circle", "stacked",
           "springy-flow", "photo-album", "springboard", "line", "spiral", "grid", "stacks", "nope"]
FORMATS = ["text", "json", "html", "markdown", "junit", "chrome-trace", "yaml"]
MEMORY_LIMIT_KB = 1024 * 1024


RNG = random.Random()


def numbers(low, high, integer=False):
    """A value for an option of range low…high: four times in five one inside it (its ends, its middle, a small
    one), else one past it or not a number at all."""
    inside = [low, high, (low + high) / 2, low + (high - low) / 1000, min(high, max(low, 1)), min(high, max(low, 2))]
    outside = [low - 1, high + 1, -1, high * 10, "nan", "inf", "-inf", "1e308", "-1e308", "1e-320",
               "9223372036854775808", "", "abc", "0x10", "1_000"]
    if integer:
        inside = [int(v) for v in inside]
        outside = [int(v) if isinstance(v, float) else v for v in outside]
    return [str(RNG.choice(inside if RNG.random() < 0.8 else outside))]


class Workspace:
    """Inputs and outputs of every kind, made once in a temporary folder."""

    def __init__(self, rng):
        self.dir = tempfile.mkdtemp(prefix="reel-campaign-")
        self.rng = rng
        # Copies of the shipped traces: a command told to write over one of its inputs must be caught refusing,
        # and a command that may write there (record) must never touch the repository's own files.
        self.shipped = []
        for trace in SMALL:
            copy = os.path.join(self.dir, os.path.basename(trace))
            shutil.copyfile(trace, copy)
            self.shipped.append(copy)
        self.traces = list(self.shipped)
        for i, trace in enumerate(self.shipped[:4]):
            data = open(trace, "rb").read()
            cut = os.path.join(self.dir, f"cut-{i}.xml")
            open(cut, "wb").write(data[: rng.randrange(1, len(data))])
            mutated = bytearray(data)
            for _ in range(rng.randrange(1, 40)):
                mutated[rng.randrange(len(mutated))] = rng.randrange(256)
            path = os.path.join(self.dir, f"mutated-{i}.xml")
            open(path, "wb").write(bytes(mutated))
            self.traces += [cut, path]
        for name, content in [("empty.xml", b""), ("spaces.xml", b"   \n\t "), ("bom2.xml", b"\xef\xbb\xbf\xef\xbb\xbf<trace/>"),
                              ("utf16.xml", "<?xml version='1.0' encoding='UTF-16'?><trace/>".encode("utf-16"))]:
            path = os.path.join(self.dir, name)
            open(path, "wb").write(content)
            self.traces.append(path)
        self.traces += [self.dir, "/dev/null", os.path.join(self.dir, "missing.xml")]
        self.fifo = os.path.join(self.dir, "fifo")
        os.mkfifo(self.fifo)
        self.baseline_dir = os.path.join(self.dir, "baselines")
        shutil.copytree(os.path.join(ROOT, "Reports", "baselines"), self.baseline_dir)
        self.baselines = [self.baseline_dir, os.path.join(self.baseline_dir, "contacts-list.json"),
                          os.path.join(self.dir, "missing.json"), self.shipped[0], "/dev/null"]
        long_name = os.path.join(self.dir, "r" * 245 + ".json")
        self.hostile_outputs = [os.path.join(self.dir, "out", "r.json"), self.dir, "/dev/null", "/dev/full", self.fifo,
                                long_name, "-", self.shipped[0], os.path.join(self.baseline_dir, "contacts-list.json")]
        self.good_output = os.path.join(self.dir, "o.out")

    def output(self):
        """Where a command writes: a plain new file two times in three, else a hostile place."""
        return self.good_output if self.rng.random() < 0.67 else self.rng.choice(self.hostile_outputs)




def inputs(args):
    """The regular files a command line reads, by content: every argument that names one but the values of
    `-o` and `--export` (a file named both as an input and as an output is an input: writing it is the
    failure), and in a `--baseline` folder the baseline of each trace named (`NAME.json` for `NAME.xml`: the
    folder's other files are not read, and an output may rightly go there). `record` reads none."""
    if args and args[0] == "record":
        return {}
    files, folders = [], []
    for i, arg in enumerate(args):
        if i > 0 and args[i - 1] in ("-o", "--output", "--export"):
            continue
        if os.path.isfile(arg):
            files.append(arg)
        elif os.path.isdir(arg) and i > 0 and args[i - 1] == "--baseline":
            folders.append(arg)
    for folder in folders:
        names = [os.path.splitext(os.path.basename(f))[0] for f in files if f.endswith(".xml")]
        files += [os.path.join(folder, name + ".json") for name in names]
    return {p: hashlib.sha256(open(p, "rb").read()).hexdigest() for p in files if os.path.isfile(p)}


def command(rng, ws):
    """One hostile command line and whether it prints a result on standard output."""
    name = rng.choice(["replay", "replay", "compare", "gate", "snapshot", "record", "record", "validate", "merge",
                       "layouts"])
    args = [name]
    prints = True

    def maybe(p=0.5):
        return rng.random() < p

    def trace():
        return rng.choice(ws.traces)

    if name in ("replay", "compare", "gate", "validate"):
        args += [trace() for _ in range(rng.choice([1, 1, 2, 3]))]
    if name == "snapshot":
        args += [trace(), "--time", rng.choice(numbers(0, 86400))]
    if name == "replay" or name == "compare" or name == "gate":
        # Passes cost time: a campaign takes small counts and the values past the range.
        if maybe(): args += ["--repeat", rng.choice(["1", "2", "3", "0", "-1", "10001", "1e3", ""])]
        if maybe(): args += ["--warmup", rng.choice(["0", "1", "-1", "10001", "x"])]
        if maybe(0.3): args += ["--shard", rng.choice(["1/3", "3/3", "0/3", "4/3", "a/b", "3", "1/1", "2/999"])]
        if maybe(0.3): args += ["--jobs", rng.choice(numbers(1, 256, True) + ["2"])]
        if maybe(0.2): args += ["--workload", rng.choice(["model", "spend", "none"])]
    if name in ("replay", "compare"):
        if maybe(0.3): args += ["--clock", rng.choice(["cpu", "wall", "gpu"])]
        if maybe(0.3): args += ["--budget", rng.choice(numbers(0.1, 10000))]
        if maybe(0.3): args += ["--refresh-rate", rng.choice(numbers(1, 240))]
        if maybe(0.2): args += ["--max-janky-frames", rng.choice(numbers(0, 10368000))]
        if maybe(0.2): args += ["--from-marker", rng.choice(["a", "", "opened album"])]
    if name == "replay":
        if maybe(0.3): args += ["--layout", rng.choice(LAYOUTS)]
        if maybe(0.3): args += ["--mode", rng.choice(["offsets", "gestures", "x"])]
        if maybe(0.2): args += ["--frames"]
        if maybe(0.2): args += ["--allow-truncated"]
    if name == "compare":
        for _ in range(rng.choice([0, 1, 2, 2, 3])):
            args += ["--layout", rng.choice(LAYOUTS)]
    if name == "gate":
        if maybe(0.7): args += ["--baseline", rng.choice(ws.baselines)]
        if maybe(0.4): args += ["--max-janky-frames", rng.choice(numbers(0, 10368000))]
        if maybe(0.2): args += ["--max-frame-ms", rng.choice(["p99=8", "p98=1", "8", "p50=-1", "max=1e9", "mean=nan"])]
        if maybe(0.2): args += ["--max-regression", rng.choice(numbers(0, 10000))]
        if maybe(0.2): args += ["--metric", rng.choice(["counters", "p99", "nothing", "frame/cells/configure"])]
    if name == "record":
        args += ["--scenario", rng.choice(SCENARIOS + ["nope"])]
        if maybe(0.4): args += ["--width", rng.choice(numbers(1, 100000) + ["2", "10"])]
        if maybe(0.4): args += ["--height", rng.choice(numbers(1, 100000) + ["2", "10"])]
        if maybe(0.3): args += ["--sections", rng.choice(numbers(0, 100000, True) + ["0", "1"])]
        if maybe(0.3): args += ["--items", rng.choice(numbers(0, 10000000, True) + ["0", "1", "5-2", "1,0,3", "0-0"])]
        if maybe(0.2): args += ["--item-sizes", rng.choice(["1 1", "0 0", "100000 1", "10-1 5", "a b", "1"])]
        if maybe(0.3): args += ["--refresh-rate", rng.choice(numbers(1, 240))]
        if maybe(0.2): args += ["--layout", rng.choice(LAYOUTS)]
        if maybe(0.2): args += ["--paging"]
        if maybe(0.2): args += ["--no-prefetching"]
        if maybe(0.2): args += ["--workload", rng.choice(["cell=1,1,1", "cell=1000,0,0", "cell=-1,0,0", "x"])]
        args += ["--duration", rng.choice(numbers(0.001, 20) + ["1", "3"])]
        args += ["--seed", str(rng.randrange(0, 1 << 64))]
        args += ["-o", ws.output()]
        prints = False
    if name == "merge":
        args += [rng.choice(ws.baselines + ws.traces) for _ in range(rng.choice([1, 2, 3]))]
    if name in ("replay", "compare", "gate", "snapshot", "merge") and maybe(0.4):
        args += ["-o", ws.output()]
    if name in ("replay",) and maybe(0.3):
        args += ["-f", rng.choice(FORMATS)]
    if name in ("replay", "compare", "gate") and maybe(0.2):
        args += ["--export", rng.choice(FORMATS) + "=" + ws.output()]
    if "-o" in args:
        prints = args[args.index("-o") + 1] == "-"
    args.append("-q") if name in ("replay", "compare", "gate") and maybe(0.8) else None
    return args, prints


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--reel", default=os.path.join(ROOT, ".build", "release", "reel"))
    parser.add_argument("--runs", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60)
    # One at a time by default: a command may write where another reads, and the input check would blame it.
    parser.add_argument("--jobs", type=int, default=1)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    RNG.seed(options.seed + 1)
    ws = Workspace(rng)
    commands = [command(rng, ws) for _ in range(options.runs)]
    counts = {"runs": 0, "crash": 0, "hang": 0, "memory": 0, "lost output": 0, "input replaced": 0}
    exits = {}
    lock = threading.Lock()

    def judge(item):
        args, prints = item
        read = inputs(args)
        wrapper = ["/usr/bin/time", "-f", "%M", "--"]
        process = subprocess.Popen(wrapper + [options.reel] + args, cwd=ROOT, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        try:
            out, err = process.communicate(timeout=options.timeout)
            timed_out = False
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            out, err = process.communicate()
            timed_out = True
        lines = err.decode("utf-8", "replace").rstrip("\n").split("\n")
        peak = int(lines[-1]) if lines and lines[-1].isdigit() else 0
        status_line = [l for l in lines if l.startswith("Command ")]
        stderr = "\n".join(l for l in lines[:-1] if not l.startswith("Command "))
        code = process.returncode
        signalled = any("signal" in l for l in status_line)
        problems = []
        if timed_out:
            problems.append("hang")
        elif signalled or code not in (0, 1, 2, 64):
            problems.append("crash")
        if peak > MEMORY_LIMIT_KB:
            problems.append("memory")
        if not timed_out and code == 0 and prints and not out and args[0] != "validate":
            problems.append("lost output")
        after = inputs(args)
        if any(after.get(path) != digest for path, digest in read.items()):
            problems.append("input replaced")
        with lock:
            counts["runs"] += 1
            exits[code] = exits.get(code, 0) + 1
            for problem in problems:
                counts[problem] += 1
                tail = stderr.strip().split("\n")[-1][:200] if stderr.strip() else ""
                print(f"{problem}: exit {code}, {peak // 1024} MB: reel {' '.join(repr(a) if ' ' in a or not a else a for a in args)}"
                      f"\n    {tail}", flush=True)

    with ThreadPoolExecutor(max_workers=options.jobs) as pool:
        list(pool.map(judge, commands))
    shutil.rmtree(ws.dir, ignore_errors=True)
    print("counts:", ", ".join(f"{k} {v}" for k, v in counts.items()))
    print("exit codes:", ", ".join(f"{k}: {v}" for k, v in sorted(exits.items(), key=lambda kv: str(kv[0]))))
    return 1 if any(counts[k] for k in counts if k != "runs") else 0


if __name__ == "__main__":
    sys.exit(main())
