#!/bin/sh
# Debian tools the tests drive: Chromium for the browser tests (Playwright's own browser
# download cannot work offline) and promtool (package 'prometheus') for the alert rules' unit
# tests. Installs what is missing, as root; otherwise says what to install.
set -e
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v promtool >/dev/null || missing="$missing prometheus"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "ensure-test-tools: installing Debian's$missing"
  apt-get update -qq
  # shellcheck disable=SC2086 # one word per package
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
else
  echo "ensure-test-tools: missing Debian packages:$missing (sudo apt-get install$missing)" >&2
  exit 1
fi
