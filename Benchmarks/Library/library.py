#!/usr/bin/env python3
"""A library that remembers: the photo browser `waterfall` on PHOTOS photos in YEAR/MONTH folders, first launched
with no index, then relaunched from the index it wrote.

usage: library.py WATERFALL WORK PHOTOS ROUNDS   (DISPLAY names a private X server of 1280 x 800 or more; WATERFALL is
the program, as `swift build -c release --product waterfall` builds it; WORK a folder for the library and its homes)

The library: 240 months (2005 to 2024), each a folder YEAR/MONTH of hard links to one small JPEG whose EXIF date is in
that month (hard links share one file's EXIF, so each month has a JPEG of its own), and keywords in its XMP: June to
August `places|sea|beach`, December `family`. Made once in WORK and kept.

Printed, one JSON object per line:
- {"kind": "first", ...}: the first launch into an empty cache home, from the start to the end of the walk (the
  `scanned` event with `done`; the walk stores each folder in the index as it goes, so the index is written by then),
  against `find` plus `head -c 4096` over the same tree (the least a walk that reads each file's header can do; the
  median of one run before and one after the launch, both on a warm cache). With the peak RSS (VmHWM) at the end, and
  the index's size on disk (the database and its write-ahead log) after the program is gone.
- {"kind": "poll", ...}: the same program on 10,000 folders of one photo each behind a bindfs mount (FUSE, which
  `waterfall` polls as a NAS's share), polled every second: the `ms` of each of 5 polls with nothing changed, from its
  `networkFolder` `polled` events.
- {"kind": "relaunch", ...} per round: the same library again from its index. The first screen (`ready`); when the
  wall knew every photo (the `scanned` event with `done` and every photo `found`); the reconcile of the unchanged
  library (`index` `reconcile-started` to `reconcile-ended`); the peak RSS then. And `--no-index`'s first screen in
  the same round (today's launch, which walks), the two taking turns going first.

Times are from the moment before the program is started to the moment its line is read (the program writes each
event line as it happens).
"""
import json
import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

# Absolute: the homes' XDG paths must be (a relative one is ignored), and the mount point is matched in /proc.
waterfall, work = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
photos, rounds = int(sys.argv[3]), int(sys.argv[4])
MONTHS = [(year, month) for year in range(2005, 2025) for month in range(1, 13)]
LIMIT = 600  # seconds any one launch may take before the run fails


def make_library():
    """The tree of hard links, made once (its file `.complete` says it is whole)."""
    tree = os.path.join(work, f"library-{photos}")
    if os.path.exists(os.path.join(tree, ".complete-2")):
        return tree
    shutil.rmtree(tree, ignore_errors=True)
    sources = os.path.join(work, "sources")
    os.makedirs(sources, exist_ok=True)
    base = os.path.join(sources, "base.jpg")
    subprocess.run(["convert", "-size", "96x64", "gradient:#C04030-#3050B0", "-quality", "80", base], check=True)
    arguments = []
    for year, month in MONTHS:
        source = os.path.join(sources, f"{year}-{month:02}.jpg")
        shutil.copyfile(base, source)
        # Keywords as Lightroom writes them, in the JPEG's XMP: the summers at the beach, Decembers with family.
        keywords = (["-XMP-lr:HierarchicalSubject=places|sea|beach", "-XMP-dc:Subject=beach"] if month in (6, 7, 8)
                    else ["-XMP-dc:Subject=family"] if month == 12 else [])
        arguments += [f"-DateTimeOriginal={year}:{month:02}:15 12:00:00", *keywords, source, "-execute"]
    # One exiftool for all 240 files (-@ reads its arguments from standard input, -execute between files).
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-@", "-"], input="\n".join(arguments).encode(),
                   check=True, stdout=subprocess.DEVNULL)
    for index in range(photos):
        year, month = MONTHS[index % len(MONTHS)]
        folder = os.path.join(tree, str(year), f"{month:02}")
        if index < len(MONTHS):
            os.makedirs(folder, exist_ok=True)
        os.link(os.path.join(sources, f"{year}-{month:02}.jpg"), os.path.join(folder, f"IMG_{index:07}.jpg"))
    open(os.path.join(tree, ".complete-2"), "w").close()  # 2: with keywords
    return tree


def find_and_head(tree):
    """Seconds for `find TREE -type f -exec head -c 4096 {} +`, its output thrown away."""
    start = time.monotonic()
    subprocess.run(f'find "{tree}" -type f -name "*.jpg" -exec head -q -c 4096 {{}} + > /dev/null', shell=True,
                   check=True)
    return time.monotonic() - start


