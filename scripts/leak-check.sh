#!/usr/bin/env bash
# The leak check: runs waterfall-demo and waterfall built with AddressSanitizer (whose LeakSanitizer runs when the program
# exits) against a private Xvfb and fails when any run reports a leak or a memory error or ends with another status
# than it should; the decoder worker (waterfall-decoder) alone too. The programs are the sanitizer build that the
# fuzzing shares (scripts/sanitizer-build.sh: release, in .build-asan, with libFuzzer's coverage instrumentation, which
# ASan's runtime answers by doing nothing), built here when they are not yet. About 15 s once built.
#
# The runs: two windows driven by xdotool (scroll, pull to refresh, clicks with Ctrl and Shift, the keyboard,
# F5, Delete/Insert/r, a scroll-bar drag, resizes across the portrait/landscape threshold, quit with q; then
# pages loading from the background thread, a failed page retried, closed by the window manager's
# WM_DELETE_WINDOW), the photo browser on every format and read by a screen reader (pyatspi, on a private
# accessibility bus), the `layout` subcommand, a bad catalog (status 2), a bad option (64), no display (1), and
# `replay` of the first window's log (and of the second's, which it refuses).
#
# Suppressions for leaks that are not ours go in scripts/lsan.supp, each narrow and with the reason; it has one today,
# fontconfig's default configuration (libX11, libxcb and the Swift runtime report nothing at exit here).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh

bash scripts/sanitizer-build.sh waterfall-demo waterfall waterfall-decoder
bin="$(bash scripts/sanitizer-build.sh --show-bin-path)"
demo="$bin/waterfall-demo"
photos="$bin/waterfall"
worker="$bin/waterfall-decoder"   # beside waterfall, which runs it
[ -x "$demo" ] && [ -x "$photos" ] && [ -x "$worker" ] || { echo "leak check: the build failed" >&2; exit 1; }

