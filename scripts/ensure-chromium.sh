#!/usr/bin/env bash
# Browsers from Debian (no browser download is possible on these machines):
#   chromium-headless-shell — Playwright's browser: the old headless shell Playwright itself uses by
#     default, half the CPU of the full browser per test on 2 cores (ADR 0058);
#   chromium — the full browser, for Lighthouse (its scores are meant for a real browser).
set -euo pipefail
SHELL_BROWSER="${E2E_CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
FULL_BROWSER="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$SHELL_BROWSER" ] || missing+=(chromium-headless-shell)
[ -x "$FULL_BROWSER" ] || missing+=(chromium)
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Missing: ${missing[*]}: installing Debian's packages with apt-get…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "Missing: ${missing[*]}. Install with: sudo apt-get install -y ${missing[*]}" >&2
echo "(or set E2E_CHROMIUM_PATH / CHROMIUM_PATH to a Chromium binary for Playwright / Lighthouse)" >&2
exit 1
