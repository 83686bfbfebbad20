#!/bin/sh
# Installs the Debian packages a tool needs when their program is missing, as root; otherwise
# says what to install. The one installer behind ensure-test-tools.sh and images/ensure-tools.sh.
# usage: ensure-debian.sh <who> <program>:<package> ...  (a program: a command, or an absolute path)
set -e
who=$1
shift
missing=""
for pair in "$@"; do
  program=${pair%%:*}
  case $program in
    /*) [ -x "$program" ] && continue ;;
    *) command -v "$program" >/dev/null && continue ;;
  esac
  missing="$missing ${pair#*:}"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "$who: installing Debian's$missing"
  apt-get update -qq
  # shellcheck disable=SC2086 # one word per package
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
else
  echo "$who: missing Debian packages:$missing (sudo apt-get install$missing)" >&2
  exit 1
fi
