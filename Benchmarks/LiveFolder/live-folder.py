#!/usr/bin/env python3
"""A camera import into a watched folder: the photo browser `waterfall` open on a folder of one photo, then 500 JPEGs
copied in by one `cp` (each file created, written and closed in turn, as an import writes them). Counts the
relayouts (`layout` events) from the copy until the wall shows all 501 photos, and the `update` events.

    live-folder.py WATERFALL ROUNDS   # one JSON line per round: {"files", "relayouts", "updates", "seconds"}
                                      # (WATERFALL: the program, as `swift build -c release --product waterfall` builds it)

The seconds are from the start of the copy to the last update, for the reader; the target is the relayout count.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

waterfall, rounds = sys.argv[1], int(sys.argv[2])
FILES = 500


def events(path):
    with open(path) as file:
        return [json.loads(line) for line in file if line.startswith("{")]


def wait_for(path, description, predicate, limit=60):
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        found = events(path)
        if predicate(found):
            return found
        time.sleep(0.05)  # only the interval between reads of the log; the condition decides
    raise SystemExit(f"live-folder.py: no {description} within {limit} s")


for _ in range(rounds):
    work = tempfile.mkdtemp(prefix="live-folder-")
    watched, staging = os.path.join(work, "watched"), os.path.join(work, "staging")
    os.makedirs(watched)
    os.makedirs(staging)
    subprocess.run(["convert", "-size", "640x480", "plasma:", os.path.join(watched, "first.jpg")], check=True)
    for index in range(FILES):
        shutil.copyfile(os.path.join(watched, "first.jpg"), os.path.join(staging, f"IMG_{index:04}.jpg"))
    log = os.path.join(work, "log.jsonl")
    with open(log, "w") as output:
        process = subprocess.Popen([waterfall, watched, "--width", "1280", "--height", "800", "--log-events",
                                    "--no-thumbnail-cache"], stdout=output, stderr=subprocess.DEVNULL)
    try:
        before = len(wait_for(log, "end of the walk", lambda e: any(x["event"] == "scanned" and x.get("done") for x in e)))
        start = time.monotonic()
        subprocess.run(f'cp "{staging}"/*.jpg "{watched}"', shell=True, check=True)
        found = wait_for(log, "wall of all the photos", lambda e: any(x["event"] == "update" and x.get("items") == FILES + 1 for x in e))
        seconds = time.monotonic() - start
        after = found[before:]
        print(json.dumps({"files": FILES, "relayouts": sum(1 for x in after if x["event"] == "layout"),
                          "updates": sum(1 for x in after if x["event"] == "update"), "seconds": round(seconds, 3)}), flush=True)
    finally:
        process.terminate()
        process.wait()
        shutil.rmtree(work, ignore_errors=True)
