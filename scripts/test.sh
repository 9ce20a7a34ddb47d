#!/usr/bin/env bash
# `npm test`: typecheck and lint first (seconds, fail fast), the build, the render-flood test
# alone, unit + integration (tap) with Lighthouse beside it, then end-to-end (Playwright on
# Debian's Chromium), then the journeys in Firefox, WebKit and lynx (scripts/engines.sh).
# Ends with one plain line `N passed, N failed` that CI reads: N counts named tests (tap's
# `t.test`s, Playwright's tests, Lighthouse's pages); tap's assertion count is printed beside it.
set -uo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-}"
mkdir -p .cache
# shellcheck source=scripts/test-lib.sh
source scripts/test-lib.sh
stop_children_on_exit

# The build beside the typecheck and lint: each leaves a core mostly idle (tsc and biome wait on
# files, the bundler on one thread), so side by side they take the time of the longer one.
rm -f .cache/build.status
( NODE_ENV=production npx vike build >.cache/build.log 2>&1; echo "build-status $?" >.cache/build.status ) &
build=$!

step "typecheck (tsc) and lint (biome)"
if ! run bash scripts/static-checks.sh; then
  echo
  echo "static checks failed: fix the errors above (file:line) and run npm test again"
  echo "0 passed, 1 failed"
  exit 1
fi

services_ok=1
run bash scripts/ensure-services.sh || services_ok=0

step "building the pages (vike build): SSR integration tests and e2e use the production build"
wait "$build"
build_ok=1
if [ "$(sed -n 's/^build-status //p' .cache/build.status 2>/dev/null)" != 0 ]; then
  tail -n 40 .cache/build.log
  build_ok=0
fi

step "helm binary for the chart checks (scripts/fetch-helm.sh, cached in .cache/tools)"
# Without it tests/ops/helm.test.ts fails too: the chart is never left unchecked.
bash scripts/fetch-helm.sh >/dev/null || echo "helm: download FAILED: the chart tests (tests/ops/helm.test.ts) fail" >&2

# Measures the host (a render flood at twice what this machine renders): alone, before the rest.
TAP_PASS=0 TAP_FAIL=0 TAP_FAILED_NAMES=""
run_alone tests/server/overload.test.ts
alone_pass=$TAP_PASS alone_fail=$TAP_FAIL alone_failed_names=$TAP_FAILED_NAMES

# A step stopped half-way must not be read from an earlier run's files.
rm -f .cache/tap.status .cache/e2e.status .cache/lighthouse.status .cache/playwright.json

# Lighthouse beside tap: it waits on the page most of its time (a third of a core busy), which
# tap's files fill; tap and Playwright are each CPU-bound, and side by side they measured no faster
# than one after the other (ADR 0098). Lighthouse's report comes when it ends (.cache/lighthouse.log).
step "unit and integration tests (tap), with Lighthouse (mobile: /, /auth/sign_in, /auth/sign_up) beside it"
(
  # Only what the machine's load cannot move is judged here (audits, bytes, requests); timings are
  # targets of `npm run lighthouse`, on a quiet machine (docs/performance.md, ADR 0135).
  node scripts/lighthouse.ts --mode=test >.cache/lighthouse.log 2>&1
  echo "lighthouse-status $?" >.cache/lighthouse.status
) &
lighthouse=$!
tap_shown_and_logged
wait "$lighthouse"
step "Lighthouse: done"
cat .cache/lighthouse.log

step "end-to-end tests (Playwright)"
{ SKIP_BUILD=1 bash scripts/e2e.sh; echo "e2e-status $?" >.cache/e2e.status; } &
wait "$!"

# ── Engines besides Chromium (issue 48): Firefox, WebKit and lynx walk the core journeys on the
# embedded default's plain http (scripts/engines.sh, tests/engines). Counted from its TAP report.
step "other engines: Firefox (WebDriver BiDi), WebKit (WebDriver), lynx (scripts/engines.sh)"
run bash scripts/engines.sh
engines_status=$?
engines_pass=$(sed -n 's/^# pass //p' .cache/engines.tap 2>/dev/null | tail -n 1); engines_pass=${engines_pass:-0}
engines_fail=$(sed -n 's/^# fail //p' .cache/engines.tap 2>/dev/null | tail -n 1); engines_fail=${engines_fail:-0}
if [ "$engines_status" -ne 0 ] && [ "$engines_fail" -eq 0 ]; then engines_fail=1; fi
# ── end of the engines step

tap_results
tap_status=$?
TAP_PASS=$((TAP_PASS + alone_pass))
TAP_FAIL=$((TAP_FAIL + alone_fail))
TAP_FAILED_NAMES=$(printf '%s\n%s' "$TAP_FAILED_NAMES" "$alone_failed_names" | sed '/^$/d')

e2e_status=$(sed -n 's/^e2e-status //p' .cache/e2e.status 2>/dev/null)
e2e_status=${e2e_status:-1}
e2e_pass=$(node -e "try{const r=require('./.cache/playwright.json');console.log(r.stats.expected+r.stats.flaky)}catch{console.log(0)}")
e2e_fail=$(node -e "try{const r=require('./.cache/playwright.json');console.log(r.stats.unexpected)}catch{console.log(0)}")
if [ "$e2e_status" -ne 0 ] && [ "$e2e_fail" -eq 0 ]; then e2e_fail=1; fi

lh_status=$(sed -n 's/^lighthouse-status //p' .cache/lighthouse.status 2>/dev/null)
lh_status=${lh_status:-1}
lh_summary=$(grep -E '^lighthouse: ' .cache/lighthouse.log | tail -n 1)
lh_pass=$(sed -nE 's/.* ([0-9]+) passed.*/\1/p' <<<"$lh_summary"); lh_pass=${lh_pass:-0}
lh_fail=$(sed -nE 's/.* ([0-9]+) failed.*/\1/p' <<<"$lh_summary"); lh_fail=${lh_fail:-0}
if [ "$lh_status" -ne 0 ] && [ "$lh_fail" -eq 0 ]; then lh_fail=1; fi

setup_fail=0
[ "$services_ok" -eq 1 ] || { echo "setup: a service the tests need is missing (see above)"; setup_fail=$((setup_fail + 1)); }
[ "$build_ok" -eq 1 ] || { echo "setup: vike build failed (see above)"; setup_fail=$((setup_fail + 1)); }
if [ "$tap_status" -ne 0 ] && [ "$TAP_FAIL" -eq 0 ]; then TAP_FAIL=1; fi
# tap keeps its results and coverage in .tap/: another tap run in this folder at the same time
# (an editor, a second terminal) mixes into them, so a test run needs the folder to itself.

passed=$((TAP_PASS + e2e_pass + lh_pass + engines_pass))
failed=$((TAP_FAIL + e2e_fail + lh_fail + setup_fail + engines_fail))
echo
[ -n "$TAP_FAILED_NAMES" ] && { echo "tap failures:"; echo "$TAP_FAILED_NAMES"; }
echo "tap: $TAP_PASS passed, $TAP_FAIL failed ($TAP_ASSERTS assertions); playwright: $e2e_pass passed, $e2e_fail failed; lighthouse: $lh_pass passed, $lh_fail failed; other engines: $engines_pass passed, $engines_fail failed"
step "done"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
