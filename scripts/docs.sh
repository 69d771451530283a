#!/usr/bin/env bash
# Builds the DocC documentation of Waterfall, WaterfallX11, WaterfallPhotos, WaterfallCards, WaterfallIndex,
# WaterfallLibrary, WaterfallPhotoWall and WaterfallAccessibility into .build/docs/TARGET.doccarchive with warnings as
# errors (a broken link, an undocumented parameter), all eight in one run of the plugin (one package load, one build of
# the plugin's tools), then checks that every public symbol has a doc comment.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
targets=(
  Waterfall WaterfallX11 WaterfallPhotos WaterfallCards WaterfallIndex WaterfallLibrary WaterfallPhotoWall
  WaterfallAccessibility
)
options=()
for target in "${targets[@]}"; do options+=(--target "$target"); done
mkdir -p .build/docs
swift package --disable-sandbox generate-documentation "${options[@]}" --warnings-as-errors --output-path .build/docs
python3 scripts/check-doc-coverage.py "${targets[@]}"
