#!/usr/bin/env bash
# Runs texture_transfer_bench on Mesa llvmpipe, Mesa zink (on lavapipe) and glvk in one go and
# prints, per case, each driver's MB/s and glvk's ratios to memcpy, llvmpipe and zink (all from this
# one run), glvk/llvmpipe in MB per CPU-second of all threads (steadier on a loaded machine), then
# one summary line per target of issue 19 (wall-clock figures, as the issue defines them).
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
            results[(name, d)] = (b["MB/s"], b["vs_memcpy"], b.get("cpu_MB/s", 0.0))
names = sorted({n for n, _ in results}, key=lambda n: (n.split("/")[0] != "upload", n))
# Issue 19's targets. No-conversion cases: the user's bytes are the texels (one copy is the limit).
COPY_CASES = ["RGBA8<-RGBA/UNSIGNED_BYTE", "RGBA32F<-RGBA/FLOAT", "RGB565<-RGB/UNSIGNED_SHORT_5_6_5",
              "LUMINANCE8<-LUMINANCE/UNSIGNED_BYTE", "SRGB8_ALPHA8<-RGBA/UNSIGNED_BYTE"]
def no_conversion(n):
    direction, case = n.split("/", 1)
    return case in COPY_CASES or n == "readback/DEPTH_COMPONENT32F<-DEPTH_COMPONENT/FLOAT"
def ratio(a, b):
    return a[0] / b[0] if a and b else None
def fmt(r):
    return "%7.2fx" % r if r is not None else "%8s" % "n/a"
def cpu_ratio(a, b):
    return a[2] / b[2] if a and b and b[2] else None
print("%-58s %9s %9s %9s %8s %8s %8s %9s" % ("case (MB/s; ratios of glvk)", *drivers, "/memcpy", "/llvmp", "/zink",
                                              "cpu/llvmp"))
checks = {"memcpy": [], "llvmpipe": [], "zink": []}
for n in names:
    l, z, g = (results.get((n, d)) for d in drivers)
    mb = lambda v: "%9.0f" % v[0] if v else "%9s" % "n/a"
    vs_memcpy = g[1] if g else None
    vs_llvmpipe, vs_zink = ratio(g, l), ratio(g, z)
    kind = "copy" if no_conversion(n) else "conv"
    print("%-58s %s %s %s %s %s %s %s  %s" % (n, mb(l), mb(z), mb(g), fmt(vs_memcpy), fmt(vs_llvmpipe), fmt(vs_zink),
                                              fmt(cpu_ratio(g, l)), kind))
    if kind == "copy":
        checks["memcpy"].append((n, vs_memcpy, 0.9))
    else:
        checks["llvmpipe"].append((n, vs_llvmpipe, 1.5))
    checks["zink"].append((n, vs_zink, 3.0))
labels = {"memcpy": "no-conversion cases >= 0.9x memcpy", "llvmpipe": "conversion cases >= 1.5x llvmpipe",
          "zink": "every case >= 3x zink"}
for key, rows in checks.items():
    missed = [(n, r, t) for n, r, t in rows if r is None or r < t]
    print("target %-36s met by %2d of %2d%s" % (labels[key], len(rows) - len(missed), len(rows),
          "; missed: " + ", ".join("%s %s" % (n, fmt(r).strip()) for n, r, t in missed) if missed else ""))
PY
