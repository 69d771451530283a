#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the core, the X11 backend and the program
# (against private Xvfb servers driven by xdotool).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
swift build --build-tests
swift test --skip-build "$@"
