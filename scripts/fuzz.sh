#!/usr/bin/env bash
# Fuzzing: libFuzzer on the waterfall-fuzz target, from the sanitizer build that the leak check shares
# (scripts/sanitizer-build.sh: release, in .build-asan, AddressSanitizer and libFuzzer's coverage in every module, built
# here when it is not yet). Each input is a catalog for the parser, layout options for their checks, a catalog built
# from choices, and a layout asked directly of the core with unchecked metrics, and the whole input is a photo file
# whose header, EXIF and pixels are read (tiny JPEGs, PNGs, WebPs, a TIFF, an animated GIF and two JPEG XLs seed it, and
# ones with kilobytes of XMP, ICC profile or text before their frame header or EXIF), the header also as a file is
# read, in small pieces where its walk over segments and chunks needs them, which must give the same header or error,
# and its photo information (EXIF's camera, exposure and GPS; the whole input also as an EXIF block; a JPEG with
# a camera's tags seeds it);
# every one must end in a checked result or an error that names the problem (Sources/waterfall-fuzz/FuzzCase.swift),
# without a memory error or a leak (AddressSanitizer and LeakSanitizer, per input).
#
# Two runs: first every file of the checked-in corpus (Fuzz/corpus: valid and invalid catalogs, catalogs followed by a
# 0 byte and choices of options, photos) once, whole; then libFuzzer explores 6,000 inputs from seed 1, mutating that
# corpus. A fixed count, not a fixed time: the same inputs on every machine, however loaded, so that a run's outcome
# is the commit's (a 60 s budget ran 7,500 to 9,800 inputs by the load, and the same commit passed or failed by where
# it stopped). About 45 s once built (150 to 250 inputs a second on 2 busy cores).
#
#   bash scripts/fuzz.sh                          # the corpus, then 6,000 inputs from seed 1
#   FUZZ_RUNS=100000 FUZZ_SEED=7 bash scripts/fuzz.sh
#   FUZZ_SECONDS=600 bash scripts/fuzz.sh         # for a time instead (with FUZZ_RUNS too: whichever ends first)
#
# A failing input is saved to artifacts/fuzz/crash-... (or leak-..., timeout-...); the fuzzer replays it exactly
# (.build-asan/release/waterfall-fuzz artifacts/fuzz/crash-...), and a plain debug build with a readable trace:
#   swift build --product waterfall-fuzz && .build/debug/waterfall-fuzz artifacts/fuzz/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
source scripts/env.sh
seed=${FUZZ_SEED:-1}
limits=()
if [ -n "${FUZZ_RUNS:-}" ] || [ -z "${FUZZ_SECONDS:-}" ]; then limits+=(-runs="${FUZZ_RUNS:-6000}"); fi
if [ -n "${FUZZ_SECONDS:-}" ]; then limits+=(-max_total_time="$FUZZ_SECONDS"); fi
if [ -n "${FUZZ_ADDRESS:-}" ]; then echo "fuzz: FUZZ_ADDRESS is no longer needed: AddressSanitizer is always on"; fi

bash scripts/sanitizer-build.sh waterfall-fuzz
fuzzer="$(bash scripts/sanitizer-build.sh --show-bin-path)/waterfall-fuzz"
[ -x "$fuzzer" ] || { echo "fuzz: the build failed" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/corpus" artifacts/fuzz
# Swift's own backtracer is off: libFuzzer reports the crash and saves the input.
export SWIFT_BACKTRACE=enable=no

# fail LOG [INPUT]: what the failed run printed (without its progress lines), and how to replay the input that failed:
# the file libFuzzer saved in artifacts/fuzz/, or INPUT (the corpus file that failed in the replay).
fail() {
  grep -v -e "^#" -e "NEW_FUNC" "$1" | tail -40 >&2
  local input
  input="$(grep -o "Test unit written to [^ ]*" "$1" | tail -1 | cut -d" " -f5 || true)"
  input="${input:-${2:-artifacts/fuzz/crash-...}}"
  echo "fuzz: failed on $input; replay it with" \
    ".build-asan/release/waterfall-fuzz $input, or with a readable trace:" \
    "swift build --product waterfall-fuzz && .build/debug/waterfall-fuzz $input" >&2
  exit 1
}

corpus=(Fuzz/corpus/*)
echo "fuzz: replaying the ${#corpus[@]} inputs of Fuzz/corpus"
# Files as arguments: libFuzzer runs each once, whole (no -max_len), and stops at the first that fails.
status=0
"$fuzzer" -artifact_prefix=artifacts/fuzz/ -timeout=30 -rss_limit_mb=2048 "${corpus[@]}" > "$work/replay" 2>&1 || status=$?
ran=$(grep -c "^Executed " "$work/replay" || true)
if ((status)) || [ "$ran" -ne "${#corpus[@]}" ]; then
  echo "fuzz: the replay of Fuzz/corpus ran $ran of ${#corpus[@]} inputs and ended with status $status" >&2
  fail "$work/replay" "$(grep "^Running: " "$work/replay" | tail -1 | cut -d" " -f2 || true)"
fi

echo "fuzz: exploring from seed $seed (${limits[*]})"
# New inputs go to the scratch corpus (the first folder), never into Fuzz/corpus.
"$fuzzer" "${limits[@]}" -seed="$seed" -max_len=4096 -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix=artifacts/fuzz/ "$work/corpus" Fuzz/corpus > "$work/log" 2>&1 || fail "$work/log"
grep -E "^Done|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb" "$work/log"
echo "fuzz: every input ended in a result or a clear error, without a memory error or a leak"
