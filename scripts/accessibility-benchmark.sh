#!/usr/bin/env bash
# What accessibility costs the photo browser's start: `waterfall` (release) on a folder of 60 photos under a private
# Xvfb, its accessibility bridge off (NO_AT_BRIDGE=1) against starts without a session bus, with a session bus where no
# accessibility bus runs, and with one (Benchmarks/Accessibility/startup.py), in the same rounds; the ratios of their
# medians to "off" are the result.
#
#   bash scripts/accessibility-benchmark.sh [ROUNDS]    # 25 rounds by default: 100 starts of 1.5 s, 3 minutes
#
# Raw results (not committed): Benchmarks/.results/accessibility-startup.json, a JSON line a round and the summary.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
rounds="${1:-25}"
results=Benchmarks/.results
mkdir -p "$results"
swift build -c release --product waterfall
waterfall="$(swift build -c release --show-bin-path)/waterfall"
folder="$results/accessibility-photos"
rm -rf "$folder"
mkdir -p "$folder"
convert -size 1600x1200 -seed 3 plasma:fractal -quality 85 "$folder/photo.jpg"
for index in $(seq 1 60); do ln -f "$folder/photo.jpg" "$folder/IMG_$index.jpg"; done
rm "$folder/photo.jpg"
exec 3> "$results/accessibility-display"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true' EXIT
for _ in $(seq 100); do [ -s "$results/accessibility-display" ] && break; sleep 0.05; done
DISPLAY=":$(cat "$results/accessibility-display")" /usr/bin/python3 Benchmarks/Accessibility/startup.py \
  "$waterfall" "$folder" "$rounds" | tee "$results/accessibility-startup.json"
