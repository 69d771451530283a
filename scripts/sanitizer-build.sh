#!/usr/bin/env bash
# The one sanitizer build that the leak check (scripts/leak-check.sh) and the fuzzing (scripts/fuzz.sh) share: a release
# build in .build-asan of waterfall-demo, waterfall, waterfall-decoder and waterfall-fuzz, every Swift module compiled
# once with the same flags:
#
#   -sanitize=address                  AddressSanitizer, whose LeakSanitizer runs when a program exits;
#   -sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table
#   -Xllvm -sanitizer-coverage-stack-depth
#                                      libFuzzer's coverage instrumentation, exactly what -sanitize=fuzzer adds to a
#                                      module (the same LLVM IR), without linking libFuzzer into the programs;
#   -DFUZZING                          waterfall-fuzz's entry calls libFuzzer's driver (no other module reads it).
#
# Only waterfall-fuzz is linked with libFuzzer: its runtime without libFuzzer's own main (the toolchain's
# libclang_rt.fuzzer_no_main, whole, and the C++ library it needs), since the target's main calls LLVMFuzzerRunDriver.
# The linker flags change no compile command, so building the programs and the fuzz target one after the other in
# this one scratch path compiles each module once. In the programs, ASan's runtime answers the coverage callbacks (it
# defines them, doing nothing unless asked to collect coverage).
#
# Release, because libFuzzer needs the speed (about 250 inputs a second here against 3 in a debug build); the leak
# check runs the same optimised programs a user runs. About 4 minutes of CPU from a clean checkout (2 minutes on 2 idle
# cores).
#
#   bash scripts/sanitizer-build.sh                      # all four products
#   bash scripts/sanitizer-build.sh waterfall-fuzz       # only some of them
#   bash scripts/sanitizer-build.sh --show-bin-path      # where they are
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

flags=(-c release --scratch-path .build-asan
  -Xswiftc -sanitize=address
  -Xswiftc -sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table
  -Xswiftc -Xllvm -Xswiftc -sanitizer-coverage-stack-depth
  -Xswiftc -DFUZZING)

if [ "${1:-}" = "--show-bin-path" ]; then
  swift build "${flags[@]}" --show-bin-path
  exit 0
fi

bash scripts/install-deps.sh
products=("$@")
((${#products[@]})) || products=(waterfall-demo waterfall waterfall-decoder waterfall-fuzz)

# The sanitizer runtimes are where the Swift driver finds them: the toolchain's clang resource folder.
runtimes="$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["paths"]["runtimeResourcePath"])')/clang/lib/linux"
libfuzzer="$runtimes/libclang_rt.fuzzer_no_main-$(uname -m).a"
[ -f "$libfuzzer" ] || { echo "sanitizer build: libFuzzer's runtime is not in the toolchain: $libfuzzer" >&2; exit 1; }

for product in "${products[@]}"; do
  link=()
  if [ "$product" = waterfall-fuzz ]; then
    link=(-Xlinker --whole-archive -Xlinker "$libfuzzer" -Xlinker --no-whole-archive -Xlinker -lstdc++)
  fi
  echo "sanitizer build: $product (release, -sanitize=address with libFuzzer's coverage, in .build-asan)"
  # (ld.gold warns that it cannot export ASan's local symbols, once per symbol: not shown.) The status is the build's.
  status=0
  swift build --product "$product" "${flags[@]}" "${link[@]}" 2>&1 \
    | { grep -v -e "^\[" -e "Cannot export local symbol" || true; } || status=$?
  if ((status)); then
    echo "sanitizer build: $product failed (status $status)" >&2
    exit "$status"
  fi
done
