#!/usr/bin/env bash
# The engines besides Chromium that the journeys of tests/engines drive (issue 48), from Debian
# (no browser download is possible on these machines):
#   firefox-esr        — Firefox, driven over WebDriver BiDi (puppeteer-core);
#   webkit2gtk-driver  — WebKitWebDriver and WebKitGTK's MiniBrowser: Safari's engine, over WebDriver;
#   xvfb, xauth        — xvfb-run: MiniBrowser is a GTK window and needs a display;
#   lynx               — a text browser without scripts;
#   fonts-noto-cjk     — Chinese text as people's phones show it (without it, fallback glyphs).
# Installs what is missing when running as root (CI, the project's machines); otherwise prints the
# command to run and exits non-zero, so `npm test` reports it.
set -uo pipefail
missing=()
command -v "${FIREFOX_PATH:-firefox-esr}" >/dev/null 2>&1 || missing+=(firefox-esr)
command -v "${WEBKIT_DRIVER_PATH:-WebKitWebDriver}" >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
command -v xauth >/dev/null 2>&1 || missing+=(xauth)
command -v lynx >/dev/null 2>&1 || missing+=(lynx)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || missing+=(fonts-noto-cjk)
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "engines: missing ${missing[*]}: installing Debian's packages with apt-get…"
  export DEBIAN_FRONTEND=noninteractive
  if apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
    exit 0
  fi
  echo "engines: apt-get install ${missing[*]} failed" >&2
  exit 1
fi
echo "engines: missing ${missing[*]}. Install with: sudo apt-get install -y ${missing[*]}" >&2
exit 1