work="$(mktemp -d)"
# detect_leaks: LeakSanitizer at exit; abort_on_error=0 keeps the exit status the report's, 23.
# fast_unwind_on_malloc=0: whole stacks at each allocation, so that a suppression can name the function a leak comes
# from inside a library built without frame pointers (fontconfig's, see scripts/lsan.supp).
export ASAN_OPTIONS="detect_leaks=1:exitcode=23:abort_on_error=0:fast_unwind_on_malloc=0"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
exec 3> "$work/display"
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -noreset >/dev/null 2>&1 &
xvfb=$!
cleanup() {
  kill "$xvfb" ${app:+"$app"} 2>/dev/null || true
  # The screen reader's run's buses, each in a session of its own with what it started.
  kill -9 -- ${launcher:+"-$launcher"} ${session_bus:+"-$session_bus"} 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
for _ in $(seq 200); do [ -s "$work/display" ] && break; sleep 0.05; done
display=":$(cat "$work/display")"
failures=0

# check NAME EXPECTED_STATUS STATUS: the run's stderr must hold no sanitizer report, its status must be EXPECTED.
check() {
  local name=$1 expected=$2 status=$3
  if grep -q "Sanitizer" "$work/$name.err"; then
    echo "leak check: $name: the sanitizer reported:" >&2
    cat "$work/$name.err" >&2
    failures=$((failures + 1))
  elif [ "$status" -ne "$expected" ]; then
    echo "leak check: $name: exit status $status, expected $expected; stderr:" >&2
    cat "$work/$name.err" >&2
    failures=$((failures + 1))
  else
    echo "leak check: $name: no leak (status $status)"
  fi
}

# run NAME EXPECTED_STATUS ARGS...: a run without a window.
run() {
  local name=$1 expected=$2 status=0
  shift 2
  env -u DISPLAY "$demo" "$@" > "$work/$name.out" 2> "$work/$name.err" || status=$?
  check "$name" "$expected" "$status"
}

wait_for() {  # wait_for LOG PATTERN: until the event log has a matching line
  for _ in $(seq 400); do grep -q "$2" "$1" && return 0; sleep 0.05; done
  echo "leak check: the demo did not log $2; its log ends:" >&2; tail -5 "$1" >&2; return 1
}
x() { DISPLAY="$display" xdotool "$@"; }

# window NAME ARGS...: starts the demo (or $program, when set) with --log-events; sets $app, $window and $log.
window() {
  local name=$1
  shift
  log="$work/$name.out"
  DISPLAY="$display" "${program:-$demo}" --log-events "$@" > "$log" 2> "$work/$name.err" &
  app=$!
  wait_for "$log" '"event":"ready"'
  window=$(grep -m1 '"event":"ready"' "$log" | grep -o '"window":[0-9]*' | cut -d: -f2)
  x mousemove --window "$window" 300 200
}

# expect_logged NAME PATTERN: the window's log has a line matching PATTERN (the run did what it should).
expect_logged() {
  grep -q "$2" "$work/$1.out" && return 0
  echo "leak check: $1: nothing in its log matches $2" >&2
  failures=$((failures + 1))
}

# finish NAME: waits for the window's process and checks it.
finish() {
  local status=0
  wait "$app" || status=$?
  app=""
  check "$1" 0 "$status"
}

# 1. Everything a person does in the window.
window session --width 1024 --height 768
x click --repeat 12 --delay 20 5                                # wheel down, gliding
wait_for "$log" '"offset":768'
x click 1 keydown ctrl click 1 keyup ctrl mousemove_relative 0 150 keydown shift click 1 keyup shift
x key ctrl+a Escape Down Down Right Tab shift+Tab ctrl+space Return
x key Delete Insert r r F5 Page_Down space End Home
x click --repeat 4 --delay 20 4                                 # pull past the top at the start
sleep 0.5                                                       # the wheel rests: the pull refreshes
x mousemove --window "$window" 1018 20 mousedown 1 mousemove --window "$window" 1018 300 mouseup 1   # drag the thumb
x mousemove --window "$window" 300 200
x windowsize "$window" 600 900 windowsize "$window" 1000 700 windowsize "$window" 640 960
wait_for "$log" '"columns":3'
x click --repeat 8 --delay 20 5 key F5 Delete Insert
x windowsize "$window" 1024 768
sleep 0.3
x key q
finish session
for pattern in '"event":"select"' '"event":"activate"' '"kind":"delete"' '"kind":"insert"' '"kind":"remeasure"' \
  '"event":"refresh"' '"event":"layout".*"columns":3' '"reason":"key"'; do
  expect_logged session "$pattern"
done

# 2. Pages from the background loader, one failing and retried; closed by the window manager.
window paged --load-more --page-size 50 --page-delay 100 --fail-every 2 --no-xdbe
wait_for "$log" '"event":"loaded"'
x key End
wait_for "$log" '"event":"loadFailed"'
x key End Return
wait_for "$log" '"page":2,"items":100'
x key End
sleep 0.5
python3 - "$display" "$window" <<'EOF'
# WM_DELETE_WINDOW as a window manager sends it, through xdotool-free Xlib calls via ctypes.
import ctypes, ctypes.util, sys
x11 = ctypes.CDLL(ctypes.util.find_library("X11"))
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XInternAtom.restype = ctypes.c_ulong
x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
class ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5), ("pad", ctypes.c_long * 12)]
dpy = x11.XOpenDisplay(sys.argv[1].encode())
event = ClientMessage(type=33, window=int(sys.argv[2]), format=32,
                      message_type=x11.XInternAtom(dpy, b"WM_PROTOCOLS", 0))
event.data[0] = x11.XInternAtom(dpy, b"WM_DELETE_WINDOW", 0)
x11.XSendEvent(dpy, int(sys.argv[2]), 0, 0, ctypes.byref(event))
x11.XSync(dpy, 0)
EOF
finish paged
for pattern in '"event":"loadFailed"' '"event":"loaded","page":2' '"reason":"wmDelete"'; do expect_logged paged "$pattern"; done

