#!/bin/sh
# The browser tests drive Debian's Chromium (Playwright's own browser download cannot work
# offline). Installs it when missing, as root; otherwise says what to install.
set -e
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "ensure-chromium: installing Debian's chromium"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "ensure-chromium: /usr/bin/chromium is missing; install Debian's 'chromium' package (sudo apt-get install chromium)" >&2
  exit 1
fi
