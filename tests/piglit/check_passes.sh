#!/usr/bin/env bash
# ctest's piglit regression check: the tests results/glvk.txt records as a pass must still pass on
# glvk, with the Khronos validation layer on (a validation message aborts the test). When more than
# PIGLIT_CHECK_MAX passes are recorded, a deterministic sample is checked: every k-th pass in list
# order, k the smallest step keeping at most that many. The default is 300 on a normal build (a test
# takes about 0.5 s with JOBS=2 beside the rest of ctest: ~3 minutes) and 100 on a sanitizer build,
# where tests run 3-5x slower: CI's ASan job ran 364 of them past ctest's 600 s.
# Prints each test's result and seconds on stderr as it ends, then each result and "N passed, M failed (checked C of P recorded passes)"; exits 1 when
# any failed.
#   tests/piglit/check_passes.sh BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: check_passes.sh BUILD_DIR}
names=$(mktemp)
trap 'rm -f "$names"' EXIT
# Tests that compare GPU time with wall-clock time within a few milliseconds: a busy CI machine
# (ctest runs two tests at once) can preempt them between the two reads, on any driver, so their
# recorded pass is not a regression check.
timing='^spec@(arb_timer_query@timestamp-get|ext_timer_query@time-elapsed)$'
# Sanitizer builds run several times slower: a test 20 s long on the normal build passed 60 s.
max=${PIGLIT_CHECK_MAX:-300} timeout=60
if grep -q '^GLVK_SANITIZE:[A-Z]*=ON' "$build/CMakeCache.txt" 2>/dev/null; then
  max=${PIGLIT_CHECK_MAX:-100} timeout=180
fi
recorded=$(awk -F'\t' -v timing="$timing" '$2 == "pass" && $1 !~ timing' "$here/results/glvk.txt" | wc -l)
[ "$recorded" -gt 0 ] || { echo "check_passes.sh: results/glvk.txt records no pass"; exit 1; }
step=$(( (recorded + max - 1) / max ))
awk -F'\t' -v step="$step" -v timing="$timing" '$2 == "pass" && $1 !~ timing && n++ % step == 0 {print $1}' \
  "$here/results/glvk.txt" >"$names"
expected=$(wc -l <"$names")
results=$(PIGLIT_PROGRESS=1 PIGLIT_TIMEOUT=$timeout GLVK_VALIDATION=1 JOBS=${JOBS:-2} "$here/run_piglit.sh" glvk "$build" "$names") || exit 1
printf '%s\n' "$results" | awk -F'\t' '{print $1 "\t" $2 ($2 == "pass" ? "" : "\t" $4)}'
passed=$(printf '%s\n' "$results" | awk -F'\t' '$2 == "pass"' | wc -l)
echo "$passed passed, $((expected - passed)) failed (checked $expected of $recorded recorded passes: every ${step}. one)"
[ "$passed" -eq "$expected" ]