# 3. The photo browser, waterfall: JPEG (progressive, CMYK), PNG (palette, 16-bit, alpha), WebP (and animated), TIFF (LZW,
#    alpha), an animated GIF with transparency, a JPEG XL with alpha, a HEIC with a stored thumbnail, an AVIF with alpha,
#    a DNG (scripts/make-dng.py: a JPEG preview, orientation 6),
#    a truncated JPEG, TIFF (its IFD first, as Pillow writes it, its pixels cut: libtiff's error path), GIF, JPEG XL and
#    DNG (cut in its preview's scan data: libraw's preview, then TurboJPEG's error path), an MP4 video with a 90° display
#    matrix and a Matroska one cut after its header (FFmpeg's poster frame and its error path), and a text file, walked
#    on its thread, decoded by the pool (TurboJPEG, libspng, libwebp, libtiff, giflib, libjxl, libheif, libraw,
#    FFmpeg), scrolled through and closed.
mkdir -p "$work/photos/sub"
convert -size 640x480 plasma:fractal "$work/photos/a.jpg"
convert -size 480x640 gradient:red-blue -interlace Plane "$work/photos/b.jpg"
convert -size 300x200 xc:orange -colorspace CMYK "$work/photos/c.jpg"
convert -size 300x200 gradient: PNG8:"$work/photos/d.png"
convert -size 300x200 gradient: -depth 16 PNG48:"$work/photos/e.png"
convert -size 300x200 'xc:#FF000080' PNG32:"$work/photos/f.png"
convert -size 400x300 plasma: "$work/photos/sub/g.webp"
convert -size 300x200 xc:red -size 300x200 xc:blue -delay 10 -loop 0 "$work/photos/sub/h.webp"   # animated: libwebpdemux
convert -delay 20 -size 300x200 xc:none -fill red -draw 'circle 150,100 150,10' xc:blue -loop 0 "$work/photos/sub/h.gif"
convert -size 300x200 gradient:red-blue "$work/photos/whole.gif"
head -c 400 "$work/photos/whole.gif" > "$work/photos/truncated.gif" && rm "$work/photos/whole.gif"
head -c 200 "$work/photos/a.jpg" > "$work/photos/truncated.jpg"
convert -size 300x200 'xc:#00FF0080' -depth 8 -compress LZW "$work/photos/h.tif"
/usr/bin/python3 -c 'import sys; from PIL import Image; Image.new("RGB", (300, 200), (0, 128, 255)).save(sys.argv[1])' "$work/whole.tif"
head -c 5000 "$work/whole.tif" > "$work/photos/truncated.tif"
convert -size 300x200 'xc:#0000FF80' PNG32:"$work/i.png" && cjxl --quiet -d 0 "$work/i.png" "$work/photos/sub/i.jxl"
convert -size 300x200 gradient:red-blue "$work/whole.png" && cjxl --quiet -d 1 "$work/whole.png" "$work/whole.jxl"
head -c 300 "$work/whole.jxl" > "$work/photos/truncated.jxl"
convert -size 400x300 plasma: PNG24:"$work/heif.png"
heif-enc -q 60 -t 96 "$work/heif.png" -o "$work/photos/sub/i.heic" >/dev/null   # libheif with libde265, its thumbnail
convert -size 300x200 'xc:#2080FF80' PNG32:"$work/avif.png"
avifenc -s 10 "$work/avif.png" "$work/photos/j.avif" >/dev/null                   # libheif with dav1d, alpha
ffmpeg -nostdin -v error -f lavfi -i color=c=red:s=96x64:r=25:d=1 -c:v libx264 -g 5 -pix_fmt yuv420p "$work/clip.mp4"
ffmpeg -nostdin -v error -i "$work/clip.mp4" -c copy -metadata:s:v:0 rotate=90 "$work/photos/sub/k.mp4"   # libavformat, libavcodec, libswscale
ffmpeg -nostdin -v error -f lavfi -i color=c=blue:s=64x48:r=25:d=1 -c:v libx264 -g 5 -pix_fmt yuv420p "$work/whole.mkv"
head -c 600 "$work/whole.mkv" > "$work/photos/truncated.mkv"
convert -size 320x240 plasma: -quality 90 "$work/dng.jpg"
/usr/bin/python3 scripts/make-dng.py "$work/dng.jpg" 320 240 6 "$work/photos/sub/k.dng"   # libraw: its preview
head -c 8000 "$work/photos/sub/k.dng" > "$work/photos/truncated.dng"
echo "not a photo" > "$work/photos/notes.jpg"
program="$photos" window photos "$work/photos" --recursive
wait_for "$log" '"event":"scanned".*"done":true'
wait_for "$log" '"reason":"truncated JPEG"'
wait_for "$log" '"reason":"truncated TIFF"'
wait_for "$log" '"reason":"truncated GIF"'
wait_for "$log" '"reason":"truncated JPEG XL"'
wait_for "$log" '"reason":"truncated video"'
wait_for "$log" '"reason":"truncated RAW"'
x click --repeat 10 --delay 20 5
sleep 0.5
x key q
finish photos
for pattern in '"event":"thumbnail",' '"reason":"truncated JPEG"' '"reason":"truncated TIFF"' '"reason":"truncated GIF"' '"reason":"truncated JPEG XL"' '"reason":"truncated video"' '"reason":"truncated RAW"' '"found":21'; do expect_logged photos "$pattern"; done

