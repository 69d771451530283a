#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the core, the X11 backend, the program and the example
# (against private Xvfb servers driven by xdotool, and private Xorg servers whose test devices have scroll valuators),
# then the install (scripts/install-test.py), the tour (scripts/run-demo.sh without a display), the documentation, the
# leak check (scripts/leak-check.sh) and the fuzzing (scripts/fuzz.sh). At the end (also when a step fails) it prints
# each step's seconds and the total.
#
# Two builds: the debug build with the tests (.build), and the one sanitizer build that the leak check and the fuzzing
# share (scripts/sanitizer-build.sh, .build-asan). The sanitizer build runs in the background from the start, at the
# lowest priority (nice 19): it takes only the CPU that the debug build and the tests leave idle (the X11 tests wait on
# servers and programs much of the time), never theirs, and the leak check waits for it.
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
background="$(mktemp -d)" background_pid=""
report() {
  local status=$?
  if [ -n "$background_pid" ] && kill -0 "$background_pid" 2>/dev/null; then
    kill -- "-$background_pid" 2>/dev/null || true   # its process group: the build and the compilers it runs
  fi
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
# Once, before the two builds start: both then read the same Package.resolved, and neither writes it.
step "resolve packages" swift package resolve

# The sanitizer build, in the background in a process group of its own (job control on for the moment of starting
# it: a failure here then ends all of it), in the same session: where the kernel groups a session's processes for
# scheduling (autogroup), nice ranks processes within the session only. It writes its status and seconds to
# $background/done.
set -m
bash -c 'begun=$SECONDS; status=0; nice -n 19 bash scripts/sanitizer-build.sh > "$1/log" 2>&1 || status=$?
  echo "$status $((SECONDS - begun))" > "$1/done"' _ "$background" &
background_pid=$!
set +m
# wait_for_sanitizer_build: until the background build ends; its output, and a failure if it failed.
wait_for_sanitizer_build() {
  wait "$background_pid" || true
  background_pid=""
  cat "$background/log"
  local status seconds
  read -r status seconds < "$background/done" || { echo "the sanitizer build ended without a status" >&2; return 1; }
  steps+=("$(printf '%5d s  %s' "$seconds" "sanitizer build (in the background, at nice 19, from the start)")")
  ((status == 0)) || { echo "the sanitizer build failed (status $status)" >&2; return "$status"; }
}

step "build (debug, with tests)" swift build --build-tests
step "swift test" swift test --skip-build "$@"
# scripts/install.sh into temporary prefixes (the debug build just made), then what a desktop does with it under a
# private Xvfb: the entry validates and opens a photo, xdg-mime, man, completions, --uninstall (30 s).
step "install test" python3 scripts/install-test.py
# The README's tour under a private Xvfb: its screenshots are checked for text (30 s).
step "tour" env -u DISPLAY bash scripts/run-demo.sh
# The DocC documentation of the five libraries, warnings as errors, and a doc comment on every public symbol (30 s).
step "docs" bash scripts/docs.sh
step "waiting for the sanitizer build" wait_for_sanitizer_build
# The programs of the sanitizer build scripted under a private Xvfb: no leak, no memory error (20 s).
step "leak check" bash scripts/leak-check.sh
# libFuzzer on the catalog parser, the option checks, the layout and the photo readers: the corpus, then 60 s of
# exploring from seed 1.
step "fuzzing" bash scripts/fuzz.sh
