#!/usr/bin/env bash
# Fuzzing: runs the waterfall-fuzz target of the sanitizer build that the leak check shares (scripts/sanitizer-build.sh:
# release, in .build-asan, AddressSanitizer and libFuzzer's coverage in every module) for 100,000 inputs from seed 1,
# mutating the checked-in corpus (Fuzz/corpus: valid and invalid catalogs, and
# catalogs followed by a 0 byte and choices of options). Each input is a catalog for the parser, layout options
# for their checks, a catalog built from choices, and a layout asked directly of the core with unchecked metrics,
# and the whole input is a photo file whose header, EXIF and pixels are read (tiny JPEGs, PNGs, WebPs, a TIFF, an animated GIF and two JPEG XLs seed it, and
# ones with kilobytes of XMP, ICC profile or text before their frame header or EXIF), the header also as a file is
# read, in small pieces where its walk over segments and chunks needs them, which must give the same header or error,
# and its photo information (EXIF's camera, exposure and GPS; the whole input also as an EXIF block; a JPEG with
# a camera's tags seeds it);
# every one must end in a checked result or an error that names the problem (Sources/waterfall-fuzz/FuzzCase.swift),
# without a memory error or a leak (AddressSanitizer and LeakSanitizer, per input).
#
#   bash scripts/fuzz.sh                     # 100,000 runs, seed 1
#   FUZZ_RUNS=1000000 FUZZ_SEED=7 bash scripts/fuzz.sh
#
# A failing input is saved to artifacts/fuzz/crash-...; a plain debug build replays it with a readable trace:
#   swift build --product waterfall-fuzz && .build/debug/waterfall-fuzz artifacts/fuzz/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
runs=${FUZZ_RUNS:-100000}
seed=${FUZZ_SEED:-1}
if [ -n "${FUZZ_ADDRESS:-}" ]; then echo "fuzz: FUZZ_ADDRESS is no longer needed: AddressSanitizer is always on"; fi

bash scripts/sanitizer-build.sh waterfall-fuzz
fuzzer="$(bash scripts/sanitizer-build.sh --show-bin-path)/waterfall-fuzz"
[ -x "$fuzzer" ] || { echo "fuzz: the build failed" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/corpus" artifacts/fuzz
echo "fuzz: $runs runs from seed $seed"
# New inputs go to the scratch corpus (the first folder), never into Fuzz/corpus. Swift's own backtracer is off:
# libFuzzer reports the crash and saves the input.
status=0
SWIFT_BACKTRACE=enable=no "$fuzzer" -runs="$runs" -seed="$seed" -max_len=4096 -timeout=30 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix=artifacts/fuzz/ "$work/corpus" Fuzz/corpus > "$work/log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  grep -v -e "^#" -e "NEW_FUNC" "$work/log" | tail -40 >&2
  echo "fuzz: failed (status $status); replay the saved input with" \
    "swift build --product waterfall-fuzz && .build/debug/waterfall-fuzz artifacts/fuzz/crash-...;" \
    "the fuzzer itself replays it exactly: .build-asan/release/waterfall-fuzz artifacts/fuzz/crash-..." >&2
  exit 1
fi
grep -E "^Done|stat::number_of_executed_units|stat::peak_rss_mb" "$work/log"
echo "fuzz: every input ended in a result or a clear error, without a memory error or a leak"
