#!/usr/bin/env bash
# Runs texture_transfer_bench on Mesa llvmpipe, Mesa zink (on lavapipe) and glvk in one go and
# prints, per case, each driver's MB/s and ratio to memcpy, and glvk's speed relative to zink.
#   bench/texture_transfer/compare_peers.sh [BUILD_DIR] [--benchmark_filter=REGEX]
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build}
shift || true
bench=$build/bench/texture_transfer/texture_transfer_bench
out=$(mktemp -d)
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$out/xdg}
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"

run() {  # run NAME [env assignments...] -- command
  local name=$1
  shift
  env "$@" "$bench" --benchmark_format=json --benchmark_out="$out/$name.json" "${extra[@]}" \
    >"$out/$name.log" 2>&1 || echo "$name: benchmark failed (see $out/$name.log)" >&2
}
extra=("$@")
run llvmpipe LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe
run zink LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=zink
# glvk: `glvk run` sets up the vendor file, library path and Vulkan device for the program.
"$build/tools/glvk" run -- "$bench" --benchmark_format=json --benchmark_out="$out/glvk.json" "${extra[@]}" \
  >"$out/glvk.log" 2>&1 || echo "glvk: benchmark failed (see $out/glvk.log)" >&2

python3 - "$out" <<'PY'
import json, os, sys
out = sys.argv[1]
drivers = ["llvmpipe", "zink", "glvk"]
results = {}
for d in drivers:
    try:
        with open(os.path.join(out, d + ".json")) as f:
            data = json.load(f)
    except (OSError, ValueError):
        continue
    for b in data.get("benchmarks", []):
        name = b["name"].split("/min_time")[0]
        if b.get("error_occurred"):
            results[(name, d)] = None
        else:
            results[(name, d)] = (b["MB/s"], b["vs_memcpy"])
names = sorted({n for n, _ in results}, key=lambda n: (n.split("/")[0] != "upload", n))
def cell(v):
    return "%8.0f %5.2fx" % v if v else "%15s" % "n/a"
print("%-58s %15s %15s %15s %10s" % ("case (MB/s, ratio to memcpy)", *drivers, "glvk/zink"))
for n in names:
    z, g = results.get((n, "zink")), results.get((n, "glvk"))
    ratio = "%9.2fx" % (g[0] / z[0]) if g and z else "%10s" % "n/a"
    print("%-58s %s %s %s %s" % (n, *(cell(results.get((n, d))) for d in drivers), ratio))
PY
