# Shared by scripts/test.sh and the test tiers (sourced, not run).

# A step's heading, with the seconds since the run began and how busy the machine's cores were
# since the previous heading (from /proc/stat, where there is one): where a slow run spent its
# time, and whether a step left cores idle.
STEP_CPU_BEFORE=""
cpu_ticks() { awk '/^cpu /{ print $2+$3+$4+$7+$8, $5+$6 }' /proc/stat 2>/dev/null; }
step() {
  local now busy=""
  now=$(cpu_ticks)
  if [ -n "$STEP_CPU_BEFORE" ] && [ -n "$now" ]; then
    busy=$(awk -v a="$STEP_CPU_BEFORE" -v b="$now" 'BEGIN { split(a, x, " "); split(b, y, " ");
      used = y[1] - x[1]; idle = y[2] - x[2]; if (used + idle > 0) printf ", cores %d %% busy since the last step", 100 * used / (used + idle) }')
  fi
  STEP_CPU_BEFORE=$now
  echo "== [${SECONDS} s${busy}] $*"
}

# Node's compile cache (V8 code of every module, type-stripped TypeScript included): tap starts
# ~30 processes and the tests start servers, each compiling the same modules again without it
# (≈ 0.3 s of CPU per process). Keyed by each file's content, so an edit is never served stale.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$PWD/.cache/node-compile}"

# The sandbox hashes passwords with scrypt at Node's default cost (≈ 40 ms of CPU each); the test
# run's sign-ins, sign-ups and resets would spend about a minute of CPU on it. A cheaper N keeps
# every password rule the sandbox holds (sandbox/passwords.ts); `npm start` keeps the default.
export SANDBOX_SCRYPT_N="${SANDBOX_SCRYPT_N:-1024}"

# Whatever a test run starts, it stops: on exit, Ctrl-C or a CI time-out (TERM/HUP), every
# process below this shell is stopped — Playwright's web server and the sandboxes included,
# which run in process groups of their own and so miss a signal sent to ours.
descendants_of() {
  local child
  for child in $(pgrep -P "$1" 2>/dev/null); do
    echo "$child"
    descendants_of "$child"
  done
}
stop_children() {
  local pids
  pids=$(descendants_of $$)
  [ -n "$pids" ] || return 0
  # shellcheck disable=SC2086
  kill -TERM $pids 2>/dev/null
  sleep 1
  # shellcheck disable=SC2086
  kill -KILL $pids 2>/dev/null
  return 0
}
# Runs a command in the background and waits for it: bash runs a trap only once the foreground
# command is done, so a long step run in the foreground would keep a TERM waiting (and its
# processes running) until it ended by itself. `wait` is interrupted at once.
run() {
  "$@" &
  wait "$!"
}
stop_children_on_exit() {
  trap 'stop_children' EXIT
  trap 'echo "test run interrupted: stopping what it started" >&2; exit 130' INT TERM HUP
}

# The start of a test tier (test:fast, test:unit): what it starts is stopped when it ends, and the
# typecheck and lint go first (seconds; a failure ends the tier with its one summary line).
start_tier() {
  mkdir -p .cache
  stop_children_on_exit
  bash scripts/static-checks.sh || {
    echo "0 passed, 1 failed"
    exit 1
  }
}

# Runs tap (the files given, or every file of package.json's `include`) and sets TAP_PASS,
# TAP_FAIL, TAP_ASSERTS (named tests and assertions, scripts/tap-counts.ts) and TAP_FAILED_NAMES.
run_tap() {
  tap_shown_and_logged "$@"
  tap_results
}

# tap's report on the screen and in .cache/tap.log; waited for in the background, so an interrupt
# reaches the trap that stops what it started (stop_children_on_exit).
tap_shown_and_logged() {
  tap_into_log "$@" | tee .cache/tap.log &
  wait "$!"
}

# The tap run itself: its report on stdout, its exit status in .cache/tap.status (read by
# tap_results), so it can run in the background with Lighthouse beside it (scripts/test.sh).
tap_into_log() {
  # tap compiles its plugin set into node_modules; a fresh install still has the TypeScript plugin
  # that package.json turns off (it needs TypeScript's JS API, which TypeScript 7 lacks).
  npx tap build >/dev/null 2>&1 || echo "tap build failed"
  # Results of files that no longer exist must not be counted.
  rm -rf .tap/test-results
  # package.json's tap `timeout` (900 s a batch of files) is a hang guard only: beside two CPU burners a file
  # that starts a Vite dev server took over 240 s, and a guard must never be what fails a slow run.
  # A failing assertion on a whole page prints a large diff; tap's runner keeps every report until
  # the end, so it gets room for many of them instead of dying and reporting nothing.
  # The test files of one area share a process (scripts/tap-batches.ts, ADR 0156): the files
  # given, or package.json's include; any other argument is tap's.
  local arg files=() options=()
  for arg in "$@"; do
    case "$arg" in *.test.ts) files+=("$arg") ;; *) options+=("$arg") ;; esac
  done
  local entries
  entries=$(node scripts/tap-batches.ts "${files[@]}") || { echo "tap-status 1" >.cache/tap.status; return; }
  # shellcheck disable=SC2086
  NODE_OPTIONS="--max-old-space-size=6144 ${NODE_OPTIONS:-}" npx tap --reporter=terse "${options[@]}" $entries 2>&1
  echo "tap-status $?" >.cache/tap.status
}

# Reads what tap_into_log left (.tap/test-results, .cache/tap.status, .cache/tap.log) into
# TAP_PASS, TAP_FAIL, TAP_ASSERTS and TAP_FAILED_NAMES; returns tap's exit status.
tap_results() {
  local status
  status=$(sed -n 's/^tap-status //p' .cache/tap.status 2>/dev/null)
  status=${status:-1}
  local counts
  counts=$(node scripts/tap-counts.ts .tap/test-results)
  read -r TAP_PASS TAP_FAIL TAP_ASSERTS <<<"$(head -n 1 <<<"$counts")"
  TAP_FAILED_NAMES=$(tail -n +2 <<<"$counts")
  # tap's own refusals outside any test (a coverage threshold missed) are named too.
  local errors
  errors=$(grep -E '^# ERROR:' .cache/tap.log | sed 's/^# ERROR: /tap: /')
  if [ -n "$errors" ]; then
    TAP_FAILED_NAMES=$(printf '%s\n%s' "$TAP_FAILED_NAMES" "$errors" | sed '/^$/d')
  fi
  TAP_PASS=${TAP_PASS:-0}
  TAP_FAIL=${TAP_FAIL:-0}
  TAP_ASSERTS=${TAP_ASSERTS:-0}
  return "$status"
}

# Tests that measure the machine run alone, after the parallel tap run: the render flood of
# tests/server/overload.test.ts measures what this host renders and floods it at twice that, so a
# neighbouring test file taking the other core mid-flood makes it measure the neighbour
# (excluded from tap's parallel run in package.json). Adds to TAP_PASS / TAP_FAIL.
run_alone() {
  local file
  for file in "$@"; do
    step "alone: $file"
    if node --import=tsx "$file" >".cache/alone.log" 2>&1; then
      TAP_PASS=$((TAP_PASS + 1))
    else
      tail -n 40 .cache/alone.log
      TAP_FAIL=$((TAP_FAIL + 1))
      TAP_FAILED_NAMES=$(printf '%s\n%s' "$TAP_FAILED_NAMES" "$file (run alone)" | sed '/^$/d')
    fi
  done
}
