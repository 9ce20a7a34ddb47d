#!/usr/bin/env bash
# `npm run test:fast`, the inner loop (under a minute): typecheck, lint, and the tap tests that need
# neither a build, a browser nor a sandbox (tests/shared, tests/config, tests/scripts, tests/docs).
set -uo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/test-lib.sh
source scripts/test-lib.sh
start_tier
files=$(find tests/shared tests/config tests/scripts tests/docs -name "*.test.ts" 2>/dev/null | sort)
# shellcheck disable=SC2086
run_tap --disable-coverage $files
status=$?
if [ "$status" -ne 0 ] && [ "$TAP_FAIL" -eq 0 ]; then TAP_FAIL=1; fi
[ -n "$TAP_FAILED_NAMES" ] && echo "$TAP_FAILED_NAMES"
echo "$TAP_PASS passed, $TAP_FAIL failed ($TAP_ASSERTS assertions)"
[ "$TAP_FAIL" -eq 0 ]
