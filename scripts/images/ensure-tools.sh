#!/bin/sh
# Debian's tools the images need (docs/operations.md 'Images'): podman and runc to build and run
# them, mmdebstrap for the local Node base (base.sh), uidmap for podman, and the registry
# (package docker-registry) the images' push test pushes to on loopback.
exec sh "$(dirname "$0")/../ensure-debian.sh" images \
  podman:podman runc:runc mmdebstrap:mmdebstrap newuidmap:uidmap \
  /usr/bin/docker-registry:docker-registry
