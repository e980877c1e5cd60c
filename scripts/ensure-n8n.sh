#!/usr/bin/env bash
# Installs the pinned n8n (e2e/n8n-install/package.json) under Node 24 into the cache folder,
# once; later runs reuse it. Prints the folder.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bin="$("$ROOT/scripts/ensure-node24.sh")"
stamp="$N8N_DIR/.installed"
if [ ! -f "$stamp" ] || ! cmp -s "$ROOT/e2e/n8n-install/package.json" "$N8N_DIR/package.json"; then
  log "installing n8n $N8N_VERSION into $N8N_DIR (first run only: about 10 minutes)"
  mkdir -p "$N8N_DIR"
  rm -rf "$N8N_DIR/stubs" && cp -r "$ROOT/e2e/n8n-install/." "$N8N_DIR/"
  rm -f "$stamp"
  (cd "$N8N_DIR" && PATH="$bin:$PATH" npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2)
  # isolated-vm ships prebuilds; sqlite3 must be built against Node 24's headers.
  (cd "$N8N_DIR" && PATH="$bin:$PATH" npm_config_nodedir="$(dirname "$bin")" npm rebuild sqlite3 >&2)
  touch "$stamp"
fi
echo "$N8N_DIR"
