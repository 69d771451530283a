#!/usr/bin/env bash
# Builds the DocC documentation of Waterfall, WaterfallX11, WaterfallPhotos, WaterfallCards and WaterfallPhotoWall into .build/docs/ with warnings as errors (a broken
# link, an undocumented parameter), then checks that every public symbol has a doc comment.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
mkdir -p .build/docs
for target in Waterfall WaterfallX11 WaterfallPhotos WaterfallCards WaterfallPhotoWall; do
    swift package --disable-sandbox generate-documentation --target "$target" --warnings-as-errors \
        --output-path ".build/docs/$target.doccarchive"
done
python3 scripts/check-doc-coverage.py Waterfall WaterfallX11 WaterfallPhotos WaterfallCards WaterfallPhotoWall
