#!/usr/bin/env bash
# Records every shipped trace anew with `reel record`. The test ShippedTracesTests runs these same lines
# (each `$reel record …` line, one per trace) and fails if a file here differs from what it records.
set -euo pipefail
cd "$(dirname "$0")/.."
reel=${REEL:-.build/release/reel}
[ -x "$reel" ] || { swift build -c release --product reel >/dev/null; reel=.build/release/reel; }

$reel record --scenario browse --parameter "item-size=128 128" --parameter minimum-line-spacing=2 --parameter minimum-interitem-spacing=2 --items 3000 --reuse-identifier photo --workload photo=0.8,1.2,0.05 --duration 60 --seed 7 -o Traces/photo-grid-browse.xml
$reel record --scenario browse --parameter "item-size=390 56" --parameter minimum-line-spacing=0 --parameter minimum-interitem-spacing=0 --parameter "header-size=0 28" --parameter "footer-size=0 16" --sections 26 --items 12-90 --reuse-identifier contact --workload contact=0.6,0.3,0.03 --supplementary-workload header=0.25,0.05,0 --supplementary-workload footer=0.1,0.02,0 --duration 45 --seed 11 -o Traces/contacts-list.xml
$reel record --scenario browse --width 390 --height 260 --refresh-rate 120 --parameter scroll-direction=horizontal --parameter "item-size=160 220" --parameter minimum-line-spacing=12 --parameter minimum-interitem-spacing=12 --parameter "section-inset=20 16 20 16" --items 240 --reuse-identifier card --workload card=0.9,0.7,0.05 --duration 30 --seed 5 -o Traces/horizontal-carousel.xml
$reel record --scenario browse --parameter "item-size=124 124" --parameter minimum-line-spacing=9 --parameter minimum-interitem-spacing=8 --items 900 --reuse-identifier comment --workload comment=1.5,0.8,12 --duration 20 --seed 3 -o Traces/cats-wall-prepare-for-reuse.xml
$reel record --scenario chat --parameter "item-size=390 60" --parameter minimum-line-spacing=6 --parameter minimum-interitem-spacing=0 --parameter "header-size=0 32" --parameter "section-inset=8 0 8 0" --sections 2 --items 40-60 --item-sizes "390 36-140" --reuse-identifier message --workload message=1.1,0.6,0.04 --supplementary-workload header=0.3,0.05,0 --duration 60 --seed 42 -o Traces/chat-messages.xml
$reel record --scenario circle --layout circle --parameter start-minute=41.6 --width 320 --height 416 --items 12 --reuse-identifier cell --workload cell=0.5,0.3,0.02 --duration 30 --seed 9 -o Traces/circle-clock.xml
$reel record --scenario stacks --layout stacked --parameter interstack-spacing=50 --width 768 --height 1024 --sections 5 --items 20 --reuse-identifier photo --workload photo=1.2,0.9,0.05 --supplementary-workload stack-label=0.2,0.05,0 --duration 40 --seed 4 -o Traces/stacked-albums.xml
$reel record --scenario springy --layout springy-flow --items 2000 --reuse-identifier dot --workload dot=0.05,0.05,0.01 --duration 30 --seed 6 -o Traces/springy-list.xml
$reel record --scenario springy --layout springy-flow --parameter tiled=true --items 2000 --reuse-identifier dot --workload dot=0.05,0.05,0.01 --duration 30 --seed 6 -o Traces/springy-list-tiled.xml
$reel record --scenario cover-flow --layout cover-flow --width 320 --height 480 --items 100 --reuse-identifier cover --workload cover=1.2,0.9,0.05 --duration 30 --seed 8 -o Traces/cover-flow-albums.xml
$reel record --scenario cover-flow --layout cover-flow-cached --width 320 --height 480 --items 100 --reuse-identifier cover --workload cover=1.2,0.9,0.05 --duration 30 --seed 8 -o Traces/cover-flow-albums-cached.xml
$reel record --scenario cover-flow --layout cover-flow --parameter "section-inset=0 105 0 105" --parameter minimum-interitem-spacing=700 --width 390 --height 844 --items 100000 --reuse-identifier cover --workload cover=1.2,0.9,0.05 --duration 30 --seed 12 -o Traces/cover-flow-library-100k.xml
$reel record --scenario survey --layout decorated-flow --width 768 --height 1024 --sections 1 --items 3 --workload cell=1.4,1.0,0.05 --supplementary-workload header=0.3,0.08,0 --duration 45 --seed 4 -o Traces/survey-decorated-flow.xml
$reel record --scenario dimensions --layout dimensions-flow --width 320 --height 568 --items 240 --reuse-identifier photo --workload photo=1.1,0.9,0.05 --duration 40 --seed 11 -o Traces/dimensions-toggle.xml
$reel record --scenario line --layout line --width 320 --height 480 --items 22,20,19,22,19,20,19,18,16,14,14 --reuse-identifier speaker --workload speaker=1.0,0.8,0.05 --duration 40 --seed 3 -o Traces/line-speakers.xml
$reel record --scenario spiral --layout spiral --parameter scale=1 --width 1024 --height 748 --paging --items 22,20,19,22,19,20,19,18,16,14,14 --reuse-identifier speaker --workload speaker=1.0,0.8,0.05 --supplementary-workload header=0.3,0.05,0 --duration 60 --seed 5 -o Traces/spiral-speakers.xml
