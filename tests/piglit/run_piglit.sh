#!/usr/bin/env bash
# Runs the piglit tests of tests.txt on one driver and prints, in list order,
# "<test name>\t<result>\t<lacks>\t<message>\t<glvk error>" per test.
#   result:  pass, fail, skip, warn, crash (killed by a signal) or timeout (60 s).
#   lacks:   on glvk, the GL commands the test called that glvk does not implement (GLVK_DEBUG=api),
#            comma-separated in the order of their first call: the tests that need a missing command
#            apart from those glvk should pass.
#   message: for a test that did not pass, the first line of its output that says why (an error,
#            a failed probe, piglit's skip reason, the signal), at most 160 characters.
#   glvk error: on glvk, its first "X failed inside glvk", else the first GL error it raised
#            ("0x0500: glGetIntegerv(pname = 0x8b4a): not a state glvk knows"), whatever the result:
#            an error raised early stays pending until the test's next glGetError.
#   tests/piglit/run_piglit.sh llvmpipe|zink|glvk [BUILD_DIR [NAMES_FILE]] > results/<driver>.txt
# NAMES_FILE: run only the tests named in it, one per line. JOBS=N runs N tests at a time.
# Needs Debian's piglit package (apt-get install piglit); runs headless on surfaceless EGL, and the
# tests of kind `window` with PIGLIT_PLATFORM=glx (no -fbo) on $DISPLAY, which it starts as an Xvfb
# (xvfb-run, 24-bit, -noreset) when unset. -noreset: an X server resets when its last client
# disconnects and refuses connections meanwhile, so a test that closes its only display and opens
# another (glx-close-display) failed at random, by its speed; a desktop session always has clients.
set -uo pipefail
if [ -z "${DISPLAY:-}" ] && command -v xvfb-run >/dev/null; then
  exec xvfb-run -a -s "-screen 0 1024x768x24 -noreset" "$0" "$@"
fi
here=$(cd "$(dirname "$0")" && pwd)
driver=${1:?usage: run_piglit.sh llvmpipe|zink|glvk [BUILD_DIR [NAMES_FILE]]}
build=$(cd "${2:-$here/../../build}" && pwd)
names_file=${3:-}
bin=/usr/lib/x86_64-linux-gnu/piglit/bin
[ -d "$bin" ] || { echo "run_piglit.sh: piglit is not installed (apt-get install piglit)" >&2; exit 2; }

export PIGLIT_PLATFORM=surfaceless_egl
# Data files some tests read (the ES 3.0 ETC2 miptrees) are found under it.
export PIGLIT_SOURCE_DIR=${PIGLIT_SOURCE_DIR:-$(dirname "$bin")}
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
chmod 700 "$XDG_RUNTIME_DIR"
case "$driver" in
  llvmpipe) launcher="env LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe" ;;
  zink) launcher="env LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=zink" ;;
  # The validation layer is on unless GLVK_VALIDATION=0: a validation message aborts the test
  # (a crash whose message is the VUID), so a recorded pass is a pass without one.
  glvk) launcher="env GLVK_DEBUG=api GLVK_VALIDATION=${GLVK_VALIDATION:-1} $build/tools/glvk run --" ;;
  *) echo "run_piglit.sh: unknown driver '$driver'" >&2; exit 2 ;;
esac
# PIGLIT_TIMEOUT: seconds per test (60; check_passes.sh gives sanitizer builds more).
test_timeout=${PIGLIT_TIMEOUT:-60}
export bin launcher test_timeout