class Launch:
    """One run of the program with `--log-events`, its event lines read on a thread with the time each arrived."""

    def __init__(self, home, tree, *options):
        environment = dict(os.environ, HOME=home, XDG_CACHE_HOME=os.path.join(home, "cache"),
                           XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_STATE_HOME=os.path.join(home, "state"),
                           XDG_DATA_HOME=os.path.join(home, "data"))
        self.lines = queue.Queue()
        self.seen = []
        self.start = time.monotonic()
        self.process = subprocess.Popen([waterfall, tree, "--recursive", "--width", "1280", "--height", "800",
                                         "--log-events", *options], env=environment, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.process.stdout:
            if line.startswith(b"{"):
                self.lines.put((time.monotonic() - self.start, json.loads(line)))
        self.lines.put(None)

    def wait_for(self, description, predicate, after=0):
        """Seconds from the start to the first event from the `after`th on, in the order they came, for which
        `predicate` holds, and that event (one that came before an earlier wait's counts too). `found_at` is then
        its position."""
        deadline = self.start + LIMIT
        position = after
        while True:
            while position < len(self.seen):
                seconds, event = self.seen[position]
                position += 1
                if predicate(event):
                    self.found_at = position - 1
                    return seconds, event
            try:
                item = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                item = None
            if item is None:
                self.end()
                raise SystemExit(f"library.py: no {description} within {LIMIT} s of {waterfall}'s start")
            self.seen.append(item)

    def peak_rss_kb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            line = next(line for line in status if line.startswith("VmHWM:"))
        return int(line.split()[1])

    def end(self):
        self.process.terminate()
        self.process.wait()


def walk_done(event):
    return event["event"] == "scanned" and event.get("done") and event.get("found") == photos


def index_event(kind):
    return lambda event: event["event"] == "index" and event.get("kind") == kind


def index_bytes(home):
    base = os.path.join(home, "cache", "waterfall", "library.sqlite")
    return sum(os.path.getsize(base + suffix) for suffix in ("", "-wal") if os.path.exists(base + suffix))


def poll_times(polls=5, folders=10_000):
    """The milliseconds of `polls` polls of `folders` network folders with nothing changed."""
    source = os.path.join(work, f"nas-{folders}")
    if not os.path.exists(os.path.join(source, ".complete")):
        shutil.rmtree(source, ignore_errors=True)
        os.makedirs(source)
        base = os.path.join(work, "sources", "base.jpg")
        for index in range(folders):
            os.makedirs(os.path.join(source, f"{index:05}"))
            os.link(base, os.path.join(source, f"{index:05}", "photo.jpg"))
        open(os.path.join(source, ".complete"), "w").close()
    mount = tempfile.mkdtemp(prefix="nas-mount-", dir=work)
    nas_home = tempfile.mkdtemp(prefix="nas-home-", dir=work)
    os.makedirs(os.path.join(nas_home, "config", "waterfall"))
    with open(os.path.join(nas_home, "config", "waterfall", "config.toml"), "w") as config:
        config.write("[library]\npoll-seconds = 1\n")
    bindfs = subprocess.Popen(["bindfs", "-f", "--no-allow-other", source, mount], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while f" {mount} fuse" not in open("/proc/self/mounts").read():
            if time.monotonic() > deadline or bindfs.poll() is not None:
                raise SystemExit(f"library.py: bindfs did not mount {source} on {mount}")
            time.sleep(0.01)  # only the interval between checks of the condition above
        launch = Launch(nas_home, mount)
        try:
            launch.wait_for("end of the walk", lambda e: e["event"] == "scanned" and e.get("done"))
            times = []
            for _ in range(polls + 1):  # the first poll may meet the walk's last listings: left out
                _, event = launch.wait_for("a poll", lambda e: e["event"] == "networkFolder" and e.get("state") ==
                                           "polled", after=launch.found_at + 1)
                times.append((event["folders"], event["ms"]))
            return times[1:]
        finally:
            launch.end()
    finally:
        subprocess.run(["fusermount", "-u", mount], check=False)
        bindfs.wait()
        shutil.rmtree(nas_home, ignore_errors=True)


tree = make_library()
home = tempfile.mkdtemp(prefix="library-home-", dir=work)
try:
    before = find_and_head(tree)
    first = Launch(home, tree)
    walked, _ = first.wait_for("end of the first walk", walk_done)
    first_rss = first.peak_rss_kb()
    first.end()
    after = find_and_head(tree)
    print(json.dumps({"kind": "first", "photos": photos, "folders": len(MONTHS), "walkSeconds": round(walked, 3),
                      "findHeadSeconds": round(statistics.median([before, after]), 3), "peakRSSKB": first_rss,
                      "indexBytes": index_bytes(home)}), flush=True)
    for round_index in range(rounds):
        result = {"kind": "relaunch", "photos": photos}
        for which in (["index", "walk"] if round_index % 2 == 0 else ["walk", "index"]):
            if which == "walk":
                walking = Launch(home, tree, "--no-index")
                result["noIndexReadySeconds"] = round(walking.wait_for("first screen", lambda e: e["event"] == "ready")[0], 3)
                walking.end()
                continue
            launch = Launch(home, tree)
            ready, _ = launch.wait_for("first screen", lambda e: e["event"] == "ready")
            read, event = launch.wait_for("index read", index_event("read"))
            if event.get("photos") != photos:
                launch.end()
                raise SystemExit(f"library.py: the index held {event.get('photos')} photos, not {photos}")
            knows, _ = launch.wait_for("every photo known", walk_done)
            launch.wait_for("reconcile's start", index_event("reconcile-started"))
            # Its own time: its start and end may reach the log together, behind the last folders' cards.
            _, event = launch.wait_for("reconcile's end", index_event("reconcile-ended"))
            result.update({"readySeconds": round(ready, 3), "indexReadSeconds": round(read, 3),
                           "knowsAllSeconds": round(knows, 3), "reconcileSeconds": round(event["ms"] / 1000, 4),
                           "reconcileChanged": event.get("changed"), "peakRSSKB": launch.peak_rss_kb()})
            launch.end()
        print(json.dumps(result), flush=True)
    polls = poll_times()
    print(json.dumps({"kind": "poll", "folders": polls[0][0], "ms": [ms for _, ms in polls]}), flush=True)
finally:
    shutil.rmtree(home, ignore_errors=True)
