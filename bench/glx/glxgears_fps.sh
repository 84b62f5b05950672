#!/usr/bin/env bash
# glxgears frames per second on glvk, Mesa zink (on lavapipe) and Mesa llvmpipe, one after the
# other on the same Xvfb server (24-bit, glxgears' default 300x300 window), SECONDS_EACH seconds
# each (default 11: glxgears reports every 5 s; the second report, past start-up, is printed).
#   bench/glx/glxgears_fps.sh [BUILD_DIR]
set -euo pipefail
build=$(cd "${1:-build}" && pwd)
seconds=${SECONDS_EACH:-11}
for tool in xvfb-run glxgears timeout; do
  command -v "$tool" >/dev/null || { echo "glxgears_fps: $tool is missing (scripts/setup installs it)" >&2; exit 2; }
done
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$build/xdg-runtime}
mkdir -p -m 700 "$XDG_RUNTIME_DIR"

xvfb-run -a -s "-screen 0 1024x768x24" bash -s "$build" "$seconds" <<'INNER'
build=$1 seconds=$2
measure() {
  local name=$1; shift
  local out
  out=$(timeout -s INT "$seconds" "$@" glxgears 2>&1 || true)
  local fps
  fps=$(printf '%s\n' "$out" | sed -n 's/.* = \([0-9.]*\) FPS/\1/p' | sed -n 2p)
  printf '%-9s %10s FPS   (%s)\n' "$name" "${fps:-none}" "$(printf '%s\n' "$out" | grep -m1 -o 'frames in.*' || echo "$out" | tail -1)"
}
measure glvk "$build/tools/glvk" run --
measure zink env __GLX_VENDOR_LIBRARY_NAME=mesa LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=zink
measure llvmpipe env __GLX_VENDOR_LIBRARY_NAME=mesa LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe
INNER
