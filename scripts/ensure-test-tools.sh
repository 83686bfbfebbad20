#!/bin/sh
# Debian tools the tests drive: Chromium for the browser tests (Playwright's own browser
# download cannot work offline) and promtool (package 'prometheus') for the alert rules' unit
# tests.
exec sh "$(dirname "$0")/ensure-debian.sh" ensure-test-tools \
  /usr/bin/chromium:chromium promtool:prometheus
