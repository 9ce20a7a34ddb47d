#!/usr/bin/env bash
# Services some integration tests need and npm cannot install.
#   redis-server: the rate-limit tests start their own instance on a free loopback port to prove
#   that several replicas share one count (tests/server/plugins/rate-limit.test.ts).
# Installs what is missing when running as root (CI, the project's machines); otherwise prints the
# command to run. Exits non-zero when something is still missing, so `npm test` reports it.
set -uo pipefail

missing=0

if command -v redis-server >/dev/null 2>&1; then
  echo "services: $(redis-server --version | head -n 1)"
elif [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "services: installing redis-server with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  if ! { apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends redis-server >/dev/null; }; then
    echo "services: apt-get install redis-server failed" >&2
  fi
  # The Debian package starts a system-wide instance on 6379; the tests start their own, so stop
  # that one again where a service manager is around (harmless where none is).
  if command -v service >/dev/null 2>&1; then service redis-server stop >/dev/null 2>&1 || true; fi
  if command -v redis-server >/dev/null 2>&1; then
    echo "services: $(redis-server --version | head -n 1)"
  else
    missing=1
  fi
else
  echo "services: redis-server is missing; install it with: sudo apt-get install redis-server" >&2
  missing=1
fi

exit "$missing"
