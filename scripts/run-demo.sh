#!/usr/bin/env bash
# Installs what is missing, builds, and opens the Waterfall window. Arguments go to waterfall-demo.
# With no usable display it runs under a private Xvfb instead: a short scripted tour (wheel, click,
# resize, then loading pages with --load-more, then a photo wall of generated photos) that writes screenshots to
# artifacts/ and says where, each checked for text (a screenshot without it fails the tour).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
swift build --product waterfall-demo
swift build --product waterfall  # the photo browser, which the tour opens last
demo="$(swift build --show-bin-path)/waterfall-demo"
photos="$(swift build --show-bin-path)/waterfall"

if [ -n "${DISPLAY:-}" ] && xdpyinfo >/dev/null 2>&1; then
  exec "$demo" "$@"
fi

echo "no usable display (DISPLAY='${DISPLAY:-}'): touring the window under a private Xvfb"
[ "$#" -eq 0 ] || echo "(the tour uses the default options; it ignores: $*)"
mkdir -p artifacts
work="$(mktemp -d)"
exec 3> "$work/display"
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
cleanup() { kill "$xvfb" "${app:-}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.05; done
export DISPLAY=":$(cat "$work/display")"

"$demo" --log-events --width 1024 --height 768 > "$work/events" &
app=$!
wait_for() {  # wait_for PATTERN: until the event log has a matching line
  for _ in $(seq 200); do grep -q "$1" "$work/events" && return 0; sleep 0.05; done
  echo "the demo did not log $1; its log:" >&2; cat "$work/events" >&2; exit 1
}
wait_for_frame_after() {  # wait_for_frame_after PATTERN: until a frame is logged after the last matching line
  for _ in $(seq 200); do
    awk -v pattern="$1" '$0 ~ pattern { seen = 1; framed = 0 } seen && /"event":"frame"/ { framed = 1 } END { exit !framed }' \
      "$work/events" && return 0
    sleep 0.05
  done
  echo "no frame after $1; the log:" >&2; cat "$work/events" >&2; exit 1
}
field() { grep -m1 "$1" "$work/events" | grep -o "\"$2\":[0-9.]*" | head -1 | cut -d: -f2; }
last_field() { grep "$1" "$work/events" | tail -1 | grep -o "\"$2\":[0-9.]*" | head -1 | cut -d: -f2; }
# check_text SHOT status|cards [LAYOUT ARGUMENTS...]: the screenshot has text in its status bar and, for cards, in the
# caption of every card wholly in view at the last frame's offset (laid out by the layout subcommand with the arguments).
check_text() {
  local shot="$1" what="$2"; shift 2
  local width height
  width=$(last_field '"event":"\(ready\|layout\)"' width)
  height=$(last_field '"event":"\(ready\|layout\)"' height)
  local layout=()
  if [ "$what" = cards ]; then
    "$demo" layout "$@" --width "$width" --height "$height" > "$work/layout"
    layout=(--layout "$work/layout" --offset "$(last_field '"event":"frame"' offset)")
  fi
  /usr/bin/python3 scripts/check-screenshot-text.py "$shot" --viewport-height "$height" "${layout[@]}" ||
    { echo "the tour failed: $shot has lost its text (see above)" >&2; exit 1; }
}
wait_for '"event":"ready"'
window=$(field '"event":"ready"' window)
# The viewport, the cards' area (its first width and height in the line), is what the layout subcommand takes.
cards_width=$(field '"event":"ready"' width)
viewport_height=$(field '"event":"ready"' height)

xdotool mousemove --window "$window" 400 300
xdotool click --repeat 6 --delay 40 5                      # six wheel notches down
wait_for '"offset":384'
# Click the centre of the first card (a banner counts) that is whole on screen (the layout subcommand
# prints the frames the window uses for the viewport it logged, one JSON line per header, card and footer).
target=$("$demo" layout --width "$cards_width" --height "$viewport_height" | python3 -c '
import json, sys
top, height = 384, float(sys.argv[1])
for line in sys.stdin:
    e = json.loads(line)
    if e.get("kind") in ("cell", "banner") and e["y"] >= top + 12 and e["y"] + e["height"] <= top + height:
        print(int(e["x"] + e["width"] / 2), int(e["y"] + e["height"] / 2 - top))
        break
' "$viewport_height")
xdotool mousemove --window "$window" $target click 1       # select the card under the pointer
wait_for_frame_after '"event":"select"'
import -window "$window" artifacts/tour-1-landscape.png
check_text artifacts/tour-1-landscape.png cards
xdotool windowsize "$window" 640 900                       # portrait: the column count switches
wait_for '"columns":3'
wait_for_frame_after '"columns":3'
import -window "$window" artifacts/tour-2-portrait.png
check_text artifacts/tour-2-portrait.png cards
xdotool key q
wait "$app"
frames=$(grep -c '"event":"frame"' "$work/events")

# The catalog as a paged source: the first page arrives, End reaches the end, the footer shows the next page loading.
"$demo" --log-events --load-more --page-size 60 --page-delay 1500 --width 1024 --height 768 > "$work/events" &
app=$!
wait_for '"event":"loaded"'
window=$(field '"event":"ready"' window)
xdotool mousemove --window "$window" 400 300 key End
wait_for '"page":2'
wait_for_frame_after '"page":2'
import -window "$window" artifacts/tour-3-loading-more.png
check_text artifacts/tour-3-loading-more.png status
wait_for '"event":"loaded","page":2'
xdotool key q
wait "$app"

# A photo wall of generated photos at many aspect ratios, in two folders: every picture decoded and drawn.
mkdir -p "$work/photos/Holidays" "$work/photos/Garden"
sizes=(1200x800 800x1200 1600x900 900x900 1000x1400 1400x1000 800x600 600x900 1300x700 900x1300 1000x1000 1500x1000)
for index in "${!sizes[@]}"; do
  folder=Holidays; [ $((index % 3)) -eq 2 ] && folder=Garden
  convert -size "${sizes[$index]}" -seed "$((index + 7))" plasma:fractal -blur 0x2 -quality 85 "$work/photos/$folder/IMG_$((index + 1)).jpg"
done
"$photos" --log-events "$work/photos" --recursive --width 1024 --height 768 > "$work/events" &
app=$!
wait_for '"event":"scanned".*"done":true'
for _ in $(seq 200); do  # until every picture in view is drawn, after the last thumbnail
  awk '/"event":"thumbnail"/ { pending = 1 } /"thumbnailsPending":0/ { pending = 0 } /"thumbnailsPending":[1-9]/ { pending = 1 }
       END { exit pending }' "$work/events" && grep -q '"event":"thumbnail"' "$work/events" && break
  sleep 0.05
done
window=$(field '"event":"ready"' window)
import -window "$window" artifacts/tour-4-photo-wall.png
check_text artifacts/tour-4-photo-wall.png cards --photos "$work/photos" --recursive
xdotool key q
wait "$app"
echo "tour done: $frames frames in the first window; screenshots:"
ls -1 "$PWD"/artifacts/tour-*.png
