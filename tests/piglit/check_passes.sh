#!/usr/bin/env bash
# ctest's piglit regression check: every test results/glvk.txt records as a pass must still pass
# on glvk, with the Khronos validation layer on (a validation message aborts the test). Prints
# each test's result and "N passed, M failed"; exits 1 when any failed.
#   tests/piglit/check_passes.sh BUILD_DIR
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: check_passes.sh BUILD_DIR}
names=$(mktemp)
trap 'rm -f "$names"' EXIT
awk -F'\t' '$2 == "pass" {print $1}' "$here/results/glvk.txt" >"$names"
expected=$(wc -l <"$names")
[ "$expected" -gt 0 ] || { echo "check_passes.sh: results/glvk.txt records no pass"; exit 1; }
results=$(GLVK_VALIDATION=1 "$here/run_piglit.sh" glvk "$build" "$names") || exit 1
printf '%s\n' "$results" | cut -f1,2
passed=$(printf '%s\n' "$results" | awk -F'\t' '$2 == "pass"' | wc -l)
echo "$passed passed, $((expected - passed)) failed"
[ "$passed" -eq "$expected" ]