# 3b. The decoder worker alone (the wall kills its workers when it is done with them, so their own exit is checked
#    here): a header and a poster of the rotated MP4 and of the cut Matroska, a header of a file that is gone, then
#    the end of its input, at which it exits 0 and LeakSanitizer looks.
/usr/bin/python3 - "$work/photos/sub/k.mp4" "$work/photos/truncated.mkv" "$work/gone.mp4" > "$work/worker.in" <<'PY'
import struct, sys
def frame(body): return struct.pack("<I", len(body)) + body
out = b""
for path in (p.encode() for p in sys.argv[1:]):
    named = struct.pack("<I", len(path)) + path
    out += frame(bytes([1, 1]) + named) + frame(bytes([1, 2]) + named + struct.pack("<II", 64, 0xFFFFFF))
sys.stdout.buffer.write(out)
PY
status=0
"$worker" < "$work/worker.in" > "$work/worker.out" 2> "$work/worker.err" || status=$?
check worker 0 "$status"

# 3c. The photo browser read by a screen reader: a private session bus with at-spi-bus-launcher (its accessibility bus
#    and registry), the accessibility bridge running (ATK, atk-bridge, GLib's main context in the window's loop), its
#    tree read with pyatspi, a card focused and the lightbox opened and closed, then quit: what ATK, GLib and libdbus
#    hold at exit is theirs, reachable; the objects of ours are released.
setsid dbus-daemon --session --nofork --nopidfile --print-address=1 > "$work/session-bus" 2>/dev/null &
session_bus=$!
for _ in $(seq 100); do [ -s "$work/session-bus" ] && break; sleep 0.05; done
export DBUS_SESSION_BUS_ADDRESS="$(head -1 "$work/session-bus")"
DISPLAY="$display" setsid /usr/libexec/at-spi-bus-launcher --launch-immediately --a11y=1 >/dev/null 2>&1 &
launcher=$!
for _ in $(seq 200); do
  dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.a11y.Bus.GetAddress 2>/dev/null \
    | grep -q 'string "unix:' && break
  sleep 0.05
done
program="$photos" window accessible "$work/photos/sub"
wait_for "$log" '"state":"running"'
DISPLAY="$display" /usr/bin/python3 scripts/atspi-read.py tree Waterfall > "$work/accessible.tree"
x key Right
wait_for "$log" '"event":"select"'
x key Return
wait_for "$log" '"action":"open"'
x key Escape q
finish accessible
kill -9 -- "-$launcher" "-$session_bus" 2>/dev/null || true
unset DBUS_SESSION_BUS_ADDRESS
grep -q 'list item: "g.webp' "$work/accessible.tree" || {
  echo "leak check: accessible: pyatspi did not read the cards:" >&2; cat "$work/accessible.tree" >&2
  failures=$((failures + 1))
}

# 4. The commands without a window, and the error paths.
run layout 0 layout --width 800 --height 600
run layout-heights 0 layout --columns 4 --heights 100,20,300,45,60,80,90
printf '[{"title": "A", "subtitle": "", "color": "#12345", "aspect": 1, "category": "x"}]' > "$work/bad.json"
run bad-catalog 2 --catalog "$work/bad.json"
printf '[{"title": ' > "$work/truncated.json"
run bad-json 2 layout --catalog "$work/truncated.json"
run bad-option 64 --columns 0
run no-display 1
run replay 0 replay "$work/session.out"                        # the first window's session again, without X
run replay-paged 2 replay "$work/paged.out"                    # refused: pages came from a thread

if ((failures)); then
  echo "leak check: $failures run(s) failed" >&2
  exit 1
fi
echo "leak check: every run ended without a leak"
