#!/usr/bin/env python3
"""The first screen of a folder of photos: the photo browser `waterfall` against nsxiv -t, measured the same way.

usage: first-screen.py WATERFALL FOLDER ROUNDS [STILL [LABEL]]  (DISPLAY names a private X server of 1280 x 800 or more; WATERFALL is
the program, as `swift build -c release --product waterfall` builds it)

Each round starts one program on FOLDER in a 1280 x 800 window and watches the screen until the picture has not
changed for STILL seconds (1 by default; longer than any one photo's decode, or a pause between two thumbnails would
end it early: 5 for phone photos of 12 megapixels, which take up to 1.5 s each); the time is from the start to the
first change to that final picture. The screen is watched through the X server's DAMAGE extension: a snapshot of the
screen's pixels (XGetImage, hashed) is taken only when something was drawn, so the watching costs the programs no
core while they draw (a loop of xwd screenshots took about 40 ms of CPU each, more than one of two cores, and slowed
the program it timed). Only the top 760 rows count: the status bars at the bottom go on counting what is loaded
beyond the first screen (nsxiv's is hidden with -b too). The programs take turns going first. Both get a fresh
thumbnail cache each round (XDG_CACHE_HOME), as on a first visit; then ours runs a second time, its first screen from
the shared thumbnail cache its first run wrote (~/.cache/thumbnails as a file manager's), as on every later visit.
One JSON line per round: {"ours": seconds, "nsxiv": seconds, "oursAgain": seconds}, with "folder": LABEL when given.
"""
import ctypes
import hashlib
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

waterfall, folder, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
STILL = float(sys.argv[4]) if len(sys.argv) > 4 else 1.0  # seconds without a change that end a measurement
LABEL = sys.argv[5] if len(sys.argv) > 5 else None


class Screen:
    """The X server's root window, watched through DAMAGE (libXdamage) and read with XGetImage (libX11), by ctypes."""

    WIDTH, COUNTED_ROWS = 1280, 760
    DAMAGE_REPORT_NON_EMPTY = 3  # one event each time the damage goes from empty to not empty
    Z_PIXMAP = 2

    def __init__(self):
        self.x11 = ctypes.CDLL("libX11.so.6")
        self.damage_library = ctypes.CDLL("libXdamage.so.1")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x11.XConnectionNumber.argtypes = [ctypes.c_void_p]
        self.x11.XPending.argtypes = [ctypes.c_void_p]
        self.x11.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        self.x11.XFlush.argtypes = [ctypes.c_void_p]
        self.x11.XGetImage.restype = ctypes.c_void_p
        self.x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong] + [ctypes.c_int] * 2 + [ctypes.c_uint] * 2 + [
            ctypes.c_ulong, ctypes.c_int]
        self.x11.XFree.argtypes = [ctypes.c_void_p]
        self.damage_library.XDamageQueryExtension.argtypes = [ctypes.c_void_p] + [ctypes.POINTER(ctypes.c_int)] * 2
        self.damage_library.XDamageCreate.restype = ctypes.c_ulong
        self.damage_library.XDamageCreate.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int]
        self.damage_library.XDamageSubtract.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
        self.display = self.x11.XOpenDisplay(None)
        if not self.display:
            raise SystemExit(f"first-screen.py: cannot open the display {os.environ.get('DISPLAY')!r}")
        event_base, error_base = ctypes.c_int(), ctypes.c_int()
        if not self.damage_library.XDamageQueryExtension(self.display, ctypes.byref(event_base), ctypes.byref(error_base)):
            raise SystemExit("first-screen.py: the X server has no DAMAGE extension")
        self.damage_notify = event_base.value
        self.root = self.x11.XDefaultRootWindow(self.display)
        self.damage = self.damage_library.XDamageCreate(self.display, self.root, self.DAMAGE_REPORT_NON_EMPTY)
        self.x11.XFlush(self.display)
        self.event = ctypes.create_string_buffer(192)  # an XEvent

    def hash(self):
        """The SHA-1 of the counted rows' pixels."""
        image = self.x11.XGetImage(self.display, self.root, 0, 0, self.WIDTH, self.COUNTED_ROWS, 0xFFFFFFFF, self.Z_PIXMAP)
        if not image:
            raise SystemExit("first-screen.py: XGetImage of the screen failed")
        data = ctypes.c_void_p.from_address(image + 16).value  # XImage: width, height, xoffset, format, then data
        bytes_per_line = ctypes.c_int.from_address(image + 44).value
        digest = hashlib.sha1(ctypes.string_at(data, bytes_per_line * self.COUNTED_ROWS)).hexdigest()
        self.x11.XFree(ctypes.c_void_p(data))
        self.x11.XFree(ctypes.c_void_p(image))
        return digest

    def wait_for_damage(self, timeout):
        """Whether something was drawn within `timeout` seconds (or since the last call); the damage is then taken."""
        damaged = False
        if not self.x11.XPending(self.display):
            select.select([self.x11.XConnectionNumber(self.display)], [], [], max(0.0, timeout))
        while self.x11.XPending(self.display):
            self.x11.XNextEvent(self.display, self.event)
            damaged |= ctypes.c_int.from_buffer(self.event).value == self.damage_notify
        if damaged:
            self.damage_library.XDamageSubtract(self.display, self.damage, 0, 0)
            self.x11.XFlush(self.display)
        return damaged


screen = Screen()


def first_screen(command, environment):
    screen.wait_for_damage(0)
    empty = screen.hash()
    start = time.monotonic()
    process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        last, since = empty, start
        while time.monotonic() - start < 120:
            now = time.monotonic()
            if last != empty and now - since >= STILL:
                return since - start
            if screen.wait_for_damage(STILL - (now - since) if last != empty else 0.5):
                changed_at = time.monotonic()
                current = screen.hash()
                if current != last:
                    last, since = current, changed_at
        raise SystemExit(f"first-screen.py: {command[0]} did not settle within 120 s")
    finally:
        process.terminate()
        process.wait()
        # Its window's unmapping is drawn too: let it pass before the next program starts.
        while screen.wait_for_damage(0.2):
            pass


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
