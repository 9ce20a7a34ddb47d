#!/usr/bin/env bash
# The journeys in the engines besides Chromium (tests/engines, issue 48): Firefox over WebDriver
# BiDi and WebKit over WebDriver, one language each, and lynx without scripts — each against its
# own server started as `npm start` starts it (plain http on loopback). Needs the production build.
# Writes its TAP report to .cache/engines.tap; `# pass N` / `# fail N` are its counts.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .cache
rm -f .cache/engines.tap
if ! bash scripts/ensure-engines.sh; then
  printf 'not ok 1 - the engines are installed (scripts/ensure-engines.sh)\n# pass 0\n# fail 1\n' >.cache/engines.tap
  exit 1
fi
# Two files at once on two cores: the browsers mostly wait on each other's pages.
# npx: the project's own Node (24, package.json), also when this script is run on its own.
npx node --test --test-concurrency=2 \
  --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination=.cache/engines.tap \
  tests/engines/*.journeys.ts
