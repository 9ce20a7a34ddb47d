#!/usr/bin/env bash
# End-to-end tests against the production build served with the embedded sandbox.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .cache
bash scripts/ensure-chromium.sh || exit 1
if [ -z "${SKIP_BUILD:-}" ]; then
  echo "Building the pages (vike build)…"
  NODE_ENV=production npx vike build >.cache/build.log 2>&1 || { tail -n 40 .cache/build.log; exit 1; }
fi
PLAYWRIGHT_JSON_OUTPUT_NAME=.cache/playwright.json npx playwright test --reporter=list,json "$@"
