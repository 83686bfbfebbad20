#!/bin/sh
# Debian's tools the images need (docs/operations.md 'Images'): podman and runc to build and run
# them, mmdebstrap for the local Node base (base.sh), uidmap for podman, and the registry
# (package docker-registry) the images' push test pushes to on loopback. Installs what is
# missing, as root; otherwise says what to install.
set -e
missing=""
command -v podman >/dev/null || missing="$missing podman"
command -v runc >/dev/null || missing="$missing runc"
command -v mmdebstrap >/dev/null || missing="$missing mmdebstrap"
command -v newuidmap >/dev/null || missing="$missing uidmap"
[ -x /usr/bin/docker-registry ] || missing="$missing docker-registry"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "images: installing Debian's$missing"
  apt-get update -qq
  # shellcheck disable=SC2086 # one word per package
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
else
  echo "images: missing Debian packages:$missing (sudo apt-get install$missing)" >&2
  exit 1
fi
