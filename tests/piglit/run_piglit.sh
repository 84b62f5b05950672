#!/usr/bin/env bash
# Runs the piglit framebuffer tests (framebuffer_tests.txt) on one driver and prints
# "<test name>\t<result>\t<detail>" per test. result: pass, fail, skip, warn, crash or timeout.
# detail, on glvk: the GL commands the test called that glvk does not implement (GLVK_DEBUG=api),
# comma-separated, so a run tells the tests that need drawing from those glvk should pass; on a
# skip, piglit's reason when no such command was called.
#   tests/piglit/run_piglit.sh llvmpipe|zink|glvk [BUILD_DIR [NAMES_FILE]] > results/<driver>.txt
# NAMES_FILE: run only the tests named in it, one per line.
# Needs Debian's piglit package (apt-get install piglit); runs headless on surfaceless EGL.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
driver=${1:?usage: run_piglit.sh llvmpipe|zink|glvk [BUILD_DIR]}
build=$(cd "${2:-$here/../../build}" && pwd)
names_file=${3:-}
bin=/usr/lib/x86_64-linux-gnu/piglit/bin
[ -d "$bin" ] || { echo "run_piglit.sh: piglit is not installed (apt-get install piglit)" >&2; exit 2; }

export PIGLIT_PLATFORM=surfaceless_egl
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
chmod 700 "$XDG_RUNTIME_DIR"
case "$driver" in
  llvmpipe) launcher=(env LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe) ;;
  zink) launcher=(env LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=zink) ;;
  glvk) launcher=(env GLVK_DEBUG=api "$build/tools/glvk" run --) ;;
  *) echo "run_piglit.sh: unknown driver '$driver'" >&2; exit 2 ;;
esac

while IFS='|' read -r name command; do
  name=${name% }
  if [ -n "$names_file" ] && ! grep -qxF -- "$name" "$names_file"; then continue; fi
  read -r -a argv <<<"$command"
  output=$(cd "$bin" && timeout 60 "${launcher[@]}" "$bin/${argv[0]}" "${argv[@]:1}" -auto -fbo 2>&1)
  status=$?
  result=$(printf '%s\n' "$output" | sed -n 's/^PIGLIT: {"result": "\([a-z]*\)".*/\1/p' | tail -n 1)
  if [ -z "$result" ]; then
    if [ $status -eq 124 ]; then result=timeout; elif [ $status -ge 128 ]; then result=crash; else result=fail; fi
  fi
  detail=$(printf '%s\n' "$output" | sed -n 's/^glvk api: \([A-Za-z0-9_]*\) is not implemented$/\1/p' | sort -u | paste -sd, -)
  if [ -z "$detail" ] && [ "$result" = skip ]; then
    detail=$(printf '%s\n' "$output" | grep -v '^PIGLIT:' | grep -m1 -iE 'requires|not supported|skip' | tr '\t' ' ' | cut -c1-120)
  fi
  printf '%s\t%s\t%s\n' "$name" "$result" "$detail"
done <"$here/framebuffer_tests.txt"
