#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the core, the X11 backend, the program and the example
# (against private Xvfb servers driven by xdotool, and private Xorg servers whose test devices have scroll valuators),
# then the install (scripts/install-test.py), the tour (scripts/run-demo.sh without a display), the documentation, the
# leak check (scripts/leak-check.sh), the Debian package (scripts/package-test.py) and the fuzzing (scripts/fuzz.sh).
# At the end (also when a step fails) it prints each step's seconds and the total.
#
# Three builds: the debug build with the tests (.build), the one sanitizer build that the leak check and the fuzzing
# share (scripts/sanitizer-build.sh, .build-asan), and the Debian package's release build with the Swift runtime
# linked in (scripts/package-deb.sh --build-only, .build-release-static). Three things run in the background, beside
# the steps:
# - the sanitizer build and the package's build, from the start, under SCHED_IDLE (chrt --idle 0): the kernel runs them
#   only on a core that nothing else wants, so they never slow the debug build and the tests, whose Xvfb windows and
#   decoder workers must answer in time. (Not nice 19: swift build, as root, starts its compilers at nice 0 whatever
#   its own niceness; a scheduling policy they keep.)
# - the fuzzing, once the tests are done: libFuzzer keeps one core busy for its fixed time while the install test, the
#   tour, the documentation and the leak check, which wait on programs and servers much of theirs, run beside it.
set -euo pipefail
cd "$(dirname "$0")/.."

# step NAME COMMAND...: runs the command and notes how many seconds it took, for the table at the end.
steps=() started=$SECONDS
step() {
  local name=$1 begun=$SECONDS
  shift
  echo "== $name"
  "$@"
  steps+=("$(printf '%5d s  %s' $((SECONDS - begun)) "$name")")
}

# in_background NAME COMMAND...: starts the command with its output in $background/NAME.log, and its status and seconds
# in $background/NAME.done when it ends; `finish NAME` waits for it. Each runs in a process group of its own (job
# control is on for the moment of starting it), so that a failure ends all of it, compilers included; in this session,
# since where the kernel groups a session's processes for scheduling (autogroup), nice ranks processes within a
# session only.
background="$(mktemp -d)"
declare -A background_pids=()
in_background() {
  local name=$1
  shift
  set -m
  (
    begun=$SECONDS status=0
    "$@" > "$background/$name.log" 2>&1 || status=$?
    echo "$status $((SECONDS - begun))" > "$background/$name.done"
  ) &
  background_pids[$name]=$!
  set +m
}
# finish NAME LABEL: waits for NAME, prints its output, adds its own seconds to the table as LABEL, fails if it failed.
finish() {
  local name=$1 label=$2 status seconds
  wait "${background_pids[$name]}" || true
  unset "background_pids[$name]"
  cat "$background/$name.log"
  read -r status seconds < "$background/$name.done" || { echo "$name ended without a status" >&2; return 1; }
  steps+=("$(printf '%5d s  %s' "$seconds" "$label")")
  ((status == 0)) || { echo "$name failed (status $status)" >&2; return "$status"; }
}

report() {
  local status=$? pid
  for pid in "${background_pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done
  rm -rf "$background"
  echo "== seconds per step (load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
  printf '%s\n' "${steps[@]}"
  ((status == 0)) || echo "      (stopped: a step failed, status $status)"
  printf '%5d s  total\n' $((SECONDS - started))
}
trap report EXIT

step "dependencies" bash scripts/install-deps.sh
source scripts/env.sh
# The code's format: swift-format (it ships with the toolchain) by .swift-format, 120 columns; any finding fails.
# `swift format format --in-place --recursive --parallel Sources Tests Examples Benchmarks Package.swift` fixes it.
step "format lint" swift format lint --strict --recursive --parallel Sources Tests Examples Benchmarks Package.swift
# Once, before the builds start: they then read the same Package.resolved, and none writes it.
step "resolve packages" swift package resolve
# Each background build fetches its packages at the normal priority first: starved under SCHED_IDLE, one's fetch could
# hold the lock on SwiftPM's shared cache of repositories that the other's waits for.
# (in_background runs them after ||, where set -e does not stop a function: hence &&)
sanitizer_build() { swift package resolve --scratch-path .build-asan && chrt --idle 0 bash scripts/sanitizer-build.sh; }
package_build() {
  swift package resolve --scratch-path .build-release-static && chrt --idle 0 bash scripts/package-deb.sh --build-only
}
in_background sanitizer-build sanitizer_build
in_background package-build package_build
step "build (debug, with tests)" swift build --build-tests
step "swift test" swift test --skip-build "$@"
step "waiting for the sanitizer build" finish sanitizer-build "  sanitizer build (in the background from the start, SCHED_IDLE)"
# libFuzzer on the catalog parser, the option checks, the layout and the photo readers: the corpus, then 6,000
# inputs from seed 1.
in_background fuzzing bash scripts/fuzz.sh
# scripts/install.sh into temporary prefixes (the debug build just made), then what a desktop does with it under a
# private Xvfb: the entry validates and opens a photo, xdg-mime, man, completions, --uninstall (15 s).
step "install test" python3 scripts/install-test.py
# The README's tour under a private Xvfb: its screenshots are checked for text (15 s).
step "tour" env -u DISPLAY bash scripts/run-demo.sh
# The DocC documentation of the seven libraries, warnings as errors, and a doc comment on every public symbol (20 s).
step "docs" bash scripts/docs.sh
# The programs of the sanitizer build scripted under a private Xvfb: no leak, no memory error (15 s).
step "leak check" bash scripts/leak-check.sh
step "waiting for the package build" finish package-build "  package build (in the background from the start, SCHED_IDLE)"
# scripts/package-deb.sh (the build is there), lintian, the package's files and Depends, then apt-get install, the
# installed program run with the Swift toolchain hidden, and apt-get remove --purge, under a private Xvfb (100 s).
step "package test" python3 scripts/package-test.py
step "waiting for the fuzzing" finish fuzzing "  fuzzing (in the background from the end of swift test)"
