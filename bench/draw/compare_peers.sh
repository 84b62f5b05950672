#!/usr/bin/env bash
# Runs the draw benchmark on Mesa llvmpipe, Mesa zink (on lavapipe), glvk (on lavapipe) and the
# plain Vulkan ceiling (draw_vulkan_bench on lavapipe) and prints draws/s, triangles/s and the
# ratios glvk/zink, glvk/llvmpipe and glvk/plain-Vulkan from the same run.
#   bench/draw/compare_peers.sh [BUILD_DIR] [REPEATS]
# The four programs take turns case by case (so a case's four figures are measured within seconds
# of each other), REPEATS times (default 1); with repeats, each figure and ratio is the median.
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
repeats=${2:-1}
gl_bench=$build/bench/draw/draw_bench
vk_bench=$build/bench/draw/draw_vulkan_bench
out=$(mktemp -d)
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$out/xdg}
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
cases=(a_uniform_change b_texture_change b_blend_change c_one_1M_triangle_draw)

run() {  # run NAME REPEAT CASE command...
  local name=$1 rep=$2 case=$3
  shift 3
  "$@" --benchmark_filter="^$case" --benchmark_format=json --benchmark_out="$out/$rep.$case.$name.json" \
    >"$out/$rep.$case.$name.log" 2>&1 || echo "$name $case: benchmark failed (see $out/$rep.$case.$name.log)" >&2
}
for ((rep = 1; rep <= repeats; ++rep)); do
  for case in "${cases[@]}"; do
    run llvmpipe "$rep" "$case" env LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe "$gl_bench"
    run zink "$rep" "$case" env LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=zink "$gl_bench"
    # glvk: `glvk run` sets up the vendor file, library path and Vulkan device for the program.
    run glvk "$rep" "$case" "$build/tools/glvk" run -- "$gl_bench"
    run vulkan "$rep" "$case" "$vk_bench"
  done
done

PYTHONPATH=bench python3 - "$out" "$repeats" "${cases[@]}" <<'PY'
import sys
from peer_runs import load, figure, ratio, fmt
out, repeats, cases = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
drivers = ["llvmpipe", "zink", "glvk", "vulkan"]
runs = load(out, repeats, cases, drivers)

for title, key, spec, inverse in (("draws/s (wall clock)", "draws/s", ".4g", False),
                                  ("triangles/s (wall clock)", "triangles/s", ".3g", False),
                                  ("process CPU ms per frame (all threads)", "cpu_ms/frame", ".1f", True)):
    print("%-24s %12s %12s %12s %12s %10s %10s %10s" %
          (title.split(" (")[0], *drivers, "glvk/zink", "glvk/llvmp", "glvk/vk"))
    for c in cases:
        cells = [fmt(figure(runs, (c, d), key), spec) for d in drivers]
        rs = [fmt(ratio(runs, (c, "glvk"), (c, d), key, inverse), ".2f") for d in ("zink", "llvmpipe", "vulkan")]
        print("%-24s %12s %12s %12s %12s %10s %10s %10s" % (c, *cells, *rs))
    print("  (%s%s)\n" % (title, "; ratios are speed ratios: other/glvk CPU time" if inverse else ""))
PY
