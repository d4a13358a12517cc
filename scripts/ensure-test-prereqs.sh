#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages: Debian's chromium (Playwright drives /usr/bin/chromium,
# never a downloaded browser), the PostgreSQL server binaries (API tests run on a throwaway cluster too), the CJK
# fonts the layout screenshots were taken with (tests/e2e/layout.spec.ts-snapshots), and the third-party SMPP clients
# the SMPP server is tested against: Kannel (bearerbox + smsbox) and perl's Net::SMPP; promtool (Debian's prometheus)
# checks the metrics text and the alert rules; haproxy checks deploy/haproxy.cfg.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
[ -x /usr/sbin/bearerbox ] && [ -x /usr/sbin/smsbox ] || need+=(kannel)
perl -MNet::SMPP -e 1 >/dev/null 2>&1 || need+=(libnet-smpp-perl)
[ -x /usr/bin/promtool ] || need+=(prometheus)
[ -x /usr/sbin/haproxy ] || need+=(haproxy)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing test prerequisites: ${need[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  # The Debian package starts a cluster of its own; the tests start throwaway ones instead.
  if [[ " ${need[*]} " == *" postgresql "* ]]; then $SUDO service postgresql stop >/dev/null 2>&1 || true; fi
  # Kannel's package starts a bearerbox of its own and enables it at boot; the tests start their own boxes.
  if [[ " ${need[*]} " == *" kannel "* ]]; then
    $SUDO service kannel stop >/dev/null 2>&1 || true
    $SUDO update-rc.d kannel disable >/dev/null 2>&1 || true
  fi
  # only promtool is wanted: a Prometheus server the package may have started is stopped
  if [[ " ${need[*]} " == *" prometheus "* ]]; then $SUDO service prometheus stop >/dev/null 2>&1 || true; fi
  if [[ " ${need[*]} " == *" haproxy "* ]]; then $SUDO service haproxy stop >/dev/null 2>&1 || true; fi
fi
[ -x /usr/bin/chromium ] || { echo "chromium is still missing" >&2; exit 1; }
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { echo "PostgreSQL binaries are still missing" >&2; exit 1; }
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || { echo "fonts-noto-cjk is still missing" >&2; exit 1; }
[ -x /usr/sbin/bearerbox ] && [ -x /usr/sbin/smsbox ] || { echo "kannel (bearerbox, smsbox) is still missing" >&2; exit 1; }
perl -MNet::SMPP -e 1 >/dev/null 2>&1 || { echo "perl's Net::SMPP (libnet-smpp-perl) is still missing" >&2; exit 1; }
[ -x /usr/bin/promtool ] || { echo "promtool (Debian package prometheus) is still missing" >&2; exit 1; }
[ -x /usr/sbin/haproxy ] || { echo "haproxy is still missing" >&2; exit 1; }
