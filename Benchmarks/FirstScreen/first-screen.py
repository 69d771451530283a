#!/usr/bin/env python3
"""The first screen of a folder of photos: the photo browser `waterfall` against nsxiv -t, measured the same way.

usage: first-screen.py WATERFALL FOLDER ROUNDS [STILL [LABEL]]  (DISPLAY names a private X server of 1280 x 800 or more; WATERFALL is
the program, as `swift build -c release --product waterfall` builds it)

Each round starts one program on FOLDER in a 1280 x 800 window and takes screenshots of the screen (xwd) until the
picture has not changed for STILL seconds (1 by default; longer than any one photo's decode, or a pause between two
thumbnails would end it early: 5 for phone photos of 12 megapixels, which take up to 1.5 s each); the time is from
the start to the first screenshot of that final picture. Only
the top 760 rows count: the status bars at the bottom go on counting what is loaded beyond the first screen (nsxiv's is
hidden with -b too). The programs take turns going first. Both get a fresh thumbnail cache each round
(XDG_CACHE_HOME), as on a first visit; then ours runs a second time, its first screen from the shared thumbnail cache
its first run wrote (~/.cache/thumbnails as a file manager's), as on every later visit.
One JSON line per round: {"ours": seconds, "nsxiv": seconds, "oursAgain": seconds}, with "folder": LABEL when given.
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

waterfall, folder, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
STILL = float(sys.argv[4]) if len(sys.argv) > 4 else 1.0  # seconds without a change that end a measurement
LABEL = sys.argv[5] if len(sys.argv) > 5 else None


def screen_hash():
    shot = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=True).stdout
    pixels = shot[-1280 * 800 * 4:]  # the pixels, not the header
    return hashlib.sha1(pixels[:1280 * 760 * 4]).hexdigest()


def first_screen(command, environment):
    empty = screen_hash()
    start = time.monotonic()
    process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        last, since = empty, start
        while time.monotonic() - start < 120:
            current = screen_hash()
            now = time.monotonic()
            if current != last:
                last, since = current, now
            elif current != empty and now - since >= STILL:
                return since - start
        raise SystemExit(f"first-screen.py: {command[0]} did not settle within 120 s")
    finally:
        process.terminate()
        process.wait()


for round_index in range(rounds):
    cache = tempfile.mkdtemp(prefix="first-screen-cache-")
    environment = dict(os.environ, XDG_CACHE_HOME=cache)
    runs = {
        "ours": lambda: first_screen([waterfall, folder, "--width", "1280", "--height", "800"], environment),
        "nsxiv": lambda: first_screen(["nsxiv", "-t", "-b", "-g", "1280x800+0+0", folder], environment),
    }
    order = ["ours", "nsxiv"] if round_index % 2 == 0 else ["nsxiv", "ours"]
    result = {name: round(runs[name](), 3) for name in order}
    # Ours again on the same folder: its first screen now comes from the shared thumbnail cache the first run wrote.
    result["oursAgain"] = round(runs["ours"](), 3)
    shutil.rmtree(cache, ignore_errors=True)
    if LABEL:
        result["folder"] = LABEL
    print(json.dumps(result, sort_keys=True), flush=True)
