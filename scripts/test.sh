#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the core, the X11 backend, the program and the example
# (against private Xvfb servers driven by xdotool, and private Xorg servers whose test devices have scroll valuators),
# then the install (scripts/install-test.py), the tour (scripts/run-demo.sh without a display), the leak check
# (scripts/leak-check.sh) and the fuzzing (scripts/fuzz.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
# The code's format: swift-format (it ships with the toolchain) by .swift-format, 120 columns; any finding fails.
# `swift format format --in-place --recursive --parallel Sources Tests Examples Benchmarks Package.swift` fixes it.
swift format lint --strict --recursive --parallel Sources Tests Examples Benchmarks Package.swift
swift build --build-tests
swift test --skip-build "$@"
# scripts/install.sh into temporary prefixes (the debug build just made), then what a desktop does with it under a
# private Xvfb: the entry validates and opens a photo, xdg-mime, man, completions, --uninstall (30 s).
python3 scripts/install-test.py
# The README's tour under a private Xvfb: its screenshots are checked for text (30 s).
env -u DISPLAY bash scripts/run-demo.sh
# The DocC documentation of both libraries, warnings as errors, and a doc comment on every public symbol (10 s).
bash scripts/docs.sh
# The program built with AddressSanitizer in .build-asan and scripted under a private Xvfb: no leak, no memory error.
bash scripts/leak-check.sh
# libFuzzer on the catalog parser, the option checks and the layout: 100,000 inputs from seed 1.
bash scripts/fuzz.sh
