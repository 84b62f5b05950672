#!/usr/bin/env bash
# Runs the immediate-mode / display-list benchmark on Mesa llvmpipe, Mesa zink (on lavapipe) and
# glvk (on lavapipe) and prints vertices/s with glvk/zink, glvk/llvmpipe and, for glvk, display-list
# replay over immediate mode, all from the same run.
#   bench/legacy/compare_peers.sh [BUILD_DIR] [REPEATS]
# The drivers take turns case by case (a case's figures are measured within seconds of each
# other), REPEATS times (default 1); with repeats, each figure and ratio is the median.
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
repeats=${2:-1}
bench=$build/bench/legacy/legacy_bench
out=$(mktemp -d)
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$out/xdg}
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
cases=(immediate_one_begin immediate_per_quad list_replay)

run() {  # run NAME REPEAT CASE command...
  local name=$1 rep=$2 case=$3
  shift 3
  "$@" --benchmark_filter="^$case/" --benchmark_format=json --benchmark_out="$out/$rep.$case.$name.json" \
    >"$out/$rep.$case.$name.log" 2>&1 || echo "$name $case: benchmark failed (see $out/$rep.$case.$name.log)" >&2
}
for ((rep = 1; rep <= repeats; ++rep)); do
  for case in "${cases[@]}"; do
    run llvmpipe "$rep" "$case" env LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe "$bench"
    run zink "$rep" "$case" env LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=zink "$bench"
    run glvk "$rep" "$case" "$build/tools/glvk" run -- "$bench"
  done
done

PYTHONPATH=bench python3 - "$out" "$repeats" "${cases[@]}" <<'PY'
import sys
from peer_runs import load, figure, ratio, fmt
out, repeats, cases = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
drivers = ["llvmpipe", "zink", "glvk"]
runs = load(out, repeats, cases, drivers)

for title, key, spec, inverse in (("vertices/s (wall clock)", "vertices/s", ".4g", False),
                                  ("process CPU ms per frame (all threads)", "cpu_ms/frame", ".1f", True)):
    print("%-22s %12s %12s %12s %10s %10s" % (title.split(" (")[0], *drivers, "glvk/zink", "glvk/llvmp"))
    for c in cases:
        cells = [fmt(figure(runs, (c, d), key), spec) for d in drivers]
        rs = [fmt(ratio(runs, (c, "glvk"), (c, d), key, inverse), ".2f") for d in ("zink", "llvmpipe")]
        print("%-22s %12s %12s %12s %10s %10s" % (c, *cells, *rs))
    print("  (%s%s)" % (title, "; ratios are speed ratios: other/glvk CPU time" if inverse else ""))
    for d in drivers:
        print("  %s list_replay / immediate_per_quad: %s, / immediate_one_begin: %s" %
              (d, fmt(ratio(runs, ("list_replay", d), ("immediate_per_quad", d), key, inverse), ".2f"),
               fmt(ratio(runs, ("list_replay", d), ("immediate_one_begin", d), key, inverse), ".2f")))
    print()
PY
