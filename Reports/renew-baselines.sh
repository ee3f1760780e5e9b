#!/usr/bin/env bash
# Renews the baseline of every shipped trace (Reports/baselines/<trace>.json) with `reel gate --update`:
# 10 measured repeats after 1 warm-up, on the CPU clock, the workload modelled (named, since the gate otherwise
# follows each old baseline's mode), in a release build. Run it on an idle machine of the kind CI runs on; pass
# trace paths to renew only those.
set -euo pipefail
cd "$(dirname "$0")/.."
reel=${REEL:-.build/release/reel}
[ -x "$reel" ] || { swift build -c release --product reel >/dev/null; reel=.build/release/reel; }
mkdir -p Reports/baselines
traces=("$@")
[ ${#traces[@]} -gt 0 ] || traces=(Traces/*.xml)
"$reel" gate --update --baseline Reports/baselines/ --workload model "${traces[@]}" --quiet | sed -n 1p
