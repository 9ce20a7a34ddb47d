#!/usr/bin/env bash
# `npm run test:unit`: typecheck, lint and every tap test (unit and integration, no browser).
# Builds what the tests need on a fresh clone: the production pages (SSR tests render dist/),
# the helm binary (chart tests) and redis-server (shared-store tests; installed as root).
set -uo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/test-lib.sh
source scripts/test-lib.sh
start_tier
bash scripts/ensure-services.sh
NODE_ENV=production npx vike build >.cache/build.log 2>&1 || { tail -n 40 .cache/build.log; echo "0 passed, 1 failed"; exit 1; }
bash scripts/fetch-helm.sh >/dev/null || echo "helm: download FAILED: the chart tests fail" >&2
run_tap "$@"
status=$?
[ "$#" -eq 0 ] && run_alone tests/server/overload.test.ts
if [ "$status" -ne 0 ] && [ "$TAP_FAIL" -eq 0 ]; then TAP_FAIL=1; fi
[ -n "$TAP_FAILED_NAMES" ] && echo "$TAP_FAILED_NAMES"
echo "$TAP_PASS passed, $TAP_FAIL failed ($TAP_ASSERTS assertions)"
[ "$TAP_FAIL" -eq 0 ]
