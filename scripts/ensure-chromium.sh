#!/usr/bin/env bash
# Playwright drives Debian's Chromium (no browser download is possible on these machines).
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Chromium is missing: installing Debian's chromium with apt-get…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium is missing at $CHROMIUM. Install it with: sudo apt-get install -y chromium" >&2
echo "(or set CHROMIUM_PATH to a Chromium/Chrome binary)" >&2
exit 1