# $1: "<index>|<name>|<command>|<kind>" (the list's " | " separators already cut).
run_one() {
  local index=${1%%|*} rest=${1#*|}
  local name=${rest%%|*} command=${rest#*|}
  local kind=${command##*|}
  command=${command%|*}
  local -a argv
  read -r -a argv <<<"$command"
  local output status result lacks message error started=$SECONDS
  if [ "$kind" = window ]; then
    output=$(cd "$bin" && PIGLIT_PLATFORM=glx timeout "$test_timeout" $launcher "$bin/${argv[0]}" "${argv[@]:1}" -auto 2>&1)
  elif [[ ${argv[0]} == glslparsertest* ]]; then
    # The compiler tests take no -auto/-fbo (piglit runs them without: its usage message otherwise).
    output=$(cd "$bin" && timeout "$test_timeout" $launcher "$bin/${argv[0]}" "${argv[@]:1}" 2>&1)
  else
    output=$(cd "$bin" && timeout "$test_timeout" $launcher "$bin/${argv[0]}" "${argv[@]:1}" -auto -fbo 2>&1)
  fi
  status=$?
  result=$(printf '%s\n' "$output" | sed -n 's/^PIGLIT: {"result": "\([a-z]*\)".*/\1/p' | tail -n 1)
  # A signal is a crash even after the test reported its result (piglit's runner counts it so).
  if [ $status -eq 124 ]; then result=timeout
  elif [ $status -ge 128 ] && [ $status -ne 255 ]; then result=crash
  elif [ -z "$result" ]; then result=fail
  fi
  lacks=$(printf '%s\n' "$output" | sed -n 's/^glvk api: \([A-Za-z0-9_]*\) is not implemented$/\1/p' | awk '!seen[$0]++' | paste -sd, -)
  message=
  if [ "$result" != pass ]; then
    message=$(printf '%s\n' "$output" | grep -v -e '^PIGLIT:' -e '^glvk api: ' |
      grep -m1 -iE 'error|fail|unexpected|assert|abort|segmentation|cannot|could not|probe|expected|observed|requires|not supported|skip|invalid|unsupported|mismatch' |
      tr '\t' ' ')
    # A compiler's first line may be a warning: name the first error after "Failed to compile XS".
    error=$(printf '%s\n' "$output" | grep -m1 -E '^(ERROR|error): ' | tr '\t' ' ')
    if [ -n "$error" ] && [[ "$message" != *ERROR* ]]; then message="${message%%:*}: $error"; fi
    # A validation message aborts the test: it is the reason, whatever piglit printed before.
    local validation
    validation=$(printf '%s\n' "$output" | grep -m1 '^glvk: validation ' | tr '\t' ' ')
    [ -n "$validation" ] && message=$validation
    message=$(printf '%s' "$message" | cut -c1-160)
    [ $status -ge 128 ] && [ $status -ne 255 ] && message="signal $((status - 128)): $message"
    [ $status -eq 124 ] && message="timeout: $message"
  fi
  # glvk's first internal failure, else the first GL error it raised (GLVK_DEBUG=api logs both).
  error=$(printf '%s\n' "$output" | grep -m1 '^glvk api: .* failed inside glvk$' | cut -c11-170)
  [ -n "$error" ] || error=$(printf '%s\n' "$output" | grep '^glvk api: error ' | grep -v ' is not implemented by glvk$' |
    head -n 1 | cut -c17-176)
  # PIGLIT_PROGRESS=1: each test's result and seconds on stderr as it ends, so a run that is killed
  # (ctest's timeout) still shows where its time went.
  [ "${PIGLIT_PROGRESS:-0}" = 1 ] && printf '%s\t%s\t%ss\n' "$name" "$result" "$((SECONDS - started))" >&2
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$index" "$name" "$result" "$lacks" "$message" "$error"
}
export -f run_one

awk -F' [|] ' -v names="$names_file" '
  BEGIN { if (names != "") while ((getline line < names) > 0) wanted[line] = 1 }
  names == "" || ($1 in wanted) { print NR "|" $1 "|" $2 "|" $3 }' "$here/tests.txt" |
  xargs -d '\n' -P "${JOBS:-1}" -n 1 bash -c 'run_one "$1"' _ |
  sort -t "$(printf '\t')" -k1,1n | cut -f2-
