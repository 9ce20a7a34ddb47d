#!/usr/bin/env bash
# Typecheck and lint, the first step of every test tier: seconds, and the errors (file:line) are the
# last lines printed when one fails. tsx strips types without checking them, so without this step
# a type error anywhere would pass every test.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
# A findings list from an earlier failed run would name files this run found nothing wrong with.
rm -f .cache/lint-findings.log
if ! npx tsc --noEmit -p tsconfig.json --pretty false >.cache/typecheck.log 2>&1; then
  echo "typecheck: FAILED"
  cat .cache/typecheck.log
  status=1
else
  echo "typecheck: ok"
fi
# --max-diagnostics: every finding, not the first 20; the summary names the failing files.
if ! npx biome check --max-diagnostics=200 --colors=off . >.cache/lint.log 2>&1; then
  echo "lint: FAILED"
  cat .cache/lint.log
  # One line per finding (path:line:col rule), so the last lines of a failed run name them.
  npx biome check --max-diagnostics=200 --reporter=github . 2>/dev/null |
    sed -nE 's/^::(error|warning) title=([^,]*),file=([^,]*),line=([0-9]+)[^:]*,col=([0-9]+)[^:]*::(.*)$/\3:\4:\5 \1 \2 \6/p' |
    grep ' error ' | sed "s|^$PWD/||" >.cache/lint-findings.log
  status=1
else
  echo "lint: ok ($(grep -E '^Checked' .cache/lint.log))"
fi
if [ "$status" -ne 0 ]; then
  echo
  echo "== what failed (file:line)"
  grep -E 'error TS[0-9]+' .cache/typecheck.log || true
  cat .cache/lint-findings.log 2>/dev/null || true
fi
exit "$status"
