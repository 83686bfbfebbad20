#!/bin/sh
# Brings the project's own toolchain: installs npm dependencies when they are missing or
# older than the lockfile, which includes Node 24 (the `node` package) so every script that
# npm runs afterwards finds Node 24 first on its PATH, whatever Node the machine has.
set -e
cd "$(dirname "$0")/.."
stamp=node_modules/.package-lock.json
if [ ! -x node_modules/.bin/node ] || [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  echo "bootstrap: installing dependencies (npm install)"
  npm install --no-audit --no-fund
fi
v=$(node_modules/.bin/node --version)
case "$v" in
  v24.*) ;;
  *) echo "bootstrap: expected Node 24 in node_modules/.bin, found $v" >&2; exit 1 ;;
esac
