#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages: Debian's chromium (Playwright drives /usr/bin/chromium,
# never a downloaded browser), the PostgreSQL server binaries (API tests run on a throwaway cluster too) and the CJK
# fonts the layout screenshots were taken with (tests/e2e/layout.spec.ts-snapshots).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing test prerequisites: ${need[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  # The Debian package starts a cluster of its own; the tests start throwaway ones instead.
  if [[ " ${need[*]} " == *" postgresql "* ]]; then $SUDO service postgresql stop >/dev/null 2>&1 || true; fi
fi
[ -x /usr/bin/chromium ] || { echo "chromium is still missing" >&2; exit 1; }
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { echo "PostgreSQL binaries are still missing" >&2; exit 1; }
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || { echo "fonts-noto-cjk is still missing" >&2; exit 1; }
