#!/usr/bin/python3
"""What accessibility costs the photo browser's start: `waterfall` with its accessibility bridge turned off
(NO_AT_BRIDGE=1, the reference) against a start where no accessibility bus runs, measured in the same rounds.

usage: startup.py WATERFALL FOLDER ROUNDS   (DISPLAY names a private X server; WATERFALL is the program, as
`swift build -c release --product waterfall` builds it)

Each round starts the program once in each of these sessions, in a rotated order (so that none always meets the load
another leaves):
  - "off": NO_AT_BRIDGE=1, the bridge looks for nothing (the reference);
  - "no session bus": neither DBUS_SESSION_BUS_ADDRESS nor $XDG_RUNTIME_DIR/bus, as under a bare X server or ssh -X;
  - "session bus": a private session bus where no accessibility bus launcher runs, as a desktop without one: the
    bridge asks the session bus on a thread of its own, and hears no;
  - "accessibility bus": a private session bus with at-spi-bus-launcher (an accessibility bus and its registry), as a
    desktop with a screen reader: the bridge starts after the first frame (for comparison, not a target).
Three numbers a run: the time from just before the program starts to its `ready` event (the first frame on screen,
synced with the server); to the later of that and its last `accessibility` event (the bridge's decision: off, no bus,
or running: the start done, accessibility's part of it included); and the CPU time the process used in its first
WINDOW seconds (user and system, all its threads, the probe's too, from the kernel's accounting of the reaped child),
by when every session has settled and the wall is idle. One JSON line a round:
{"SESSION": {"ready": seconds, "settled": seconds, "cpu": seconds, "state": ...}, ...}; then a summary line with each
session's medians, their ratio to "off", and the quartiles and median of each round's own ratio to its "off" run.
"""
import json
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time

waterfall, folder, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
WINDOW = 1.5  # seconds of a run whose CPU time is counted: a measurement's length, not a wait for a condition
FINAL = {"disabled", "noBus", "running", "failed", "contextBusy"}


def session_bus():
    """A private session bus: its process and address."""
    daemon = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    return daemon, daemon.stdout.readline().strip()


def wait_for_launcher(address):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        reply = subprocess.run(
            ["dbus-send", f"--bus={address}", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
             "org.a11y.Bus.GetAddress"], capture_output=True, text=True)
        if 'string "unix:' in reply.stdout:
            return
        time.sleep(0.05)  # the next look, not a guessed settling time
    raise SystemExit("startup.py: at-spi-bus-launcher did not start")


def run(environment):
    """Starts the program, reads its log until the bridge decided; returns the two times."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    process = subprocess.Popen(
        [waterfall, folder, "--log-events", "--width", "1280", "--height", "800", "--no-index"],
        env=environment, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    times = {}
    try:
        for line in process.stdout:
            event = json.loads(line)
            now = time.monotonic() - start
            if event["event"] == "ready":
                times["ready"] = now
            elif event["event"] == "accessibility" and event["state"] in FINAL:
                times["decided"] = now
                times["state"] = event["state"]
            if "ready" in times and "decided" in times:
                break
        else:
            raise SystemExit(f"startup.py: the program ended before its bridge decided: {times}")
        left = WINDOW - (time.monotonic() - start)
        if left <= 0:
            raise SystemExit(f"startup.py: the start took longer than the {WINDOW} s measured: {times}")
        time.sleep(left)
    finally:
        process.kill()
        process.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    times["settled"] = max(times["ready"], times.pop("decided"))
    times["cpu"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return times


base = {key: value for key, value in os.environ.items()
        if key not in ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE", "XDG_RUNTIME_DIR")}
# A cache of the benchmark's own, never the user's thumbnails: warm after the first start, for every session alike.
base["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="accessibility-startup-cache-")
plain_daemon, plain_address = session_bus()
a11y_daemon, a11y_address = session_bus()
launcher = subprocess.Popen(
    [LAUNCHER, "--launch-immediately", "--a11y=1"], env=dict(base, DBUS_SESSION_BUS_ADDRESS=a11y_address),
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
try:
    wait_for_launcher(a11y_address)
    sessions = {
        "off": dict(base, NO_AT_BRIDGE="1"),
        "no session bus": dict(base),
        "session bus": dict(base, DBUS_SESSION_BUS_ADDRESS=plain_address),
        "accessibility bus": dict(base, DBUS_SESSION_BUS_ADDRESS=a11y_address),
    }
    names = list(sessions)
    results = []
    for round_index in range(rounds):
        order = names[round_index % len(names):] + names[:round_index % len(names)]
        result = {name: run(sessions[name]) for name in order}
        results.append(result)
        print(json.dumps(result), flush=True)
    summary = {}
    for name in names:
        summary[name] = {key: statistics.median(r[name][key] for r in results) for key in ("ready", "settled", "cpu")}
        summary[name]["state"] = results[-1][name]["state"]
    for name in names:
        for key in ("ready", "settled", "cpu"):
            summary[name][key + "Ratio"] = summary[name][key] / summary["off"][key]
            # Paired within each round (the same load for both), and their spread: the quartiles of those ratios.
            paired = sorted(r[name][key] / r["off"][key] for r in results)
            quartiles = statistics.quantiles(paired, n=4) if len(paired) > 1 else paired * 3
            summary[name][key + "PairedRatio"] = [quartiles[0], statistics.median(paired), quartiles[-1]]
    print(json.dumps({"summary": summary, "rounds": rounds}), flush=True)
finally:
    # Each in a session of its own, with what it started: the launcher's accessibility bus and its registry.
    for process in (launcher, a11y_daemon, plain_daemon):
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
