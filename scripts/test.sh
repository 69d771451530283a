#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the core, the X11 backend, the program and the example
# (against private Xvfb servers driven by xdotool, and private Xorg servers whose test devices have scroll valuators),
# then the install (scripts/install-test.py), the tour (scripts/run-demo.sh without a display), the leak check
# (scripts/leak-check.sh) and the fuzzing (scripts/fuzz.sh). At the end (also when a step fails) it prints each step's
# seconds and the total.
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
report() {
  local status=$?
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
step "build (debug, with tests)" swift build --build-tests
step "swift test" swift test --skip-build "$@"
# scripts/install.sh into temporary prefixes (the debug build just made), then what a desktop does with it under a
# private Xvfb: the entry validates and opens a photo, xdg-mime, man, completions, --uninstall (30 s).
step "install test" python3 scripts/install-test.py
# The README's tour under a private Xvfb: its screenshots are checked for text (30 s).
step "tour" env -u DISPLAY bash scripts/run-demo.sh
# The DocC documentation of both libraries, warnings as errors, and a doc comment on every public symbol (10 s).
step "docs" bash scripts/docs.sh
# The program built with AddressSanitizer in .build-asan and scripted under a private Xvfb: no leak, no memory error.
step "leak check" bash scripts/leak-check.sh
# libFuzzer on the catalog parser, the option checks and the layout: 100,000 inputs from seed 1.
step "fuzzing" bash scripts/fuzz.sh
